package cmd

import (
	"strings"
	"testing"
)

// TestInfiniteLeavesCommands: a tree with ±∞ leaves goes through the
// commands a class uses: tree show prints it back with inf and -inf (and
// its JSON with "inf" and "-inf", read back to the same tree), the quiz's
// key answers it, quiz check grades the key's own answers all right and a
// wrong value wrong, and a chance node above −∞ is refused with one line,
// exit 2.
func TestInfiniteLeavesCommands(t *testing.T) {
	const tr = "((3 ∞) (−∞ 4) (+inf 2))"
	r := run(t, "", "tree", "show", tr)
	if r.code != 0 || r.stdout != "((3 inf) (-inf 4) (inf 2))\n" {
		t.Fatalf("tree show: %s", r)
	}
	js := run(t, "", "tree", "show", tr, "--json")
	if js.code != 0 || !strings.Contains(js.stdout, `{"value": "-inf"}`) {
		t.Fatalf("tree show --json: %s", js)
	}
	if back := run(t, js.stdout, "tree", "show", "-"); back.code != 0 || back.stdout != r.stdout {
		t.Fatalf("tree show of the JSON: %s", back)
	}
	key := run(t, "", "quiz", "--tree", tr, "--ask-windows", "--key")
	if key.code != 0 {
		t.Fatalf("quiz --key: %s", key)
	}
	var answer string
	for _, line := range strings.Split(key.stdout, "\n") {
		if a, ok := strings.CutPrefix(line, "as an answer: "); ok {
			answer = a
		}
	}
	if !strings.Contains(answer, "value 3") || !strings.Contains(answer, "-inf") {
		t.Fatalf("quiz --key gives no answer naming -inf: %s", key)
	}
	if ok := run(t, "", "quiz", "check", "--tree", tr, "--ask-windows", "--answer", answer); ok.code != 0 || strings.Contains(ok.stdout, "✗") {
		t.Errorf("quiz check of the key's answer: %s", ok)
	}
	if bad := run(t, "", "quiz", "check", "--tree", tr, "--answer", "value inf"); bad.code == 0 || !strings.Contains(bad.stdout, "✗ root value: 3, not +∞") {
		t.Errorf("quiz check of value inf: %s", bad)
	}
	refused := run(t, "", "search", "--algo", "expectimax", "--tree", "((3 (1 -inf))[chance] 2)")
	if refused.code != 2 || strings.Count(refused.stderr, "\n") != 1 || !strings.HasPrefix(refused.stderr, "prunescope: tree:1:8: leaf 1.2.2 is −∞ below chance node 1") {
		t.Errorf("an infinite leaf below a chance node: %s", refused)
	}
}
