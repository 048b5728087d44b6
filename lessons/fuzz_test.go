package lessons

import (
	"slices"
	"strings"
	"testing"
)

// FuzzLessonName: a lesson name as typed (lesson show NAME, lesson run NAME)
// never makes Find or Suggest panic; Find finds exactly the lessons' names;
// Suggest offers a real lesson or nothing, and the lesson itself for its own
// name however it is capitalised or spaced.
func FuzzLessonName(f *testing.F) {
	all, err := All()
	if err != nil {
		f.Fatal(err)
	}
	names := Names(all)
	for _, n := range names {
		f.Add(n)
	}
	for _, s := range []string{"", " ", "alphabeta", "Alpha-Beta", "alpha beta", "null", "x", "ALPHA_BETA", "quiesence", "é", "\xff", "alpha-beta\n", strings.Repeat("a", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		l, ok := Find(all, name)
		if ok != slices.Contains(names, name) || (ok && l.Name != name) {
			t.Fatalf("Find(%q) = %v, %v", name, l, ok)
		}
		s := Suggest(all, name)
		if s != "" && !slices.Contains(names, s) {
			t.Fatalf("Suggest(%q) = %q, not a lesson", name, s)
		}
		if ok && s != name {
			t.Fatalf("Suggest(%q) = %q, not the lesson itself", name, s)
		}
		squash := strings.NewReplacer("-", "", "_", "", " ", "")
		for _, n := range names {
			if squash.Replace(strings.ToLower(strings.TrimSpace(name))) == squash.Replace(n) && s != n {
				t.Fatalf("Suggest(%q) = %q, want %q", name, s, n)
			}
		}
	})
}
