package explain

import (
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// The clauses the quiz's feedback is made of: why a node cut off or did not,
// how a value lies against a window, where a bound of a window comes from,
// what a fail convention made of a node's best value. The quiz supplies the
// facts from its searches of the tree; the words and the relations they
// claim are made here. Values are MAX's.

// CutFact is a node's test of one of its moves against its bound: the move
// that cut it off, or one that did not.
type CutFact struct {
	Node        string // the node in words: "MIN node 2", "the root"
	Max         bool   // MAX is to move at the node
	Alpha, Beta int64  // the window it was searched with
	Move        string // the move's label
	Got         string // the move's value as the feedback writes it: "2", "≤6"
	Value       int64  // that value, a number
	Exact       bool   // the value is exact (a tie with the bound is a tie)
	Edge        int64  // the bound the node compares with: β at MAX, α at MIN
	Rule        string // the cutoff rule, "ge" or "gt"
}

func (f CutFact) edgeName() string {
	if f.Max {
		return "β"
	}
	return "α"
}

// dec writes a value for prose: in.Format's, with a decimal comma in
// Russian and Czech.
func dec(in *trace.Info, v int64) string { return Printer(in).Decimal(in.Format(v)) }

// CutWhy says why a node cut off: "at MIN node 2, searched with (3, +∞), 2.1
// returned 2 < α 3".
func CutWhy(in *trace.Info, f CutFact) Sentence {
	who := SideOf(f.Max)
	edge := num("", f.Edge)
	var c Claim
	args := []any{"Node", f.Node, "Window", window(in, f.Alpha, f.Beta), "Move", f.Move, "Got", Printer(in).Decimal(f.Got), "Edge", f.edgeName(), "Bound", dec(in, f.Edge)}
	var text string
	switch {
	case f.Value != f.Edge:
		c = Claim{Who: who, L: num("", f.Value), Rel: GT, R: edge}
		if !f.Max {
			c.Rel = LT
		}
		text = Printer(in).T("reason.cut.past", append(args, "Rel", c.Rel.Symbol())...)
	case f.Exact:
		c = Claim{Who: who, L: num("", f.Value), Rel: EQ, R: edge}
		text = Printer(in).T("reason.cut.tie", args...)
	default:
		c = Claim{Who: who, L: num("", f.Value), Rel: EQ, R: edge}
		text = Printer(in).T("reason.cut.reach", args...)
	}
	c.Who = Nobody // the node's side is told by its name
	return Sentence{Text: text, Claims: []Claim{c}}
}

// NoCutWhy says why a node did not stop after a move: "at MIN node 3,
// searched with (6, +∞), 3.1 returned ≤6, a tie with α 6, which does not cut
// under --cutoff gt", or "…, which does not reach α 6".
func NoCutWhy(in *trace.Info, f CutFact) Sentence {
	edge := num("", f.Edge)
	args := []any{"Node", f.Node, "Window", window(in, f.Alpha, f.Beta), "Move", f.Move, "Got", Printer(in).Decimal(f.Got), "Edge", f.edgeName(), "Bound", dec(in, f.Edge), "Rule", f.Rule}
	if f.Value == f.Edge {
		c := Claim{L: num("", f.Value), Rel: EQ, R: edge}
		return Sentence{Text: Printer(in).T("reason.nocut.tie", args...), Claims: []Claim{c}}
	}
	c := Claim{L: num("", f.Value), Rel: LT, R: edge}
	if !f.Max {
		c.Rel = GT
	}
	return Sentence{Text: Printer(in).T("reason.nocut.short", args...), Claims: []Claim{c}}
}

// Edge says how a value v a node returned lies against its window (alpha,
// beta): "2 ≤ α 3", "9 ≥ β 6", or "3 lies strictly within (2, 5)". On a tie
// window (α = β) the side to move's edge comes first, as in score.BoundOf.
func Edge(in *trace.Info, max bool, v, alpha, beta int64) Sentence {
	val, a, b := num("", v), num("α", alpha), num("β", beta)
	var c []Claim
	switch {
	case v <= alpha && !max:
		c = []Claim{{L: val, Rel: LE, R: a}}
	case v >= beta:
		c = []Claim{{L: val, Rel: GE, R: b}}
	case v <= alpha:
		c = []Claim{{L: val, Rel: LE, R: a}}
	default:
		c = []Claim{{L: a, Rel: LT, R: val}, {L: val, Rel: LT, R: b}}
		return Sentence{Text: Printer(in).T("reason.edge.within", "Value", dec(in, v), "Window", window(in, alpha, beta)), Claims: c}
	}
	return Sentence{Text: c[0].words(in), Claims: c}
}

// WindowFact is where one edge of a node's window comes from.
type WindowFact struct {
	Node    string // the node's label: "2.1"
	Alpha   bool   // the edge is α (else β)
	V       int64  // its value
	OneOnly bool   // branch and bound, below the root: a node has one bound
	Setter  string // the node whose move set it, in words ("MAX node 2"); "" when it is the root's own window
	By      string // that move's label, "" if unknown
	Parent  bool   // the setter is the node's parent
	Self    bool   // the setter is the node itself
}

// WindowFrom says where an edge of a window comes from: "α 3 comes from MAX
// node 1: its move 1.1 returned 3 before 1.2 was searched". One message
// per case: whether the move is known, and whether the setter is the
// node's parent, the node itself or a node further up.
func WindowFrom(in *trace.Info, f WindowFact) Sentence {
	name := "β"
	if f.Alpha {
		name = "α"
	}
	val := dec(in, f.V)
	args := []any{"Name", name, "Value", val, "Node", f.Node, "Setter", f.Setter, "By", f.By}
	p := Printer(in)
	var text string
	switch {
	case score.IsInf(f.V) && f.OneOnly:
		text = p.T("reason.from.oneonly", args...)
	case score.IsInf(f.V):
		text = p.T("reason.from.inf", args...)
	case f.Setter == "":
		text = p.T("reason.from.root", args...)
	case f.By != "" && f.Parent:
		text = p.T("reason.from.by.parent", args...)
	case f.By != "" && f.Self:
		text = p.T("reason.from.by.self", args...)
	case f.By != "":
		text = p.T("reason.from.by.far", args...)
	case f.Parent || f.Self:
		text = p.T("reason.from.near", args...)
	default:
		text = p.T("reason.from.far", args...)
	}
	return Sentence{Text: text}
}

// Raised says what moved a bound: " after its move 1 returned 3 (α rose to
// 3)"; "" without a move.
func Raised(in *trace.Info, move string, v int64, alpha bool) string {
	if move == "" {
		return ""
	}
	if alpha {
		return Printer(in).T("reason.raised.alpha", "Move", move, "Value", dec(in, v))
	}
	return Printer(in).T("reason.raised.beta", "Move", move, "Value", dec(in, v))
}

// failShort names a fail convention as FailShort does, in in's language.
func failShort(in *trace.Info, fail string) string {
	if fail == "f2" {
		return Printer(in).T("reason.fail.f2")
	}
	return FailShort(fail)
}

// Returned says what a fail convention made of the best value a node found,
// as a clause that follows a reason: "; it returns ≤3", or "; fail-hard
// clamps that 2 into the window: it returns ≤3"; on a tie window a clamped
// value is said to be no bound. fail is the convention's key ("hard").
func Returned(in *trace.Info, fail string, best, v int64, returned string, noBound bool, alpha, beta int64) string {
	args := []any{"Fail", failShort(in, fail), "Best", dec(in, best), "Returned", Printer(in).Decimal(returned), "Window", window(in, alpha, beta)}
	switch {
	case best != v && noBound:
		return Printer(in).T("reason.returned.clamped.nobound", args...)
	case best != v:
		return Printer(in).T("reason.returned.clamped", args...)
	case noBound:
		return Printer(in).T("reason.returned.nobound", args...)
	}
	return Printer(in).T("reason.returned", args...)
}

// ProvedFact is a node whose search found its true value, although the
// value it returns is a bound by the textbook rule.
type ProvedFact struct {
	Node     string // in words: "MAX node 2.2"
	Label    string // its label: "2.2"
	How      string // how the value was proved: "its whole subtree was searched"
	True     int64  // the true value
	Max      bool
	Best     int64 // the best value it found
	Alpha    int64
	Beta     int64
	Value    int64 // what it returns
	Bound    score.Bound
	Returned string // the value as returned: "≥7"
	Fail     string // the fail convention's key
	Hidden   bool   // a clamp below hid the true value: the best is not it
}

// ProvedButBound says that a node's search found its true value, and why
// what it returns is a bound all the same: "7 is indeed the true value of MAX
// node 2.2 — its whole subtree was searched — but 7 ≥ β 6, so the search
// reports it as a lower bound, ≥7: its parent only learns that 2.2 is worth
// at least 7".
func ProvedButBound(in *trace.Info, f ProvedFact) Sentence {
	e := Edge(in, f.Max, f.Best, f.Alpha, f.Beta)
	why := e.Text
	if f.Hidden {
		why = Printer(in).T("reason.proved.hidden", "Fail", failShort(in, f.Fail), "Edge", why)
	}
	clamp := ""
	if f.Best != f.Value {
		clamp = Printer(in).T("reason.proved.clamp", "Fail", failShort(in, f.Fail), "Best", dec(in, f.Best))
	}
	args := []any{"True", dec(in, f.True), "Node", f.Node, "How", f.How, "Why", why, "Returned", Printer(in).Decimal(f.Returned), "Clamp", clamp, "Label", f.Label, "Value", dec(in, f.Value)}
	text := Printer(in).T("reason.proved.lower", args...)
	if f.Bound == score.Upper {
		text = Printer(in).T("reason.proved.upper", args...)
	}
	return Sentence{Text: text, Claims: e.Claims}
}
