package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStepGolden: the stepper printing steps for a script (standard input
// and output are not terminals in tests), and its errors.
func TestStepGolden(t *testing.T) {
	wiki := run(t, "", "search", "--tree", "wikipedia", "--trace", "json").stdout
	runGolden(t, []goldenCase{
		{"step-aima.txt", "", []string{"step", "--tree", "aima"}},
		{"step-wikipedia-cuts.txt", "", []string{"step", "--tree", "wikipedia", "--cuts"}},
		{"step-from-steps.txt", "", []string{"step", "--tree", "wikipedia", "--cutoff", "gt", "--fail", "soft", "--from", "30", "--steps", "4"}},
		{"step-saved-stdin.txt", wiki, []string{"step", "-", "--cuts", "--steps", "2"}},
		{"step-selective.txt", "", []string{"step", "--tree", "nullmove", "--null-move", "--cuts"}},
		{"step-iterative.txt", "", []string{"step", "--tree", "iterative", "--iterative", "--aspiration", "1", "--tt"}},
		{"step-chess.txt", "", []string{"step", "--fen", "mate-in-2", "--depth", "3", "--cuts", "--steps", "3"}},
		{"err-step-nothing.txt", "", []string{"step"}},
		{"err-step-both.txt", wiki, []string{"step", "-", "--tree", "aima"}},
		{"err-step-missing.txt", "", []string{"step", "/nonexistent/trace.jsonl"}},
		{"err-step-bad-trace.txt", "{\"seq\":0,\"ev\":\"start\",\"node\":0,\"path\":\"\",\"ply\":0,\"depth\":2}\nnot json\n", []string{"step", "-"}},
		{"err-step-from.txt", "", []string{"step", "--tree", "aima", "--from", "-3"}},
		{"err-step-steps.txt", "", []string{"step", "--tree", "aima", "--steps", "-1"}},
		{"err-step-frames-every.txt", "", []string{"step", "--tree", "aima", "--frames", "x", "--frames-every", "0"}},
		{"err-step-frames-max.txt", "", []string{"step", "--tree", "wikipedia", "--frames", "never-made/frames", "--frames-max", "10"}},
		{"err-step-frames-file.txt", "", []string{"step", "--tree", "aima", "--frames", "step_test.go"}},
	})
	if _, err := os.Stat("never-made"); err == nil {
		t.Errorf("--frames-max refused, yet the folder was made")
	}
}

// TestStepFrames: --frames writes one SVG per step (every K-th and the
// last), an index that lists them, and replaces an earlier run's frames.
func TestStepFrames(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, "step-0099.svg")
	keep := filepath.Join(dir, "notes.txt")
	for _, f := range []string{stale, keep} {
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := run(t, "", "step", "--tree", "aima", "--frames", dir, "--frames-every", "5", "--renderer", "builtin")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	// aima has 17 steps: 1, 6, 11, 16 and the last, 17.
	want := []string{"step-0001.svg", "step-0006.svg", "step-0011.svg", "step-0016.svg", "step-0017.svg"}
	for _, f := range want {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), "<svg") || !strings.Contains(string(b), "</svg>") {
			t.Errorf("%s is not a whole SVG", f)
		}
	}
	if _, err := os.Stat(stale); err == nil {
		t.Errorf("the frame of an earlier run is still there")
	}
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("a file that is not a frame was removed")
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range want {
		if !strings.Contains(string(index), `"`+f+`"`) {
			t.Errorf("index.html does not list %s", f)
		}
	}
	if !strings.Contains(r.stderr, "wrote 5 frames") {
		t.Errorf("stderr: %s", r.stderr)
	}
	// The frame of step 11 is the search as it stood then: node 3 entered
	// (step 11 enters it), its leaves not yet.
	b, _ := os.ReadFile(filepath.Join(dir, "step-0011.svg"))
	if !strings.Contains(string(b), "step 11 of 17") || !strings.Contains(string(b), "Node 3: MIN to move") {
		t.Errorf("step 11's caption is missing")
	}
}

