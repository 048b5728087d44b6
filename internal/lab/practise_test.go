package lab_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/cmd"
	"github.com/prunescope/prunescope/internal/lab"
)

// runCLI runs prunescope in-process as a user types it: its standard
// output, standard error and exit code.
func runCLI(args ...string) (string, string, int) {
	var out, errOut bytes.Buffer
	code := cmd.Main(args, strings.NewReader(""), &out, &errOut)
	return out.String(), errOut.String(), code
}

// keyAnswer is quiz --key --json's answer for the quiz args make.
func keyAnswer(t *testing.T, args []string) string {
	t.Helper()
	out, errOut, code := runCLI(append(append([]string{"quiz"}, args...), "--key", "--json")...)
	if code != 0 {
		t.Fatalf("quiz %v --key: exit %d: %s", args, code, errOut)
	}
	var k struct {
		Answer string `json:"answer"`
	}
	if err := json.Unmarshal([]byte(out), &k); err != nil {
		t.Fatal(err)
	}
	return k.Answer
}

// flipped are conventions each a misconception's search has: the answer
// key of the quiz made with them, checked against the quiz, is the answer
// of a student who searched that way.
var flipped = map[string][]string{
	"--cutoff": {"ge", "gt"},
	"--fail":   {"hard", "soft"},
	"--algo":   {"alphabeta", "branch-bound", "minimax"},
}

// TestPractiseChecksAsQuizCheck: for random seeds and conventions, the
// practise call grades every answer exactly as prunescope quiz check
// --json does (the same report, byte for byte): the right one, the keys of
// quizzes searched with other conventions (each a misconception's answer),
// wrong numbers and lists, and no answer; a malformed answer gets quiz
// check's one-line error.
func TestPractiseChecksAsQuizCheck(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(20, 6))
	cases := 12
	if testing.Short() {
		cases = 4
	}
	seen := map[string]bool{}
	for i := 0; i < cases; i++ {
		args := []string{"--seed", fmt.Sprint(rng.IntN(100000) + 1), "--min-cutoffs", "1"}
		conv := map[string]string{}
		for _, f := range []string{"--cutoff", "--fail"} {
			conv[f] = flipped[f][rng.IntN(2)]
			args = append(args, f, conv[f])
		}
		if i%3 == 0 {
			args = append(args, "--ask-windows")
		}
		if i%4 == 1 {
			args = append(args, "--order-children", "rtl")
		}
		right := keyAnswer(t, args)
		answers := []string{right, "value 0; best 1; never none", "never none"}
		for flag, values := range flipped {
			for _, v := range values {
				if conv[flag] == v || (flag == "--algo" && v == "alphabeta") {
					continue
				}
				other := slices.Clone(args)
				if j := slices.Index(other, flag); j >= 0 {
					other[j+1] = v
				} else {
					other = append(other, flag, v)
				}
				if v == "branch-bound" { // fail-soft by construction: no --fail
					j := slices.Index(other, "--fail")
					other = slices.Delete(other, j, j+2)
				}
				if v == "minimax" {
					continue // its key is "never none", checked above
				}
				answers = append(answers, keyAnswer(t, other))
			}
		}
		if slices.Contains(args, "--order-children") {
			ltr := slices.Clone(args[:len(args)-2])
			answers = append(answers, keyAnswer(t, ltr))
		}
		for _, ans := range answers {
			p, err := lab.MakePractise(ctx, lab.PractiseRequest{Args: args, Answer: &ans})
			if err != nil {
				t.Fatalf("practise %v %q: %v", args, ans, err)
			}
			out, errOut, code := runCLI(append(append([]string{"quiz", "check"}, args...), "--answer", ans, "--json")...)
			if code > 1 {
				t.Fatalf("quiz check %v %q: exit %d: %s", args, ans, code, errOut)
			}
			if string(p.Report) != strings.TrimSpace(out) {
				t.Errorf("practise %v %q:\n%s\nquiz check --json:\n%s", args, ans, p.Report, out)
			}
			text, _, _ := runCLI(append(append([]string{"quiz", "check"}, args...), "--answer", ans)...)
			if strings.Join(p.Text, "\n") != strings.TrimRight(text, "\n") {
				t.Errorf("practise %v %q: its text\n%s\nquiz check prints\n%s", args, ans, strings.Join(p.Text, "\n"), text)
			}
			var lines []string
			for _, v := range p.Verdicts {
				lines = append(lines, v.Lines...)
			}
			var want []string
			for _, l := range p.Text[:len(p.Text)-1] {
				want = append(want, strings.TrimSpace(l))
			}
			if strings.Join(lines, "\n") != strings.Join(want, "\n") || p.Score != p.Text[len(p.Text)-1] {
				t.Errorf("practise %v %q: its verdicts' lines\n%s\nare not quiz check's\n%s", args, ans, strings.Join(lines, "\n"), strings.Join(want, "\n"))
			}
			var r struct {
				Score, Total   int
				Misconceptions []struct{ ID string }
			}
			if err := json.Unmarshal(p.Report, &r); err != nil {
				t.Fatal(err)
			}
			if ans == right && r.Score != r.Total {
				t.Errorf("practise %v: the key's answer %q scores %d/%d", args, ans, r.Score, r.Total)
			}
			for _, m := range r.Misconceptions {
				seen[m.ID] = true
			}
		}
		for _, bad := range []string{"", "value x", "best 9", "never 7.7.7", "window 2: (3", "value 3; value 4", "colour 3"} {
			_, err := lab.MakePractise(ctx, lab.PractiseRequest{Args: args, Answer: &bad})
			_, errOut, code := runCLI(append(append([]string{"quiz", "check"}, args...), "--answer", bad)...)
			want := strings.TrimPrefix(strings.TrimSpace(errOut), "prunescope: ")
			if code != 2 || err == nil || err.Error() != want || strings.Contains(want, "\n") {
				t.Errorf("practise %v %q: error %v; quiz check (exit %d) says %q", args, bad, err, code, want)
			}
		}
	}
	// The answers above are the misconceptions' own: the checker named
	// them (a test that would pass with no misconception named is none).
	for _, id := range []string{"nothing-pruned", "fail-hard-soft"} {
		if !seen[id] {
			t.Errorf("no answer was named %s; named: %v", id, seen)
		}
	}
	if !seen["tie-pruned"] && !seen["tie-not-pruned"] {
		t.Errorf("no answer was named a tie's misconception; named: %v", seen)
	}
}

