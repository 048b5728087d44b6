package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/lessons"
	"github.com/prunescope/prunescope/lessons/quiz"
)

var (
	// englishWords are words of the errors' English that a translation
	// must not keep (outside quotes, flag names and what the command line
	// gave).
	englishWords = map[string]bool{}
	letters      = regexp.MustCompile(`\pL+`)
	position     = regexp.MustCompile(`\b\w+:\d+(:\d+)?:`)
	quoted       = regexp.MustCompile(`"[^"]*"|'[^']*'|\([^()]*\bchoose from\b[^()]*\)`)
	flagWord     = regexp.MustCompile(`--[a-z][a-z-]*(=\S+)?`)
	numberWord   = regexp.MustCompile(`-?\d+(\.\d+)?`)
)

func init() {
	for _, w := range strings.Fields("the is not must give only with from cannot between least unknown expected leave searches choose has have no for and or at most node tree value line move window search spec clause") {
		englishWords[w] = true
	}
}

// keptNames are the names the errors give that every language keeps, from
// the code's own lists: the lessons', the algorithms', the techniques' and
// the words their parameters take (--null-once line or row), the words that
// open a quiz answer's clause (value, best, never); longest first.
func keptNames(t *testing.T) []string {
	t.Helper()
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	names := lessons.Names(all)
	names = append(names, engine.AlgoNames()...)
	names = append(names, engine.TechniqueNames()...)
	names = append(names, engine.IterativeTechniqueNames()...)
	for _, words := range engine.Choices() {
		names = append(names, words...)
	}
	names = append(names, quiz.AnswerWords()...)
	sort.Slice(names, func(i, j int) bool { return len(names[i]) > len(names[j]) })
	return slices.Compact(names)
}

// commandNames matches a command as the errors name it to type it: the
// program's name and a command, or a command (and subcommand) given a flag
// ("search --ranges"), from the program's own commands.
func commandNames(t *testing.T) *regexp.Regexp {
	t.Helper()
	var names []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			names = append(names, regexp.QuoteMeta(sub.Name()))
			walk(sub)
		}
	}
	walk(newRoot(&Streams{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &bytes.Buffer{}}))
	cmds := `(?:` + strings.Join(names, "|") + `)`
	return regexp.MustCompile(`\bprunescope(?: ` + cmds + `)*|\b` + cmds + `(?: ` + cmds + `)? (?:--|-[a-z]\b)`)
}

// stripNames leaves out of s each name (a whole word: not inside a longer
// name such as null-move-zugzwang) the English error gives too.
func stripNames(s, en string, names []string) string {
	for _, n := range names {
		if !strings.Contains(en, n) {
			continue
		}
		re := regexp.MustCompile(`(^|[^\pL\pN-])` + regexp.QuoteMeta(n) + `($|[^\pL\pN-])`)
		for re.MatchString(s) {
			s = re.ReplaceAllString(s, "$1 $2")
		}
	}
	return s
}

// notYet are the bad inputs whose error is still English in part, each
// with the reason; each is to leave this list as it is translated (or as
// the test learns the names it flags).
var notYet = map[string]string{}

// foreign are the bad inputs whose error is not ours in part: cobra's own
// (an unknown command or flag) and the system's (a file that is not there).
var foreign = []string{"unknown command", "unknown flag", "unknown shorthand", "no such file", "permission denied", "accepts ", "invalid argument", "requires at least", "flag needs an argument", "arg(s)"}

