package cmd

import (
	"context"
	"fmt"

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
