package cmd

import (
	"strings"
	"testing"
)

// TestBranchBoundRefusesFail: --fail given with branch and bound is refused
// by every command that takes it, with the message compare gives the spec
// branch-bound:hard, instead of running fail-soft silently.
func TestBranchBoundRefusesFail(t *testing.T) {
	want := "branch-bound:hard: branch and bound has one bound and is fail-soft by construction\n"
	cmp := run(t, "", "compare", "--tree", "aima", "--algos", "branch-bound:hard")
	if cmp.code != 2 || cmp.stderr != "prunescope: --algos: "+want {
		t.Fatalf("compare: %s", cmp)
	}
	for _, args := range [][]string{
		{"search", "--tree", "aima", "--algo", "branch-bound", "--fail", "hard"},
		{"step", "--tree", "aima", "--algo", "branch-bound", "--fail", "hard"},
		{"diff", "branch-bound", "alphabeta", "--tree", "aima", "--fail", "hard"},
		{"quiz", "--tree", "aima", "--algo", "branch-bound", "--fail", "hard", "--print"},
	} {
		r := run(t, "", args...)
		if r.code != 2 || r.stderr != "prunescope: --fail: "+want || r.stdout != "" {
			t.Errorf("%s: %s", strings.Join(args, " "), r)
		}
	}
	for _, args := range [][]string{
		{"search", "--tree", "aima", "--algo", "branch-bound", "--fail", "soft", "--trace", "none"},
		{"search", "--tree", "aima", "--algo", "branch-bound", "--trace", "none"},
		{"diff", "branch-bound:soft", "alphabeta", "--tree", "aima", "--fail", "hard"},
	} {
		if r := run(t, "", args...); r.code != 0 {
			t.Errorf("%s: %s", strings.Join(args, " "), r)
		}
	}
}