// TestErrorsTranslated: every bad input of the goldens (err-…) that runs
// the same without its standard input is refused in Russian or in Czech
// (in turn) too: exit 2, one line, none of the English's words left outside what the
// user gave, and every flag name and number of the English error in it.
func TestErrorsTranslated(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "golden", "err-*.txt"))
	if err != nil || len(files) < 100 {
		t.Fatalf("%d golden errors: %v", len(files), err)
	}
	names, commands := keptNames(t), commandNames(t)
	tried, seen := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(data), "\n")
		args := shellSplit(t, strings.TrimPrefix(first, "$ prunescope ")) // as runGolden writes it
		if notYet[filepath.Base(f)] != "" || slices.Contains(args, "--lang") || strings.Contains(first, "--lang=") {
			continue
		}
		if seen++; testing.Short() && seen%3 != 0 {
			continue // -short: every third; the whole run tries them all
		}
		en := run(t, "", args...)
		_, want, _ := strings.Cut(string(data), "--- stderr\n")
		if en.code != 2 || en.stderr != want || slices.ContainsFunc(foreign, func(s string) bool { return strings.Contains(en.stderr, s) }) {
			continue // needs its standard input, or not ours
		}
		tried++
		// Each bad input in one language, Russian and Czech in turn: the
		// same messages, half the runs (the catalogs' test holds every
		// format's translation in both).
		for _, lang := range []string{[]string{"ru", "cs"}[tried%2]} {
			r := run(t, "", append([]string{"--lang", lang}, args...)...)
			name := filepath.Base(f) + " " + lang
			if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, "prunescope: ") || r.stdout != "" {
				t.Errorf("%s: exit %d, stderr %q", name, r.code, r.stderr)
				continue
			}
			if r.stderr == en.stderr {
				t.Errorf("%s: the English: %s", name, r.stderr)
				continue
			}
			// What is ours: the message without what the command line
			// gave, quotes, commands, flag names and the names every
			// language keeps.
			rest := position.ReplaceAllString(quoted.ReplaceAllString(r.stderr, ""), "")
			rest = flagWord.ReplaceAllString(commands.ReplaceAllString(rest, ""), "")
			rest = stripNames(rest, en.stderr, names)
			for _, a := range args {
				if len(a) > 1 {
					rest = strings.ReplaceAll(rest, a, "")
				}
			}
			for _, w := range letters.FindAllString(rest, -1) {
				if englishWords[w] {
					t.Errorf("%s: English %q left in %s", name, w, r.stderr)
					break
				}
			}
			for _, fl := range flagWord.FindAllString(en.stderr, -1) {
				if !strings.Contains(r.stderr, fl) {
					t.Errorf("%s: %s of the English is missing from %s", name, fl, r.stderr)
				}
			}
			for _, n := range numberWord.FindAllString(en.stderr, -1) {
				if !strings.Contains(r.stderr, n) {
					t.Errorf("%s: %s of the English is missing from %s", name, n, r.stderr)
				}
			}
		}
	}
	least := 80
	if testing.Short() {
		least /= 3
	}
	if tried < least {
		t.Errorf("only %d bad inputs tried", tried)
	}
}

// TestStripNames: a name is left out only as a whole word the English
// gives too, so that an English word that is also a name (line, value)
// still counts where the English has it as a word of its sentence.
func TestStripNames(t *testing.T) {
	names := []string{"null-move", "line", "row", "value"}
	for _, c := range []struct{ s, en, want string }{
		{"«twice» не line и не row", "is not line or row", "«twice» не   и не  "},
		{"null-move-zugzwang, null-move", "null-move", "null-move-zugzwang,  "},
		{"the value line", "a row", "the value line"},
	} {
		if got := stripNames(c.s, c.en, names); got != c.want {
			t.Errorf("stripNames(%q, %q) = %q, want %q", c.s, c.en, got, c.want)
		}
	}
}

