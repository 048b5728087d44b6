package cmd

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
	"github.com/prunescope/prunescope/lessons/student"
	"github.com/prunescope/prunescope/trace"
)

// The commands' own words and the sentences of trace/explain's nodes and
// summaries in Russian and Czech (issue 23): goldens of a few, and for
// more a check that nothing is left in English and that every number and
// node name of the English output is in each translation too.

func TestGoldenLang(t *testing.T) {
	runGolden(t, []goldenCase{
		{"lang-ru-search-aima.txt", "", []string{"--lang", "ru", "search", "--tree", "aima"}},
		{"lang-cs-search-aima.txt", "", []string{"--lang", "cs", "search", "--tree", "aima"}},
		{"lang-ru-search-window.txt", "", []string{"--lang", "ru", "search", "--tree", "aima", "--window", "3,8", "--fail", "soft"}},
		{"lang-cs-search-iterative.txt", "", []string{"--lang", "cs", "search", "--tree", "((3 4)[eval=2] (5 6)[eval=7])", "--iterative", "--trace", "none"}},
		{"lang-ru-step-aima.txt", "", []string{"--lang", "ru", "step", "--tree", "aima", "--plain"}},
		{"lang-cs-step-aima.txt", "", []string{"--lang", "cs", "step", "--tree", "wikipedia", "--plain", "--steps", "12"}},
		{"lang-cs-diff-wikipedia.txt", "", []string{"--lang", "cs", "diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia"}},
		{"lang-ru-diff-wikipedia.txt", "", []string{"--lang", "ru", "diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia"}},
		{"lang-ru-compare-wikipedia.txt", "", []string{"--lang", "ru", "compare", "--tree", "wikipedia"}},
		{"lang-cs-compare-chance.txt", "", []string{"--lang", "cs", "compare", "--tree", "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])", "--algos", "expectimax,star1,star2", "--bounds", "-2,2"}},
	})
}

// leftEnglish are words of the English output that a Russian or Czech one
// must not have.
var leftEnglish = regexp.MustCompile(`(?i)\b(the|of|and|value|values|node|nodes|leaf|leaves|window|depth|best|move|moves|returns|returned|searched|search|root|pruned|edges|inner|exact|bound|upper|lower|iteration|pass|passes|step|event|cuts|cutoff|cutoffs|keeps|instead|only|matter|elsewhere|difference|differences|compared|matched|table|algorithm|conventions|point|view|reaches|static|legal|after|before|at|is|with|not|now|has|more|below|above|search's|average|chance|probe|quiescence|verified|failed|skipped|extended|reduced|closed|path|keys|white|black|centipawns|given|limit|stopped|note|state|states|generated|action)\b`)

// notWords are what may stay English in any language: flags, spec names
// (alphabeta:hard:ge, +null-move), and the lines other parts write (a
// cutoff's sentence, ✂, is trace/explain's events').
var notWords = regexp.MustCompile(`--[a-z-]+|\S*[:+\[]\S*|\S+\.test\b`)

func otherPart(line string) bool {
	return strings.Contains(line, "✂") || strings.HasPrefix(line, "$ prunescope") ||
		strings.Contains(line, " — the average") // a chance node's return: ChanceReturn, the events' part
}

