package page

import (
	_ "embed"
	"math"
	"sort"

	"github.com/prunescope/prunescope/internal/pagefont"
	"github.com/prunescope/prunescope/trace/diff"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/record"
)

// The differences on diff's page (Pair): trace/diff matches the two
// searches node by node, once; its list of differences (diff.List, the
// list the text and JSON outputs and the diff picture show) is passed to
// the page as data. The pair page holds each difference's words (PairDiff);
// each side's page holds, for each difference in the same order, the node it
// concerns in that side's trace, the mark drawn beside it there and the step
// of that side's page where the difference is there to see (DiffSide).
// sidediff.js draws the marks (and the player, told by the data's fit,
// keeps the whole tree in view); pair.js jumps from difference to
// difference.

//go:embed sidediff.js
var sideDiffJS string

//go:embed sidediff.css
var sideDiffCSS string

// DiffSide is what one side of diff's page shows of the differences.
type DiffSide struct {
	Name  string     // "A" or "B"
	Marks []DiffMark // one for each difference, in the order of PairDiff.Entries
}

// DiffMark is one difference as one side of diff's page shows it.
type DiffMark struct {
	// Node is the node of the difference as this side's trace names it,
	// when this side searched it (Own); else the nearest node above it that
	// this side searched, highlighted when the page jumps to the
	// difference.
	Node int64
	Own  bool
	// Seq is the event by which the difference is there to see on this
	// side: the node's enter for what it was searched with (a part only one
	// search searched, a depth, a window), its cutoff (or its exit, when it
	// made none) for a cutoff, its exit for what it decided and returned; on
	// the side that did not search the node, the cutoff or else the exit of
	// the node above it.
	Seq int64
	// Badge is the mark drawn beside the node on this side, its glyph
	// first ("≠ A 4 · B ≤5", "✂ A only", "+ A only"); "" for none.
	Badge string
	// Tone is its colour: "a" (A only), "b" (B only), "value" (both, differently).
	Tone string
}

// PairDiff is what the pair page says of the differences.
type PairDiff struct {
	// Summary counts them in the text output's words (diff.Result.Headline:
	// "18 differences at 15 nodes: …").
	Summary string
	Entries []PairEntry
	// Open is the difference (from 1) the page opens at when its address
	// names no step and no difference (0: at the first step): both sides
	// at the step where it is there to see, its node highlighted, the
	// caption saying it (check --html opens at the step where a student's
	// search parts from the reference).
	Open int
}

// PairEntry is one difference in words.
type PairEntry struct {
	Kind  string `json:"kind"`  // diff.Kind.String(): "value", "cutoff", "a_only", …
	Mark  string `json:"mark"`  // diff.Kind.Mark(), but + for a part only one search searched, as its badge has it
	Word  string `json:"word"`  // diff.Kind.WordIn: the kind in the comparison's language
	Path  string `json:"path"`  // the node's path as traces write it ("" at the root)
	Label string `json:"label"` // the node's name for people, in the comparison's language ("root", "2.1 (pass 2)")
	Says  string `json:"says"`  // diff.Result.Says
}

// Diffs turns the comparison of two searches into what diff's page shows:
// the words of every difference at and below top (nil: the root), in
// diff.List's order, and each side's marks.
func Diffs(r *diff.Result, top *diff.Node) (*PairDiff, *DiffSide, *DiffSide) {
	if top == nil {
		top = r.Root
	}
	p := &PairDiff{}
	sides := [2]*DiffSide{{Name: "A"}, {Name: "B"}}
	head, rest := r.Headline(top)
	p.Summary = head + rest
	for _, d := range diff.List(top) {
		n := d.Node
		p.Entries = append(p.Entries, PairEntry{
			Kind: d.Kind.String(), Mark: pageMark(d.Kind), Word: d.Kind.WordIn(r.A.Info()),
			Path: n.Path, Label: r.NodeLabel(n), Says: r.Says(d),
		})
		for i, s := range sides {
			s.Marks = append(s.Marks, markOf(r, d, "AB"[i]))
		}
	}
	return p, sides[0], sides[1]
}

// side is the visit of n by search A or B (nil when it did not visit it).
func side(n *diff.Node, who byte) *record.Node {
	if who == 'A' {
		return n.A
	}
	return n.B
}

