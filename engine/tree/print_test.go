package tree

import (
	"fmt"
	"testing"
)

func TestFormat(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"((3 12 8) (2 4 6) (14 5 2))", "((3 12 8) (2 4 6) (14 5 2))"},
		{"# c\nA : ( B:(3,12) , c:-4 )", "A:(B:(3 12) c:-4)"},
		{"(3.0 4.50 -0.05 +7 007)", "(3 4.5 -0.05 7 7)"},
		{"((1 2)[promo key=+07 x check eval=1.5] 3[pass =])[min]", "((1 2)[eval=1.5 capture check promotion key=7] 3[promotion pass])[min]"},
		{"root:(1 2)[key=r max]", "root:(1 2)[key=r]"},
		{"5", "5"},
	}
	for _, tc := range tests {
		tr, err := Parse("tree", tc.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.in, err)
		}
		if got := Format(tr); got != tc.want {
			t.Errorf("Format(Parse(%q)) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestFormatIndented(t *testing.T) {
	tr, err := Parse("tree", "A:(B:(3 12 8) (2 (4 6)[eval=1] 7) 9[capture])[min]")
	if err != nil {
		t.Fatal(err)
	}
	want := `A:(
  B:(3 12 8)
  (
    2
    (4 6)[eval=1]
    7
  )
  9[capture]
)[min]
`
	if got := FormatIndented(tr); got != want {
		t.Errorf("FormatIndented:\n%s\nwant:\n%s", got, want)
	}
	if got, want := FormatIndented(&Tree{Root: &Node{Leaf: true, Value: 4}, Scale: 1}), "4\n"; got != want {
		t.Errorf("FormatIndented(leaf) = %q, want %q", got, want)
	}
}

// checkRoundTrip checks that both printers' output parses back to want.
func checkRoundTrip(t *testing.T, want *Tree) {
	t.Helper()
	for _, p := range []struct {
		name   string
		format func(*Tree) string
	}{{"Format", Format}, {"FormatIndented", FormatIndented}} {
		text := p.format(want)
		got, err := Parse("tree", text)
		if err != nil {
			t.Errorf("Parse(%s(%s)): %v", p.name, Format(want), err)
			continue
		}
		if d := Diff(got, want); d != "" {
			t.Errorf("%s round trip of %s: %s\nprinted:\n%s", p.name, Format(want), d, text)
		}
	}
}

func TestPrintRoundTrip(t *testing.T) {
	for _, tc := range goodInputs {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := Parse("tree", tc.text)
			if err != nil {
				t.Fatal(err)
			}
			checkRoundTrip(t, tr)
		})
	}
	for _, name := range BuiltinNames() {
		t.Run(name, func(t *testing.T) {
			tr, _ := Builtin(name)
			checkRoundTrip(t, tr)
			checkJSONRoundTrip(t, tr)
		})
	}
	gens := []struct {
		name string
		gen  func(b, d int, lo, hi int64, seed uint64) (*Tree, error)
	}{{"random", Random}, {"ordered", Ordered}, {"worst", Worst}}
	for _, g := range gens {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s seed %d", g.name, seed), func(t *testing.T) {
				tr, err := g.gen(3, 4, -1000, 1000, seed)
				if err != nil {
					t.Fatal(err)
				}
				checkRoundTrip(t, tr)
				checkJSONRoundTrip(t, tr)
			})
		}
	}
}

// TestDiff makes sure the structural comparison the round-trip tests rely on
// notices each kind of difference.
func TestDiff(t *testing.T) {
	base := "A:((1 2)[eval=3 key=k] 4[capture check promotion] (5)[pass])"
	variants := []string{
		"B:((1 2)[eval=3 key=k] 4[capture check promotion] (5)[pass])",
		"A:((1 3)[eval=3 key=k] 4[capture check promotion] (5)[pass])",
		"A:((1 2)[eval=2 key=k] 4[capture check promotion] (5)[pass])",
		"A:((1 2)[key=k] 4[capture check promotion] (5)[pass])",
		"A:((1 2)[eval=3 key=j] 4[capture check promotion] (5)[pass])",
		"A:((1 2)[eval=3] 4[capture check promotion] (5)[pass])",
		"A:((1 2)[eval=3 key=k] 4[check promotion] (5)[pass])",
		"A:((1 2)[eval=3 key=k] 4[capture promotion] (5)[pass])",
		"A:((1 2)[eval=3 key=k] 4[capture check] (5)[pass])",
		"A:((1 2)[eval=3 key=k] 4[capture check promotion] (5))",
		"A:((1 2)[eval=3 key=k] 4[capture check promotion] (5)[pass] 6)",
		"A:((1 2)[eval=3 key=k] (4)[capture check promotion] (5)[pass])",
		"A:((1 2)[eval=3 key=k] 4[capture check promotion] (5)[pass])[min]",
		"A:((1 2)[eval=3 key=k] 4[capture check promotion] (5.5)[pass])",
		"A:(b:(1 2)[eval=3 key=k] 4[capture check promotion] (5)[pass])",
	}
	a, err := Parse("tree", base)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := Parse("other", " "+base); !Equal(a, b) {
		t.Errorf("Equal(%s, same) = false: %s", base, Diff(a, b))
	}
	for _, v := range variants {
		b, err := Parse("tree", v)
		if err != nil {
			t.Fatalf("Parse(%q): %v", v, err)
		}
		if Equal(a, b) {
			t.Errorf("Equal(%s, %s) = true", base, v)
		}
	}
}
