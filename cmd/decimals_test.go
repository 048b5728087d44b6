package cmd

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
)

// Trees with decimal values (issue 23: 3,5 in Russian and Czech) whose node
// names (moves 1 to 3: 1.2, 3.3) never read as one of their values.
const (
	decPlain  = "((3 -3.5 8) (2.5 4.25 6) (1.5 7.5 9))"
	decDeep   = "(((3 -3.5)[eval=1.5] (8 2.5)[eval=-0.5])[eval=0.5] ((4.25 6)[eval=2.5] (1.5 7.5)[eval=3.5])[eval=1.5] ((9 -1.5)[eval=4.5] (0.5 6.5)[eval=2.5])[eval=-2.5])"
	decChance = "((3 [p=0.5] 4 [p=0.5])[chance] (1 [p=0.25] 6 [p=0.75])[chance] (2.5 [p=0.5] 0.5 [p=0.5])[chance])"
)

var (
	// pointedNumber is a decimal point between digits.
	pointedNumber = regexp.MustCompile(`\d\.\d`)
	// keptPoints are what keeps its points in every language: a node's
	// name, the tree's text (the input, from "((" to the line's next " · "),
	// a command line to paste, the quiz's answer syntax (value 2.5; best 2;
	// …), and the flags' values.
	keptPoints = regexp.MustCompile(`(^|[^\d.,−-])[1-3](\.[1-3])+(\.?($|[^\d]))|\(\(.*?( · |$)|\$ prunescope.*|prunescope quiz check.*|\bvalue -?[\d.]+;.*|--[a-z-]+[ =]\S+`)
	// decimalPair is a window or range with a decimal comma, and no
	// semicolon between its edges: "(2,5, +∞)" where "(2,5; +∞)" is right.
	decimalPair = regexp.MustCompile(`[(\[][^()\[\];]*\d,\d[^()\[\];]*, [^()\[\];]*[)\]]`)
)

// leftPoint is a decimal point the Russian or Czech line writes in a value
// or a window (not a node's name, the tree's text or a command), or "".
func leftPoint(line string) string { return pointedNumber.FindString(withoutKept(line)) }

// withoutKept is s without what keeps its points (twice: a node's name
// next to another, "3 3.2 3.2.2", shares the space between them).
func withoutKept(s string) string {
	return keptPoints.ReplaceAllString(keptPoints.ReplaceAllString(s, "$1$3"), "$1$3")
}

