package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"

	"github.com/prunescope/prunescope/cmd/job"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace/step"
)

// A deck is the frames of step --frames and their index.html. The new deck
// is built in a temporary folder beside the old one (in the same parent
// folder, or inside the frames folder itself when only that one is
// writable) and put in place only when it is complete: a failure or Ctrl-C
// while drawing leaves the folder as it was, and the temporary folder is
// removed (by the cleanup registry if a signal ends the program).
//
// Putting it in place: a folder that did not exist is the temporary folder
// renamed; in a folder that exists, each new file is renamed over the old
// one of its name and the frames of the old deck that the new one lacks are
// removed, while the registry is held, so that a signal's cleanup waits for
// it. Files in the folder that are not frames are left alone.
type frameDeck struct {
	dir    string // the frames folder, symbolic links resolved
	exists bool   // whether it existed
	tmp    string // where the new deck is built
	key    int    // in the cleanup registry
	files  []string
	done   bool
}

// checkFramesDir checks, before the search, that the frames can be written
// into dir: it is a folder or can be made, and the folders written to take
// new files.
func checkFramesDir(dir string) error {
	if exists, err := existingFolder("--frames", dir); err != nil || exists {
		return err
	}
	// Made when the frames are written: the nearest folder that exists
	// must take it.
	up := filepath.Clean(dir)
	for {
		next := filepath.Dir(up)
		if next == up {
			break
		}
		up = next
		st, err := os.Stat(up)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return badInput("--frames", err)
		}
		if !st.IsDir() {
			return badInputf("--frames %s: %s is a file, not a folder", dir, up)
		}
		return writableFolder("--frames", dir, up)
	}
	return nil
}

// newDeck starts a deck for dir.
func newDeck(dir string) (*frameDeck, error) {
	real := filepath.Clean(dir)
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		real = r
	}
	d := &frameDeck{dir: real}
	if st, err := os.Stat(real); err == nil && st.IsDir() {
		d.exists = true
	}
	parent := filepath.Dir(real)
	if !d.exists {
		if err := os.MkdirAll(parent, 0o755); err != nil {
			return nil, err
		}
	}
	where := parent
	if d.exists && dirWritable(parent) != nil {
		where = real
	}
	var err error
	d.key, err = cleanups.register(func() (func(), error) {
		tmp, err := os.MkdirTemp(where, tempPattern)
		if err != nil {
			return nil, err
		}
		d.tmp = tmp
		return func() { os.RemoveAll(tmp) }, nil
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// add writes a file of the new deck.
func (d *frameDeck) add(name string, data []byte) error {
	if err := os.WriteFile(filepath.Join(d.tmp, name), data, 0o644); err != nil {
		return i18n.Errorf("--frames: %s: %w", name, unwrapPath(err))
	}
	d.files = append(d.files, name)
	return nil
}

// abort removes the new deck; the folder is left as it was.
func (d *frameDeck) abort() {
	if d.done {
		return
	}
	d.done = true
	os.RemoveAll(d.tmp)
	cleanups.drop(d.key)
}

// commit puts the new deck in place of the old one.
func (d *frameDeck) commit() error {
	if d.done {
		return nil
	}
	d.done = true
	err := cleanups.finish(d.key, func() error {
		defer os.RemoveAll(d.tmp)
		if !d.exists {
			if err := os.Chmod(d.tmp, 0o755); err != nil {
				return err
			}
			return os.Rename(d.tmp, d.dir)
		}
		old, err := os.ReadDir(d.dir)
		if err != nil {
			return err
		}
		for _, f := range d.files { // index.html, added last, goes last
			if err := os.Rename(filepath.Join(d.tmp, f), filepath.Join(d.dir, f)); err != nil {
				return err
			}
		}
		for _, e := range old {
			if frameFile.MatchString(e.Name()) && !slices.Contains(d.files, e.Name()) {
				os.Remove(filepath.Join(d.dir, e.Name()))
			}
		}
		return nil
	})
	if err != nil {
		return i18n.Errorf("--frames %s: %w", d.dir, unwrapPath(err))
	}
	return nil
}

// frameFile names the frames: step-0001.svg, …
var frameFile = regexp.MustCompile(`^step-[0-9]{4,}\.(svg|png)$`)

// writeFrames draws the frames step --frames asks for and puts them in
// place, with their index.html, only when all are drawn.
func writeFrames(ctx context.Context, s *Streams, o *stepOptions, p *step.Player, open func() io.ReadSeeker, name string) error {
	plan, err := job.PlanFrames(ctx, &o.frames, p, open, name, o.from, o.steps, recordLimitFor(o.frames.MaxDraw))
	if err != nil {
		return err
	}
	dir := o.frames.Dir
	progress := isTerminal(s.Err)
	deck, err := newDeck(dir)
	if err != nil {
		return failed(i18n.Errorf("--frames %s: %w", dir, unwrapPath(err)))
	}
	defer deck.abort()
	interrupted := func() error {
		if progress {
			job.ClearLine(s.Err)
		}
		return failed(i18n.Errorf("interrupted: no frames written, %s is as it was", dir))
	}
	var files, captions []string
	for k := range plan.Picks {
		if ctx.Err() != nil {
			return interrupted()
		}
		fr, err := plan.Draw(ctx, k)
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return interrupted()
		}
		if err := deck.add(fr.File, fr.Image); err != nil {
			return failed(err)
		}
		files = append(files, fr.File)
		captions = append(captions, fr.Caption)
		if progress {
			fmt.Fprintf(s.Err, "\rprunescope: %s", s.printer().T("frames.where", "Frame", k+1, "Frames", len(plan.Picks)))
		}
	}
	if progress {
		job.ClearLine(s.Err)
	}
	if err := deck.add("index.html", job.FramesIndex(s.printer(), files, captions)); err != nil {
		return failed(err)
	}
	if err := deck.commit(); err != nil {
		return failed(err)
	}
	fmt.Fprintf(s.Err, "prunescope: %s\n", s.printer().N("wrote.frames", int64(len(files)), "Dir", dir, "Index", filepath.Join(dir, "index.html")))
	return nil
}
