package tree

import (
	"bytes"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/score"
)

// TestInfinitePrinted: every spelling of an infinite leaf prints back as
// inf or -inf in the text form and as the strings "inf" and "-inf" in the
// JSON form (no JSON number holds it), and both read back to ±score.Inf at
// any scale.
func TestInfinitePrinted(t *testing.T) {
	tr, err := Parse("tree", "(∞ −∞ (+inf -∞ 0.5)[eval=inf] a:-inf)")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Format(tr), "(inf -inf (inf -inf 0.5)[eval=inf] a:-inf)"; got != want {
		t.Errorf("Format = %s, want %s", got, want)
	}
	if tr.Root.Children[0].Value != score.Inf || tr.Root.Children[1].Value != -score.Inf || tr.Root.Children[2].Eval != score.Inf {
		t.Errorf("values %d %d eval %d: want ±score.Inf at scale %d", tr.Root.Children[0].Value, tr.Root.Children[1].Value, tr.Root.Children[2].Eval, tr.Scale)
	}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, tr); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`{"value": "inf"}`, `{"value": "-inf"}`, `"eval": "inf"`, `{"name": "a", "value": "-inf"}`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("JSON lacks %s:\n%s", want, buf.String())
		}
	}
	back, err := ParseJSON("tree.json", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if d := Diff(tr, back); d != "" {
		t.Errorf("JSON round trip: %s", d)
	}
	draft, err := ParseDraft("tree", "(−∞ 2)")
	if err != nil || Format(draft) != "(-inf 2)" {
		t.Errorf("ParseDraft: %v %q", err, Format(draft))
	}
	// An evaluation drawn from a subtree worth ±∞ is ±∞, noise or not.
	ev, _ := Parse("tree", "((-inf 9) (inf inf))")
	if err := ev.AddEvals(2, 7); err != nil || ev.Root.Eval != score.Inf || ev.Root.Children[0].Eval != -score.Inf {
		t.Errorf("AddEvals: evals %d and %d, %v", ev.Root.Eval, ev.Root.Children[0].Eval, err)
	}
	for _, s := range []string{"inf", "+∞", "-inf", "−∞"} {
		if v, err := ParseValue(s); err != nil || !score.IsInf(v) {
			t.Errorf("ParseValue(%q) = %d, %v", s, v, err)
		}
	}
}
