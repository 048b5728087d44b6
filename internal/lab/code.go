package lab

import (
	"context"
	"fmt"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/step"
)

// The Code tab: the pseudocode of the algorithm shown, in the conventions
// chosen (the fail convention's start and return lines, ≥ or > in the cut
// line), with the line each step executes and the variables there. The
// table step → line is made here from the step player (trace/step): the
// step's event (an enter, a leaf's value, a cutoff, a re-search, a return)
// picks the line that does it in the function of the side to move at its
// node, and the numbers beside it are the player's at that step, MAX's
// view as everywhere (the functions are written for MAX and MIN, as
// textbooks print alpha-beta, so that no number changes sign).

// Line roles: what a line of pseudocode does, which the step's event must
// mean (the test checks every step against them).
const (
	roleFunc     = "function" // entered: the function's first line
	roleLeaf     = "leaf"     // a leaf: the evaluation
	roleCut      = "cut"      // the cutoff
	roleReturn   = "return"   // the node returns its value
	roleResearch = "research" // PVS: the probe failed high, searched again
	roleCutLow   = "cut-low"  // Star1: a chance node cut, its value at most α
	roleCutHigh  = "cut-high" // Star1: a chance node cut, its value at least β
	roleOther    = ""
)

// CodeLine is a line of pseudocode: its text, its depth of indentation and
// what it does (a role above, or roles joined by "+": a fail-hard cut
// returns at once).
type CodeLine struct {
	Text   string `json:"text"`
	Indent int    `json:"indent"`
	Role   string `json:"role,omitempty"`
}

// CodeStep is what the Code tab shows at a step: the line executed (-1:
// none; Note says why) and the variables' values there, "α = 3".
type CodeStep struct {
	Line int      `json:"line"`
	Vars []string `json:"vars,omitempty"`
	Note string   `json:"note,omitempty"`
}

// Code is the Code tab's content for one search.
type Code struct {
	Title string     `json:"title"`
	Lines []CodeLine `json:"lines"`
	// Steps[i] is the state after step i (Steps[0]: before the first).
	Steps []CodeStep `json:"steps"`
}

type codeRequest struct {
	Tree string   `json:"tree"`
	Args []string `json:"args"`
}

func init() {
	registerJSON("code", func(ctx context.Context, r codeRequest) (any, error) {
		return CodeOf(ctx, r.Tree, r.Args)
	})
}

// program is a pseudocode listing and where each role is, by side.
type program struct {
	title string
	lines []CodeLine
	// at[side][role] is the line of role in side's function; side is
	// "max", "min" or "chance".
	at map[string]map[string]int
	// names of the variables: the best so far ("best", "m" in F2) and the
	// child's value ("v", "t" in F2).
	best, val string
	window    bool // the functions take a window (α, β)
	// neg: one function in negamax form (Knuth & Moore's F and F1), its
	// values for the side to move: MIN's are the negatives of MAX's.
	neg bool
}

// side is the function that runs at an event's node: the side to move's,
// or the negamax form's one function ("neg").
func (p *program) side(e *trace.Event) string {
	if p.neg {
		return "neg"
	}
	return sideOf(e)
}

func (p *program) add(side string, indent int, role, text string) {
	if role != roleOther {
		if p.at[side] == nil {
			p.at[side] = map[string]int{}
		}
		for _, r := range strings.Split(role, "+") {
			p.at[side][r] = len(p.lines)
		}
	}
	p.lines = append(p.lines, CodeLine{Text: text, Indent: indent, Role: role})
}

