package lessons

import (
	"github.com/prunescope/prunescope/internal/i18n"

	"bufio"
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestEmbeddedLessons: every lesson file of the build parses and is complete,
// the required lessons are there, in a teaching order without gaps, each
// crediting its source, and no two lessons draw into the same file.
func TestEmbeddedLessons(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	// The source each technique comes from, as its credit line names it.
	sources := map[string]string{
		"minimax-negamax":     "Knuth",
		"branch-and-bound":    "Knuth",
		"alpha-beta":          "Knuth",
		"fail-hard-soft":      "Knuth",
		"move-ordering":       "Knuth",
		"iterative-deepening": "Němec",
		"aspiration-windows":  "Němec",
		"pvs":                 "Němec",
		"mtdf":                "Němec",
		"quiescence":          "Němec",
		"extensions":          "Němec",
		"transpositions":      "Популярно об ИИ",
		"null-move":           "Kornilov",
		"null-move-zugzwang":  "Kornilov",
		"reductions":          "Kornilov",
		"futility-razoring":   "Kornilov",
		"multi-agent":         "CS188",
		"expectimax":          "Ballard",
	}
	for name, src := range sources {
		l, ok := Find(all, name)
		if !ok {
			t.Errorf("no lesson %s", name)
			continue
		}
		if !strings.Contains(l.Credit, src) {
			t.Errorf("%s: the credit %q does not name %s", name, l.Credit, src)
		}
	}
	drawn := map[string]string{}
	for i, l := range all {
		if l.Order != i+1 {
			t.Errorf("%s is number %d in the teaching order, want %d (no gaps)", l.Name, l.Order, i+1)
		}
		if l.Title == "" || l.Technique == "" || l.Credit == "" || len(l.Explanation) == 0 {
			t.Errorf("%s: title, technique, credit or explanation missing", l.Name)
		}
		if len(l.Steps) < 1 || len(l.Steps) > 4 {
			t.Errorf("%s: %d commands", l.Name, len(l.Steps))
		}
		if len(l.Questions) < 2 || len(l.Questions) > 3 {
			t.Errorf("%s: %d questions", l.Name, len(l.Questions))
		}
		for _, q := range l.Questions {
			if q.Q == "" || q.A == "" {
				t.Errorf("%s: a question without an answer: %+v", l.Name, q)
			}
		}
		for _, d := range l.Drawings() {
			if other, ok := drawn[d]; ok {
				t.Errorf("%s and %s both draw %s", other, l.Name, d)
			}
			drawn[d] = l.Name
		}
		for _, s := range l.Steps {
			// Without drawings, the line shown is the line written.
			if len(s.Drawings()) == 0 {
				if _, line, _ := s.Prepare(""); line != s.Line {
					t.Errorf("%s: the command\n%s\nis shown as\n%s", l.Name, s.Line, line)
				}
			}
		}
		if !slices.ContainsFunc(l.Checks, func(c Check) bool { return c.Kind == "value" }) {
			t.Errorf("%s: no check of a root value", l.Name)
		}
	}
	if len(all) < len(sources) {
		t.Errorf("%d lessons, want at least %d", len(all), len(sources))
	}
}

const sample = `# A sample lesson

technique: sampling

credit: Someone, "Something" (2000)

## Explanation

First paragraph,
on two lines.

- an item
  that goes on
- another item

    F(p) = max(-F(c))

Last paragraph.

## Scenario

` + "```sh" + `
# look at it
$ prunescope search --tree aima --png sample.png
$ prunescope tree ordered --depth 2 | prunescope search --tree "-" --svg=pipe.svg
` + "```" + `

## Look for

- one thing
  and more
- another

## Questions

Q: Why?
A: Because,
as it goes.

Q: How?
A: So.

## Checks

- 1 value 3
- 2 @alphabeta:hard:ge leaves 9
- 1 shows ✂ MIN node 2
- 1 never 2.2 2.3
`

func TestParse(t *testing.T) {
	l, err := Parse("sample", sample)
	if err != nil {
		t.Fatal(err)
	}
	want := &Lesson{
		Name:      "sample",
		Title:     "A sample lesson",
		Technique: "sampling",
		Credit:    `Someone, "Something" (2000)`,
		Explanation: []Block{
			{Text: "First paragraph, on two lines."},
			{Text: "an item that goes on", Bullet: true},
			{Text: "another item", Bullet: true},
			{Text: "F(p) = max(-F(c))", Pre: true},
			{Text: "Last paragraph."},
		},
		Steps: []Step{
			{Caption: "look at it", Line: "prunescope search --tree aima --png sample.png",
				Stages: [][]string{{"search", "--tree", "aima", "--png", "sample.png"}}},
			{Line: `prunescope tree ordered --depth 2 | prunescope search --tree "-" --svg=pipe.svg`,
				Stages: [][]string{{"tree", "ordered", "--depth", "2"}, {"search", "--tree", "-", "--svg=pipe.svg"}}},
		},
		LookFor:   []string{"one thing and more", "another"},
		Questions: []Question{{"Why?", "Because, as it goes."}, {"How?", "So."}},
		Checks: []Check{
			{Step: 1, Kind: "value", Want: "3", Text: "1 value 3"},
			{Step: 2, Row: "alphabeta:hard:ge", Kind: "leaves", Want: "9", Text: "2 @alphabeta:hard:ge leaves 9"},
			{Step: 1, Kind: "shows", Want: "✂ MIN node 2", Text: "1 shows ✂ MIN node 2"},
			{Step: 1, Kind: "never", Nodes: []string{"2.2", "2.3"}, Text: "1 never 2.2 2.3"},
		},
	}
	if !reflect.DeepEqual(l, want) {
		t.Errorf("got\n%#v\nwant\n%#v", l, want)
	}
	if got := l.Drawings(); !reflect.DeepEqual(got, []string{"sample.png", "pipe.svg"}) {
		t.Errorf("drawings %v", got)
	}
}

// TestParseErrors: each rule of the format is enforced, with a message that
// says what is wrong.
func TestParseErrors(t *testing.T) {
	replace := func(old, new string) string {
		if !strings.Contains(sample, old) {
			t.Fatalf("the sample has no %q", old)
		}
		return strings.Replace(sample, old, new, 1)
	}
	cases := []struct {
		name, src, want string
	}{
		{"no title", strings.TrimPrefix(sample, "# A sample lesson"), "starts with its title"},
		{"no credit", replace("credit: Someone, \"Something\" (2000)\n", ""), "no credit"},
		{"empty credit", replace("credit: Someone, \"Something\" (2000)", "credit:"), "credit: is empty"},
		{"no technique", replace("technique: sampling\n", ""), "no technique"},
		{"stray header", replace("technique: sampling", "technique: sampling\nauthor: me"), "only technique: and credit:"},
		{"sections out of order", replace("## Look for", "## Questions"), `section "Questions": expected ## Look for`},
		{"missing section", sample[:strings.Index(sample, "## Checks")], "no ## Checks section"},
		{"no command", replace("$ prunescope search --tree aima --png sample.png\n$ prunescope tree ordered --depth 2 | prunescope search --tree \"-\" --svg=pipe.svg\n", ""), "caption \"look at it\" has no command"},
		{"five commands", replace("$ prunescope search --tree aima --png sample.png", strings.Repeat("$ prunescope search --tree aima\n", 3)+"$ prunescope search --tree aima --png sample.png"), "5 commands"},
		{"not prunescope", replace("$ prunescope search --tree aima --png", "$ ls --tree aima --png"), `starts with "prunescope"`},
		{"unclosed quote", replace(`--tree "-"`, `--tree "-`), "unclosed \" quote"},
		{"drawing in a folder", replace("--png sample.png", "--png out/sample.png"), "without a folder"},
		{"drawing extension", replace("--png sample.png", "--png sample.svg"), "must end in .png"},
		{"drawing to stdout", replace("--png sample.png", "--png -"), "needs a file name"},
		{"drawn twice", replace("--svg=pipe.svg", "--png=sample.png"), "sample.png is drawn twice"},
		{"no drawing", strings.NewReplacer(" --png sample.png", "", " --svg=pipe.svg", "").Replace(sample), "draws nothing"},
		{"stray scenario line", replace("# look at it", "look at it"), "not \"look at it\""},
		{"nothing to look for", replace("- one thing\n  and more\n- another\n", ""), "nothing to look for"},
		{"one question", replace("Q: How?\nA: So.\n", ""), "1 questions"},
		{"four questions", replace("Q: How?\nA: So.\n", "Q: How?\nA: So.\nQ: 3?\nA: 3.\nQ: 4?\nA: 4.\n"), "4 questions"},
		{"question without answer", replace("A: So.", ""), "has no answer"},
		{"answer without question", replace("Q: How?", ""), "without its question"},
		{"check of a missing command", replace("- 1 value 3", "- 1 value 3\n- 3 value 3"), "the scenario has 2 commands"},
		{"check without a number", replace("- 1 value 3", "- one value 3"), "starts with the number"},
		{"check kind", replace("- 1 never 2.2 2.3", "- 1 Never 2.2"), "is not a field"},
		{"check without value", replace("- 1 value 3", "- 1 value 3\n- 1 leaves"), "leaves needs the expected value"},
		{"never on a row", replace("- 1 never 2.2 2.3", "- 1 @alphabeta never 2.2"), "reads a text trace"},
		{"no root value", replace("- 1 value 3\n", ""), "no check of a root value"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("sample", c.src)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one saying %q", err, c.want)
			}
		})
	}
	if _, err := Parse("Not_Kebab", sample); err == nil {
		t.Error("a name that is not kebab-case was accepted")
	}
}