func TestLanguages(t *testing.T) {
	cases := [][]string{
		{"search", "--tree", "aima"},
		{"search", "--tree", "wikipedia", "--fail", "soft", "--cutoff", "gt"},
		{"search", "--tree", "aima", "--window", "3,8"},
		{"search", "--tree", "aima", "--root", "min", "--fail", "soft", "--window", "2,4"},
		{"search", "--tree", "(5 (((3 9) 1) 2))", "--algo", "branch-bound"},
		{"search", "--tree", "((3 4)[eval=2] (5 6)[eval=7])", "--depth", "1"},
		{"search", "--tree", "((3 4)[eval=2] (5 6)[eval=7])", "--iterative"},
		{"search", "--tree", "((3 12 7)[chance] (2[p=1/3] 4[p=1/6] 9[p=0.5])[chance])", "--algo", "expectimax"},
		{"search", "--tree", "wikipedia", "--trace-depth", "1"},
		{"search", "--fen", "kiwipete", "--depth", "2", "--trace", "none"},
		{"search", "--fen", "kiwipete", "--depth", "2", "--trace", "none", "--selective", "--tt", "--iterative", "--order", "all", "--aspiration", "50", "--lmr", "--lmp", "--rfp", "--iid", "--check-ext"},
		{"step", "--tree", "aima", "--plain"},
		{"step", "--tree", "wikipedia", "--plain", "--fail", "soft", "--cutoff", "gt"},
		{"step", "--tree", "aima", "--plain", "--window", "3,8"},
		{"diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia"},
		{"diff", "alphabeta", "minimax", "--tree", "aima"},
		{"diff", "alphabeta", "alphabeta", "--tree", "aima"},
		{"diff", "alphabeta", "alphabeta+null-move", "--fen", "tactic", "--depth", "3", "--null-min-ply", "1", "--max-diffs", "40"},
		{"diff", "alphabeta", "alphabeta+selective", "--fen", "tactic", "--depth", "2", "--max-diffs", "60"},
		{"diff", "alphabeta", "alphabeta+reductions", "--fen", "kiwipete", "--depth", "3", "--max-diffs", "60"},
		{"diff", "alphabeta", "pvs", "--tree", "wikipedia"},
		{"compare", "--tree", "wikipedia"},
		{"compare", "--tree", "aima", "--window", "1,2", "--algos", "alphabeta,alphabeta:soft,pvs,mtdf"},
		{"compare", "--fen", "kiwipete", "--depth", "2", "--algos", "negamax,alphabeta"},
	}
	for _, args := range cases {
		en := run(t, "", args...)
		if en.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, en.code, en.stderr)
		}
		want := i18ntest.Numbers(en.stdout)
		for _, l := range []string{"ru", "cs"} {
			got := run(t, "", append([]string{"--lang", l}, args...)...)
			if got.code != 0 {
				t.Errorf("%s %v: exit %d: %s", l, args, got.code, got.stderr)
				continue
			}
			for _, line := range strings.Split(got.stdout, "\n") {
				if otherPart(line) {
					continue
				}
				if w := leftEnglish.FindString(notWords.ReplaceAllString(line, "")); w != "" {
					t.Errorf("%s %v: %q left in English in %q", l, args, w, line)
				}
			}
			if n := i18ntest.Numbers(got.stdout); !slices.Equal(n, want) {
				t.Errorf("%s %v: numbers and node names %v, English's %v", l, args, n, want)
			}
		}
	}
}

// TestCheckRootWords: check's verdict names the root in the language
// chosen ("входит в корень", "vstupuje do kořene"), a node by its path.
func TestCheckRootWords(t *testing.T) {
	ref := &student.Search{Info: &trace.Info{Scale: 1}}
	steps := []*student.Step{{Key: ""}, {Key: "", Window: true, Alpha: 1, Beta: 5}, {Key: "", Exit: true, Value: 3}, {Key: "2.1", Window: true, Alpha: 1, Beta: 5}}
	for _, l := range []i18n.Lang{i18n.Ru, i18n.Cs} {
		for _, st := range steps {
			s := yoursIn(i18n.For(l), ref, st)
			if strings.Contains(s, "root") || s == yoursIn(i18n.For(i18n.En), ref, st) {
				t.Errorf("%s: %q", l, s)
			}
			if st.Key != "" && !strings.Contains(s, st.Key) {
				t.Errorf("%s: %q does not name %s", l, s, st.Key)
			}
		}
	}
	if s := yoursIn(i18n.For(i18n.En), ref, steps[1]); s != "enters root with the window (1, 5) (line 0)" {
		t.Errorf("English: %q", s)
	}
}

