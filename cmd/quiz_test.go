package cmd

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestQuizGolden runs the quiz command lines a student, a teacher or a
// grader types and compares what they print with golden files.
func TestQuizGolden(t *testing.T) {
	cases := []struct {
		name  string
		stdin string
		args  []string
		code  int
	}{
		{"quiz-key-aima.txt", "", []string{"quiz", "--tree", "aima", "--key"}, 0},
		{"quiz-key-wikipedia-gt.txt", "", []string{"quiz", "--tree", "wikipedia", "--cutoff", "gt", "--fail", "soft", "--key"}, 0},
		{"quiz-key-horizon.txt", "", []string{"quiz", "--seed", "3", "--depth", "3", "--horizon", "2", "--ask-windows", "--key"}, 0},
		{"quiz-key-deep.json", "", []string{"quiz", "--seed", "7", "-b", "2", "-d", "4", "--deep-cutoff", "--ask-windows", "--key", "--json"}, 0},
		{"quiz-print.txt", "", []string{"quiz", "--seed", "11", "--ask-windows", "--print"}, 0},
		{"quiz-print-min-cutoffs.txt", "", []string{"quiz", "--seed", "5", "-b", "2", "-d", "4", "--min-cutoffs", "4", "--cutoff", "gt", "--print"}, 0},
		{"quiz-empty-stdin.txt", "", []string{"quiz", "--tree", "wikipedia", "--algo", "branch-bound"}, 0},
		{"quiz-piped-right.txt", "3\n1\n2.2, 2.3\n", []string{"quiz", "--tree", "aima"}, 0},
		{"quiz-piped-wrong.txt", "# homework 3\n3\n2\n2.1 2.2 2.3\n(-inf, inf)\n2\n", []string{"quiz", "--tree", "aima", "--at", "2"}, 1},
		{"quiz-interactive.txt", "three\n3\nnever 2.2\n\n2\n(3, inf)\n<=3\n", []string{"quiz", "--tree", "aima", "--at", "2", "--interactive"}, 1},
		{"quiz-interactive-eof.txt", "", []string{"quiz", "--tree", "aima", "--interactive"}, 0},
		{"quiz-check-right.txt", "", []string{"quiz", "check", "--tree", "aima", "--answer", "value 3; best 1; never 2.2 2.3"}, 0},
		{"quiz-check-ties.txt", "", []string{"quiz", "check", "--tree", "wikipedia", "--cutoff", "gt", "--fail", "soft", "--answer", "value 6; best 2; never 1.1.2.3 2.1.2.2 3.2.1.1 3.2.1.2 3.2.2.1"}, 1},
		{"quiz-check-fail-confused.txt", "", []string{"quiz", "check", "--tree", "wikipedia", "--cutoff", "gt", "--fail", "hard", "--answer", "value 6; best 2; never 1.1.2.3 3.2.1.1 3.2.1.2 3.2.2.1"}, 1},
		{"quiz-check-windows.txt", "", []string{"quiz", "check", "--tree", "aima", "--at", "2,3", "--answer", "value 3; best 1; never 2; window 2: (-inf, +inf); at 2: 2; window 3: (3, inf); at 3: <=2"}, 1},
		{"quiz-check-deep.txt", "", []string{"quiz", "check", "--tree", "(5 (((3 9) 8) 1))", "--at", "2.1.1", "--answer", "value 5; best 1; never none; window 2.1.1: (-inf, inf); at 2.1.1: 3"}, 1},
		{"quiz-check-depth.txt", "", []string{"quiz", "check", "--seed", "3", "--depth", "3", "--horizon", "2", "--answer", "value 7; best 3; never 1.2.2 1.2.3 1.3.2 1.3.3 2.2.1 2.2.2 2.2.3 2.3.1 2.3.2 2.3.3 3.3.2 3.3.3"}, 1},
		{"quiz-check-minimax.txt", "", []string{"quiz", "check", "--tree", "aima", "--algo", "minimax", "--answer", "value 3; best 3; never 2.2 2.3; at 2: <=2"}, 1},
		{"quiz-check.json", "", []string{"quiz", "check", "--tree", "aima", "--at", "2", "--answer", "value 3; best 1; never 2.2 2.3; window 2: (3, +inf); at 2: 2", "--json"}, 1},
		{"quiz-check-stdin.txt", "value 3\nbest 1\nnever 2.2 2.3\n", []string{"quiz", "check", "--tree", "aima", "--answer", "-"}, 0},
		// a misconception named in Russian and Czech (the explanations are English so far; the JSON stays English)
		{"quiz-check-ru.txt", "", []string{"quiz", "check", "--tree", "aima", "--answer", "value 3; best 1; never 2.1", "--lang", "ru"}, 1},
		{"quiz-check-cs.txt", "", []string{"quiz", "check", "--tree", "wikipedia", "--cutoff", "gt", "--fail", "soft", "--answer", "value 6; best 2; never 1.1.2.3 2.1.2.2 3.2.1.1 3.2.1.2 3.2.2.1", "--lang", "cs"}, 1},
		// the quiz itself in Russian and Czech: its header, conventions, outline, questions and how to check
		{"quiz-print-ru.txt", "", []string{"quiz", "--seed", "3", "--depth", "3", "--horizon", "2", "--ask-windows", "--print", "--lang", "ru"}, 0},
		{"quiz-print-cs.txt", "", []string{"quiz", "--seed", "11", "--ask-windows", "--cutoff", "gt", "--fail", "soft", "--print", "--lang", "cs"}, 0},
		{"quiz-piped-ru.txt", "3\n2\n2.2\n", []string{"quiz", "--tree", "aima", "--at", "2", "--lang", "ru"}, 1},
		{"err-quiz-answer.txt", "", []string{"quiz", "check", "--tree", "aima", "--answer", "value 3; nevr 2.2"}, 2},
		{"err-quiz-answer-node.txt", "", []string{"quiz", "check", "--tree", "aima", "--answer", "value 3; never 2.2 2.9"}, 2},
		{"err-quiz-answer-window.txt", "", []string{"quiz", "check", "--tree", "aima", "--answer", "window 2: (3)"}, 2},
		{"err-quiz-answer-twice.txt", "", []string{"quiz", "check", "--tree", "aima", "--answer", "value 3; value 4"}, 2},
		{"err-quiz-stdin-line.txt", "3\n1\n2.2 x\n", []string{"quiz", "--tree", "aima"}, 2},
		{"err-quiz-no-answer.txt", "", []string{"quiz", "check", "--tree", "aima"}, 2},
		{"err-quiz-no-seed.txt", "", []string{"quiz", "check", "--answer", "value 3"}, 2},
		{"err-quiz-seed-with-tree.txt", "", []string{"quiz", "--tree", "aima", "--seed", "3"}, 2},
		{"err-quiz-deep-shallow.txt", "", []string{"quiz", "--seed", "1", "--depth", "3", "--deep-cutoff"}, 2},
		{"err-quiz-deep-bb.txt", "", []string{"quiz", "--seed", "1", "--depth", "5", "--deep-cutoff", "--algo", "branch-bound"}, 2},
		{"err-quiz-impossible.txt", "", []string{"quiz", "--seed", "1", "-b", "2", "-d", "3", "--min", "4", "--max", "4", "--cutoff", "gt", "--min-cutoffs", "1"}, 2},
		{"err-quiz-algo.txt", "", []string{"quiz", "--tree", "aima", "--algo", "pvs"}, 2},
		{"quiz-chance-check.txt", "", []string{"quiz", "check", "--tree", "((3 12)[chance] (2 4)[chance] (14 5 2)[chance])", "--algo", "expectimax", "--answer", "value 3; best 1; never 2.2"}, 1},
		{"quiz-star1-key.txt", "", []string{"quiz", "--tree", "((9 9)[chance] (1 9)[chance])", "--algo", "star1", "--bounds", "0,10", "--key"}, 0},
		{"quiz-chance-generated.txt", "", []string{"quiz", "--seed", "3", "--chance", "-b", "2", "--algo", "expectimax", "--print"}, 0},
		{"quiz-check-fraction.txt", "", []string{"quiz", "check", "--tree", "((3[p=1/3] 12[p=2/3])[chance] (2[p=1/3] 4[p=2/3])[chance])", "--algo", "expectimax", "--answer", "value 15/2; best 1; never none"}, 1},
		{"quiz-rtl-check.txt", "", []string{"quiz", "check", "--tree", "aima", "--order-children", "rtl", "--answer", "value 3; best 1; never 2.2 2.3"}, 1},
		{"err-quiz-bounds.txt", "", []string{"quiz", "--tree", "((3 12)[chance] (2 4)[chance])", "--algo", "star1", "--bounds", "4,12"}, 2},
		{"err-quiz-order.txt", "", []string{"quiz", "--tree", "aima", "--order-children", "up"}, 2},
		{"err-quiz-horizon.txt", "", []string{"quiz", "--tree", "aima", "--horizon", "1"}, 2},
		{"err-quiz-at.txt", "", []string{"quiz", "--tree", "aima", "--at", "2,9"}, 2},
		{"err-quiz-tree.txt", "", []string{"quiz", "--tree", "aimaa"}, 2},
		{"err-quiz-big.txt", "", []string{"quiz", "--seed", "1", "-b", "6", "-d", "4"}, 2},
		{"err-quiz-modes.txt", "", []string{"quiz", "--tree", "aima", "--key", "--print"}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := run(t, c.stdin, c.args...)
			if r.code != c.code {
				t.Errorf("exit %d, want %d: %s", r.code, c.code, r.stderr)
			}
			switch c.code {
			case 2:
				if n := strings.Count(r.stderr, "\n"); n != 1 || !strings.HasPrefix(r.stderr, "prunescope: ") {
					t.Errorf("stderr is not one line starting with 'prunescope: ': %q", r.stderr)
				}
				if r.stdout != "" {
					t.Errorf("bad input wrote to stdout: %q", r.stdout)
				}
			case 1:
				wrong := strings.HasSuffix(r.stderr, "answers are wrong or missing\n") || strings.HasSuffix(r.stderr, "ответов неверны или отсутствуют\n") || strings.HasSuffix(r.stderr, "odpovědí je špatně nebo chybí\n")
				if !wrong || strings.Count(r.stderr, "\n") != 1 {
					t.Errorf("stderr: %q", r.stderr)
				}
			case 0:
				if r.stderr != "" {
					t.Errorf("stderr: %q", r.stderr)
				}
			}
			golden(t, c.name, "$ prunescope "+strings.Join(quote(c.args), " ")+"\n"+r.String())
		})
	}
}

