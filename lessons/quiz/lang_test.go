package quiz

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
)

// quizEnglish are words of the quiz's own English (its header, conventions,
// outline, questions and report) that a Russian or Czech quiz must not hold.
var quizEnglish = regexp.MustCompile(`\b(Quiz|Tree|Answer|key|answer|side|returns|static|evaluation|horizon|exact|inner|upper|lower|tie|edge|counts|deep|comes|from|after|before|clamped|outcome|subtree|instead|Questions|What|Which|With|value|values|root|leaf|leaves|move|moves|searched|search|node|nodes|window|never|evaluated|children|point|view|horizon|below|outcome|score|not|asked|answered|note|misconceptions|random|branching|depth|seed|drawn|the|and|of|is|are|when|cut|bound|ties|prune|every|takes|largest|smallest|average)\b`)

// answerSyntax are the answer syntax's words, the same in every language.
var answerSyntax = regexp.MustCompile(`\b(value|best|never|window|at|none|not searched)\b`)

// decimalPoint finds a decimal comma of prose (7,5), the English's 7.5.
var decimalPoint = regexp.MustCompile(`([0-9]),([0-9])`)

// quizNumbers are the numbers and node names of a text.
var quizNumbers = regexp.MustCompile(`[0-9]+(\.[0-9]+)*`)

// TestQuizLanguages: a quiz in Russian or Czech prints its header,
// conventions, bound rule, tree, questions, report and answer key with no
// English word of its own left, and every number and node name of the
// English quiz in it: the explanations of the wrong answers and
// misconceptions too (window, value, best move, never evaluated, chance
// nodes).
func TestQuizLanguages(t *testing.T) {
	quizzes := []struct {
		name, answers string
		make          func(t *testing.T) *Quiz
	}{
		{"aima", "value 2; best 2; never 2.2; window 2: (2, 3); at 2: 3; at 2.2: 4", func(t *testing.T) *Quiz { return onTree(t, "aima", "alphabeta", "2", "2.2") }},
		{"aima-soft-gt", "best 1", func(t *testing.T) *Quiz { return onTree(t, "aima", "alphabeta:soft:gt") }},
		{"wikipedia-bb", "value 5; never none", func(t *testing.T) *Quiz { return onTree(t, "wikipedia", "branch-bound") }},
		{"negamax", "value 1", func(t *testing.T) *Quiz { return onTree(t, "aima", "negamax") }},
		{"minimax", "value 1", func(t *testing.T) *Quiz { return onTree(t, "aima", "minimax", "2") }},
		{"horizon", "value 0", func(t *testing.T) *Quiz {
			return generated(t, Gen{Branching: 2, Depth: 4, Min: 0, Max: 9, Seed: 7}, "alphabeta", 3)
		}},
		{"expectimax", "value 7.5; best 2", func(t *testing.T) *Quiz {
			return onTree(t, "((3 12)[chance] (2 4)[chance])", "expectimax")
		}},
		{"star1", "value 7.5; best 2; never none", func(t *testing.T) *Quiz {
			return onTree(t, "((3 12)[chance] (2 4)[chance])", "star1")
		}},
		{"rtl", "value 3", func(t *testing.T) *Quiz {
			q := onTree(t, "aima", "alphabeta")
			q.RightToLeft = true
			return q
		}},
	}
	for _, c := range quizzes {
		text := func(l i18n.Lang) string {
			q := c.make(t)
			q.Lang = l
			var b bytes.Buffer
			q.WriteQuiz(&b)
			a, err := q.ParseAnswers(c.answers, "test")
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			r, err := q.Check(context.Background(), a)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			r.Name = func(m *Misconception) string { // as cmd names them (names.LANG.json)
				if s, ok := i18n.For(l).Translation("mistake." + m.ID); ok {
					return s
				}
				return m.Name
			}
			r.WriteText(&b)
			q.WriteKey(&b)
			// the key in the answer syntax (value 3; best 1; never none)
			kl := q.KeyLine()
			return strings.ReplaceAll(b.String(), kl, answerSyntax.ReplaceAllString(kl, ""))
		}
		en := text(i18n.En)
		for _, l := range []i18n.Lang{i18n.Ru, i18n.Cs} {
			got := text(l)
			for _, line := range strings.Split(got, "\n") {
				// the tree's own syntax ([eval=3], [chance]) and the node
				// named root are not words, nor are flags
				clean := regexp.MustCompile(`\[[a-z]+(=[^\]]*)?\]|--[a-z-]+`).ReplaceAllString(line, "")
				if m := quizEnglish.FindString(clean); m != "" {
					t.Errorf("%s %s: %q is English (%q)", c.name, l, line, m)
				}
			}
			for _, num := range quizNumbers.FindAllString(en, -1) {
				if !strings.Contains(decimalPoint.ReplaceAllString(got, "$1.$2"), num) {
					t.Errorf("%s %s: %s of the English quiz is missing:\n%s", c.name, l, num, got)
					break
				}
			}
		}
	}
}

