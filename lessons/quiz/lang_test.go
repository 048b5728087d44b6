package quiz

import (
	"bytes"
	"context"
	"regexp"
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
				clean := regexp.MustCompile(`\[[a-z]+(=[^\]]*)?\]|\broot\b|--[a-z-]+`).ReplaceAllString(line, "")
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