// TestQuizSeedIsPrinted: without --seed a seed is picked and printed, and the
// quiz it names is the same quiz again.
func TestQuizSeedIsPrinted(t *testing.T) {
	first := run(t, "", "quiz", "--print", "--depth", "2")
	m := regexp.MustCompile(`seed (\d+)\n`).FindStringSubmatch(first.stdout)
	if first.code != 0 || m == nil {
		t.Fatalf("no seed printed (exit %d):\n%s", first.code, first.stdout)
	}
	if !strings.Contains(first.stdout, "prunescope quiz check --depth 2 --seed "+m[1]+" --answer") {
		t.Errorf("the check line does not make the quiz again:\n%s", first.stdout)
	}
	again := run(t, "", "quiz", "--print", "--depth", "2", "--seed", m[1])
	if again.stdout != first.stdout {
		t.Errorf("seed %s made another quiz:\n%s\n---\n%s", m[1], first.stdout, again.stdout)
	}
	// The key of that quiz, given back as answers, is all right.
	key := run(t, "", "quiz", "--key", "--depth", "2", "--seed", m[1])
	line := regexp.MustCompile(`as an answer: (.*)\n`).FindStringSubmatch(key.stdout)
	if line == nil {
		t.Fatalf("no answer line in the key:\n%s", key.stdout)
	}
	if r := run(t, "", "quiz", "check", "--depth", "2", "--seed", m[1], "--answer", line[1]); r.code != 0 {
		t.Errorf("the key's answers are not right: exit %d\n%s", r.code, r.stdout)
	}
}

