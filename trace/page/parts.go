package page

import (
	"context"
	"fmt"
	"io"

	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/step"
)

// Part is a subtree of a search too long for one page, as a page of its own
// shows it (Options.Draw.Focus): the node as --focus names it, and the
// steps of its page.
type Part struct {
	Focus string
	Steps int
}

// partsDepth is how many plies below the node split Parts goes looking for
// subtrees whose pages are short enough.
const partsDepth = 3

// Parts splits the search of the trace open gives (name names it in
// errors), recorded in rec, into the pages of its subtrees: the children of
// the node under (a --focus; "" for the root), each with the steps of its
// page; a child whose page would hold more than maxSteps is split into its
// own children, down to partsDepth plies, and kept whole (with its count)
// past that or when its children were not recorded. A child that --focus
// would not find as this very node (a path searched more than once, in an
// earlier iteration) is left out. It also returns the steps of the page of
// under itself. The trace is played once, to under's exit (the root's: to
// the end).
func Parts(ctx context.Context, open func() io.ReadSeeker, name string, rec *record.Recording, under string, maxSteps int) ([]Part, int, error) {
	if under == "" {
		under = "root"
	}
	base, err := dot.Find(rec, under)
	if err != nil {
		return nil, 0, err
	}
	p, err := step.Open(open(), name)
	if err != nil {
		return nil, 0, err
	}
	// The last event of every step from under's: a subtree's page runs
	// from the step whose last event is its enter (or later) to the step
	// with its exit. The steps before under's enter are played, not kept;
	// those after its exit are not played.
	var ends []int64
	for len(ends) == 0 || base.End == 0 || ends[len(ends)-1] < base.End {
		ok, err := p.Next()
		if err != nil {
			return nil, 0, err
		}
		if !ok {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		if last := lastSeq(p); last >= base.Seq {
			ends = append(ends, last)
		}
	}
	stepsOf := func(n *record.Node) int {
		first := firstAtLeast(ends, n.Seq)
		if n.End == 0 {
			return len(ends) - first
		}
		return min(firstAtLeast(ends, n.End), len(ends)-1) - first + 1
	}
	var out []Part
	var split func(n *record.Node, depth int)
	split = func(n *record.Node, depth int) {
		for _, c := range n.Children {
			if f, err := dot.Find(rec, c.Path); err != nil || f != c {
				continue
			}
			s := stepsOf(c)
			if s > maxSteps && depth < partsDepth && len(c.Children) > 0 {
				split(c, depth+1)
				continue
			}
			out = append(out, Part{Focus: c.Path, Steps: s})
		}
	}
	split(base, 1)
	if len(out) == 0 {
		return nil, 0, fmt.Errorf("%s: no subtree of %s to page by", name, under)
	}
	if base.Ply == 0 && under == "root" && base.End != 0 {
		// The whole search, to its last step (after the root's exit).
		for {
			ok, err := p.Next()
			if err != nil {
				return nil, 0, err
			}
			if !ok {
				break
			}
			ends = append(ends, lastSeq(p))
		}
		return out, len(ends), nil
	}
	return out, stepsOf(base), nil
}

// firstAtLeast is the index of the first of the rising ends at least seq
// (len(ends) if none).
func firstAtLeast(ends []int64, seq int64) int {
	lo, hi := 0, len(ends)
	for lo < hi {
		m := (lo + hi) / 2
		if ends[m] >= seq {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo
}