// markOf is difference d as side who shows it.
func markOf(r *diff.Result, d *diff.Difference, who byte) DiffMark {
	n := d.Node
	own := side(n, who)
	if own == nil {
		// Not searched here: the node above it that was, when it decided
		// not to go there.
		up := n.Parent
		for up != nil && side(up, who) == nil {
			up = up.Parent
		}
		if up == nil {
			return DiffMark{Node: -1, Seq: math.MaxInt64}
		}
		at := side(up, who)
		seq := exitSeq(at)
		if at.Cut != nil {
			seq = at.Cut.Seq
		}
		return DiffMark{Node: at.ID, Seq: seq}
	}
	m := DiffMark{Node: own.ID, Own: true, Tone: "value"}
	// Badges, by kind: a part only this search searched, a value, or what
	// this search did of a technique the searches decided differently (a
	// cutoff only it made); a window or a depth has the ring alone, the
	// caption giving both.
	switch d.Kind {
	case diff.OnlyA, diff.OnlyB:
		m.Seq = own.Seq
		m.Badge = explain.Printer(r.A.Info()).T("drawdiff.badge.only", "Side", string(who))
		m.Tone = toneOf(who)
	case diff.Depth, diff.Window:
		m.Seq = own.Seq
	case diff.Cutoff:
		m.Seq = exitSeq(own)
		if own.Cut != nil {
			m.Seq = own.Cut.Seq
		}
		switch other := byte('A' + 'B' - who); {
		case !d.Acts(who):
		case !d.Acts(other):
			m.Badge, m.Tone = explain.Printer(r.A.Info()).T("drawdiff.badge.cutonly", "Side", string(who)), toneOf(who)
		default:
			m.Badge = "✂ A ≠ B"
		}
	case diff.Value:
		m.Seq = exitSeq(own)
		m.Badge = "≠ A " + r.Words(d, 'A') + " · B " + r.Words(d, 'B')
	default:
		m.Seq = exitSeq(own)
		if d.Acts(who) {
			m.Badge = d.Kind.Mark() + " " + d.Kind.WordIn(r.A.Info())
		}
	}
	return m
}

// pageMark is a kind's glyph on the page: the text's, but + for a part
// only one search searched (the text's − and + say what changes from A to
// B; the page marks the part in the half that searched it, with +).
func pageMark(k diff.Kind) string {
	if k == diff.OnlyA || k == diff.OnlyB {
		return "+"
	}
	return k.Mark()
}

func toneOf(who byte) string {
	if who == 'A' {
		return "a"
	}
	return "b"
}

// exitSeq is the event a node returned with, or past every event when it
// never did (a search stopped before it returned).
func exitSeq(n *record.Node) int64 {
	if n.End == 0 {
		return math.MaxInt64
	}
	return n.End
}

// sideData is a side's marks as its page's data has them (data.Diff).
type sideData struct {
	Side  string     `json:"side"`
	Marks []markData `json:"marks"`
}

// markData is a mark: the node, whether the difference is at it on this
// side, the step of this side's page to show it at, the badge, its width
// in ems of the page's bold font, and its tone.
type markData struct {
	Node  int64   `json:"n"`
	Own   bool    `json:"own"`
	At    int     `json:"at"`
	Badge string  `json:"b,omitempty"`
	Width float64 `json:"w,omitempty"`
	Tone  string  `json:"t,omitempty"`
}

// data places the side's marks on the steps of its page: before is the
// last event before the page's first step, ends the last event of each step.
// A mark of an event before the page's first step is at step 0, of one past
// its last step at the last.
func (s *DiffSide) data(before int64, ends []int64) *sideData {
	if s == nil {
		return nil
	}
	out := &sideData{Side: s.Name, Marks: make([]markData, len(s.Marks))}
	for i, m := range s.Marks {
		at := 0
		if m.Seq > before {
			at = min(sort.Search(len(ends), func(k int) bool { return ends[k] >= m.Seq })+1, len(ends))
		}
		md := markData{Node: m.Node, Own: m.Own, At: at, Badge: m.Badge, Tone: m.Tone}
		if m.Badge != "" {
			md.Width = math.Round(pagefont.Width(m.Badge, true)*1000) / 1000 // drawn bold
		}
		out.Marks[i] = md
	}
	return out
}

// script and style are what a side's page adds to the player's.
func (s *DiffSide) script() string {
	if s == nil {
		return ""
	}
	return sideDiffJS
}

func (s *DiffSide) style() string {
	if s == nil {
		return ""
	}
	return sideDiffCSS
}
