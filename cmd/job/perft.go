package job

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace/jsonl"
)

// Perft is the count of a perft run, split by root move when divided.
type Perft struct {
	Nodes  int64
	Divide []chess.DivideEntry // nil unless divided
}

// CountPerft counts the positions depth plies below b, split by root move
// when divide is set. Ctrl-C (ctx) ends it early with an error.
func CountPerft(ctx context.Context, b *chess.Board, depth int, divide bool) (*Perft, error) {
	p := &Perft{}
	err := interruptible(ctx, func() {
		if divide {
			p.Divide = b.Divide(depth)
			for _, d := range p.Divide {
				p.Nodes += d.Nodes
			}
		} else {
			p.Nodes = b.PerftBulk(depth)
		}
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// AppendJSON appends {"nodes": N, "divide": {"e2e4": n, ...}} and a newline.
func (p *Perft) AppendJSON(out []byte, divided bool) []byte {
	out = append(out, `{"nodes":`...)
	out = strconv.AppendInt(out, p.Nodes, 10)
	if divided {
		out = append(out, `,"divide":{`...)
		for i, d := range p.Divide {
			if i > 0 {
				out = append(out, ',')
			}
			out = jsonl.AppendString(out, d.Move)
			out = append(out, ':')
			out = strconv.AppendInt(out, d.Nodes, 10)
		}
		out = append(out, '}')
	}
	return append(out, "}\n"...)
}

// interruptible runs work, returning early with an error when ctx is
// cancelled (Ctrl-C): perft does not look at a context itself.
func interruptible(ctx context.Context, work func()) error {
	done := make(chan struct{})
	go func() {
		work()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return setup.Failed(i18n.Error("interrupted"))
	}
}

// PerftReport is what perft --epd found; --json prints it.
type PerftReport struct {
	Positions  int             `json:"positions"`
	Checked    int             `json:"checked"`
	Skipped    int             `json:"skipped"`
	Mismatches []PerftMismatch `json:"mismatches"`
	Nodes      int64           `json:"-"` // counted in all
}

// PerftMismatch is a count of an EPD record that perft does not give.
type PerftMismatch struct {
	Line     int    `json:"line"`
	FEN      string `json:"fen"`
	Depth    int    `json:"depth"`
	Expected int64  `json:"expected"`
	Got      int64  `json:"got"`
}

// CheckPerftEPD checks every count (;D1 n ;D2 n ...) of the EPD file at
// path, skipping those larger than maxNodes or deeper than perft counts.
// When w is not nil, a line for each record goes to it as the record is
// done, in the language of ctx.
func CheckPerftEPD(ctx context.Context, path string, maxNodes int64, w io.Writer) (*PerftReport, error) {
	rep := &PerftReport{Mismatches: []PerftMismatch{}}
	p := i18n.For(i18n.FromContext(ctx))
	okWord, badWord := p.T("perft.epd.ok"), p.T("perft.epd.mismatch")
	// The status column is as wide as its wider word ("ok      ", "MISMATCH").
	width := max(utf8.RuneCountInString(okWord), utf8.RuneCountInString(badWord))
	okWord += strings.Repeat(" ", width-utf8.RuneCountInString(okWord))
	badWord += strings.Repeat(" ", width-utf8.RuneCountInString(badWord))
	err := EachEPD(path, 0, func(rec EPDRecord) error {
		targets, err := rec.PerftTargets()
		if err != nil {
			return setup.BadInput(rec.Where, err)
		}
		b, err := rec.Board()
		if err != nil {
			return err
		}
		rep.Positions++
		var ok, skipped, deep, bad []string
		for _, t := range targets {
			if t.Depth > chess.MaxPerftDepth {
				deep = append(deep, fmt.Sprintf("D%d", t.Depth))
				rep.Skipped++
				continue
			}
			if t.Nodes > maxNodes {
				skipped = append(skipped, fmt.Sprintf("D%d", t.Depth))
				rep.Skipped++
				continue
			}
			var got int64
			if err := interruptible(ctx, func() { got = b.PerftBulk(t.Depth) }); err != nil {
				return err
			}
			rep.Nodes += got
			rep.Checked++
			if got != t.Nodes {
				bad = append(bad, p.T("perft.epd.bad", "Depth", fmt.Sprintf("D%d", t.Depth), "Expected", t.Nodes, "Got", got))
				rep.Mismatches = append(rep.Mismatches, PerftMismatch{rec.Line, rec.FEN, t.Depth, t.Nodes, got})
				continue
			}
			ok = append(ok, fmt.Sprintf("D%d %d", t.Depth, t.Nodes))
		}
		if w == nil {
			return nil
		}
		status := okWord
		detail := strings.Join(ok, ", ")
		if len(bad) > 0 {
			status = badWord
			detail = strings.Join(bad, "; ")
		}
		if len(skipped) > 0 {
			detail += " " + p.T("perft.epd.skipped", "Depths", strings.Join(skipped, ", "))
		}
		if len(deep) > 0 {
			detail += " " + p.N("perft.epd.deep", chess.MaxPerftDepth, "Depths", strings.Join(deep, ", "))
		}
		if _, err := fmt.Fprintf(w, "%s %s  %s\n", rec.Where, status, strings.TrimSpace(detail)); err != nil {
			return setup.Failed(err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return rep, nil
}