// programOf is the pseudocode of the run's algorithm and conventions, nil
// when the lab has none for it (said in the tab).
func programOf(in *trace.Info) *program {
	p := &program{at: map[string]map[string]int{}, best: "best", val: "v", window: true}
	pr := explain.Printer(in) // the comments' and notes' language (the code's words stay)
	ge, le := "≥", "≤"
	if in.Cutoff == "gt" {
		ge, le = ">", "<"
	}
	chance := func() {
		p.add("chance", 0, roleFunc, "function CHANCE-VALUE(node)")
		p.add("chance", 1, roleOther, "sum ← 0")
		p.add("chance", 1, roleOther, "for each outcome c of node, with probability P(c) do")
		p.add("chance", 2, roleOther, "sum ← sum + P(c) · VALUE(c)")
		p.add("chance", 1, roleReturn, "return sum")
	}
	switch in.Algo {
	case "minimax", "expectimax":
		p.window = false
		p.title = pr.T("lab.code.title.maxmin", "Algo", explain.AlgoNameIn(in, in.Algo))
		for _, s := range []struct{ side, fn, other, init, fold string }{
			{"max", "MAX-VALUE", "MIN-VALUE", "−∞", "max"}, {"min", "MIN-VALUE", "MAX-VALUE", "+∞", "min"}} {
			other := s.other
			if in.Algo == "expectimax" {
				other = "VALUE"
			}
			p.add(s.side, 0, roleFunc, "function "+s.fn+"(node)")
			p.add(s.side, 1, roleLeaf, "if node is a leaf then return EVAL(node)")
			p.add(s.side, 1, roleOther, "best ← "+s.init)
			p.add(s.side, 1, roleOther, "for each child c of node do")
			p.add(s.side, 2, roleOther, "best ← "+s.fold+"(best, "+other+"(c))")
			p.add(s.side, 1, roleReturn, "return best")
		}
		if in.Algo == "expectimax" {
			chance()
			p.lines = append(p.lines, CodeLine{Text: pr.T("lab.code.value", "Call", "VALUE(c)"), Indent: 0})
		}
		return p
	case "negamax":
		p.window, p.neg, p.best = false, true, "m"
		p.title = pr.T("lab.code.title.negamax", "Algo", explain.AlgoNameIn(in, in.Algo))
		p.add("neg", 0, roleFunc, "function F(node)")
		p.add("neg", 1, roleLeaf, "if node is a leaf then return EVAL(node)   -- "+pr.T("lab.code.c.sidetomove"))
		p.add("neg", 1, roleOther, "m ← −∞")
		p.add("neg", 1, roleOther, "for each child c of node do")
		p.add("neg", 2, roleOther, "m ← max(m, −F(c))")
		p.add("neg", 1, roleReturn, "return m")
		return p
	case "branch-bound":
		p.window, p.neg, p.best, p.val = false, true, "m", "t"
		p.title = pr.T("lab.code.title.branch-bound", "Algo", explain.AlgoNameIn(in, in.Algo), "Rel", ge)
		p.add("neg", 0, roleFunc, "function F1(node, bound)")
		p.add("neg", 1, roleLeaf, "if node is a leaf then return EVAL(node)   -- "+pr.T("lab.code.c.sidetomove"))
		p.add("neg", 1, roleOther, "m ← −∞")
		p.add("neg", 1, roleOther, "for each child c of node, in order do")
		p.add("neg", 2, roleOther, "t ← −F1(c, −m)")
		p.add("neg", 2, roleOther, "if t > m then m ← t")
		p.add("neg", 2, roleCut+"+"+roleReturn, "if m "+ge+" bound then return m   ✂")
		p.add("neg", 1, roleReturn, "return m")
		return p
	case "alphabeta", "pvs", "star1":
	default:
		return nil
	}
	pvs := in.Algo == "pvs"
	star := in.Algo == "star1"
	f2 := in.Fail == "f2"
	conv := explain.FailNameIn(in, in.Fail)
	if conv == "" {
		conv = in.Fail
	}
	switch {
	case star:
		p.title = pr.T("lab.code.title.star1", "Conv", conv, "Ge", ge, "Le", le)
	case pvs:
		p.title = pr.T("lab.code.title.pvs", "Conv", conv, "Ge", ge, "Le", le)
	default:
		p.title = pr.T("lab.code.title.alphabeta", "Conv", conv, "Ge", ge, "Le", le)
	}
	if in.Fail != "soft" && !f2 {
		p.best = "" // fail-hard keeps no best apart from α and β
	}
	if f2 {
		p.best, p.val = "m", "t"
		if !pvs {
			p.title = pr.T("lab.code.title.f2", "Ge", ge, "Le", le)
		}
	}
	for _, s := range []struct {
		side, fn, other, own, far, up, init, cmp, rel string
	}{
		{"max", "MAX-VALUE", "MIN-VALUE", "α", "β", "max", "−∞", ">", ge},
		{"min", "MIN-VALUE", "MAX-VALUE", "β", "α", "min", "+∞", "<", le},
	} {
		if pvs {
			s.fn, s.other = "PVS-"+s.fn[:3], "PVS-"+s.other[:3]
		}
		if star {
			s.other = "VALUE" // a child may be a chance node
		}
		b, v := p.best, p.val
		win := "α, β"
		p.add(s.side, 0, roleFunc, "function "+s.fn+"(node, α, β)")
		p.add(s.side, 1, roleLeaf, "if node is a leaf then return EVAL(node)")
		switch {
		case f2:
			p.add(s.side, 1, roleOther, b+" ← "+s.own)
		case in.Fail == "soft":
			p.add(s.side, 1, roleOther, b+" ← "+s.init)
		}
		p.add(s.side, 1, roleOther, "for each child c of node, in order do")
		childWin := win
		if f2 {
			childWin = "m, β"
			if s.side == "min" {
				childWin = "α, m"
			}
		}
		if pvs {
			lo, hi := s.own, s.own+"+1"
			if f2 {
				lo, hi = "m", "m+1"
			}
			if s.side == "min" {
				lo, hi = "β−1", "β"
				if f2 {
					lo, hi = "m−1", "m"
				}
			}
			p.add(s.side, 2, roleOther, "if c is the first child then "+v+" ← "+s.other+"(c, "+childWin+")")
			p.add(s.side, 2, roleOther, "else "+v+" ← "+s.other+"(c, "+lo+", "+hi+")   -- "+pr.T("lab.code.c.null"))
			edges := strings.Split(childWin, ", ")
			p.add(s.side, 3, roleResearch, "if "+edges[0]+" < "+v+" < "+edges[1]+" then "+v+" ← "+s.other+"(c, "+childWin+")   -- "+pr.T("lab.code.c.again"))
		} else {
			p.add(s.side, 2, roleOther, v+" ← "+s.other+"(c, "+childWin+")")
		}
		switch {
		case f2:
			p.add(s.side, 2, roleOther, "if "+v+" "+s.cmp+" m then m ← "+v)
			p.add(s.side, 2, roleCut, "if m "+s.rel+" "+s.far+" then go to done   ✂")
			p.add(s.side, 1, roleReturn, "done: return m")
		case in.Fail == "soft":
			p.add(s.side, 2, roleOther, "if "+v+" "+s.cmp+" "+b+" then "+b+" ← "+v)
			p.add(s.side, 2, roleOther, s.own+" ← "+s.up+"("+s.own+", "+b+")")
			p.add(s.side, 2, roleCut, "if "+b+" "+s.rel+" "+s.far+" then break   ✂")
			p.add(s.side, 1, roleReturn, "return "+b+"   -- "+pr.T("lab.code.c.soft"))
		default: // fail-hard
			p.add(s.side, 2, roleOther, "if "+v+" "+s.cmp+" "+s.own+" then "+s.own+" ← "+v)
			cut := "α " + ge + " β"
			if s.side == "min" {
				cut = "β " + le + " α"
			}
			p.add(s.side, 2, roleCut+"+"+roleReturn, "if "+cut+" then return "+s.far+"   ✂ ("+pr.T("lab.code.c.hardcut")+")")
			p.add(s.side, 1, roleReturn, "return "+s.own+"   -- "+pr.T("lab.code.c.hardret"))
		}
	}
	if star {
		starChance(p, in)
	}
	return p
}

