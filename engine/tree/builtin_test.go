package tree

import (
	"slices"
	"testing"
)

func TestBuiltin(t *testing.T) {
	tests := []struct {
		name, text string
	}{
		{"aima", "((3 12 8) (2 4 6) (14 5 2))"},
		{"wikipedia", "((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))"},
		{"transpositions", "(((3 5)[eval=4 key=p] (2 6)[eval=3 key=q])[eval=3] ((3 5)[eval=4 key=p] (1 9)[eval=2])[eval=3])"},
		{"iterative", "((5 6)[eval=1] (1 0)[eval=2] (3 4)[eval=3])"},
		{"extensions", "((4 5)[eval=4] ((9 1)[eval=3])[eval=3 check] ((2 1)[eval=8 capture] 6)[eval=5 capture] ((7 0)[eval=1 promotion] 8)[eval=2])[depth=2]"},
		{"futility", "(((3 5)) ((4 2 9[capture] 3) (6 1 2)))"},
		{"nullmove", "((5 9) (((7 (6 8 8[pass])[eval=9] (4 9 9[pass])[eval=9 capture] (8 9 6[pass])[eval=8]))))"},
		{"quiescence", "((3 4)[eval=3] ((-4 -3)[eval=-4 capture] 6)[eval=5 capture])[depth=1]"},
		{"razoring", "(((3 5)[eval=4]) (((1 3)[eval=2] (2 0)[eval=1])[eval=2] ((8 6)[eval=7] (9 7)[eval=8])[eval=6]))"},
		{"reductions", "(2 (6 (((0 1)[eval=0] (3 2)[eval=1])[eval=1] (((5 4)[eval=5])[eval=5])[eval=5 check] ((4 2)[eval=3] (2 1)[eval=2])[eval=3 capture])[eval=4]))[depth=5]"},
		{"threat", "((1 2)[eval=1] ((0 4[capture])[eval=0] (1 3[capture])[eval=0] (0 4[capture])[eval=0 pass])[eval=0])[depth=2]"},
		{"zugzwang", "((5 9) (((7 (1 2 8[pass])[eval=9]))))"},
		{"lmr", "(((3 2)[eval=3] (4 5)[eval=4])[eval=3] ((1 2)[eval=1] (9 9)[eval=9])[eval=2] ((2 0)[eval=2] (7 7)[eval=7])[eval=1] ((1 2)[eval=2] (0 3)[eval=1])[eval=2 capture] ((6 5)[eval=5] (8 6)[eval=6])[eval=4] ((9 8)[eval=1] (8 9)[eval=2])[eval=1])"},
	}
	var names []string
	for _, tc := range tests {
		names = append(names, tc.name)
		tr, ok := Builtin(tc.name)
		if !ok {
			t.Fatalf("Builtin(%q) not found", tc.name)
		}
		if got := Format(tr); got != tc.text {
			t.Errorf("Builtin(%q) = %s, want %s", tc.name, got, tc.text)
		}
		if BuiltinSource(tc.name) == "" {
			t.Errorf("BuiltinSource(%q) is empty", tc.name)
		}
		if tr.Source != tc.name || tr.RootMin || tr.Scale != 1 {
			t.Errorf("Builtin(%q): source %q, root min %v, scale %d", tc.name, tr.Source, tr.RootMin, tr.Scale)
		}
		// Each call returns a fresh tree.
		tr.Root.Children[0].Name = "changed"
		if again, _ := Builtin(tc.name); again.Root.Children[0].Name != "" {
			t.Errorf("Builtin(%q) shares its tree between calls", tc.name)
		}
	}
	slices.Sort(names)
	if got := BuiltinNames(); !slices.Equal(got, names) || !slices.IsSorted(got) {
		t.Errorf("BuiltinNames() = %v, want %v, sorted", got, names)
	}
	if tr, ok := Builtin("nosuch"); ok || tr != nil || BuiltinSource("nosuch") != "" {
		t.Error("Builtin(nosuch) found a tree")
	}
}
