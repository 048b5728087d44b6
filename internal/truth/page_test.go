package truth

import (
	"bytes"
	"fmt"
	"math/big"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/page"
	"github.com/prunescope/prunescope/trace/step"
)

// checkPage holds the numbers the page shows at every step of run r —
// page.Expected, what window.ps.state() must report, to which the page's
// data and the browser tests hold the page — to the oracle, which follows
// the search on its own: each open node's window is the one it was entered
// with, and under alpha-beta the one its parent passed it (its parent's α
// and β as they stood); beside it its best value so far, and the label of
// the live bound, α raised at MAX or β lowered at MIN, or the closed window,
// closed exactly when α ≥ β (α > β under the strict rule), a cutoff only at
// a closed window; a chance cut's average beyond the window and true of the
// tree; a node that returns keeps its entry window and shows nothing live.
func checkPage(t *testing.T, name string, tr *tree.Tree, r *run) {
	t.Helper()
	exp, err := page.Expected(bytes.NewReader(r.json))
	if err != nil {
		t.Errorf("%s: page.Expected: %v", name, err)
		return
	}
	p, err := step.Open(bytes.NewReader(r.json), "trace")
	if err != nil {
		t.Errorf("%s: step: %v", name, err)
		return
	}
	in := p.Info()
	orc := newOracle(tr, r.info, true)
	for i := 1; i < len(exp); i++ {
		if ok, err := p.Next(); err != nil || !ok {
			t.Errorf("%s: step %d: the player ends before the page (%v)", name, i, err)
			return
		}
		for _, e := range p.Events() {
			orc.apply(e)
		}
		for k := range orc.line {
			f := &orc.line[k]
			n, ok := exp[i].Nodes[fmt.Sprint(f.id)]
			if !ok {
				continue // not drawn
			}
			if err := pageNode(in, orc, f, n); err != nil {
				t.Errorf("%s: step %d, open node %s, line %s: %v", name, i, explain.NodeName(f.path), orc.lineOf(), err)
				return
			}
		}
		for _, e := range p.Events() {
			if e.Kind != trace.Exit {
				continue
			}
			n, ok := exp[i].Nodes[fmt.Sprint(e.Node)]
			if !ok {
				continue
			}
			a, b := "", ""
			if e.Has&trace.HasWindow != 0 {
				a, b = in.Format(e.Alpha), in.Format(e.Beta)
			}
			if n.Alpha != a || n.Beta != b || n.Live != "" || n.Best != "" {
				t.Errorf("%s: step %d, %s returned: the page shows window (%s, %s), best %q, live %q; it was searched with (%s, %s) and nothing is live",
					name, i, explain.NodeName(e.Path), n.Alpha, n.Beta, n.Best, n.Live, a, b)
				return
			}
		}
	}
}

// pageNode checks what the page shows of the open node f.
func pageNode(in *trace.Info, o *oracle, f *oframe, n page.NodeState) error {
	if !n.Visible {
		return fmt.Errorf("not shown")
	}
	a, b := "", ""
	if f.hasWin {
		a, b = in.Format(f.alpha), in.Format(f.beta)
	}
	if n.Alpha != a || n.Beta != b {
		return fmt.Errorf("shows the window (%s, %s); it was entered with (%s, %s)", n.Alpha, n.Beta, a, b)
	}
	// Under alpha-beta, and MTD(f)'s and Star1's alpha-beta below the
	// root, a node's window is its parent's as it stood, under branch and
	// bound the parent's one bound (PVS passes null windows, aspiration
	// and MTD(f) choose the root's, chance nodes compute their children's).
	if f.hasPassed && f.hasWin && in.Algo != "pvs" && (f.alpha != f.passed[0] || f.beta != f.passed[1]) {
		return fmt.Errorf("was entered with (%s, %s); its parent's window stood at (%s, %s)",
			a, b, in.Format(f.passed[0]), in.Format(f.passed[1]))
	}
	best := ""
	if f.hasBest && !f.chance {
		best = in.Format(f.best)
	}
	if n.Best != best {
		return fmt.Errorf("shows best so far %q; its moves returned %q at best", n.Best, best)
	}
	live, err := liveOf(in, o, f)
	if err != nil {
		return err
	}
	if n.Live != live {
		return fmt.Errorf("shows %q beside its window; the oracle says %q", n.Live, live)
	}
	return nil
}

// liveOf is the label the oracle expects beside the open node f's window.
func liveOf(in *trace.Info, o *oracle, f *oframe) (string, error) {
	if e := f.chanceCut; e != nil {
		low := e.Reason == trace.ReasonAlpha || e.Reason == trace.ReasonProbeAlpha
		if o.exact && f.node != nil {
			t := o.truth(f.node, f.depth)
			if (low && t.Cmp(big.NewRat(e.Upper, 1)) > 0) || (!low && t.Cmp(big.NewRat(e.Lower, 1)) < 0) {
				return "", fmt.Errorf("chance cut: the average said to lie in [%d, %d] is %s", e.Lower, e.Upper, t.RatString())
			}
		}
		if low {
			if e.Upper > f.alpha {
				return "", fmt.Errorf("chance cut at α: its average may reach %d > α %d", e.Upper, f.alpha)
			}
			return "closed: average ≤ " + in.Format(e.Upper) + " ≤ α " + in.Format(f.alpha) + " — cut", nil
		}
		if e.Lower < f.beta {
			return "", fmt.Errorf("chance cut at β: its average may be %d < β %d", e.Lower, f.beta)
		}
		return "closed: average ≥ " + in.Format(e.Lower) + " ≥ β " + in.Format(f.beta) + " — cut", nil
	}
	if !f.hasBest || f.chance {
		if f.cut {
			return "", fmt.Errorf("cut before any move returned")
		}
		return "", nil
	}
	b := in.Format(f.best)
	if !f.hasWin {
		return "best " + b, nil
	}
	alpha, beta := f.current()
	closed, rel := alpha >= beta, " ≥ "
	if in.Cutoff == "gt" {
		closed, rel = alpha > beta, " > "
	}
	if f.cut && !closed {
		return "", fmt.Errorf("cut with the window still open: α %s, β %s", in.Format(alpha), in.Format(beta))
	}
	switch {
	case closed:
		return "closed: α " + in.Format(alpha) + rel + "β " + in.Format(beta) + " — cut", nil
	case f.max:
		return "best " + b + " · α " + in.Format(alpha), nil
	}
	return "best " + b + " · β " + in.Format(beta), nil
}
