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
	if got := BuiltinNames(); !slices.Equal(got, names) || !slices.IsSorted(got) {
		t.Errorf("BuiltinNames() = %v, want %v, sorted", got, names)
	}
	if tr, ok := Builtin("nosuch"); ok || tr != nil || BuiltinSource("nosuch") != "" {
		t.Error("Builtin(nosuch) found a tree")
	}
}
