//go:build unix

package render

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// fakeDot puts on PATH a dot that answers -Tplain with a layout of w×h
// inches and -Tpng with the PNG in the file it returns the name of (the
// test writes it), after logging its arguments, whether its input is a
// pipe and whether it leads a process group of its own.
func fakeDot(t *testing.T, w, h float64) (pngFile, log string) {
	t.Helper()
	dir := t.TempDir()
	pngFile, log = filepath.Join(dir, "out.png"), filepath.Join(dir, "log")
	script := fmt.Sprintf(`#!/bin/sh
{ echo "args: $*"; [ -p /dev/stdin ] && echo "stdin: pipe"; [ "$(ps -o pgid= -p $$ | tr -d ' ')" = "$$" ] && echo "group: own"; } >> %q
case "$1" in
-Tplain) cat >/dev/null; echo "graph 1 %g %g"; echo "stop" ;;
-Tpng) cat >/dev/null; cat %q ;;
*) exit 3 ;;
esac
`, log, w, h, pngFile)
	if err := os.WriteFile(filepath.Join(dir, "dot"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return pngFile, log
}

// writePNG writes a blank PNG of w×h pixels.
func writePNG(t *testing.T, path string, w, h int) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestNativePNGCapped: a PNG drawn by a native dot is capped in size as the
// builtin painter's is: a layout too large for maxSide or maxPixels at 144
// dpi is drawn at a lower resolution that fits (it was drawn whole: 32767 ×
// 20110 pixels, 2.7 GB); dot reads its input from a file, not a pipe, and
// runs in a process group of its own, out of reach of the terminal's Ctrl-C.
func TestNativePNGCapped(t *testing.T) {
	if _, err := exec.LookPath("ps"); err != nil {
		t.Skip("no ps to tell the process group")
	}
	for _, tc := range []struct {
		name string
		w, h float64 // inches
	}{
		{"small", 3, 2},
		{"wide", 400, 3},
		{"huge", 227.5, 139.6}, // 32767 × 20110 pixels at 144 dpi
	} {
		t.Run(tc.name, func(t *testing.T) {
			pngFile, log := fakeDot(t, tc.w, tc.h)
			// The picture the fake draws: the size the cap allows.
			_, pw, ph := imageScale(rect{URX: tc.w * 72, URY: tc.h * 72}, 1)
			writePNG(t, pngFile, pw, ph)
			if pw > maxSide || ph > maxSide || pw*ph > maxPixels+2*(pw+ph) {
				t.Fatalf("the cap allows %d×%d pixels", pw, ph)
			}
			out, err := Render(context.Background(), []byte("digraph { a }"), PNG, Dot)
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(out))
			if err != nil || cfg.Width != pw || cfg.Height != ph {
				t.Fatalf("%v: %d×%d", err, cfg.Width, cfg.Height)
			}
			calls, _ := os.ReadFile(log)
			var dpi float64
			for _, l := range strings.Split(string(calls), "\n") {
				if _, v, ok := strings.Cut(l, "-Gdpi="); ok {
					dpi, _ = strconv.ParseFloat(strings.Fields(v)[0], 64)
				}
			}
			// dot's picture at that dpi: the layout and its 4-point margins.
			gotW, gotH := (tc.w*72+8)*dpi/72, (tc.h*72+8)*dpi/72
			if gotW > maxSide+1 || gotH > maxSide+1 || gotW*gotH > maxPixels*1.001 {
				t.Errorf("dot was asked for %g dpi: %.0f×%.0f pixels, over the cap", dpi, gotW, gotH)
			}
			if tc.name == "small" && dpi != 144 {
				t.Errorf("a small drawing at %g dpi, want 144", dpi)
			}
			if strings.Contains(string(calls), "stdin: pipe") {
				t.Errorf("dot read its input from a pipe:\n%s", calls)
			}
			if strings.Count(string(calls), "group: own") != 2 {
				t.Errorf("dot did not run in a process group of its own:\n%s", calls)
			}
		})
	}
}

// TestNativeInterruptedPNG: a picture that is not the drawing laid out (a
// native dot that got Ctrl-C draws what it has, 16×16 pixels, and exits as
// if all went well) is an error, never a picture.
func TestNativeInterruptedPNG(t *testing.T) {
	pngFile, _ := fakeDot(t, 3, 2)
	writePNG(t, pngFile, 16, 16)
	_, err := Render(context.Background(), []byte("digraph { a }"), PNG, Dot)
	if err == nil || !strings.Contains(err.Error(), "a picture of 16×16 pixels, where the drawing laid out takes") || strings.Contains(err.Error(), "\n") {
		t.Errorf("a 16×16 picture for a 3×2-inch layout: %v", err)
	}
	os.WriteFile(pngFile, []byte("not a png"), 0o644)
	if _, err := Render(context.Background(), []byte("digraph { a }"), PNG, Dot); err == nil {
		t.Error("a picture that is no PNG was taken")
	}
}

// TestNativeDotSizes: with a real native dot, a drawing too large for the
// cap is scaled down to fit, and one that fits is drawn at 144 dpi.
func TestNativeDotSizes(t *testing.T) {
	if _, err := exec.LookPath("dot"); err != nil {
		t.Skip("no native dot on PATH")
	}
	var b strings.Builder
	b.WriteString("digraph { node [shape=box, width=2, height=1];\n")
	for i := 0; i < 1500; i++ {
		fmt.Fprintf(&b, "  r -> n%d;\n", i)
	}
	b.WriteString("}\n")
	out, err := Render(context.Background(), []byte(b.String()), PNG, Dot)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width > maxSide || cfg.Height > maxSide || cfg.Width*cfg.Height > maxPixels {
		t.Errorf("a %d×%d picture, over the cap", cfg.Width, cfg.Height)
	}
	if cfg.Width < maxSide*9/10 {
		t.Errorf("a %d-pixel-wide picture: scaled down more than the cap asks", cfg.Width)
	}
}
