package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/lab"
)

// labFirst reads what a lab page opens on (its #lab-first JSON).
func labFirst(t *testing.T, file string) (tree string, args []string, step int, data json.RawMessage) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)<script id="lab-first" type="application/json">(.*?)</script>`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("%s: no lab-first data", file)
	}
	var v struct {
		Tree   string   `json:"tree"`
		Args   []string `json:"args"`
		Step   int      `json:"step"`
		Result struct {
			Data json.RawMessage `json:"data"`
		} `json:"result"`
	}
	if err := json.Unmarshal(bytes.ReplaceAll(m[1], []byte(`<\/`), []byte("</")), &v); err != nil {
		t.Fatal(err)
	}
	return v.Tree, v.Args, v.Step, v.Result.Data
}

// TestLabCommand: prunescope lab, search --lab and step --lab write the same
// page for the same tree and settings, opened on lab.Search's search of
// them; bad input is refused with exit 2 and no file.
func TestLabCommand(t *testing.T) {
	dir := t.TempDir()
	a, b, c := filepath.Join(dir, "a.html"), filepath.Join(dir, "b.html"), filepath.Join(dir, "c.html")
	if r := run(t, "", "lab", "--tree", "wikipedia", "--fail", "soft", "--cutoff", "gt", "--step", "7", "--out", a); r.code != 0 {
		t.Fatal(r)
	}
	if r := run(t, "", "search", "--tree", "wikipedia", "--fail", "soft", "--cutoff", "gt", "--trace", "none", "--lab", b); r.code != 0 {
		t.Fatal(r)
	}
	if r := run(t, "", "step", "--tree", "wikipedia", "--cutoff", "gt", "--fail", "soft", "--lab", c); r.code != 0 {
		t.Fatal(r)
	}
	tree, args, step, data := labFirst(t, a)
	if strings.Join(args, " ") != "--cutoff gt --fail soft" || step != 7 {
		t.Errorf("lab opens with %q at step %d", args, step)
	}
	want := lab.Search(context.Background(), "wikipedia", []string{"--fail", "soft", "--cutoff", "gt"})
	if tree != want.Tree || !bytes.Equal(data, want.Data) {
		t.Errorf("the lab opens on another search than lab.Search's")
	}
	for _, f := range []string{b, c} {
		t2, a2, _, d2 := labFirst(t, f)
		if t2 != tree || strings.Join(a2, " ") != strings.Join(args, " ") || !bytes.Equal(d2, data) {
			t.Errorf("%s: another lab than prunescope lab's: %q %q (%v), want %q %q", filepath.Base(f), t2, a2, bytes.Equal(d2, data), tree, args)
		}
	}
	for _, bad := range [][]string{
		{"lab", "--tree", "((1 2)", "--out"},
		{"lab", "--fail", "x", "--out"},
		{"lab", "--fen", "start", "--out"},
		{"lab", "--step", "-1", "--out"},
		{"search", "--tree", "aima", "--nodes", "3", "--lab"},
		{"search", "--game", "tictactoe", "--lab"},
		{"step", "--tree", "aima", "--cutoff", "x", "--lab"},
	} {
		out := filepath.Join(dir, "bad.html")
		r := run(t, "", append(bad, out)...)
		if r.code != 2 || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 || !strings.HasPrefix(r.stderr, "prunescope: ") {
			t.Errorf("%q: exit %d, %q", bad, r.code, r.stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%q: wrote %s", bad, out)
		}
	}
	// From standard input.
	d := filepath.Join(dir, "d.html")
	if r := run(t, "((3 12 8) (2 4 6))", "lab", "--tree", "-", "--out", d); r.code != 0 {
		t.Fatal(r)
	}
	if tree, _, _, _ := labFirst(t, d); tree != "((3 12 8) (2 4 6))" {
		t.Errorf("lab --tree -: opens on %q", tree)
	}
}

// TestDocsLabIsBuilt: docs/lab/index.html, the repository's built copy of
// the lab, is what prunescope lab writes now (go generate ./internal/lab
// writes it again).
func TestDocsLabIsBuilt(t *testing.T) {
	file := filepath.Join(t.TempDir(), "lab.html")
	if r := run(t, "", "lab", "--out", file); r.code != 0 {
		t.Fatal(r)
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	built, err := os.ReadFile(filepath.Join("..", "docs", "lab", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, built) {
		t.Errorf("docs/lab/index.html is not what prunescope lab writes now: run go generate ./internal/lab")
	}
}
