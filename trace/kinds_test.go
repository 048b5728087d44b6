package trace

import (
	"testing"
)

// Every kind has a row of the table of kinds, and the rows agree with
// themselves: names unique and parsed back, reasons distinct, a cut's reason
// among the kind's reasons, columns in one order.
func TestEveryKindHasARow(t *testing.T) {
	names := map[string]Kind{}
	columns := map[int]Kind{}
	for k := Kind(0); k < NumKinds; k++ {
		sp := k.Spec()
		if sp.Name == "" {
			t.Errorf("kind %d has no row in the table of kinds", k)
			continue
		}
		if other, ok := names[sp.Name]; ok {
			t.Errorf("kinds %d and %d are both named %q", other, k, sp.Name)
		}
		names[sp.Name] = k
		if got, ok := ParseKind(k.String()); !ok || got != k {
			t.Errorf("ParseKind(%q) = %d, %v; want %d", k, got, ok, k)
		}
		if (sp.Tally != "") != (sp.Tallies != "") || (sp.Tally != "" && !sp.Counted) {
			t.Errorf("%s: tally %q/%q, counted %v: a tally needs both words and a count", k, sp.Tally, sp.Tallies, sp.Counted)
		}
		reasons := map[string]bool{}
		for _, r := range sp.Reasons {
			if r == "" || reasons[r] {
				t.Errorf("%s: reason %q is empty or listed twice", k, r)
			}
			reasons[r] = true
		}
		if sp.CutReason != "" && (!sp.Cuts || !reasons[sp.CutReason]) {
			t.Errorf("%s: cuts on reason %q, which is not one of its reasons (or it does not cut)", k, sp.CutReason)
		}
		if (sp.Column != "") != (sp.ColumnAt > 0) {
			t.Errorf("%s: column %q at %d: a column needs a title and a place", k, sp.Column, sp.ColumnAt)
		}
		if sp.Column != "" {
			if other, ok := columns[sp.ColumnAt]; ok {
				t.Errorf("kinds %s and %s both take column %d", other, k, sp.ColumnAt)
			}
			columns[sp.ColumnAt] = k
		}
		if sp.Say >= NumSentences {
			t.Errorf("%s: sentence id %d out of range", k, sp.Say)
		}
	}
	if got := len(Columns()); got != len(columns) {
		t.Errorf("Columns lists %d kinds, the table has %d columns (places must run from 1 without a gap)", got, len(columns))
	}
	if NumKinds.String() != "unknown" || NumKinds.Spec().Name != "" {
		t.Errorf("a kind out of range has a name or a row")
	}
}

// The done event counts every kind but the first and the last: the JSON
// Lines contract's summary.
func TestCountedKinds(t *testing.T) {
	for k := Kind(0); k < NumKinds; k++ {
		if want := k != Start && k != Done; k.Spec().Counted != want {
			t.Errorf("%s: counted %v, want %v", k, !want, want)
		}
	}
}

// Every sentence id is named by a row: explain has no sentence for an event
// nobody speaks.
func TestEverySentenceIDHasAKind(t *testing.T) {
	used := map[SentenceID]bool{}
	for k := Kind(0); k < NumKinds; k++ {
		used[k.Spec().Say] = true
	}
	for id := SayNone + 1; id < NumSentences; id++ {
		if !used[id] {
			t.Errorf("sentence id %d is named by no kind", id)
		}
	}
}