// starChance adds Star1's chance node (Ballard's, with weights): each
// outcome searched with the window that would not settle the node, and the
// node cut as soon as the bounds L and U put its value at or below α, or at
// or above β, whatever the outcomes left are worth.
func starChance(p *program, in *trace.Info) {
	pr := explain.Printer(in)
	ge, le := "≥", "≤"
	if in.Cutoff == "gt" {
		ge, le = ">", "<"
	}
	p.add("chance", 0, roleFunc, "function CHANCE-VALUE(node, α, β)   -- "+pr.T("lab.code.c.lu"))
	p.add("chance", 1, roleOther, "known ← 0;  rest ← 1")
	p.add("chance", 1, roleOther, "for each outcome c of node, with probability P(c), in order do")
	p.add("chance", 2, roleOther, "rest ← rest − P(c)")
	p.add("chance", 2, roleOther, "A ← (α − known − rest·U) / P(c);  B ← (β − known − rest·L) / P(c)")
	p.add("chance", 2, roleOther, "v ← VALUE(c, max(A, L), min(B, U))")
	p.add("chance", 2, roleOther, "known ← known + P(c)·v")
	p.add("chance", 2, roleCutLow+"+"+roleReturn, "if known + rest·U "+le+" α then return known + rest·U   ✂ ("+pr.T("lab.code.c.atmost")+")")
	p.add("chance", 2, roleCutHigh+"+"+roleReturn, "if known + rest·L "+ge+" β then return known + rest·L   ✂ ("+pr.T("lab.code.c.atleast")+")")
	p.add("chance", 1, roleReturn, "return known")
	p.lines = append(p.lines, CodeLine{Text: pr.T("lab.code.value", "Call", "VALUE(c, α, β)"), Indent: 0})
}

