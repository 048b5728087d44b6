package job

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/printable"
	"github.com/prunescope/prunescope/trace/table"
)

// maxEPDFile is the largest EPD file compare reads (16 MiB, some hundred
// thousand records): it reads every record before it searches, so that a bad
// record is reported before anything is printed. perft --epd checks each
// record as it reads it and takes files of any size.
const maxEPDFile = 16 << 20

// EPDRecord is a record of an EPD file and where it is.
type EPDRecord struct {
	chess.EPD
	Line  int
	Where string // "FILE:LINE"
}

// EachEPD reads the EPD file at path (--epd) record by record, skipping
// blank lines and # comments, and calls fn with each record. A line longer
// than chess.MaxEPDLine is refused without being read whole; when limit > 0,
// a file larger than limit bytes is refused (what reads it keeps it all).
func EachEPD(path string, limit int64, fn func(rec EPDRecord) error) error {
	f, err := os.Open(path)
	if err != nil {
		return setup.BadInput("--epd", err)
	}
	defer f.Close()
	tooLarge := func() error {
		return setup.BadInputf("--epd: %s: larger than %d MiB, the most compare reads", path, limit>>20)
	}
	var r io.Reader = f
	var lr *io.LimitedReader
	if limit > 0 {
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() > limit {
			return tooLarge()
		}
		lr = &io.LimitedReader{R: f, N: limit + 1}
		r = lr
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), chess.MaxEPDLine+1)
	n := 0
	for sc.Scan() {
		n++
		if lr != nil && lr.N == 0 {
			return tooLarge()
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		where := fmt.Sprintf("%s:%d", path, n)
		rec, err := chess.ParseEPD(line)
		if err != nil {
			return setup.BadInput(where, err)
		}
		if err := fn(EPDRecord{rec, n, where}); err != nil {
			return err
		}
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return setup.BadInputf("--epd: %s:%d: a line longer than %d KiB, longer than any EPD record", path, n+1, chess.MaxEPDLine>>10)
	case err != nil:
		return setup.Failed(i18n.Errorf("%s: %w", path, err))
	case lr != nil && lr.N == 0:
		return tooLarge()
	}
	return nil
}

// ReadEPD reads every record of an EPD file of at most maxEPDFile bytes.
func ReadEPD(path string) ([]EPDRecord, error) {
	var out []EPDRecord
	err := EachEPD(path, maxEPDFile, func(rec EPDRecord) error {
		out = append(out, rec)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, setup.BadInputf("--epd: %s has no records", path)
	}
	return out, nil
}

// Board is the position of the record.
func (r EPDRecord) Board() (*chess.Board, error) {
	b, err := chess.ParseFEN(r.FEN)
	if err != nil {
		return nil, setup.BadInput(r.Where, err)
	}
	return b, nil
}

// SearchEPD searches every record with every spec, to depth with the
// evaluation ev, and scores each answer against the record's best moves
// (bm). progress, when not nil, gets a line saying where the run is (in
// the language of ctx), erased at the end.
func SearchEPD(ctx context.Context, records []EPDRecord, specs []engine.Options, depth int, ev chess.Evaluator, progress io.Writer) ([]table.Position, error) {
	var positions []table.Position
	for n, rec := range records {
		b, err := rec.Board()
		if err != nil {
			return nil, err
		}
		best := map[engine.Move]bool{}
		bm := rec.Operand("bm")
		if op, ok := rec.Op("bm"); ok {
			bm = strings.Join(op.Operands, " ")
			for _, san := range op.Operands {
				m, err := b.ParseSAN(san)
				if err != nil {
					return nil, setup.BadInputf("%s: bm %s: %v", rec.Where, san, err)
				}
				best[m] = true
			}
		}
		id := printable.Escape(rec.Operand("id")) // shown in a terminal
		if id == "" {
			id = rec.Where
		}
		p := table.Position{ID: id, BM: bm}
		for _, opt := range specs {
			if progress != nil {
				fmt.Fprintf(progress, "\rprunescope: %s          ", i18n.For(i18n.FromContext(ctx)).T("compare.epd.progress", "ID", id, "N", n+1, "Of", len(records), "Spec", opt.Spec()))
			}
			pos := chess.NewPosition(b.Clone(), ev)
			res, err := engine.Search(ctx, pos, engine.Limits{Depth: depth}, opt, nil)
			if err != nil {
				return nil, setup.SearchError(i18n.Errorf("%s: %s: %w", id, opt.Spec(), err))
			}
			p.Results = append(p.Results, table.Result{Best: res.BestLabel, Value: res.Value, Nodes: res.Nodes, Hit: res.HasBest && best[res.Best]})
		}
		positions = append(positions, p)
	}
	if progress != nil {
		ClearLine(progress)
	}
	return positions, nil
}