// predictEnglish are words of the lab's predictions (its questions and
// verdicts) that a Russian or Czech one must not hold.
var predictEnglish = regexp.MustCompile(`\b(your|answer|does|what|which|will|return|searched|search|cut|off|now|leaving|other|moves|move|unsearched|yes|no|exact|bound|window|with|left|after|under|ties|prune|are|passes|one|ply|only|whole|line|gives|each|node|from|parent|prunes|nothing|every|instead|narrowed|right|last|first|children|taken|the|and|of|is|has|its)\b`)

// TestPredictLanguages: the lab's predictions in Russian and Czech, their
// questions (will it cut off now, which window, what value) and verdicts
// (why it cuts or not, the misconception a wrong prediction shows), with no
// English word left and every number and node name of the English.
func TestPredictLanguages(t *testing.T) {
	quizzes := map[string]func(t *testing.T) *Quiz{
		"aima":       func(t *testing.T) *Quiz { return onTree(t, "aima", "alphabeta") },
		"soft-gt":    func(t *testing.T) *Quiz { return onTree(t, "wikipedia", "alphabeta:soft:gt") },
		"bb":         func(t *testing.T) *Quiz { return onTree(t, "wikipedia", "branch-bound") },
		"minimax":    func(t *testing.T) *Quiz { return onTree(t, "aima", "minimax") },
		"expectimax": func(t *testing.T) *Quiz { return onTree(t, "((3 12)[chance] (2 4)[chance])", "star1") },
		"rtl": func(t *testing.T) *Quiz {
			q := onTree(t, "aima", "alphabeta")
			q.RightToLeft = true
			return q
		},
	}
	for name, make := range quizzes {
		texts := func(l i18n.Lang) []string {
			q := make(t)
			q.Lang = l
			var out []string
			for _, n := range q.ix.nodes {
				if q.Key.visit(n) == nil {
					continue
				}
				out = append(out, q.PredictPrompt(Question{Kind: Window, Node: n}), q.PredictPrompt(Question{Kind: At, Node: n}))
				for _, by := range q.ix.searched(n) {
					if q.Key.visit(by) == nil {
						continue
					}
					out = append(out, q.CutPrompt(n, by))
					for _, cuts := range []bool{true, false} {
						v, err := q.CheckCut(context.Background(), n, by, cuts)
						if err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						s := v.Why
						if v.Mistake != nil {
							s += " | " + v.Mistake.Text
						}
						out = append(out, s)
					}
				}
			}
			return out
		}
		en := texts(i18n.En)
		if len(en) < 10 {
			t.Errorf("%s: only %d texts", name, len(en))
		}
		for _, l := range []i18n.Lang{i18n.Ru, i18n.Cs} {
			got := texts(l)
			if len(got) != len(en) {
				t.Fatalf("%s %s: %d texts, English %d", name, l, len(got), len(en))
			}
			for i, s := range got {
				clean := regexp.MustCompile(`\broot\b|--[a-z-]+ [a-z]+|--[a-z-]+|\+inf|fail-[a-z]+|[<>]=`).ReplaceAllString(s, "")
				if m := predictEnglish.FindString(clean); m != "" {
					t.Errorf("%s %s: %q is English (%q)", name, l, s, m)
				}
				want, have := quizNumbers.FindAllString(en[i], -1), quizNumbers.FindAllString(decimalPoint.ReplaceAllString(s, "$1.$2"), -1)
				for _, num := range want {
					if !slices.Contains(have, num) {
						t.Errorf("%s %s: %s of %q missing in %q", name, l, num, en[i], s)
						break
					}
				}
			}
		}
	}
}

// placeEnglish are the words of the places in the answers an error names
// ("--answer: clause 2", "stdin line 3") that Russian and Czech must not keep.
var placeEnglish = regexp.MustCompile(`\b(clause|line|stdin)\b`)

