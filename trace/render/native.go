package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// Native dot is run as a child that the terminal's signals do not reach
// (a process group of its own: Ctrl-C is prunescope's to handle, and dot
// answers one by drawing what it has and exiting as if all went well), and
// that ends with prunescope (on Linux, even if prunescope is killed). It
// reads the DOT from a file, not from a pipe, so that prunescope writes to
// no pipe but its standard output (see cmd's signal handling).
//
// A PNG is capped in size as the builtin painter caps it (maxSide pixels a
// side, maxPixels in all): the graph is laid out once (-Tplain) to know its
// size, and drawn at a resolution that fits; the picture dot writes must
// then have the size of that layout, or it is not the drawing (dot was
// interrupted, killed, or failed without saying so).

// renderNative runs dot (path) on the DOT text dot.
func renderNative(ctx context.Context, path string, dot []byte, f Format, scale float64) ([]byte, error) {
	if f != PNG {
		return runDot(ctx, path, dot, "-Tsvg")
	}
	plain, err := runDot(ctx, path, dot, "-Tplain")
	if err != nil {
		return nil, err
	}
	wIn, hIn, err := plainSize(plain)
	if err != nil {
		return nil, fmt.Errorf("render: dot: %v", err)
	}
	bb := rect{URX: wIn * 72, URY: hIn * 72}
	perPoint, _, _ := imageScale(bb, scale)
	if perPoint < defaultDPI/72*defaultZoom*scale {
		perPoint *= 0.999 // capped: dot's rounding stays within the cap
	}
	dpi := math.Floor(perPoint*72*1000) / 1000
	w := int(math.Round((bb.URX + 2*padPoints) * dpi / 72))
	h := int(math.Round((bb.URY + 2*padPoints) * dpi / 72))
	out, err := runDot(ctx, path, dot, "-Tpng", "-Gdpi="+strconv.FormatFloat(dpi, 'f', -1, 64))
	if err != nil {
		return nil, err
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(out))
	if err != nil {
		return nil, fmt.Errorf("render: dot: the picture is no PNG (%v)", err)
	}
	if !nearSide(cfg.Width, w) || !nearSide(cfg.Height, h) {
		return nil, fmt.Errorf("render: dot: a picture of %d×%d pixels, where the drawing laid out takes %d×%d: dot was interrupted or failed", cfg.Width, cfg.Height, w, h)
	}
	return out, nil
}

// nearSide says whether a picture's side of got pixels is the want of its
// layout, give or take dot's rounding.
func nearSide(got, want int) bool {
	d := got - want
	return d >= -2-want/100 && d <= 2+want/100
}

// plainSize reads the width and height in inches of a graph laid out by
// dot -Tplain, from its first line: "graph SCALE WIDTH HEIGHT".
func plainSize(plain []byte) (w, h float64, err error) {
	line, _, _ := bytes.Cut(plain, []byte("\n"))
	f := strings.Fields(string(line))
	if len(f) != 4 || f[0] != "graph" {
		return 0, 0, fmt.Errorf("unexpected layout %q", firstLine(string(line)))
	}
	if w, err = strconv.ParseFloat(f[2], 64); err == nil {
		h, err = strconv.ParseFloat(f[3], 64)
	}
	if err != nil || !(w >= 0 && h >= 0) {
		return 0, 0, fmt.Errorf("unexpected layout size %q", string(line))
	}
	return w, h, nil
}

// runDot runs dot with args, the DOT text on its standard input, and
// returns what it writes.
func runDot(ctx context.Context, path string, dot []byte, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, path, args...)
	in, err := inputFile(dot)
	if err != nil {
		return nil, fmt.Errorf("render: dot: %v", err)
	}
	if in != nil {
		defer in.Close()
		cmd.Stdin = in
	} else {
		cmd.Stdin = bytes.NewReader(dot)
	}
	detach(cmd)
	var out, stderr bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		if cerr := ctx.Err(); cerr != nil {
			return nil, fmt.Errorf("render: dot: %w", cerr)
		}
		msg := firstLine(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, errors.New("render: dot: " + msg)
	}
	if out.Len() == 0 {
		return nil, fmt.Errorf("render: dot: no output (%s)", firstLine(stderr.String()))
	}
	return out.Bytes(), nil
}

// unnamedTemp is a temporary file that holds data, read from its start,
// whose name is removed at once (the file lives while it is open).
func unnamedTemp(data []byte) (*os.File, error) {
	f, err := os.CreateTemp("", "prunescope-dot-*")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name())
	return fill(f, data)
}

// fill writes data into f and rewinds it.
func fill(f *os.File, data []byte) (*os.File, error) {
	if _, err := f.Write(data); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
