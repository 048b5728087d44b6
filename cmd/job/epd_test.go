package job

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/chess"
)

func writeEPD(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "t.epd")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestEachEPD: blank lines and comments are skipped, records are named by
// file and line, a line longer than any record is refused, and a file over
// the limit is refused.
func TestEachEPD(t *testing.T) {
	p := writeEPD(t, "# a comment\n\n"+chess.StartFEN[:len(chess.StartFEN)-4]+` bm e4; id "one";`+"\n")
	recs, err := ReadEPD(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || recs[0].Line != 3 || recs[0].Where != p+":3" || recs[0].Operand("id") != "one" {
		t.Fatalf("records %+v", recs)
	}
	long := writeEPD(t, strings.Repeat("x", chess.MaxEPDLine+10)+"\n")
	if err := EachEPD(long, 0, func(EPDRecord) error { return nil }); err == nil || !strings.Contains(err.Error(), "a line longer than") {
		t.Errorf("a long line: %v", err)
	}
	if err := EachEPD(p, 10, func(EPDRecord) error { return nil }); err == nil || !strings.Contains(err.Error(), "the most compare reads") {
		t.Errorf("over the limit: %v", err)
	}
	if _, err := ReadEPD(writeEPD(t, "# nothing\n")); err == nil || !strings.Contains(err.Error(), "has no records") {
		t.Errorf("no records: %v", err)
	}
}
