package browser

import (
	"os"
	"testing"

	"github.com/prunescope/prunescope/trace/page"
)

// expected is what the page must show at each step, as trace/page computes
// it in Go from the trace: the ground truth of the tests.
func expected(t testing.TB, w written) []shown {
	t.Helper()
	f, err := os.Open(w.trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	steps, err := page.Expected(f)
	if err != nil {
		t.Fatalf("page.Expected(%s): %v", w.trace, err)
	}
	if len(steps) == 0 {
		t.Fatalf("page.Expected(%s): no step", w.trace)
	}
	return steps
}