const searchOut = `alpha-beta F2 (Knuth & Moore) · fail-hard · cut when value reaches the bound (≥ β at MAX, ≤ α at MIN)
tree aima · root MAX · depth 2 · values from MAX's point of view

▲ MAX root  window (−∞, +∞)
│ ▼ MIN 1  window (−∞, +∞)
│ │ · 1.1 leaf 3  window (−∞, +∞)
│ │ · 1.2 leaf 12  window (−∞, 3)
│ │ · 1.3 leaf 8  window (−∞, 3)
│ └ 1 = 3 exact
│ ▼ MIN 2  window (3, +∞)
│ │ · 2.1 leaf 2  window (3, +∞)
│ │ ✂ MIN node 2: value 2 <= alpha 3 -> 2 moves not searched: 2.2, 2.3
│ └ 2 = 3 upper bound (true value ≤ 3) — fail-hard: the best found, 2, is clamped to α
└ root = 3 exact

value 3 · best move 1 · PV 1 1.1
nodes 11 · leaves 7 · cutoff 1 · tt hit 2
`

const compareOut = `tree wikipedia · root MAX · depth 4 · values from MAX's point of view

algorithm          conventions                               value  best  nodes  leaves  cutoffs  null prunes
minimax            no pruning                                6      2     33     14      0        0
alphabeta:hard:gt  fail-hard, cut on > (no pruning on ties)  -∞     -     32     13      1        5
`

