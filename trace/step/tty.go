package step

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/text"
)

// Terminal is what the interactive player needs of a terminal: keys in
// (raw: one key at a time, no echo), the screen out, and its size.
type Terminal struct {
	In   io.Reader
	Out  io.Writer
	Size func() (width, height int)
	// Resized receives when the terminal changes size (may be nil).
	Resized <-chan struct{}
}

// key is one key press.
type key struct {
	r    rune   // the character, for ordinary keys
	name string // "enter", "left", "right", "backspace", "esc", "ctrl-c", "eof"
}

// readKeys sends the keys read from r. Terminals send an escape sequence
// (an arrow key) in one read, which is how it is told from the Esc key.
func readKeys(r io.Reader, out chan<- key) {
	buf := make([]byte, 64)
	for {
		n, err := r.Read(buf)
		for i := 0; i < n; i++ {
			b := buf[i]
			switch {
			case b == 0x1b && i+2 < n && buf[i+1] == '[':
				switch buf[i+2] {
				case 'C':
					out <- key{name: "right"}
				case 'D':
					out <- key{name: "left"}
				}
				i += 2
			case b == 0x1b:
				out <- key{name: "esc"}
			case b == '\r' || b == '\n':
				out <- key{name: "enter"}
			case b == 127 || b == 8:
				out <- key{name: "backspace"}
			case b == 3:
				out <- key{name: "ctrl-c"}
			case b == 4:
				out <- key{name: "eof"}
			default:
				out <- key{r: rune(b)}
			}
		}
		if err != nil {
			out <- key{name: "eof"}
			close(out)
			return
		}
	}
}

// Interactive runs the full-screen player until q (or the end of the
// keys). The screen is the terminal's alternate screen, so the shell's
// screen is back as it was afterwards.
func Interactive(ctx context.Context, p *Player, t Terminal, sc text.Scheme) error {
	P := explain.Printer(p.Info())
	keys := make(chan key)
	go readKeys(t.In, keys)
	fmt.Fprint(t.Out, "\x1b[?1049h\x1b[?25l")
	defer fmt.Fprint(t.Out, "\x1b[?25h\x1b[?1049l")

	var (
		help   bool
		jump   *string // the step number being typed (after j, or from its first digit)
		notice string  // a one-time message in the foot
	)
	draw := func() {
		w, h := t.Size()
		var lines []string
		if help {
			lines = append(lines, helpLines(p.Info())...)
		} else {
			foot := notice
			if jump != nil {
				foot = P.T("step.tty.jump", "Step", *jump)
			}
			lines = Screen(p, sc, w, h, foot)
		}
		fmt.Fprint(t.Out, "\x1b[H\x1b[2J"+strings.Join(lines, "\r\n"))
	}
	step := func(f func() error) {
		if err := f(); err != nil {
			notice = sc.Cut(P.T("step.tty.error", "Error", err.Error()))
		}
	}
	draw()
	for {
		var k key
		select {
		case <-ctx.Done():
			return nil
		case <-t.Resized:
			draw()
			continue
		case got, ok := <-keys:
			if !ok {
				return nil
			}
			k = got
		}
		notice = ""
		if k.name == "eof" || k.name == "ctrl-c" {
			return nil
		}
		if help {
			help = false
			draw()
			continue
		}
		if jump != nil {
			switch {
			case k.name == "enter":
				// Step N, as the page's digits and Enter go (and
				// #step=N opens it): not the step of event N.
				if n, err := strconv.Atoi(*jump); err == nil {
					step(func() error {
						err := p.Goto(n)
						if err == nil && p.Index() < n {
							notice = P.N("step.tty.last", int64(p.Index()))
						}
						return err
					})
				}
				jump = nil
			case k.name == "esc" || k.r == 'q':
				jump = nil
			case k.name == "backspace":
				if len(*jump) > 0 {
					*jump = (*jump)[:len(*jump)-1]
				}
			case k.r >= '0' && k.r <= '9' && len(*jump) < 9:
				*jump += string(k.r)
			}
			draw()
			continue
		}
		switch {
		case k.name == "enter" || k.name == "right" || k.r == 'n' || k.r == ' ':
			step(func() error {
				ok, err := p.Next()
				if err == nil && !ok {
					notice = P.T("step.tty.over")
				}
				return err
			})
		case k.name == "left" || k.r == 'b':
			if p.Index() == 0 {
				notice = P.T("step.tty.start")
			}
			step(p.Back)
		case k.r == 'c':
			step(func() error {
				ok, err := p.NextCut()
				if err == nil && !ok {
					notice = P.T("step.tty.nocut")
				}
				return err
			})
		case k.r == 'j':
			s := ""
			jump = &s
		case k.r >= '0' && k.r <= '9': // digits then Enter, as on the page
			s := string(k.r)
			jump = &s
		case k.r == 'g':
			step(func() error { return p.Goto(0) })
		case k.r == 'e':
			step(p.End)
		case k.r == '?' || k.r == 'h':
			help = true
		case k.r == 'q' || k.name == "esc":
			return nil
		default:
			notice = P.T("step.tty.unknown")
		}
		draw()
	}
}
