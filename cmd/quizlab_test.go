package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestQuizLab: quiz --lab writes the lab opened in practise on the quiz:
// its seed and flags in the page's parameters, the quiz's tree and
// settings, and none of the quiz's search in the page; bad flags are
// refused in one line and leave no file.
func TestQuizLab(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "q.html")
	r := run(t, "", "quiz", "--seed", "4217", "--cutoff", "gt", "--ask-windows", "--lab", file)
	if r.code != 0 || r.stdout != "" {
		t.Fatalf("quiz --lab: %s", r)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)<script id="lab-first" type="application/json">(.*?)</script>`).FindSubmatch(b)
	if m == nil {
		t.Fatal("the page has no lab-first")
	}
	var first struct {
		Tree   string            `json:"tree"`
		Args   []string          `json:"args"`
		Params map[string]string `json:"params"`
		Hold   bool              `json:"hold"`
		Result json.RawMessage   `json:"result"`
	}
	if err := json.Unmarshal(m[1], &first); err != nil {
		t.Fatal(err)
	}
	if first.Params["tab"] != "practise" || first.Params["seed"] != "4217" || first.Params["q"] != "--ask-windows --cutoff gt" {
		t.Errorf("the page opens on %v", first.Params)
	}
	if !first.Hold || first.Result != nil {
		t.Errorf("the quiz's search is in the page before Check (hold %v, result %d bytes)", first.Hold, len(first.Result))
	}
	if !strings.Contains(strings.Join(first.Args, " "), "--cutoff gt") || !strings.HasPrefix(first.Tree, "(") {
		t.Errorf("the lab's tree and settings: %q %v", first.Tree, first.Args)
	}

	for _, args := range [][]string{
		{"quiz", "--seed", "3", "--key", "--lab", "x.html"},
		{"quiz", "--seed", "3", "--svg", "x.svg", "--lab", "x.html"},
		{"quiz", "--seed", "3", "--lab", "-"},
		{"quiz", "--seed", "3", "--algo", "pvs", "--lab", "x.html"},
	} {
		for i, a := range args {
			if strings.HasSuffix(a, ".html") || strings.HasSuffix(a, ".svg") {
				args[i] = filepath.Join(dir, a)
			}
		}
		r := run(t, "", args...)
		if r.code != 2 || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 || !strings.HasPrefix(r.stderr, "prunescope: ") {
			t.Errorf("%v: %s", args, r)
		}
		if _, err := os.Stat(filepath.Join(dir, "x.html")); err == nil {
			t.Errorf("%v: a page was written", args)
		}
	}
}
