package lab

import (
	"context"
	"strings"
	"testing"
)

// TestPractiseTextsInTheFont: every character the practise tab writes from
// the engine's answer (the quiz's lines, questions and verdicts, on plain
// and chance trees, right and wrong answers) is in the lab's embedded font,
// but the quiz's ✓ and ✗, which no Go font has: the browser draws them in
// a font of its own (the panel's text is not laid out by the engine).
func TestPractiseTextsInTheFont(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		args   []string
		answer string
	}{
		{[]string{"--tree", "aima", "--at", "2,3"}, "value 3; best 1; never 2.2; window 2: (-inf, inf); at 2: 2; window 3: (3, 4); at 3: >=3"},
		{[]string{"--seed", "4217", "--cutoff", "gt", "--fail", "soft", "--ask-windows"}, "value 5; best 2; never none"},
		{[]string{"--seed", "3", "--chance", "--depth", "3", "--branching", "2", "--algo", "star1"}, "value 15/2; best 1; never 1.1.1"},
		{[]string{"--seed", "7", "--depth", "4", "--horizon", "3", "--order-children", "rtl"}, "value 1; best 3; never 2"},
		{[]string{"--seed", "9", "--algo", "branch-bound"}, "value 1; best 3; never 1.2.2"},
	} {
		p, err := MakePractise(ctx, PractiseRequest{Args: c.args, Answer: &c.answer})
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		all := strings.Join(p.About, "") + strings.Join(p.Text, "") + p.Command + strings.Join(p.Moves, "") + strings.Join(p.Points, "")
		for _, q := range p.Questions {
			all += q.Prompt
		}
		for _, r := range all {
			if !strings.ContainsRune(fontText, r) && r != '✓' && r != '✗' {
				t.Errorf("%v: %q (U+%04X) is not in the lab's font", c.args, r, r)
			}
		}
	}
}