// CodeOf is the Code tab's content for the search of tree with args.
func CodeOf(ctx context.Context, treeText string, args []string) (*Code, error) {
	r, err := rerun(ctx, treeText, args)
	if err != nil {
		return nil, err
	}
	info := *r.rec.Info
	info.Lang = string(i18n.FromContext(ctx)) // the page's language (Call); the run may be another's
	in := &info
	pr := explain.Printer(in)
	prog := programOf(in)
	out := &Code{}
	if prog == nil {
		out.Title = pr.T("lab.code.none", "Algo", explain.AlgoNameIn(in, in.Algo))
	} else {
		out.Title, out.Lines = prog.title, prog.lines
		if len(in.Options) > 0 {
			out.Title += " · " + pr.T("lab.code.options", "Options", strings.Join(in.Options, ", "))
		}
	}
	p, err := r.player()
	if err != nil {
		return nil, err
	}
	out.Steps = append(out.Steps, CodeStep{Line: -1})
	var before step.Frame // the innermost open node before the step
	var hadTop bool
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		st := p.State()
		if n := len(st.Stack); n > 0 {
			before, hadTop = st.Stack[n-1], true
		} else {
			hadTop = false
		}
		ok, err := p.Next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return out, nil
		}
		if len(out.Steps) > MaxSteps {
			return nil, fmt.Errorf("code: more than %d steps", MaxSteps)
		}
		var top *step.Frame
		if hadTop {
			top = &before
		}
		out.Steps = append(out.Steps, codeStep(in, prog, p, top))
	}
}

// returnsAtCut says whether side's cut line returns at once (fail-hard).
func returnsAtCut(prog *program, side string) bool {
	i, ok := prog.at[side][roleCut]
	return ok && strings.HasSuffix(prog.lines[i].Role, "+"+roleReturn)
}

// bestOf is the value of the program's best-so-far variable at a node
// whose live state is live: the best of its moves, or F2's m (the entry
// bound of its side raised or lowered by the best: the live α at MAX, β
// at MIN).
func bestOf(prog *program, live step.Live) int64 {
	if prog.best != "m" {
		return live.Best
	}
	if live.Max {
		return live.Alpha
	}
	return live.Beta
}

// sideOf names the function of the side to move at an event's node.
func sideOf(e *trace.Event) string {
	switch {
	case e.Chance:
		return "chance"
	case e.Max:
		return "max"
	}
	return "min"
}

