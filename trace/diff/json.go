package diff

import (
	"encoding/json"
	"io"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// WriteJSON writes the comparison for programs: the input, the two runs
// (spec, conventions, the root search compared, and the summary fields of the
// trace's done event), the totals, and every difference at and below top (nil:
// the root) in tree order. Values are from MAX's point of view, in the game's
// units as written; infinities are "inf" and "-inf".
func WriteJSON(w io.Writer, r *Result, top *Node) error {
	if top == nil {
		top = r.Root
	}
	info := r.A.Info()
	out := jsonResult{
		Input:   jsonInput{Game: info.Game, Input: info.Input, Root: info.Root, Depth: info.Depth},
		A:       jsonRunOf(r.A),
		B:       jsonRunOf(r.B),
		Windows: r.Windows,
	}
	if top != r.Root {
		out.Focus = top.Path
	}
	t := Count(top)
	out.Totals = jsonTotals{Both: t.Both, OnlyA: t.OnlyA, OnlyB: t.OnlyB, Differences: t.Differences, Nodes: t.Nodes, Kinds: map[string]int{}}
	for k := Kind(0); k < NumKinds; k++ {
		if t.Kinds[k] > 0 {
			out.Totals.Kinds[k.String()] = t.Kinds[k]
		}
	}
	out.Differences = []jsonDiff{}
	for _, d := range List(top) {
		jd := jsonDiff{Kind: d.Kind.String(), Path: d.Node.Path}
		if d.Node.Visit > 1 {
			jd.Visit = d.Node.Visit
		}
		if d.Kind == OnlyA || d.Kind == OnlyB {
			jd.Nodes = d.Node.Size
		}
		jd.A = r.jsonSide(d, 'A')
		jd.B = r.jsonSide(d, 'B')
		out.Differences = append(out.Differences, jd)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

type jsonResult struct {
	Input       jsonInput  `json:"input"`
	A           jsonRun    `json:"a"`
	B           jsonRun    `json:"b"`
	Focus       string     `json:"focus,omitempty"`
	Windows     bool       `json:"windows_compared"`
	Totals      jsonTotals `json:"totals"`
	Differences []jsonDiff `json:"differences"`
}

type jsonInput struct {
	Game  string `json:"game"`
	Input string `json:"input"`
	Root  string `json:"root"`
	Depth int    `json:"depth"`
}

type jsonRun struct {
	Spec        string           `json:"spec"`
	Algo        string           `json:"algo"`
	Fail        string           `json:"fail,omitempty"`
	Cutoff      string           `json:"cutoff_rule,omitempty"`
	Conventions string           `json:"conventions"`
	Options     []string         `json:"options,omitempty"`
	Iteration   int              `json:"iteration"`
	Pass        int              `json:"pass"`
	Value       *jsonValue       `json:"value,omitempty"`
	Best        string           `json:"best"`
	PV          []string         `json:"pv"`
	Nodes       int64            `json:"nodes"`
	Leaves      int64            `json:"leaves"`
	Counts      map[string]int64 `json:"counts"`
}

type jsonTotals struct {
	Both        int            `json:"both"`
	OnlyA       int            `json:"a_only"`
	OnlyB       int            `json:"b_only"`
	Differences int            `json:"differences"`
	Nodes       int            `json:"nodes_differing"`
	Kinds       map[string]int `json:"kinds"`
}

type jsonDiff struct {
	Kind  string    `json:"kind"`
	Path  string    `json:"path"`
	Visit int       `json:"visit,omitempty"`
	Nodes int       `json:"nodes,omitempty"`
	A     *jsonNode `json:"a,omitempty"`
	B     *jsonNode `json:"b,omitempty"`
}

// jsonNode is what one search did at the node of a difference: the words of
// the text output, and the fields the kind is about.
type jsonNode struct {
	Text   string     `json:"text"`
	Value  *jsonValue `json:"value,omitempty"`
	Bound  string     `json:"bound,omitempty"`
	Alpha  *jsonValue `json:"alpha,omitempty"`
	Beta   *jsonValue `json:"beta,omitempty"`
	Depth  *int       `json:"depth,omitempty"`
	Cut    *bool      `json:"cut,omitempty"`
	Pruned []string   `json:"pruned,omitempty"`
}

// jsonValue is a raw value written in the game's units, infinities as strings.
type jsonValue struct{ v, scale int64 }

func (j jsonValue) MarshalJSON() ([]byte, error) {
	switch {
	case j.v >= score.Inf:
		return []byte(`"inf"`), nil
	case j.v <= -score.Inf:
		return []byte(`"-inf"`), nil
	}
	return score.AppendJSON(nil, j.v, j.scale), nil
}

func jsonRunOf(run *Run) jsonRun {
	info := run.Info()
	j := jsonRun{
		Spec: run.Spec, Algo: info.Algo, Fail: info.Fail, Cutoff: info.Cutoff, Conventions: run.Conventions,
		Options: info.Options, Iteration: run.Root.Iteration, Pass: run.Root.Pass,
		PV: []string{}, Counts: map[string]int64{},
	}
	if s := run.Rec.Summary; s != nil {
		j.Value = &jsonValue{s.Value, info.Scale}
		j.Best, j.Nodes, j.Leaves = s.Best, s.Nodes, s.Leaves
		if s.PV != nil {
			j.PV = s.PV
		}
		for _, k := range trace.CountedKinds() {
			j.Counts[k.String()] = s.Counts[k]
		}
	}
	return j
}

func (r *Result) jsonSide(d *Difference, side byte) *jsonNode {
	n, info := d.Node.A, r.A.Info()
	if side == 'B' {
		n, info = d.Node.B, r.B.Info()
	}
	if n == nil {
		return nil
	}
	j := &jsonNode{Text: r.Words(d, side)}
	switch d.Kind {
	case OnlyA, OnlyB, Value:
		if n.HasValue {
			j.Value = &jsonValue{n.Value, info.Scale}
			j.Bound = n.Bound.String()
		}
	}
	switch d.Kind {
	case OnlyA, OnlyB, Window:
		if n.HasWindow {
			j.Alpha, j.Beta = &jsonValue{n.Alpha, info.Scale}, &jsonValue{n.Beta, info.Scale}
		}
	}
	switch d.Kind {
	case OnlyA, OnlyB, Depth:
		depth := n.Depth
		j.Depth = &depth
	case Cutoff:
		cut := n.Cut != nil
		j.Cut = &cut
		if cut {
			j.Pruned = n.Cut.Pruned
		}
	}
	return j
}