// TestPractiseRefusesAsQuizCheck: bad quiz flags get quiz check's line.
func TestPractiseRefusesAsQuizCheck(t *testing.T) {
	ans := "value 3"
	for _, args := range [][]string{
		{"--seed", "x"},
		{"--seed", "3", "--algo", "pvs"},
		{"--seed", "3", "--fail", "x"},
		{"--tree", "((1 2) (3", "--at", "1"},
		{"--tree", "aima", "--seed", "4"},
		{"--seed", "3", "--algo", "alphabeta+tt"},
		{"--seed", "3", "--depth", "12", "--branching", "9"},
	} {
		_, err := lab.MakePractise(context.Background(), lab.PractiseRequest{Args: args, Answer: &ans})
		_, errOut, code := runCLI(append(append([]string{"quiz", "check"}, args...), "--answer", ans)...)
		want := strings.TrimPrefix(strings.TrimSpace(errOut), "prunescope: ")
		if code != 2 || err == nil || err.Error() != want {
			t.Errorf("practise %v: error %v; quiz check (exit %d) says %q", args, err, code, want)
		}
	}
}

// TestPractiseSearchIsTheQuizs: the lab's search that the practise tab
// shows after Check (the quiz's tree with its settings) is the quiz's: the
// same root value and best move as the key, and exactly the leaves the key
// says are never evaluated are never searched.
func TestPractiseSearchIsTheQuizs(t *testing.T) {
	ctx := context.Background()
	for _, args := range [][]string{
		{"--seed", "4217"},
		{"--seed", "4217", "--cutoff", "gt", "--fail", "soft"},
		{"--seed", "99", "--order-children", "rtl", "--depth", "4", "--branching", "2"},
		{"--tree", "aima", "--root", "min"},
		{"--seed", "7", "--depth", "4", "--horizon", "3"},
		{"--seed", "5", "--algo", "branch-bound"},
		{"--seed", "3", "--chance", "--depth", "3", "--branching", "2", "--algo", "star1"},
	} {
		p, err := lab.MakePractise(ctx, lab.PractiseRequest{Args: args})
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		r := lab.Search(ctx, p.Tree, p.Search)
		if r.Error != "" {
			t.Fatalf("%v: the lab's search %v: %s", args, p.Search, r.Error)
		}
		key := clausesOf(keyAnswer(t, args))
		sum := strings.Join(r.Summary, "\n")
		if !strings.Contains(sum, "value "+key["value"]+" ") || !strings.Contains(sum, "best move "+key["best"]+" ") {
			t.Errorf("%v: the lab's search says\n%s\nthe key: %v", args, sum, key)
		}
		// The never-searched leaves: the command line's search of the
		// same tree and settings lists them in its JSON trace's cutoffs;
		// here, the drawing's never-searched shapes carry their names.
		var never []string
		for _, n := range strings.Fields(key["never"]) {
			if n != "none" {
				never = append(never, n)
			}
		}
		cut := unsearchedNames(r.SVG)
		for _, n := range never {
			if !slices.Contains(cut, n) {
				t.Errorf("%v: %s is never evaluated (the key), but the lab's search draws it searched", args, n)
			}
		}
	}
}