// TestStudentStopNote: a student's trace that stops being a search is
// shown up to there with a note that says why, and the last step's
// sentence says it too, in Russian and Czech as in English: no English
// word left, the lines and node names of the English kept.
func TestStudentStopNote(t *testing.T) {
	dir := t.TempDir()
	traces := map[string]string{
		"notmove.jsonl": `{"ev":"enter","node":"root"}
{"ev":"enter","node":"1"}
{"ev":"enter","node":"2"}
{"ev":"leaf","node":"2.1","value":2}
`,
		"open.jsonl": `{"ev":"enter","node":"root"}
{"ev":"enter","node":"1"}
{"ev":"leaf","node":"1.1","value":3}
`,
	}
	english := regexp.MustCompile(`\b(note|shown|up|line|enters|which|not|move|from|node|nodes|open|there|trace|ends|still|without|value|the|search|stopped)\b`)
	for name, text := range traces {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"step", path, "--tree", "aima", "--plain"}
		en := run(t, "", args...)
		if en.code != 0 || !strings.HasPrefix(en.stderr, "prunescope: note: "+path+": ") {
			t.Fatalf("%s: %s", name, en)
		}
		enLast := en.stdout[strings.LastIndex(strings.TrimRight(en.stdout, "\n"), "\n[")+1:]
		if !strings.Contains(enLast, "The search stopped (") {
			t.Fatalf("%s: the last step %q", name, enLast)
		}
		for _, l := range []string{"ru", "cs"} {
			r := run(t, "", append([]string{"--lang", l}, args...)...)
			if r.code != 0 || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("%s %s: %s", name, l, r)
				continue
			}
			note := strings.ReplaceAll(r.stderr, path, "")
			last := r.stdout[strings.LastIndex(strings.TrimRight(r.stdout, "\n"), "\n[")+1:]
			for _, s := range []string{note, last} {
				if m := english.FindString(strings.TrimPrefix(s, "prunescope: ")); m != "" {
					t.Errorf("%s %s: %q left in English in %q", name, l, m, s)
				}
			}
			if a, b := i18ntest.Numbers(strings.ReplaceAll(en.stderr, path, "")), i18ntest.Numbers(note); !slices.Equal(a, b) {
				t.Errorf("%s %s: the note has %v, the English %v: %s", name, l, b, a, r.stderr)
			}
			if a, b := i18ntest.Numbers(enLast), i18ntest.Numbers(last); !slices.Equal(a, b) {
				t.Errorf("%s %s: the last step has %v, the English %v: %s", name, l, b, a, last)
			}
		}
	}
}

// noteEnglish are the words of the notes and the lines that say what was
// written (stderr) that Russian and Czech must not keep.
var noteEnglish = map[string]bool{}

func init() {
	for _, w := range strings.Fields("note wrote frame frames open step through them search stopped at the node nodes after entering last says where has no event drawing what it recorded is large picture draw less reads better trace in entered before was value time") {
		noteEnglish[w] = true
	}
}

// TestNotesTranslated: the notes a command writes on standard error (a
// search stopped at the node limit, a trace without its done event or
// without a node to draw, a large picture) and the lines that say what it
// wrote are in Russian and Czech as in English, every number and file
// name kept; diff says why a search stopped in the language too.
func TestNotesTranslated(t *testing.T) {
	dir := t.TempDir()
	full := run(t, "", "search", "--tree", "wikipedia", "--nodes", "7", "--trace", "json")
	lines := strings.SplitAfter(strings.TrimRight(full.stdout, "\n"), "\n")
	stopped := filepath.Join(dir, "stopped.jsonl") // the done event says "node limit"
	nodone := filepath.Join(dir, "nodone.jsonl")
	start := filepath.Join(dir, "start.jsonl")
	wide := filepath.Join(dir, "wide.txt") // 729 leaves: a large picture
	random := run(t, "", "tree", "random", "--branching", "3", "--depth", "6", "--seed", "1")
	for file, text := range map[string]string{stopped: full.stdout, nodone: strings.Join(lines[:len(lines)-1], ""), start: lines[0], wide: random.stdout} {
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		code  int
		what  string // the English that the case is about
		args  []string
		files []string // what it names, the same in every language
	}{
		{0, "after entering 1 node", []string{"step", "--tree", "wikipedia", "--nodes", "1", "--plain"}, nil},
		{0, "after entering 3 nodes", []string{"step", "--tree", "wikipedia", "--nodes", "3", "--plain"}, nil},
		{0, "after entering 5 nodes", []string{"step", "--tree", "wikipedia", "--nodes", "5", "--plain"}, nil},
		{0, "has no done event", []string{"render", nodone, "--svg", filepath.Join(dir, "nodone.svg")}, []string{nodone, filepath.Join(dir, "nodone.svg")}},
		{2, "no node was entered", []string{"render", start, "--svg", filepath.Join(dir, "start.svg")}, []string{start}},
		{0, "wrote " + filepath.Join(dir, "aima.svg"), []string{"search", "--tree", "aima", "--trace", "none", "--svg", filepath.Join(dir, "aima.svg")}, []string{filepath.Join(dir, "aima.svg")}},
		{0, "wrote 2 frames", []string{"step", "--tree", "(1)", "--frames", filepath.Join(dir, "two"), "--frames-every", "4"}, []string{filepath.Join(dir, "two")}},
		{0, "wrote 5 frames", []string{"step", "--tree", "(1 2)", "--frames", filepath.Join(dir, "five")}, []string{filepath.Join(dir, "five")}},
		{0, "is a large picture", []string{"search", "--tree", wide, "--trace", "none", "--max-draw", "2000", "--svg", filepath.Join(dir, "w.svg"), "--renderer", "builtin"}, []string{filepath.Join(dir, "w.svg")}},
		{0, "no value: the search stopped (node limit)", []string{"diff", stopped, "alphabeta", "--tree", "wikipedia"}, []string{stopped}},
	}
	for _, c := range cases {
		en := run(t, "", c.args...)
		if en.code != c.code || !strings.Contains(en.stdout+en.stderr, c.what) {
			t.Fatalf("%v: %s", c.args, en)
		}
		said := func(r result) string { // what the case is about: stderr, or diff's lines
			if c.args[0] == "diff" {
				return r.stdout[:strings.Index(r.stdout, "\nB ")]
			}
			return r.stderr
		}
		for _, l := range []string{"ru", "cs"} {
			r := run(t, "", append([]string{"--lang", l}, c.args...)...)
			if r.code != c.code {
				t.Errorf("%s %v: %s", l, c.args, r)
				continue
			}
			got := said(r)
			for _, f := range c.files {
				if strings.Contains(said(en), f) && !strings.Contains(got, f) {
					t.Errorf("%s %v: %s missing from %q", l, c.args, f, got)
				}
				got = strings.ReplaceAll(got, f, "")
			}
			rest := notWords.ReplaceAllString(strings.ReplaceAll(got, "prunescope", ""), "")
			for _, w := range letters.FindAllString(rest, -1) { // \b is ASCII's: zapsáno is no "no"
				if noteEnglish[w] {
					t.Errorf("%s %v: %q left in English in %q", l, c.args, w, got)
				}
			}
			size := regexp.MustCompile(`\d+×\d+`) // a picture's size: its words' widths are the language's
			if a, b := i18ntest.Numbers(size.ReplaceAllString(said(en), "")), i18ntest.Numbers(size.ReplaceAllString(said(r), "")); !slices.Equal(a, b) {
				t.Errorf("%s %v: numbers %v, the English %v: %q", l, c.args, b, a, said(r))
			}
		}
	}
}