// TestErrorLanguages: a few bad inputs in Russian and Czech, by --lang and
// by the locale.
func TestErrorLanguages(t *testing.T) {
	runGolden(t, []goldenCase{
		{"err-algo-ru.txt", "", []string{"search", "--tree", "aima", "--algo", "alphabet", "--lang", "ru"}},
		{"err-algo-cs.txt", "", []string{"search", "--tree", "aima", "--algo", "alphabet", "--lang", "cs"}},
		{"err-tree-syntax-ru.txt", "", []string{"search", "--tree", "((3 4) (5", "--lang", "ru"}},
		{"err-tree-syntax-cs.txt", "", []string{"search", "--tree", "((3 4) (5", "--lang", "cs"}},
		{"err-fen-ru.txt", "", []string{"search", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--depth", "2", "--lang", "ru"}},
		{"err-fen-cs.txt", "", []string{"search", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--depth", "2", "--lang", "cs"}},
		{"err-noeval-ru.txt", "", []string{"search", "--tree", "((3 4) (5 6))", "--depth", "1", "--lang", "ru"}},
		{"err-check-trace-cs.txt", "{\"ev\": \"enter\", \"node\": \"9\"}\n", []string{"check", "-", "--tree", "aima", "--lang", "cs"}},
	})
}

// TestErrorPlacesTranslated: what an error says it is about, diff's spec A
// or B and the clause or line of a quiz's answers, is said in Russian and
// Czech (спецификация B, фраза 2, строка 3 стандартного ввода; specifikace
// B, položka 2, řádek 3 standardního vstupu), with the flag names, the
// spec and clause as given and every number of the English; standard
// input too, which TestErrorsTranslated leaves out.
func TestErrorPlacesTranslated(t *testing.T) {
	for _, c := range []struct {
		stdin string
		args  []string
		kept  []string // what every language writes as the English does
	}{
		{"", []string{"diff", "alphabeta", "alphabet", "--tree", "aima"}, []string{" B: ", `"alphabet"`}},
		{"", []string{"diff", "alphabeta+nul", "alphabeta", "--tree", "aima"}, []string{" A: alphabeta+nul: ", `"nul"`}},
		{"", []string{"diff", "alphabeta", "alphabeta:soft:f2", "--tree", "aima"}, []string{" B: alphabeta:soft:f2: "}},
		{"", []string{"diff", "alphabeta", "--tree", "aima"}, []string{"diff: ", " 1 "}},
		{"", []string{"diff", "a", "b", "c", "--tree", "aima"}, []string{"diff: ", " 3 "}},
		{"", []string{"quiz", "check", "--tree", "aima", "--answer", "value 3; nevr 2.2"}, []string{"--answer: ", ` 2 "nevr 2.2": `}},
		{"", []string{"quiz", "check", "--tree", "aima", "--answer", "value 3; value 4"}, []string{"--answer: ", ` 2 "value 4": `}},
		{"value 3\n# a comment\nbest 9\n", []string{"quiz", "check", "--tree", "aima", "--answer", "-"}, []string{" 3", `"9"`}},
	} {
		en := run(t, c.stdin, c.args...)
		if en.code != 2 || !strings.Contains(en.stderr, "spec") && !strings.Contains(en.stderr, "clause ") && !strings.Contains(en.stderr, "stdin line ") {
			t.Fatalf("%v: %s", c.args, en)
		}
		for _, l := range []string{"ru", "cs"} {
			r := run(t, c.stdin, append([]string{"--lang", l}, c.args...)...)
			if r.code != 2 || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("%s %v: %s", l, c.args, r)
				continue
			}
			rest := quoted.ReplaceAllString(r.stderr, "")
			for _, w := range []string{"spec", "specs", "given", "clause", "line", "stdin"} {
				if regexp.MustCompile(`\b` + w + `\b`).MatchString(rest) {
					t.Errorf("%s %v: %q left in %s", l, c.args, w, r.stderr)
				}
			}
			for _, k := range c.kept {
				if !strings.Contains(r.stderr, k) || !strings.Contains(en.stderr, k) {
					t.Errorf("%s %v: %q of the English missing: %s", l, c.args, k, r.stderr)
				}
			}
			for _, n := range numberWord.FindAllString(en.stderr, -1) {
				if !strings.Contains(r.stderr, n) {
					t.Errorf("%s %v: %s of the English is missing from %s", l, c.args, n, r.stderr)
				}
			}
		}
	}
}
