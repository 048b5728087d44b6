package tree

import (
	"strings"
	"testing"
)

// FuzzParseDraft checks that ParseDraft never panics; that it refuses
// exactly the syntax Parse refuses, in the same words (a draft skips only
// the rules that span nodes); and that a draft printed reads back with
// Parse as the tree Parse reads from the text itself, or with the error
// Parse gives the text. The seed corpus is FuzzParse's.
func FuzzParseDraft(f *testing.F) {
	for _, tc := range goodInputs {
		f.Add(tc.text)
	}
	for _, tc := range badInputs {
		f.Add(tc.text)
	}
	for _, s := range chanceSeeds {
		f.Add(s)
	}
	f.Add("((3[p=0.5] 4)[chance] 5)")
	f.Add("((3[p=0.5] 4[p=0.4])[chance] 5)")
	f.Add("(a:1 a:2)")
	f.Fuzz(func(t *testing.T, text string) {
		d, derr := ParseDraft("tree", text)
		tr, err := Parse("tree", text)
		if derr != nil {
			if err == nil || err.Error() != derr.Error() {
				t.Fatalf("ParseDraft refuses %q with %v, Parse says %v", text, derr, err)
			}
			return
		}
		for _, printed := range []string{Format(d), FormatIndented(d)} {
			again, perr := Parse("tree", printed)
			switch {
			case err == nil && perr != nil:
				t.Fatalf("the draft of %q prints as %q, which Parse refuses: %v", text, printed, perr)
			case err == nil && !Equal(again, tr):
				t.Fatalf("the draft of %q prints as %q, another tree: %s", text, printed, Diff(again, tr))
			case err != nil && perr == nil:
				t.Fatalf("Parse refuses %q (%v) and reads its draft %q", text, err, printed)
			case err != nil && !sameRule(err, perr):
				t.Fatalf("Parse refuses %q: %v; its draft %q: %v", text, err, printed, perr)
			}
		}
	})
}

// sameRule says whether two errors say the same thing, wherever they put it.
func sameRule(a, b error) bool {
	msg := func(err error) string {
		if se, ok := err.(*SyntaxError); ok {
			// The message may name a place: "the first is at 1:5".
			m := se.Msg
			if i := strings.Index(m, " at "); i >= 0 {
				m = m[:i]
			}
			return m
		}
		return err.Error()
	}
	return msg(a) == msg(b)
}

// TestParseValueAndWeight: the editor's readers of one value and one
// probability say what Parse says of them in a tree.
func TestParseValueAndWeight(t *testing.T) {
	for _, s := range []string{"3", "-2.5", "0.75", "+1", "3.141", "1e3", "-0.5.5", "2000000000"} {
		v, err := ParseValue(s)
		tr, perr := Parse("tree", "("+s+")")
		switch {
		case err == nil && (perr != nil || tr.Root.Children[0].Value*100/tr.Scale != v):
			t.Errorf("ParseValue(%q) = %d; Parse: %v", s, v, perr)
		case err != nil && (perr == nil || !strings.HasSuffix(perr.Error(), err.Error())):
			t.Errorf("ParseValue(%q): %v; Parse: %v", s, err, perr)
		}
	}
	for _, s := range []string{"0.25", "1/3", "1", "0", "1.5", "x"} {
		num, den, err := ParseWeight(s)
		_, perr := Parse("tree", "((1[p="+s+"])[chance])")
		if (err == nil) != (num > 0 && den > 0) || (err != nil && (perr == nil || !strings.HasSuffix(perr.Error(), err.Error()))) {
			t.Errorf("ParseWeight(%q) = %d/%d, %v; Parse: %v", s, num, den, err, perr)
		}
	}
}