// TestQuizConstraintsReproducible: --min-cutoffs and --deep-cutoff give the
// same quiz for the same seed, and the key shows what they asked for.
func TestQuizConstraintsReproducible(t *testing.T) {
	args := []string{"quiz", "--key", "-b", "2", "-d", "4", "--min-cutoffs", "3", "--deep-cutoff", "--seed", "19"}
	a, b := run(t, "", args...), run(t, "", args...)
	if a.code != 0 || a.stdout != b.stdout {
		t.Fatalf("not reproducible (exit %d): %s", a.code, a.stderr)
	}
	if strings.Count(a.stdout, "cut after") < 3 || !strings.Contains(a.stdout, "a deep cutoff") {
		t.Errorf("the constraints are not met:\n%s", a.stdout)
	}
}

// TestQuizJSONVerdicts: the grader's JSON says the score and names the
// misconceptions by id.
func TestQuizJSONVerdicts(t *testing.T) {
	r := run(t, "", "quiz", "check", "--tree", "wikipedia", "--cutoff", "gt", "--fail", "soft", "--json",
		"--answer", "value 6; best 2; never 1.1.2.3 2.1.2.2 3.2.1.1 3.2.1.2 3.2.2.1")
	var got struct {
		Score, Total   int
		Misconceptions []struct{ ID string }
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("%v:\n%s", err, r.stdout)
	}
	if r.code != 1 || got.Score != 2 || got.Total != 3 || len(got.Misconceptions) != 1 || got.Misconceptions[0].ID != "tie-pruned" {
		t.Errorf("exit %d: %+v", r.code, got)
	}
}

