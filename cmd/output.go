package cmd

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/prunescope/prunescope/cmd/lab"
)

// writeDrawing renders the drawing into the files the flags ask for and
// writes them, each whole or not at all; - is standard output.
func writeDrawing(ctx context.Context, s *Streams, f *lab.DrawFlags, d *lab.Drawing) error {
	if d.Stats.Note != "" {
		fmt.Fprintf(s.Err, "prunescope: note: %s\n", d.Stats.Note)
	}
	files, err := f.Render(ctx, d)
	if err != nil {
		return err
	}
	for _, file := range files {
		if file.Path == "-" {
			if _, err := s.Out.Write(file.Data); err != nil {
				return failed(err)
			}
			continue
		}
		if err := writeFileAtomic(file.Path, file.Data); err != nil {
			return failed(err)
		}
		fmt.Fprintf(s.Err, "prunescope: wrote %s\n", file.Path)
	}
	return nil
}

// writeOutput writes data to path, whole or not at all, or to standard
// output for -, and says so.
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
	fmt.Fprintf(s.Err, "prunescope: wrote %s\n", path)
	return nil
}

// writePage builds the projector page of a trace and writes it whole to
// the file of --html (nothing is written when it is refused).
func writePage(ctx context.Context, s *Streams, f *lab.PageFlags, look lab.Look, focus string, in lab.PageInput) error {
	in.RecordLimit = recordLimit
	html, err := f.BuildPage(context.WithoutCancel(ctx), look, focus, in)
	if err != nil {
		return err
	}
	if err := writeFileAtomic(f.File, html); err != nil {
		return failed(err)
	}
	fmt.Fprintf(s.Err, "prunescope: wrote %s\n", f.File)
	return nil
}

// pageScratch is the scratch file that keeps a search's JSON Lines trace
// for its page, bounded (lab.PageTrace).
type pageScratch struct {
	f       *os.File
	cleanup func()
	trace   *lab.PageTrace
}

// newPageScratch makes the scratch file of a page, or nothing when no page
// is asked for.
func newPageScratch(f *lab.PageFlags) (*pageScratch, error) {
	if f.File == "" {
		return nil, nil
	}
	tmp, cleanup, err := scratchFile()
	if err != nil {
		return nil, failed(err)
	}
	return &pageScratch{f: tmp, cleanup: cleanup, trace: &lab.PageTrace{W: tmp}}, nil
}

// input is the whole trace kept, to replay.
func (p *pageScratch) input(name string) (lab.PageInput, error) {
	st, err := p.f.Stat()
	if err != nil {
		return lab.PageInput{}, failed(err)
	}
	open := func() io.ReadSeeker { return io.NewSectionReader(p.f, 0, st.Size()) }
	return lab.PageInput{Open: open, Name: name, Full: p.trace.Full}, nil
}