// TestAnswerPlacesTranslated: an answer refused names its clause or line
// in Russian and Czech too (фраза 2, строка 3 стандартного ввода; položka
// 2, řádek 3 standardního vstupu), with the clause's number, its text as
// the student wrote it and every number of the English; the English and
// Where stay as they were.
func TestAnswerPlacesTranslated(t *testing.T) {
	q := onTree(t, "aima", "alphabeta", "2")
	cases := []struct {
		name, where string // the English error's place
		parse       func() error
	}{
		{"clause", `--answer: clause 2 "nevr 2.2"`, func() error { _, err := q.ParseAnswers("value 3; nevr 2.2", "--answer"); return err }},
		{"twice", `--answer: clause 2 "value 4"`, func() error { _, err := q.ParseAnswers("value 3; value 4", "--answer"); return err }},
		{"node", `--answer: clause 2 "never 2.2 2.9"`, func() error { _, err := q.ParseAnswers("value 3; never 2.2 2.9", "--answer"); return err }},
		{"window", `--answer: clause 1 "window 2: (3)"`, func() error { _, err := q.ParseAnswers("window 2: (3)", "--answer"); return err }},
		{"stdin", "stdin line 3", func() error {
			_, err := q.ParseLines(strings.NewReader("value 3\n# a comment\nbest 7\n"), "stdin")
			return err
		}},
		{"stdin twice", "stdin line 2", func() error {
			_, err := q.ParseLines(strings.NewReader("value 3\nvalue 4\n"), "stdin")
			return err
		}},
		{"file line", "answers.txt line 1", func() error {
			_, err := q.ParseLines(strings.NewReader("window 2: (1, 2, 3)\n"), "answers.txt")
			return err
		}},
		{"too long", "stdin line 2", func() error {
			_, err := q.ParseLines(strings.NewReader("value 3\n"+strings.Repeat("9", 2<<20)+"\n"), "stdin")
			return err
		}},
	}
	for _, c := range cases {
		err := c.parse()
		var qe *Error
		if !errorAs(err, &qe) || qe.Where != c.where || !strings.HasPrefix(err.Error(), c.where+": ") {
			t.Errorf("%s: %v, want an error at %s", c.name, err, c.where)
			continue
		}
		en := err.Error()
		if got := i18n.For(i18n.En).Error(err); got != en {
			t.Errorf("%s: English %q, the error %q", c.name, got, en)
		}
		if got := qe.at.in(i18n.For(i18n.En)); got != qe.Where {
			t.Errorf("%s: the English catalog says the place %q, the error %q", c.name, got, qe.Where)
		}
		for _, l := range []i18n.Lang{i18n.Ru, i18n.Cs} {
			got := i18n.For(l).Error(err)
			where := qe.at.in(i18n.For(l))
			if !strings.HasPrefix(got, where+": ") {
				t.Errorf("%s %s: %q does not start with its place %q", c.name, l, got, where)
			}
			if m := placeEnglish.FindString(where); m != "" || got == en {
				t.Errorf("%s %s: %q is English in %q", c.name, l, m, got)
			}
			if quoted := regexp.MustCompile(`"[^"]*"`).FindString(c.where); !strings.Contains(where, quoted) {
				t.Errorf("%s %s: %s of the English is missing from the place %q", c.name, l, quoted, where)
			}
			for _, num := range quizNumbers.FindAllString(en, -1) {
				if !strings.Contains(got, num) {
					t.Errorf("%s %s: %s of the English is missing from %q", c.name, l, num, got)
				}
			}
			if strings.Contains(c.where, "--answer") && !strings.HasPrefix(got, "--answer: ") {
				t.Errorf("%s %s: the flag's name is not kept: %q", c.name, l, got)
			}
		}
	}
}

// TestOutlineProbabilities: the quiz's outline, prose to read, gives a
// chance node's outcomes' probabilities as the language writes a decimal
// ((p 0,75) in Russian and Czech, (p 0.75) in English); the tree's text
// above it, the tree format a student may paste, keeps its points
// ([p=0.75]), and so do the node names (1.1).
func TestOutlineProbabilities(t *testing.T) {
	text := "(((2 4)[p=0.75] (0 6)[p=0.25])[chance] ((6 2)[p=0.25] (9 4 1)[p=0.75])[chance])"
	outline := func(l i18n.Lang) string {
		q := onTree(t, text, "expectimax")
		q.Lang = l
		var b bytes.Buffer
		q.WriteTree(&b)
		return b.String()
	}
	en := outline(i18n.En)
	for _, want := range []string{"[p=0.75]", "(p 0.75):", "(p 0.25):", "1.1.1 = 2"} {
		if !strings.Contains(en, want) {
			t.Errorf("English lacks %q:\n%s", want, en)
		}
	}
	for _, l := range []i18n.Lang{i18n.Ru, i18n.Cs} {
		got := outline(l)
		for _, want := range []string{"[p=0.75]", "(p 0,75):", "(p 0,25):", "1.1.1 = 2", "2.2.3 = 1"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s lacks %q:\n%s", l, want, got)
			}
		}
		if m := regexp.MustCompile(`\(p [0-9]+\.[0-9]`).FindString(got); m != "" {
			t.Errorf("%s: %q has a decimal point:\n%s", l, m, got)
		}
		if a, b := quizNumbers.FindAllString(en, -1), quizNumbers.FindAllString(decimalPoint.ReplaceAllString(got, "$1.$2"), -1); !slices.Equal(a, b) {
			t.Errorf("%s: numbers %v, English's %v", l, b, a)
		}
	}
}