// TestDecimalsLang: in Russian and Czech, every value and window a person
// reads is written with the language's decimal comma, a window or range
// with a decimal edge with a semicolon between its edges ((0,5; 1,25)):
// the text trace and the stepper (node lines, windows, the path, the
// summary, MTD(f)'s passes, iterations, a root window, ranges), diff,
// compare, the quiz (its outline, key and explanations), check's verdict;
// node names keep their points, and so do the tree's text, the quiz's
// answer syntax and the commands to paste; and every number of the
// English output is in each translation.
func TestDecimalsLang(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "mine.jsonl")
	trace := `{"ev": "enter", "node": "root", "alpha": "-inf", "beta": "inf"}
{"ev": "enter", "node": "1", "alpha": "-inf", "beta": "inf"}
{"ev": "enter", "node": "1.1"}
{"ev": "leaf", "node": "1.1", "value": 3}
{"ev": "enter", "node": "1.2"}
{"ev": "leaf", "node": "1.2", "value": -3.5}
{"ev": "enter", "node": "1.3"}
{"ev": "leaf", "node": "1.3", "value": 8}
{"ev": "exit", "node": "1", "value": -3.5}
{"ev": "enter", "node": "2", "alpha": -3.5, "beta": "inf"}
{"ev": "enter", "node": "2.1"}
{"ev": "leaf", "node": "2.1", "value": 2.5}
{"ev": "enter", "node": "2.2"}
{"ev": "leaf", "node": "2.2", "value": 4.25}
{"ev": "enter", "node": "2.3"}
{"ev": "leaf", "node": "2.3", "value": 6}
{"ev": "exit", "node": "2", "value": 2.5}
{"ev": "enter", "node": "3", "alpha": 2, "beta": "inf"}
{"ev": "exit", "node": "3", "value": 1.5}
{"ev": "exit", "node": "root", "value": 2.5}
`
	if err := os.WriteFile(mine, []byte(trace), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		stdin string
		args  []string
	}{
		{"", []string{"search", "--tree", decPlain}},
		{"", []string{"search", "--tree", decDeep, "--fail", "soft", "--cutoff", "gt"}},
		{"", []string{"search", "--tree", decDeep, "--algo", "mtdf", "--guess", "0.5"}},
		{"", []string{"search", "--tree", decDeep, "--iterative", "--aspiration", "0.5"}},
		{"", []string{"search", "--tree", decDeep, "--window", "0.5,2.5", "--algo", "pvs"}},
		{"", []string{"search", "--tree", decDeep, "--tt", "--iterative"}},
		{"", []string{"search", "--tree", decChance, "--algo", "expectimax"}},
		{"", []string{"search", "--tree", decChance, "--algo", "star2", "--bounds", "-0.5,9.5"}},
		{"", []string{"step", "--tree", decPlain, "--plain"}},
		{"", []string{"step", "--tree", decDeep, "--plain", "--fail", "soft", "--window", "0.5,2.5"}},
		{"", []string{"step", "--tree", decChance, "--plain", "--algo", "star1", "--bounds", "-0.5,9.5"}},
		{"", []string{"diff", "alphabeta", "minimax", "--tree", decPlain}},
		{"", []string{"diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", decDeep}},
		{"", []string{"compare", "--tree", decDeep, "--algos", "minimax,alphabeta,pvs,mtdf"}},
		{"", []string{"compare", "--tree", decChance, "--algos", "expectimax,star1,star2", "--bounds", "-0.5,9.5"}},
		{"", []string{"quiz", "--tree", decPlain, "--print", "--ask-windows"}},
		{"", []string{"quiz", "--tree", decPlain, "--key", "--ask-windows"}},
		{"2\n1\n3.2\n(-inf, 3)\n-3.5\n(-3.5, inf)\n2.5\n(2, inf)\n<=1.5\n", []string{"quiz", "--tree", decPlain, "--ask-windows"}},
		{"", []string{"quiz", "--tree", decChance, "--algo", "expectimax", "--key"}},
		{"", []string{"check", mine, "--tree", decPlain}},
		{"", []string{"check", mine, "--tree", decPlain, "--algo", "minimax"}},
	}
	for _, c := range cases {
		en := run(t, c.stdin, c.args...)
		if en.code == 2 {
			t.Fatalf("%v: exit %d: %s", c.args, en.code, en.stderr)
		}
		if pointedNumber.FindString(withoutKept(en.stdout)) == "" {
			t.Errorf("%v: the English output writes no decimal:\n%s", c.args, en.stdout)
		}
		want := i18ntest.Numbers(en.stdout)
		for _, l := range []string{"ru", "cs"} {
			got := run(t, c.stdin, append([]string{"--lang", l}, c.args...)...)
			if got.code != en.code {
				t.Errorf("%s %v: exit %d, English %d: %s", l, c.args, got.code, en.code, got.stderr)
				continue
			}
			for _, line := range strings.Split(got.stdout, "\n") {
				if p := leftPoint(line); p != "" {
					t.Errorf("%s %v: a decimal point (%s) is left in %q", l, c.args, p, line)
				}
				if w := decimalPair.FindString(line); w != "" {
					t.Errorf("%s %v: %s, a window with a decimal comma, needs a semicolon: %q", l, c.args, w, line)
				}
			}
			if n := i18ntest.Numbers(got.stdout); !slices.Equal(n, want) {
				t.Errorf("%s %v: numbers and node names %v, English's %v", l, c.args, n, want)
			}
		}
	}
}