// TestVerify: each kind of check holds where the output agrees and fails,
// saying why, where it does not.
func TestVerify(t *testing.T) {
	cases := []struct {
		check, out string
		fail       string // "" if the check must hold
	}{
		{"1 value 3", searchOut, ""},
		{"1 value 4", searchOut, "value is 3, the lesson says 4"},
		{"1 best 1", searchOut, ""},
		{"1 pv 1 1.1", searchOut, ""},
		{"1 pv 1", searchOut, "pv is 1 1.1"},
		{"1 nodes 11", searchOut, ""},
		{"1 leaves 8", searchOut, "leaves is 7"},
		{"1 cutoffs 1", searchOut, ""}, // "cutoff 1" in the output
		{"1 tt-hit 2", searchOut, ""},
		{"1 null-prune 1", searchOut, "has no null-prune"},
		{"1 value 3", compareOut, "no search summary"},
		{"1 @minimax value 6", compareOut, ""},
		{"1 @minimax nodes 33", compareOut, ""},
		{"1 @alphabeta:hard:gt value -∞", compareOut, ""},
		{"1 @alphabeta:hard:gt best -", compareOut, ""},
		{"1 @alphabeta:hard:gt leaves 13", compareOut, ""},
		{"1 @alphabeta:hard:gt null-prunes 5", compareOut, ""},
		{"1 @alphabeta:hard:gt cutoffs 2", compareOut, "cutoffs is 1"},
		{"1 @alphabeta:hard:gt conventions fail-hard, cut on > (no pruning on ties)", compareOut, ""},
		{"1 @alphabeta value 6", compareOut, "no row alphabeta"},
		{"1 @minimax value 6", searchOut, "no compare table"},
		{"1 @minimax re-searches 0", compareOut, "has no re-searches"},
		{"1 shows ✂ MIN node 2: value 2 <= alpha 3", searchOut, ""},
		{"1 shows ✂ MIN node 3", searchOut, `no line shows "✂ MIN node 3"`},
		{"1 lacks re-search", searchOut, ""},
		{"1 lacks fail-hard", searchOut, "a line shows"},
		{"1 lacks anything", "", "printed nothing"},
		{"1 searched root 1 1.1 2.1", searchOut, ""},
		{"1 searched 2.2", searchOut, "node 2.2 is never searched"},
		{"1 never 2.2 2.3 3", searchOut, ""},
		{"1 never 2.1", searchOut, "node 2.1 is searched"},
		{"1 never 2.2", "value 3 · best move 1\nnodes 11 · leaves 7\n", "no text trace"},
		{"1 never 1.1", searchOut + "(5 nodes deeper than ply 1 not shown)\n", "hides nodes deeper than ply 1"},
		{"1 never 3", searchOut + "(5 nodes deeper than ply 1 not shown)\n", ""},
	}
	for _, c := range cases {
		t.Run(c.check, func(t *testing.T) {
			chk, err := parseCheck(c.check)
			if err != nil {
				t.Fatal(err)
			}
			err = chk.Verify(c.out)
			switch {
			case c.fail == "" && err != nil:
				t.Errorf("fails: %v", err)
			case c.fail != "" && err == nil:
				t.Errorf("holds, want a failure saying %q", c.fail)
			case c.fail != "" && !strings.Contains(err.Error(), c.fail):
				t.Errorf("fails with %q, want %q", err, c.fail)
			}
		})
	}
}