// TestStepFramesPNG: --frames-format png draws pictures for slide programs.
func TestStepFramesPNG(t *testing.T) {
	dir := t.TempDir()
	r := run(t, "", "step", "--tree", "aima", "--frames", dir, "--frames-format", "png", "--from", "17", "--steps", "1", "--renderer", "builtin")
	if r.code != 0 || !strings.Contains(r.stderr, "wrote 1 frame to") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	b, err := os.ReadFile(filepath.Join(dir, "step-0009.png"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), "\x89PNG") {
		t.Errorf("not a PNG")
	}
	if r := run(t, "", "step", "--tree", "aima", "--frames", dir, "--frames-format", "gif"); r.code != 2 {
		t.Errorf("--frames-format gif: exit %d", r.code)
	}
}

// TestLessonStep: every lesson with a search can be stepped through (the
// search flags that step lacks are left out), and one without says so.
func TestLessonStep(t *testing.T) {
	all, err := allLessons()
	if err != nil {
		t.Fatal(err)
	}
	stepped := 0
	for _, l := range all {
		r := run(t, "", "lesson", "run", l.Name, "--step")
		if r.code == 2 && strings.Contains(r.stderr, "no search to step through") {
			continue
		}
		if r.code != 0 || !strings.Contains(r.stdout, "$ prunescope step ") || !strings.Contains(r.stdout, "[step 1 · event") || !strings.Contains(r.stdout, "The search is over") {
			t.Errorf("lesson %s --step: %s", l.Name, r)
		}
		stepped++
	}
	if stepped < len(all)-2 {
		t.Errorf("only %d of %d lessons could be stepped through", stepped, len(all))
	}
	if got := stepArgs([]string{"--tree", "aima", "--trace", "none", "--svg", "x.svg", "--null-move", "--trace-depth=2", "--depth", "3"}); strings.Join(got, " ") != "step --tree aima --null-move --depth 3" {
		t.Errorf("stepArgs: %q", got)
	}
}

// TestStepNodeLimit: step --nodes N steps through the first N nodes of the
// search, as the note of a trace too big to keep recommends: its last step
// says the search stopped at the node limit with N nodes, and a note on
// standard error says so; the page is written too. It printed nothing and
// exited 1.
func TestStepNodeLimit(t *testing.T) {
	for _, tc := range []struct {
		args []string
		n    string
	}{
		{[]string{"--tree", "aima"}, "3"},
		{[]string{"--tree", "wikipedia"}, "1"},
		{[]string{"--tree", "wikipedia"}, "10"},
		{[]string{"--fen", "tactic", "--depth", "3"}, "40"},
		{[]string{"--fen", "tactic", "--depth", "3", "--null-move"}, "25"},
		{[]string{"--fen", "tactic", "--depth", "4", "--iterative"}, "100"},
	} {
		args := append(append([]string{"step"}, tc.args...), "--nodes", tc.n, "--plain")
		r := run(t, "", args...)
		what := strings.Join(args, " ")
		if r.code != 0 {
			t.Errorf("%s: %s", what, r)
			continue
		}
		steps := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n[step ")
		last := steps[len(steps)-1]
		if !strings.Contains(last, "node limit") || !strings.Contains(last, "nodes "+tc.n+" ·") {
			t.Errorf("%s: the last step does not say the node limit stopped it after %s nodes:\n%s", what, tc.n, last)
		}
		if want := "prunescope: note: the search stopped at the node limit (--nodes " + tc.n + "), after entering " + tc.n + " node"; !strings.HasPrefix(r.stderr, want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%s: stderr %q, want one line starting %q", what, r.stderr, want)
		}
		if enters := strings.Count(r.stdout, "] Node ") + strings.Count(r.stdout, "] Leaf ") + strings.Count(r.stdout, "The search starts"); tc.args[1] == "aima" && enters != 3 {
			t.Errorf("%s: %d nodes stepped through, want 3:\n%s", what, enters, r.stdout)
		}
	}
	page := filepath.Join(t.TempDir(), "p.html")
	if r := run(t, "", "step", "--tree", "wikipedia", "--nodes", "7", "--html", page); r.code != 0 {
		t.Errorf("step --nodes 7 --html: %s", r)
	} else if b, err := os.ReadFile(page); err != nil || !strings.Contains(string(b), "node limit") {
		t.Errorf("the page of a search stopped at the node limit does not say so (%v)", err)
	}
}