func TestQuizHelp(t *testing.T) {
	r := run(t, "", "--help")
	if !strings.Contains(r.stdout, "In class:") || !strings.Contains(r.stdout, "quiz") {
		t.Errorf("quiz is not in the help's class group:\n%s", r.stdout)
	}
	for _, c := range [][]string{{"quiz"}, {"quiz", "check"}} {
		r := run(t, "", append(c, "--help")...)
		if r.code != 0 || !strings.Contains(r.stdout, "Examples:") || !strings.Contains(r.stdout, "Exit status") {
			t.Errorf("%v --help: exit %d:\n%s", c, r.code, r.stdout)
		}
	}
	for _, c := range [][]string{{"quiz", "--help"}, {"quiz", "check", "--help"}} {
		if r := run(t, "", c...); strings.Contains(r.stdout, "cut node") {
			t.Errorf("%v says \"cut node\" (the move-ordering lesson's term for another thing):\n%s", c, r.stdout)
		}
	}
	r = run(t, "", "quiz", "check", "--help")
	for _, want := range []string{"window 2: (3, +inf)", "at 2: <=3", "none", "-inf"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("quiz check --help does not document %q", want)
		}
	}
}

// TestReadmeQuizMistakes: the README shows the explanations of a wrong
// answer in a text block, since README examples must exit 0; this keeps that
// block what the command prints.
func TestReadmeQuizMistakes(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(data), "```text\nprunescope quiz check ")
	if !ok {
		t.Fatal("the README has no quiz check example with mistakes")
	}
	block, _, _ = strings.Cut(block, "```")
	line, want, _ := strings.Cut(block, "\n")
	args, err := splitShell("quiz check " + line)
	if err != nil {
		t.Fatal(err)
	}
	r := run(t, "", args...)
	if r.code != 1 || r.stdout != want {
		t.Errorf("exit %d:\n%s--- README shows\n%s", r.code, r.stdout, want)
	}
}
