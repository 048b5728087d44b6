package truth

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/lab"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/step"
)

// predictSpecs are the searches the lab's predictions ask about (the
// quiz's), with the settings that make them.
var predictSpecs = map[string][]string{
	"minimax": {"--algo", "minimax"}, "negamax": {"--algo", "negamax"},
	"branch-bound:ge": {"--algo", "branch-bound", "--cutoff", "ge"}, "branch-bound:gt": {"--algo", "branch-bound", "--cutoff", "gt"},
	"alphabeta:hard:ge": {"--fail", "hard", "--cutoff", "ge"}, "alphabeta:soft:ge": {"--fail", "soft", "--cutoff", "ge"},
	"alphabeta:f2:ge": {"--fail", "f2", "--cutoff", "ge"}, "alphabeta:hard:gt": {"--fail", "hard", "--cutoff", "gt"},
	"alphabeta:soft:gt": {"--fail", "soft", "--cutoff", "gt"}, "alphabeta:f2:gt": {"--fail", "f2", "--cutoff", "gt"},
}

// checkPredict checks the lab's predictions of a search the quiz makes
// (spec one of predictSpecs, else nothing is checked) against the oracle:
// before each step the lab asks about, the answer the oracle's numbers give
// — the window the node's parent passes it as the algorithm says, the
// value the node returns with the bound the brute-force value makes true
// of it, a cut when the node's window as it stands has closed under the
// cutoff rule — is graded right by the lab.
func checkPredict(t *testing.T, name, spec string, tr *tree.Tree, depth int, rtl bool, r *run) {
	t.Helper()
	args, ok := predictSpecs[spec]
	if !ok || r == nil {
		return
	}
	args = append(append([]string(nil), args...), "--depth", strconv.Itoa(depth))
	if tr.RootMin {
		args = append(args, "--root", "min")
	}
	if rtl {
		args = append(args, "--order-children", "rtl")
	}
	text := tree.Format(tr)
	var ps lab.Predictions
	ask(t, "predict.questions", map[string]any{"tree": text, "args": args, "mode": "all"}, &ps)
	if ps.Error != "" {
		if strings.Contains(ps.Error, "differs") || !strings.HasPrefix(ps.Error, "predict: ") {
			t.Errorf("%s: predict: %s", name, ps.Error)
		}
		return // a tree the quiz does not take (players that do not alternate)
	}
	p, err := step.Open(bytes.NewReader(r.json), "trace")
	if err != nil {
		t.Fatal(err)
	}
	orc := newOracle(tr, r.info, true)
	qi := 0
	for i := 1; qi < len(ps.Questions); i++ {
		ok, err := p.Next()
		if err != nil || !ok {
			t.Fatalf("%s: the trace ends before step %d of question %d", name, ps.Questions[qi].Step, qi+1)
		}
		evs := p.Events()
		for ; qi < len(ps.Questions) && ps.Questions[qi].Step == i; qi++ {
			x := ps.Questions[qi]
			answer, err := orc.predictAnswer(x, evs)
			if err != nil {
				t.Errorf("%s: question %d (%s at %s, step %d): %v", name, qi+1, x.Kind, x.Path, i, err)
				return
			}
			var v lab.Verdict
			ask(t, "predict", map[string]any{"tree": text, "args": args, "mode": "all", "index": qi, "answer": answer}, &v)
			if v.Error != "" || !v.Right {
				t.Errorf("%s: question %d %q: the oracle's answer %q graded %+v", name, qi+1, x.Prompt, answer, v)
				return
			}
		}
		for _, e := range evs {
			orc.apply(e)
		}
	}
}

func ask(t *testing.T, name string, req map[string]any, out any) {
	t.Helper()
	b, _ := json.Marshal(req)
	if err := json.Unmarshal(lab.Call(context.Background(), name, b), out); err != nil {
		t.Fatal(err)
	}
}

// predictAnswer is the right answer to question x, asked before the step of
// the events evs, from the oracle's state before that step.
func (o *oracle) predictAnswer(x lab.Prediction, evs []*trace.Event) (string, error) {
	num := func(v int64) string { return score.Number(v, max(o.tr.Scale, 1), 0) }
	switch x.Kind {
	case "cut":
		f := o.frame(x.Path)
		if f == nil || len(f.done) == 0 || f.done[len(f.done)-1].node != o.find(x.Move) {
			return "", fmt.Errorf("%s is not open with its move %s just searched", explainName(x.Path), x.Move)
		}
		if !f.hasWin {
			return "no", nil // no window: nothing to cut on
		}
		a, b := f.current()
		if a > b || (a == b && o.info.Cutoff != "gt") {
			return "yes", nil
		}
		return "no", nil
	case "window":
		e := evs[0]
		if e.Kind != trace.Enter || e.Path != x.Path || len(o.line) == 0 {
			return "", fmt.Errorf("the step does not enter %s", explainName(x.Path))
		}
		// The window the parent passes, as the algorithm says.
		parent := o.line[len(o.line)-1]
		a, b := parent.current()
		if o.info.Algo == "branch-bound" {
			if parent.max {
				b = score.Inf
			} else {
				a = -score.Inf
			}
		}
		return fmt.Sprintf("(%s, %s)", num(a), num(b)), nil
	case "returns":
		e := evs[len(evs)-1]
		f := o.frame(x.Path)
		if e.Kind != trace.Exit || e.Path != x.Path || f == nil {
			return "", fmt.Errorf("the step does not return from %s", explainName(x.Path))
		}
		v := new(big.Rat).SetFrac64(e.Value, max(o.tr.Scale, 1))
		tv := o.truth(f.node, f.depth)
		switch e.Bound {
		case score.Upper:
			if tv.Cmp(v) > 0 {
				return "", fmt.Errorf("returns ≤%s, but its true value is %s", num(e.Value), tv.RatString())
			}
			return "<=" + num(e.Value), nil
		case score.Lower:
			if tv.Cmp(v) < 0 {
				return "", fmt.Errorf("returns ≥%s, but its true value is %s", num(e.Value), tv.RatString())
			}
			return ">=" + num(e.Value), nil
		case score.Exact:
			if tv.Cmp(v) != 0 {
				return "", fmt.Errorf("returns %s exact, but its true value is %s", num(e.Value), tv.RatString())
			}
		}
		return num(e.Value), nil
	}
	return "", fmt.Errorf("unknown question %q", x.Kind)
}

func explainName(path string) string {
	if path == "" {
		return "the root"
	}
	return path
}