// codeStep is the line and variables of the player's current step; top is
// the innermost open node before it.
func codeStep(in *trace.Info, prog *program, p *step.Player, top *step.Frame) CodeStep {
	evs := p.Events()
	e := evs[0]
	cs := CodeStep{Line: -1}
	role := ""
	f := func(v int64) string { return explain.Number(in, v) } // as the language writes a decimal
	if prog != nil && prog.neg {
		return negStep(in, prog, p, top)
	}
	switch e.Kind {
	case trace.Enter:
		if len(evs) > 1 && evs[1].Kind == trace.Leaf {
			role = roleLeaf
			cs.Vars = []string{"node = " + explain.NodeName(e.Path), "EVAL(node) = " + f(evs[1].Value)}
			break
		}
		role = roleFunc
		cs.Vars = []string{"node = " + explain.NodeName(e.Path)}
		if e.Has&trace.HasWindow != 0 && prog != nil && prog.window {
			cs.Vars = append(cs.Vars, "α = "+f(e.Alpha), "β = "+f(e.Beta))
		}
		if e.Chance && in.Bounds != nil {
			cs.Vars = append(cs.Vars, "L = "+f(in.Bounds.Alpha), "U = "+f(in.Bounds.Beta))
		}
	case trace.Cutoff:
		role = roleCut
		cs.Vars = []string{"node = " + explain.NodeName(e.Path)}
		if fr := frameOf(p, e.Node); fr != nil {
			live := fr.Live(in)
			if n := len(fr.Children); n > 0 && prog != nil {
				c := fr.Children[n-1]
				cs.Vars = append(cs.Vars, "c = "+explain.NodeName(c.Path), prog.val+" = "+f(c.Value))
			}
			if prog != nil && prog.best != "" && live.HasBest {
				cs.Vars = append(cs.Vars, prog.best+" = "+f(bestOf(prog, live)))
			}
			if live.HasWindow {
				cs.Vars = append(cs.Vars, "α = "+f(live.Alpha), "β = "+f(live.Beta))
			}
		}
	case trace.ChanceCut:
		role = chanceCutRole(e)
		bound := score.Upper
		if role == roleCutHigh {
			bound = score.Lower
		}
		cs.Vars = []string{"node = " + explain.NodeName(e.Path), explain.Printer(in).T("lab.code.var.value", "Value", explain.Bounded(in, e.Value, bound))}
		if fr := frameOf(p, e.Node); fr != nil && fr.HasWindow {
			cs.Vars = append(cs.Vars, "α = "+f(fr.Alpha), "β = "+f(fr.Beta))
		}
	case trace.Research:
		if e.Reason == trace.ReasonPVS {
			role = roleResearch
			cs.Vars = []string{"node = " + explain.NodeName(e.Path), "c = " + e.Move}
			if prog != nil {
				cs.Vars = append(cs.Vars, prog.val+" = "+f(e.Value))
			}
			cs.Vars = append(cs.Vars, explain.Printer(in).T("lab.code.var.again", "Window", explain.Edges(in, e.Alpha, e.Beta)))
		}
	case trace.Exit:
		role = roleReturn
		if e.Chance && prog != nil && prog.at["chance"][roleCutLow] > 0 && e.Bound != score.Exact {
			role = chanceCutRole(e) // Star1 returns at the cut line that cut it
		}
		// Fail-hard returns at its cut line once the window is closed,
		// after its last move too (no cutoff is left to happen then).
		if top != nil && top.Node == e.Node && prog != nil && returnsAtCut(prog, prog.side(e)) && top.Live(in).Closed {
			role = roleCut // fail-hard returns at its cut line
		}
		cs.Vars = []string{"node = " + explain.NodeName(e.Path), explain.Printer(in).T("lab.code.var.returns", "Value", explain.Bounded(in, e.Value, e.Bound))}
		if top != nil && top.Node == e.Node {
			live := top.Live(in)
			if prog != nil && prog.best != "" && live.HasBest {
				cs.Vars = append(cs.Vars, prog.best+" = "+f(bestOf(prog, live)))
			}
			if live.HasWindow && prog != nil && prog.window {
				cs.Vars = append(cs.Vars, "α = "+f(live.Alpha), "β = "+f(live.Beta))
			}
		}
	}
	if prog == nil {
		return cs
	}
	return lineOf(in, cs, prog, e, role)
}

