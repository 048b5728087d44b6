// Package student reads the trace a student's own search writes and
// compares it with prunescope's search of the same toy tree: the first
// place the two part, what the reference search did there (in the trace's
// sentences) and what the student's did, and, when the student's search is
// another search prunescope knows event for event (minimax, branch and
// bound, the other fail or cutoff convention, the other order of children),
// the mistake that explains it.
//
// The trace (docs/trace-format.md) is JSON Lines, one event a line, a
// search's node events in the order it made them:
//
//	{"ev": "enter", "node": "2.1"}
//	{"ev": "leaf", "node": "2.1", "value": 3}
//	{"ev": "exit", "node": "2", "value": 3}
//
// A node is named by its path ("2.1": the first child of the root's
// second child; "" or "root" for the root) or by its name in the tree.
// Values are MAX's view unless a line {"values": "mover"} (negamax: the
// view of the side to move at the node) comes first. A leaf's enter may be
// left out, and an exit right after the leaf of the same node is the same
// value. Other events (cutoffs, windows, prunescope's own fields) are
// read and left aside: a trace prunescope writes is such a trace too.
package student

import (
	"bufio"
	"encoding/json"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// Kinds are the events a student's trace compares; Views the values a
// "values" line takes. docs/trace.schema.json's minimal part lists the
// same, and the cutoff a student may write, which is read and left aside.
var (
	Kinds = []string{"enter", "leaf", "exit"}
	Views = []string{"max", "mover"}
)

// MaxBytes bounds a student's trace: a toy tree has at most a million
// nodes, each a few events of a few dozen bytes.
const MaxBytes = 256 << 20

// maxLine bounds one line of the trace.
const maxLine = 1 << 20

// Step is one node event of a search, as the comparison reads it: a node
// entered, or a node left with its value (MAX's view, the tree's units).
type Step struct {
	Exit  bool
	Key   string     // the node, as the game keys it (Game)
	Node  *tree.Node // a toy tree's node (nil in chess)
	Value int64      // when Exit
	Line  int        // the line of the student's trace (0 for the reference)
	// Window, on an enter, says the node was entered with the window
	// (Alpha, Beta), MAX's view: a student's trace may give it, and it is
	// then compared with the reference's.
	Window      bool
	Alpha, Beta int64
}

// Read reads a student's trace of a search of tr. Errors name the source
// and the line.
func Read(r io.Reader, source string, tr *tree.Tree) ([]Step, error) {
	return ReadGame(r, source, TreeGame(tr))
}

// ReadGame reads a student's trace of a search of g.
func ReadGame(r io.Reader, source string, g Game) ([]Step, error) {
	sc := bufio.NewScanner(io.LimitReader(r, MaxBytes+1))
	sc.Buffer(make([]byte, 64<<10), maxLine)
	var steps []Step
	var open []*tree.Node // the toy tree's nodes entered and not left, in order
	mover := false
	total := 0
	// A search of the tree enters a node once, or a few times when it
	// searches again: far more steps are no search of this tree, and are
	// not kept (memory follows the tree, not the file).
	maxSteps := 8*g.nodes() + 1000
	for ln := 1; sc.Scan(); ln++ {
		total += len(sc.Bytes()) + 1
		if total > MaxBytes {
			return nil, i18n.Errorf("%s:%d: the trace is larger than %d MiB, the most a search of a toy tree writes", source, ln, MaxBytes>>20)
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var w struct {
			Ev     *string         `json:"ev"`
			Node   json.RawMessage `json:"node"`
			Path   *string         `json:"path"`
			Value  json.RawMessage `json:"value"`
			Alpha  json.RawMessage `json:"alpha"`
			Beta   json.RawMessage `json:"beta"`
			Values *string         `json:"values"`
		}
		if err := json.Unmarshal([]byte(line), &w); err != nil {
			return nil, i18n.Errorf("%s:%d: not a JSON object: %s", source, ln, strings.TrimPrefix(err.Error(), "json: "))
		}
		if w.Ev == nil {
			if w.Values == nil {
				return nil, i18n.Errorf(`%s:%d: no "ev": an event is {"ev": "enter", "node": "2.1"}`, source, ln)
			}
			if !slices.Contains(Views, *w.Values) {
				return nil, i18n.Errorf(`%s:%d: "values": %q is not max or mover`, source, ln, *w.Values)
			}
			mover = *w.Values == "mover"
			continue
		}
		kind := *w.Ev
		if !slices.Contains(Kinds, kind) {
			continue // a cutoff, a window, prunescope's other events: not compared
		}
		name, err := nodeName(w.Node, w.Path)
		if err != nil {
			return nil, i18n.Errorf("%s:%d: %v", source, ln, err)
		}
		key, isMax, n, err := g.resolveAt(name, kind, open, steps)
		if err != nil {
			return nil, i18n.Errorf("%s:%d: %v", source, ln, err)
		}
		if len(steps) >= maxSteps {
			return nil, i18n.Errorf("%s:%d: more than %d events for a tree of %d nodes: not a search of this tree", source, ln, maxSteps, g.nodes())
		}
		if kind == "enter" {
			open = append(open, n)
			st := Step{Key: key, Node: n, Line: ln}
			if len(w.Alpha) > 0 || len(w.Beta) > 0 {
				if len(w.Alpha) == 0 || len(w.Beta) == 0 {
					return nil, i18n.Errorf(`%s:%d: a window is "alpha" and "beta" both`, source, ln)
				}
				a, err := windowBound(w.Alpha, g.scale())
				if err != nil {
					return nil, i18n.Errorf("%s:%d: alpha: %v", source, ln, err)
				}
				b, err := windowBound(w.Beta, g.scale())
				if err != nil {
					return nil, i18n.Errorf("%s:%d: beta: %v", source, ln, err)
				}
				if mover && !isMax {
					a, b = -b, -a
				}
				st.Window, st.Alpha, st.Beta = true, a, b
			}
			steps = append(steps, st)
			continue
		}
		if len(w.Value) == 0 {
			return nil, i18n.Errorf(`%s:%d: a %s event needs its "value"`, source, ln, kind)
		}
		v, err := value(w.Value, g.scale())
		if err != nil {
			return nil, i18n.Errorf("%s:%d: value: %v", source, ln, err)
		}
		if mover && !isMax {
			v = -v
		}
		last := len(steps) - 1
		if kind == "leaf" && (last < 0 || steps[last].Exit || steps[last].Key != key) {
			steps = append(steps, Step{Key: key, Node: n, Line: ln}) // the leaf's enter, left out
		}
		if kind == "exit" && last >= 0 && steps[last].Exit && steps[last].Key == key && steps[last].Value == v && steps[last].Line > 0 && isLeafLine(steps, last) {
			continue // the exit of the leaf just given
		}
		steps = append(steps, Step{Exit: true, Key: key, Node: n, Value: v, Line: ln})
		if k := len(open); k > 0 && open[k-1] == n && n != nil {
			open = open[:k-1]
		}
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, i18n.Errorf("%s: a line is longer than %d KiB", source, maxLine>>10)
		}
		return nil, i18n.Errorf("%s: %w", source, err)
	}
	if len(steps) == 0 {
		return nil, i18n.Errorf(`%s: no enter, leaf or exit event: a trace is one event a line, such as {"ev": "enter", "node": "root"}`, source)
	}
	return steps, nil
}

// isLeafLine reports whether the exit step at i came from a leaf event: it
// follows its node's enter at once.
func isLeafLine(steps []Step, i int) bool {
	return i > 0 && !steps[i-1].Exit && steps[i-1].Key == steps[i].Key
}

// nodeName is the node an event names: "node" as a string, else prunescope's
// own "path" (its "node" is then a number, the visit's id).
func nodeName(node json.RawMessage, path *string) (string, error) {
	if len(node) > 0 && node[0] == '"' {
		var s string
		if err := json.Unmarshal(node, &s); err != nil {
			return "", i18n.Errorf(`"node": %v`, err)
		}
		return s, nil
	}
	if path != nil {
		return *path, nil
	}
	return "", i18n.Errorf(`no "node": name the node by its path ("2.1"), its name, or "root"`)
}

// windowBound reads a bound of a window: a value, where a number too large
// for one (a student's 1e18 or LLONG_MAX for +∞) is infinite.
func windowBound(raw json.RawMessage, scale int64) (int64, error) {
	var f float64
	if raw[0] != '"' && json.Unmarshal(raw, &f) == nil && math.Abs(f*float64(scale)) > 1<<50 {
		if f > 0 {
			return score.Inf, nil
		}
		return -score.Inf, nil
	}
	return value(raw, scale)
}

// value reads a value: a number with at most as many decimals as the
// tree's values have, or "inf" / "-inf".
func value(raw json.RawMessage, scale int64) (int64, error) {
	var s string
	if raw[0] == '"' {
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, err
		}
		if v, ok := score.ParseInf(s); ok {
			return v, nil
		}
		return 0, i18n.Errorf("%s is not a number, inf or -inf", s)
	}
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil {
		return 0, i18n.Errorf("%s is not a number", string(raw))
	}
	x := f * float64(scale)
	if math.IsInf(x, 0) || math.Abs(x) > 1<<50 {
		return 0, i18n.Errorf("%s is too large", string(raw))
	}
	r := math.Round(x)
	if math.Abs(x-r) > 1e-6 {
		return 0, i18n.Errorf("%s has more decimals than the tree's values", string(raw))
	}
	if v := int64(r); !score.Sane(v) || score.IsInf(v) {
		// Infinities are written "inf" and "-inf"; a finite value stays
		// well away from them, as prunescope's traces hold it.
		return 0, i18n.Errorf("%s is too large", string(raw))
	}
	return int64(r), nil
}

// maxNodes tells, for each node of tr, whether MAX moves there.
func maxNodes(tr *tree.Tree) map[*tree.Node]bool {
	out := map[*tree.Node]bool{}
	var walk func(n *tree.Node, isMax bool)
	walk = func(n *tree.Node, isMax bool) {
		out[n] = isMax
		for _, c := range n.Children {
			walk(c, tree.ChildMax(n, isMax, c))
		}
	}
	walk(tr.Root, !tr.RootMin)
	return out
}
