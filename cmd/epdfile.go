package cmd

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/prunescope/prunescope/engine/chess"
)

// maxEPDFile is the largest EPD file compare reads (16 MiB, some hundred
// thousand records): it reads every record before it searches, so that a bad
// record is reported before anything is printed. perft --epd checks each
// record as it reads it and takes files of any size.
const maxEPDFile = 16 << 20

// eachEPDLine reads the EPD file at path line by line and calls fn with each
// line's number and text, white space trimmed. A line longer than
// chess.MaxEPDLine is refused without being read whole; when limit > 0, a
// file larger than limit bytes is refused (what reads it keeps it all).
func eachEPDLine(path string, limit int64, fn func(line int, text string) error) error {
	f, err := os.Open(path)
	if err != nil {
		return badInput("--epd", err)
	}
	defer f.Close()
	tooLarge := func() error {
		return badInputf("--epd: %s: larger than %d MiB, the most compare reads", path, limit>>20)
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
		if err := fn(n, strings.TrimSpace(sc.Text())); err != nil {
			return err
		}
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return badInputf("--epd: %s:%d: a line longer than %d KiB, longer than any EPD record", path, n+1, chess.MaxEPDLine>>10)
	case err != nil:
		return failed(fmt.Errorf("%s: %w", path, err))
	case lr != nil && lr.N == 0:
		return tooLarge()
	}
	return nil
}