// TestFramesCaptions: step --frames captions each frame in the language
// (шаг 1 из 5 · событие 1: …), the step's sentence being the stepper's,
// and names its index page in the language's words: no English left, the
// numbers of the English kept.
func TestFramesCaptions(t *testing.T) {
	dir := t.TempDir()
	text := regexp.MustCompile(`<text[^>]*>([^<]*)</text>`) // the caption's lines, and the drawing's
	captions := func(lang, view string) []string {
		out := filepath.Join(dir, lang+view)
		args := []string{"step", "--tree", "(1 (2 3))", "--frames", out, "--view", view}
		if lang != "" {
			args = append([]string{"--lang", lang}, args...)
		}
		if r := run(t, "", args...); r.code != 0 {
			t.Fatalf("%v: %s", args, r)
		}
		var all []string
		for i := 1; ; i++ {
			svg, err := os.ReadFile(filepath.Join(out, fmt.Sprintf("step-%04d.svg", i)))
			if err != nil {
				break
			}
			var words []string
			for _, m := range text.FindAllStringSubmatch(string(svg), -1) {
				words = append(words, html.UnescapeString(m[1]))
			}
			all = append(all, strings.Join(words, " "))
		}
		if len(all) < 5 {
			t.Fatalf("%v: %d frames", args, len(all))
		}
		return all
	}
	for _, view := range []string{"max", "negamax"} {
		en := captions("", view)
		if !strings.Contains(en[0], "step 1 of ") {
			t.Fatalf("the English caption %q", en[0])
		}
		for _, l := range []string{"ru", "cs"} {
			got := captions(l, view)
			for i, c := range got {
				if m := leftEnglish.FindString(notWords.ReplaceAllString(c, "")); m != "" {
					t.Errorf("%s %s frame %d: %q left in English in %q", l, view, i+1, m, c)
				}
				if a, b := i18ntest.Numbers(en[i]), i18ntest.Numbers(c); !slices.Equal(a, b) {
					t.Errorf("%s %s frame %d: numbers %v, the English %v: %q", l, view, i+1, b, a, c)
				}
			}
		}
	}
}