// clausesOf splits an answer into its clauses by question word.
func clausesOf(answer string) map[string]string {
	out := map[string]string{}
	for _, c := range strings.Split(answer, ";") {
		c = strings.TrimSpace(c)
		if i := strings.IndexByte(c, ' '); i > 0 {
			out[c[:i]] = strings.TrimSpace(c[i+1:])
		}
	}
	return out
}

// unsearchedNames are the names (data-path) of the never-searched shapes
// of a drawing.
func unsearchedNames(svg string) []string {
	var out []string
	for _, part := range strings.Split(svg, "<g ")[1:] {
		if !strings.Contains(part[:strings.IndexByte(part, '>')], "unsearched") {
			continue
		}
		head := part[:strings.IndexByte(part, '>')]
		if i := strings.Index(head, `data-path="`); i >= 0 {
			rest := head[i+len(`data-path="`):]
			out = append(out, rest[:strings.IndexByte(rest, '"')])
		}
	}
	return out
}

// TestPractiseDrawsNoAnswer: the exercise's drawing has every node of the
// tree, named, with the leaves' values, and nothing of the answer: no
// never-searched mark, no cut, no window, no placeholder of the player's.
func TestPractiseDrawsNoAnswer(t *testing.T) {
	p, err := lab.MakePractise(context.Background(), lab.PractiseRequest{Args: []string{"--tree", "aima"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, leak := range []string{"unsearched", "data-cut", "data-of", "ps-v", "ps-w", "ps-c", "✂", "dash"} {
		if strings.Contains(p.SVG, leak) {
			t.Errorf("the exercise's drawing holds %q", leak)
		}
	}
	for _, name := range []string{"1", "2", "3", "1.1", "2.2", "3.3"} {
		if !strings.Contains(p.SVG, `data-path="`+name+`"`) {
			t.Errorf("the exercise's drawing has no node %s", name)
		}
	}
	for _, v := range []string{">3<", ">12<", ">8<", ">2<", ">4<", ">6<", ">14<", ">5<"} {
		if !strings.Contains(p.SVG, v) {
			t.Errorf("the exercise's drawing lacks the leaf value %s", v)
		}
	}
	if strings.Join(p.Points, " ") != "1.1 1.2 1.3 2.1 2.2 2.3 3.1 3.2 3.3" || strings.Join(p.Moves, " ") != "1 2 3" {
		t.Errorf("points %v, moves %v", p.Points, p.Moves)
	}
}
