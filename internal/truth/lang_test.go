package truth

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

// wordsCarry checks that a sentence's words, in whatever language, carry
// what its claims state: each of the event's numbers a claim compares (the relation may be
// words, "no better", "lies above", in any language).
func wordsCarry(in *trace.Info, e *trace.Event, s explain.Sentence) error {
	if s.Text == "" || in == nil {
		return nil
	}
	text := i18ntest.Prose(s.Text)
	for _, c := range s.Claims {
		if c.Rel == explain.NoRel {
			continue
		}
		for _, term := range []explain.Term{c.L, c.R} {
			var nums []int64 // the event's numbers; a number from elsewhere (α as it stood) may go unsaid
			for _, p := range term.Parts() {
				nums = append(nums, p.V)
			}
			for _, v := range nums {
				w := strings.TrimPrefix(in.Format(v), "+")
				if !strings.Contains(text, w) && !strings.Contains(text, strings.Replace(w, "-", "−", 1)) {
					return fmt.Errorf("%q claims %s %s %s, but its words lack %s", s.Text, c.L.Name, c.Rel.Symbol(), c.R.Name, w)
				}
			}
		}
	}
	return nil
}

// namesOf is the names of the nodes of t, which keep their points in every
// language (1.2); nil for no tree (chess, whose moves have none).
func namesOf(t *tree.Tree) map[string]bool {
	if t == nil {
		return nil
	}
	names := map[string]bool{}
	var walk func(n *tree.Node)
	walk = func(n *tree.Node) {
		names[n.Label()] = true
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(t.Root)
	return names
}

// commas checks that a sentence told in Russian or Czech writes its values
// with the language's decimal comma (3,5; a window "(0,5; 1,25)"): every
// number in it with a point is the name of a node of the tree (names),
// which keeps its points. (A value that reads as a node's name, 2.1 beside
// node 2.1, goes unseen.)
func commas(in *trace.Info, s explain.Sentence, names map[string]bool) error {
	if in == nil || (in.Lang != "ru" && in.Lang != "cs") || names == nil {
		return nil
	}
	text := s.Text
	for i := 0; i < len(text); i++ {
		if !isDigit(text[i]) || (i > 0 && (isDigit(text[i-1]) || text[i-1] == '.')) {
			continue
		}
		j, dots := i, 0
		for j < len(text) && (isDigit(text[j]) || text[j] == '.' && j+1 < len(text) && isDigit(text[j+1])) {
			if text[j] == '.' {
				dots++
			}
			j++
		}
		if w := text[i:j]; dots > 0 && !names[w] {
			return fmt.Errorf("%q writes %s with a decimal point, and no node is named so", text, w)
		}
		i = j
	}
	return nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// sameTokens checks that each sentence told in another language carries
// every token of the same sentence told in English: the same numbers, node
// names, windows' edges and moves, whatever the words around them.
func sameTokens(t *testing.T, name string, en, other []saying) {
	t.Helper()
	if len(en) != len(other) {
		t.Errorf("%s: %d sentences in English, %d translated", name, len(en), len(other))
		return
	}
	for i := range en {
		if en[i].e.Seq != other[i].e.Seq {
			t.Errorf("%s: sentence %d is about event %d in English, %d translated", name, i, en[i].e.Seq, other[i].e.Seq)
			return
		}
		have := i18ntest.Tokens(other[i].s.Text)
		for _, k := range i18ntest.Tokens(en[i].s.Text) {
			if !slices.Contains(have, k) {
				t.Errorf("%s: event %d (%s): %q says %s, its translation %q does not", name, en[i].e.Seq, en[i].e.Kind, en[i].s.Text, k, other[i].s.Text)
				return
			}
		}
	}
}
