package truth

import (
	"fmt"
	"slices"
	"strings"
	"testing"

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
