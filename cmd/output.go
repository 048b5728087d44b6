package cmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"

	"github.com/prunescope/prunescope/cmd/job"
)

// writeDrawing renders the drawing into the files the flags ask for and
// writes them, each whole or not at all; - is standard output.
func writeDrawing(ctx context.Context, s *Streams, f *job.DrawFlags, d *job.Drawing) error {
	if d.Stats.Note != "" {
		fmt.Fprintf(s.Err, "prunescope: %s\n", s.printer().T("note.text", "Note", d.Stats.Note))
	}
	files, err := f.Render(ctx, d)
	if err != nil {
		return err
	}
	for _, file := range files {
		if w, h, unit := pictureSize(file.Data); max(w, h) > bigPicture[unit] || max(w, h) > 12*max(min(w, h), 1) {
			fmt.Fprintf(s.Err, "prunescope: %s\n", s.printer().T("note.picture.large", "File", file.Path, "Size", fmt.Sprintf("%.0f×%.0f %s", w, h, unit)))
		}
		if file.Path == "-" {
			if _, err := s.Out.Write(file.Data); err != nil {
				return failed(err)
			}
			continue
		}
		if err := writeFileAtomic(file.Path, file.Data); err != nil {
			return failed(err)
		}
		wrote(s, file.Path)
	}
	return nil
}

// wrote says on standard error that the file at path was written.
func wrote(s *Streams, path string) {
	fmt.Fprintf(s.Err, "prunescope: %s\n", s.printer().T("wrote.file", "File", path))
}

// writeOutput writes data whole (or not at all) into the file at path, or
// to standard output for -, and says so.
func writeOutput(s *Streams, path string, data []byte) error {
	if path == "-" {
		if _, err := s.Out.Write(data); err != nil {
			return failed(err)
		}
		return nil
	}
	if err := writeFileAtomic(path, data); err != nil {
		return failed(err)
	}
	wrote(s, path)
	return nil
}

// writePage builds the projector page of a trace and writes it whole to
// the file of --html (nothing is written when it is refused).
func writePage(ctx context.Context, s *Streams, f *job.PageFlags, look job.Look, focus string, in job.PageInput) error {
	in.RecordLimit = recordLimitFor(look.MaxDraw)
	html, err := f.BuildPage(job.PastInterrupt(ctx), look, focus, in)
	var long *job.PageTooLong
	if errors.As(err, &long) && s.line != nil {
		long.Offer(s.line, f.File)
	}
	if err != nil {
		return err
	}
	if err := writeFileAtomic(f.File, html); err != nil {
		return failed(err)
	}
	wrote(s, f.File)
	return nil
}

// pageScratch is the scratch file that keeps a search's JSON Lines trace
// for its page, bounded (job.PageTrace).
type pageScratch struct {
	f       *os.File
	cleanup func()
	trace   *job.PageTrace
}

// newPageScratch makes the scratch file of a page, or nothing when no page
// is asked for.
func newPageScratch(f *job.PageFlags) (*pageScratch, error) {
	if f.File == "" {
		return nil, nil
	}
	tmp, cleanup, err := scratchFile()
	if err != nil {
		return nil, failed(err)
	}
	return &pageScratch{f: tmp, cleanup: cleanup, trace: &job.PageTrace{W: tmp}}, nil
}

// input is the whole trace kept, to replay.
func (p *pageScratch) input(name string) (job.PageInput, error) {
	st, err := p.f.Stat()
	if err != nil {
		return job.PageInput{}, failed(err)
	}
	open := func() io.ReadSeeker { return io.NewSectionReader(p.f, 0, st.Size()) }
	return job.PageInput{Open: open, Name: name, Full: p.trace.Full}, nil
}

// bigPicture is the side past which a picture gets a note, by unit: a PNG's
// pixels, an SVG's points.
var bigPicture = map[string]float64{"px": 8000, "pt": 6000, "": 1e18}

var svgViewBox = regexp.MustCompile(`viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"`)

// pictureSize is the size of a PNG in pixels or of an SVG in points (its
// viewBox); unit "" for anything else.
func pictureSize(b []byte) (w, h float64, unit string) {
	if len(b) >= 24 && bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) {
		be := func(p []byte) float64 {
			return float64(uint32(p[0])<<24 | uint32(p[1])<<16 | uint32(p[2])<<8 | uint32(p[3]))
		}
		return be(b[16:20]), be(b[20:24]), "px"
	}
	if m := svgViewBox.FindSubmatch(b[:min(len(b), 4096)]); m != nil {
		w, _ = strconv.ParseFloat(string(m[1]), 64)
		h, _ = strconv.ParseFloat(string(m[2]), 64)
		return w, h, "pt"
	}
	return 0, 0, ""
}