func TestPrepare(t *testing.T) {
	s := Step{Line: "x", Stages: [][]string{
		{"tree", "ordered", "--depth", "2"},
		{"search", "--tree", "-", "--png", "a.png", "--moves", "e4 e5", "--svg=b.svg", "--dot", "c.dot"},
	}}
	stages, line, left := s.Prepare("")
	want := [][]string{{"tree", "ordered", "--depth", "2"}, {"search", "--tree", "-", "--moves", "e4 e5"}}
	if !reflect.DeepEqual(stages, want) || !reflect.DeepEqual(left, []string{"a.png", "b.svg", "c.dot"}) {
		t.Errorf("without --out: %q, left %v", stages, left)
	}
	if want := `prunescope tree ordered --depth 2 | prunescope search --tree - --moves "e4 e5"`; line != want {
		t.Errorf("line %s, want %s", line, want)
	}
	stages, line, left = s.Prepare("/tmp/my pictures")
	want = [][]string{{"tree", "ordered", "--depth", "2"}, {"search", "--tree", "-", "--png", "/tmp/my pictures/a.png", "--moves", "e4 e5", "--svg", "/tmp/my pictures/b.svg", "--dot", "/tmp/my pictures/c.dot"}}
	if !reflect.DeepEqual(stages, want) || len(left) != 0 {
		t.Errorf("with --out: %q, left %v", stages, left)
	}
	if want := `prunescope tree ordered --depth 2 | prunescope search --tree - --png "/tmp/my pictures/a.png" --moves "e4 e5" --svg "/tmp/my pictures/b.svg" --dot "/tmp/my pictures/c.dot"`; line != want {
		t.Errorf("line %s, want %s", line, want)
	}
	for arg, want := range map[string]string{
		"aima":                     "aima",
		"alphabeta:hard:ge,pvs+tt": "alphabeta:hard:ge,pvs+tt",
		"(5 (((3 9) 1) 2))":        `"(5 (((3 9) 1) 2))"`,
		"--color=auto":             "--color=auto",
		`it's "x"`:                 `'it'\''s "x"'`,
		"":                         `""`,
	} {
		if got := quoteArg(arg); got != want {
			t.Errorf("quoteArg(%q) = %s, want %s", arg, got, want)
		}
	}
}