// lineOf puts the line of role in the function of e's node into cs, or,
// when the pseudocode has none, a note that says so (and no variables).
func lineOf(in *trace.Info, cs CodeStep, prog *program, e *trace.Event, role string) CodeStep {
	if role != "" {
		if i, ok := prog.at[prog.side(e)][role]; ok {
			cs.Line = i
		}
	}
	if cs.Line < 0 {
		cs.Vars = nil
		pr := explain.Printer(in)
		cs.Note = pr.T("lab.code.note.noline", "Kind", e.Kind.String(), "Node", explain.NodeName(e.Path))
		if e.Kind == trace.Done {
			cs.Note = pr.T("lab.code.note.over")
		}
	}
	return cs
}

// chanceCutRole is the line of Star1's chance node that cuts it, at most α
// or at least β: a chance cut's reason says which edge (MAX's view), the
// node's return its bound (a lower bound: at least β).
func chanceCutRole(e *trace.Event) string {
	high := e.Bound == score.Lower
	if e.Kind == trace.ChanceCut {
		high = strings.HasSuffix(e.Reason, trace.ReasonBeta)
	}
	if high {
		return roleCutHigh
	}
	return roleCutLow
}

// negStep is codeStep for the negamax form: its numbers for the side to
// move at the node, each with MAX's beside it where they differ.
func negStep(in *trace.Info, prog *program, p *step.Player, top *step.Frame) CodeStep {
	evs := p.Events()
	e := evs[0]
	cs := CodeStep{Line: -1}
	// own is a value for the side to move at a node where MAX moves or not.
	pr := explain.Printer(in)
	own := func(isMax bool, v int64) string {
		if isMax {
			return explain.Number(in, v)
		}
		return pr.T("lab.code.var.maxview", "Value", explain.Number(in, -v), "Max", explain.Number(in, v))
	}
	// bound is F1's bound at a node entered with window (α, β), MAX's view.
	bound := func(isMax bool, alpha, beta int64) string {
		if isMax {
			return explain.Number(in, beta)
		}
		return explain.Number(in, -alpha)
	}
	role := ""
	var node string
	switch name := explain.NodeName(e.Path); {
	case e.Chance:
		node = pr.T("lab.code.var.node.chance", "Node", name)
	case e.Max:
		node = pr.T("lab.code.var.node.max", "Node", name)
	default:
		node = pr.T("lab.code.var.node.min", "Node", name)
	}
	switch e.Kind {
	case trace.Enter:
		if len(evs) > 1 && evs[1].Kind == trace.Leaf {
			role = roleLeaf
			cs.Vars = []string{node, "EVAL(node) = " + own(e.Max, evs[1].Value)}
			break
		}
		role = roleFunc
		cs.Vars = []string{node}
		if in.Algo == "branch-bound" && e.Has&trace.HasWindow != 0 {
			cs.Vars = append(cs.Vars, "bound = "+bound(e.Max, e.Alpha, e.Beta))
		}
	case trace.Cutoff:
		role = roleCut
		cs.Vars = []string{node}
		if fr := frameOf(p, e.Node); fr != nil {
			if n := len(fr.Children); n > 0 {
				c := fr.Children[n-1]
				cs.Vars = append(cs.Vars, "c = "+explain.NodeName(c.Path), prog.val+" = "+own(fr.Max, c.Value))
			}
			if fr.HasBest {
				cs.Vars = append(cs.Vars, "m = "+own(fr.Max, fr.Best))
			}
			if fr.HasWindow {
				cs.Vars = append(cs.Vars, "bound = "+bound(fr.Max, fr.Alpha, fr.Beta))
			}
		}
	case trace.Exit:
		role = roleReturn
		if e.Chance && prog != nil && prog.at["chance"][roleCutLow] > 0 && e.Bound != score.Exact {
			role = chanceCutRole(e) // Star1 returns at the cut line that cut it
		}
		if top != nil && top.Node == e.Node && returnsAtCut(prog, "neg") && top.Live(in).Closed {
			role = roleCut
		}
		cs.Vars = []string{node, pr.T("lab.code.var.returnsm", "Value", own(e.Max, e.Value))}
	}
	return lineOf(in, cs, prog, e, role)
}
