package browser

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// A search whose page the tests open: the arguments of search and step,
// as a user types them.
type search struct {
	name    string
	args    []string
	allKeys bool // walked with the browser's keys all the way, both ways
}

// searches are the pages checked at every step: the textbook trees, the
// null move, the techniques that apply to a toy tree, a chess search of a
// few hundred steps, Star2 on a tree with chance nodes (probes, a chance
// cut), and the selective techniques (each event's mark on its node).
var searches = []search{
	{"aima", []string{"--tree", "aima"}, true},
	{"wikipedia", []string{"--tree", "wikipedia"}, false},
	{"nullmove", []string{"--tree", "nullmove", "--null-move"}, false},
	{"pvs-tt-aspiration", []string{"--tree", "iterative", "--iterative", "--algo", "pvs", "--tt", "--aspiration", "1"}, false},
	{"mtdf-tt", []string{"--tree", "iterative", "--iterative", "--algo", "mtdf", "--tt"}, false},
	{"tactic", []string{"--fen", "tactic", "--depth", "2"}, false},
	{"chance-star2", []string{"--tree", "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])", "--algo", "star2", "--bounds", "-2,2"}, false},
	// Every technique's mark on its node: reductions, extensions,
	// razoring, quiescence and stand pat, a threat test, a null move
	// verified and searched again.
	{"selective", []string{"--tree", "threat", "--algo", "alphabeta+selective", "--null-threat"}, false},
	{"reductions-selective", []string{"--tree", "reductions", "--algo", "alphabeta+selective"}, false},
	{"zugzwang-verified", []string{"--tree", "zugzwang", "--null-move", "--null-verify"}, false},
}

// pageOf writes the page and the trace of s, once, the way a user does:
// step --html for the page, search --trace json for the trace.
func pageOf(t testing.TB, s search) written {
	t.Helper()
	pagesMu.Lock()
	defer pagesMu.Unlock()
	if w, ok := pages[s.name]; ok {
		return w
	}
	if pageDir == "" {
		dir, err := os.MkdirTemp("", "prunescope-browser-")
		if err != nil {
			t.Fatal(err)
		}
		pageDir = dir
	}
	w := written{
		html:  filepath.Join(pageDir, s.name+".html"),
		trace: filepath.Join(pageDir, s.name+".jsonl"),
	}
	prunescope(t, append([]string{"search", "--trace", "json", "--trace-out", w.trace}, s.args...)...)
	prunescope(t, append([]string{"step", "--html", w.html}, s.args...)...)
	pages[s.name] = w
	return w
}

func searchNamed(t testing.TB, name string) search {
	for _, s := range searches {
		if s.name == name {
			return s
		}
	}
	t.Fatalf("no search %q", name)
	return search{}
}

// cutSteps are the steps of the terminal stepper's --cuts listing: the
// cutoffs and prunes the page's c key and cut button go to.
func cutSteps(t testing.TB, s search) []int {
	t.Helper()
	out := prunescope(t, append([]string{"step", "--plain", "--cuts"}, s.args...)...)
	var steps []int
	for _, m := range stepLine.FindAllStringSubmatch(out, -1) {
		n, err := strconv.Atoi(m[1])
		if err != nil {
			t.Fatal(err)
		}
		steps = append(steps, n)
	}
	if len(steps) == 0 {
		t.Fatalf("step --cuts lists no step:\n%s", out)
	}
	return steps
}

var stepLine = regexp.MustCompile(`(?m)^\[step (\d+) `)

// eachPage runs f in a subtest for each named search's page (none with
// -short).
func eachPage(t *testing.T, names []string, f func(t *testing.T, w written)) {
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			s := searchNamed(t, name)
			skipShort(t)
			f(t, pageOf(t, s))
		})
	}
}

// parallel runs a browser test beside the others that may (each in its
// tabs of the one browser; -parallel, by default the number of cores, says
// how many at once): most of a test's time is spent waiting for the
// browser's answers. The tests that play at a speed, move the mouse or go
// full screen stay alone.
func parallel(t *testing.T) {
	t.Parallel()
}

// skipShort skips a browser test under -short, the quick loop, before its
// page is made: the browser tests run in the full suite.
func skipShort(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the browser tests run in the full suite")
	}
}