func TestSuggest(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for typed, want := range map[string]string{
		"alphabeta":     "alpha-beta",
		"alpha-bta":     "alpha-beta",
		"Alpha-Beta":    "alpha-beta",
		"null":          "null-move",
		"zugzwang":      "null-move-zugzwang",
		"mtd-f":         "mtdf",
		"quiesence":     "quiescence",
		"chess":         "",
		"x":             "",
		"transposition": "transpositions",
	} {
		if got := Suggest(all, typed); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", typed, got, want)
		}
	}
}

func TestWrap(t *testing.T) {
	var buf bytes.Buffer
	b := &page{bufio.NewWriter(&buf), Measure, i18n.For(i18n.En)}
	wrap(b, strings.Repeat("word ", 20)+"`a formula that must stay whole` end", "  • ", "    ")
	b.Flush()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	for i, line := range lines {
		if n := len([]rune(line)); n > Measure {
			t.Errorf("line %d is %d characters: %q", i, n, line)
		}
		if i > 0 && !strings.HasPrefix(line, "    ") {
			t.Errorf("line %d is not indented: %q", i, line)
		}
	}
	if !strings.HasPrefix(lines[0], "  • word") || !strings.Contains(buf.String(), "`a formula that must stay whole`") {
		t.Errorf("wrapped as\n%s", buf.String())
	}
}

// TestTranslations: every translation parses, is its English lesson (the
// same commands, checks, number of notes and questions: sameLesson), and
// is translated: its title, technique and prose are not the English ones.
func TestTranslations(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	tr, err := translations()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, lang := range i18n.Langs[1:] {
		for name, l := range tr[lang] {
			en, _ := Find(all, name)
			n++
			if l.Title == en.Title || l.Technique == en.Technique || l.Explanation[0].Text == en.Explanation[0].Text {
				t.Errorf("%s/%s: title, technique or first paragraph left in English", lang, name)
			}
			for i, q := range l.Questions {
				if q.Q == en.Questions[i].Q || q.A == en.Questions[i].A {
					t.Errorf("%s/%s: question %d left in English", lang, name, i+1)
				}
			}
			got, ok, err := Translated(en, lang)
			if err != nil || !ok || got.Title != l.Title || got.Lang != lang {
				t.Errorf("%s/%s: Translated gives %v %v %v", lang, name, got, ok, err)
			}
		}
	}
	if n == 0 {
		t.Error("no lesson is translated")
	}
	// A broken translation is refused, naming the file and what differs.
	en, _ := Find(all, "null-move")
	other := *en
	other.Steps = append([]Step(nil), en.Steps...)
	other.Steps[0].Line += " --depth 9"
	if err := sameLesson(en, &other); err == nil || !strings.Contains(err.Error(), "command 1") {
		t.Errorf("a translation with another command: %v", err)
	}
}
