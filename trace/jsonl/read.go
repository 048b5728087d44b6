package jsonl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/printable"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// ReadError reports where a trace is malformed: the source, the line, and what
// is wrong there.
type ReadError struct {
	Source string
	Line   int
	Msg    string
	msg    error // Msg, to say in another language
}

func (e *ReadError) Error() string { return fmt.Sprintf("%s:%d: %s", e.Source, e.Line, e.Msg) }

// TranslateError is Error in p's language.
func (e *ReadError) TranslateError(p *i18n.Printer) string {
	msg := e.Msg
	if e.msg != nil {
		msg = p.Error(e.msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.Source, e.Line, msg)
}

func readError(source string, line int, msg error) *ReadError {
	return &ReadError{Source: source, Line: line, Msg: msg.Error(), msg: msg}
}

// wire is one line as JSON has it.
type wire struct {
	Seq        *int64          `json:"seq"`
	Ev         *string         `json:"ev"`
	Node       *int64          `json:"node"`
	Parent     *int64          `json:"parent"`
	Path       *string         `json:"path"`
	Ply        *int            `json:"ply"`
	Depth      *int            `json:"depth"`
	Side       string          `json:"side"`
	Chance     bool            `json:"chance"`
	P          json.RawMessage `json:"p"`
	Alpha      json.RawMessage `json:"alpha"`
	Beta       json.RawMessage `json:"beta"`
	Value      json.RawMessage `json:"value"`
	CutAlpha   json.RawMessage `json:"cut_alpha"`
	CutBeta    json.RawMessage `json:"cut_beta"`
	To         *int            `json:"to"`
	Ref        *int64          `json:"ref"`
	Pass       int             `json:"pass"`
	Lower      json.RawMessage `json:"lower"`
	Upper      json.RawMessage `json:"upper"`
	TimeUS     int64           `json:"time_us"`
	Margin     json.RawMessage `json:"margin"`
	Bound      string          `json:"bound"`
	Proved     string          `json:"proved"`
	Move       string          `json:"move"`
	Reason     string          `json:"reason"`
	Detail     string          `json:"detail"`
	Pruned     json.RawMessage `json:"pruned"`
	Unsearched json.RawMessage `json:"unsearched"`

	Game      string          `json:"game"`
	Input     string          `json:"input"`
	Algo      string          `json:"algo"`
	Fail      string          `json:"fail"`
	Cutoff    string          `json:"cutoff_rule"`
	Root      string          `json:"root"`
	Scale     int64           `json:"scale"`
	Mate      int64           `json:"mate"`
	Unit      string          `json:"unit"`
	Options   json.RawMessage `json:"options"`
	MaxName   string          `json:"max_name"`
	MinName   string          `json:"min_name"`
	Order     string          `json:"order"`
	NodesOnly bool            `json:"nodes_only"`
	Window    json.RawMessage `json:"root_window"`
	Bounds    json.RawMessage `json:"bounds"`

	Best    string          `json:"best"`
	PV      json.RawMessage `json:"pv"`
	Nodes   int64           `json:"nodes"`
	Leaves  int64           `json:"leaves"`
	Stopped string          `json:"stopped"`

	IterNodes     *int64 `json:"iter_nodes"`
	IterLeaves    *int64 `json:"iter_leaves"`
	LastChildCuts *int64 `json:"last_child_cuts"`
	PrunedEdges   *int64 `json:"pruned_edges"`
	PrunedLeaves  *int64 `json:"pruned_leaves"`
	PrunedInner   *int64 `json:"pruned_inner"`
}

// cuts returns the cut counts of a done event, nil when it carries none (a
// trace written before they were counted).
func (w *wire) cuts() *trace.Cuts {
	if w.LastChildCuts == nil || w.PrunedEdges == nil {
		return nil
	}
	c := &trace.Cuts{OnLast: *w.LastChildCuts, Edges: *w.PrunedEdges}
	if w.PrunedLeaves != nil && w.PrunedInner != nil {
		c.Leaves, c.Inner, c.Known = *w.PrunedLeaves, *w.PrunedInner, true
	}
	return c
}

type wireSubtree struct {
	Move     string          `json:"move"`
	Path     string          `json:"path"`
	Side     string          `json:"side"`
	Chance   bool            `json:"chance"`
	P        json.RawMessage `json:"p"`
	Value    json.RawMessage `json:"value"`
	Below    int             `json:"below"`
	Children []*wireSubtree  `json:"children"`
}

// Limits of a trace. A line longer than MaxLine is refused before it is
// held in memory; MaxList bounds the names of a list (pruned, pv, options)
// and the nodes of an event's unsearched subtrees, counted before they are
// decoded (decoded, they take more memory than their text); MaxPly bounds
// plies and depths. Real traces stay far below: a cutoff prunes a node's
// remaining moves (at most 218 in chess) and describes at most 200 nodes of
// each (a toy tree's), and no search is thousands of plies deep.
const (
	MaxLine = 64 << 20
	MaxList = 1 << 18
	MaxPly  = 4096
)

// The limits in force (variables so that the tests can lower them).
var (
	maxLine = MaxLine
	maxList = MaxList
)

// Reader decodes a JSON Lines trace one event at a time, so a huge trace is
// never held in memory as a whole.
//
// It checks every line against the contract that the step player and the
// recorder rely on, and stops at the first line that breaks it with a
// *ReadError: events numbered from 0; node ids in the order of entry, from
// 0; a root entered at ply 0 with no parent, any other node one ply deeper
// than its parent, the innermost open node; an exit for the innermost open
// node, and every other event about a node about that node (tt_store: about
// the node that exited last); iter and window between visits of the root,
// about the root visited last; done last, with no node open unless the
// search says it stopped; windows the right way up; values finite or ±∞;
// sizes within the limits above.
type Reader struct {
	r      *bufio.Reader
	evs    []*trace.Event // the events read, when kept in memory (NewEventReader)
	source string
	buf    []byte // the line being read
	err    error  // the first error met: the reader goes no further
	Mark          // where the reader is: what Resume needs to go on from here
}

// Mark is a place in a trace: the byte offset of the next line (the index
// of the next event, for events kept in memory) and what the reader knows
// there. Readers of a seekable file take marks to come back.
type Mark struct {
	Offset int64 // bytes read (events read)
	lineNo int
	scale  int64
	seq    int64
	done   bool
	open   *node // the innermost open node, nil when none is
	closed *node // the node that exited last
	nextID int64 // the id the next node entered must have
	root   int64 // the root visited last, -1 before the first
}

// node is a node entered and not yet left, linked to its parent: a stack
// that a Mark shares without copying, as entering and leaving never change a
// node already linked.
type node struct {
	id, parent int64 // parent: -1 at a root
	ply        int
	up         *node
}

// Resume returns a reader that goes on from mark m of the trace rs (which a
// reader of the same trace took); it seeks rs to m's offset.
func Resume(rs io.ReadSeeker, source string, m Mark) (*Reader, error) {
	if _, err := rs.Seek(m.Offset, io.SeekStart); err != nil {
		return nil, i18n.Errorf("%s: %w", source, err)
	}
	return &Reader{r: bufio.NewReaderSize(rs, 64<<10), source: source, Mark: m}, nil
}

// NewEventReader reads the events of a search kept in memory (Keep) with
// the checks NewReader makes of a trace's lines, without writing and
// reading them: what a reader of the search's trace would read. The events
// are only read, so that readers of the same events may go side by side.
func NewEventReader(evs []*trace.Event, source string) *Reader {
	return &Reader{evs: evs, source: source, Mark: Mark{scale: 1, seq: -1, root: -1}}
}

// ResumeEvents returns a reader that goes on from mark m of the events evs
// (which a reader of the same events took).
func ResumeEvents(evs []*trace.Event, source string, m Mark) *Reader {
	return &Reader{evs: evs, source: source, Mark: m}
}

// Keep returns hooks that keep a copy of every event of a search in *dst,
// in order, for NewEventReader: the events as a trace written without
// timing gives them back (no time since the search began), their texts
// made inert as a reader makes them.
func Keep(dst *[]*trace.Event) *trace.Hooks {
	return &trace.Hooks{Event: func(e *trace.Event) {
		c := *e
		c.Elapsed = 0
		c.Pruned = slices.Clone(e.Pruned)
		c.Unsearched = cloneSubtrees(e.Unsearched)
		if e.Info != nil {
			in := *e.Info
			in.Options = slices.Clone(in.Options)
			c.Info = &in
		}
		if e.Summary != nil {
			s := *e.Summary
			s.PV = slices.Clone(s.PV)
			c.Summary = &s
		}
		printableEvent(&c) // on the copy: the engine's own are left as they are
		*dst = append(*dst, &c)
	}}
}

// cloneSubtrees copies pruned subtrees, as deep as they go.
func cloneSubtrees(ss []*trace.Subtree) []*trace.Subtree {
	if ss == nil {
		return nil
	}
	out := make([]*trace.Subtree, len(ss))
	for i, s := range ss {
		c := *s
		c.Children = cloneSubtrees(s.Children)
		out[i] = &c
	}
	return out
}

// NewReader reads events from r; source names it in errors.
func NewReader(r io.Reader, source string) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64<<10), source: source, Mark: Mark{scale: 1, seq: -1, root: -1}}
}

// Next returns the next event, or io.EOF after the last one. Blank lines are
// skipped. After an error, every call returns that error.
func (r *Reader) Next() (*trace.Event, error) {
	if r.err != nil {
		return nil, r.err
	}
	e, err := r.next()
	if err != nil && !errors.Is(err, io.EOF) {
		r.err = err
	}
	return e, err
}

func (r *Reader) next() (*trace.Event, error) {
	if r.evs != nil || r.r == nil {
		return r.nextKept()
	}
	for {
		line, err := r.readLine()
		if len(line) == 0 && err != nil {
			if errors.Is(err, io.EOF) {
				if r.lineNo == 0 {
					return nil, readError(r.source, 1, i18n.Error("the trace is empty"))
				}
				return nil, io.EOF
			}
			return nil, err
		}
		r.lineNo++
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if r.done {
			return nil, r.errorf("event after the done event")
		}
		return r.decode(line)
	}
}

// nextKept is next for events kept in memory: the checks of decode that
// the engine's events could fail (the order of their numbers, of entering
// and leaving nodes), without the ones of the JSON.
func (r *Reader) nextKept() (*trace.Event, error) {
	if r.Offset >= int64(len(r.evs)) {
		if r.Offset == 0 {
			return nil, readError(r.source, 1, i18n.Error("the trace is empty"))
		}
		return nil, io.EOF
	}
	e := r.evs[r.Offset]
	r.Offset++
	r.lineNo++
	switch {
	case r.done:
		return nil, r.errorf("event after the done event")
	case e.Seq != r.seq+1:
		return nil, r.errorf("seq %d follows seq %d (events must be numbered 0, 1, 2, ...)", e.Seq, r.seq)
	case e.Kind == trace.Start && e.Seq != 0:
		return nil, r.errorf("start must be the first event")
	}
	stopped := ""
	if e.Summary != nil {
		stopped = e.Summary.Stopped
	}
	if err := r.follow(e, stopped); err != nil {
		return nil, err
	}
	r.seq = e.Seq
	r.done = e.Kind == trace.Done
	return e, nil
}

// readLine reads the next line, refusing one longer than MaxLine before it
// holds it all.
func (r *Reader) readLine() ([]byte, error) {
	r.buf = r.buf[:0]
	for {
		chunk, err := r.r.ReadSlice('\n')
		r.Offset += int64(len(chunk))
		if len(r.buf)+len(chunk) > maxLine {
			return nil, readError(r.source, r.lineNo+1, i18n.Errorf("the line is longer than %s", size(maxLine)))
		}
		r.buf = append(r.buf, chunk...)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil && !errors.Is(err, io.EOF):
			return nil, i18n.Errorf("%s: %w", r.source, err)
		}
		line := r.buf
		if cap(line) > 1<<20 {
			r.buf = nil // a long line's buffer is not kept for the next
		}
		return line, err
	}
}

func (r *Reader) errorf(format string, args ...any) error {
	return readError(r.source, r.lineNo, i18n.Errorf(format, args...))
}

func (r *Reader) decode(line []byte) (*trace.Event, error) {
	var w wire
	if !fastWire(line, &w) {
		w = wire{}
		if err := json.Unmarshal(line, &w); err != nil {
			return nil, r.errorf("not a JSON object: %s", strings.TrimPrefix(err.Error(), "json: "))
		}
	}
	for _, f := range []struct {
		name    string
		missing bool
	}{{"seq", w.Seq == nil}, {"ev", w.Ev == nil}, {"node", w.Node == nil}, {"path", w.Path == nil}, {"ply", w.Ply == nil}, {"depth", w.Depth == nil}} {
		if f.missing {
			return nil, r.errorf("missing field %q", f.name)
		}
	}
	kind, ok := trace.ParseKind(*w.Ev)
	if !ok {
		return nil, r.errorf("unknown event kind %s", quote(*w.Ev))
	}
	if *w.Seq != r.seq+1 {
		return nil, r.errorf("seq %d follows seq %d (events must be numbered 0, 1, 2, ...)", *w.Seq, r.seq)
	}
	switch {
	case *w.Ply < 0:
		return nil, r.errorf("field \"ply\": %d is negative", *w.Ply)
	case *w.Ply > MaxPly:
		return nil, r.errorf("field \"ply\": %d is deeper than %d", *w.Ply, MaxPly)
	case *w.Depth < -MaxPly || *w.Depth > MaxPly:
		return nil, r.errorf("field \"depth\": %d is beyond ±%d", *w.Depth, MaxPly)
	case w.To != nil && (*w.To < -MaxPly || *w.To > MaxPly):
		return nil, r.errorf("field \"to\": %d is beyond ±%d", *w.To, MaxPly)
	case w.Side != "" && w.Side != "max" && w.Side != "min":
		return nil, r.errorf("field \"side\": %s is not max or min", quote(w.Side))
	case w.Scale < 0 || w.Scale > score.MaxScale:
		return nil, r.errorf("field \"scale\": %d is not between 1 and %d", w.Scale, score.MaxScale)
	}
	e := &trace.Event{Seq: *w.Seq, Kind: kind, Node: *w.Node, Path: *w.Path, Ply: *w.Ply, Depth: *w.Depth,
		Move: w.Move, Reason: w.Reason, Detail: w.Detail, Max: w.Side == "max", Chance: w.Chance}
	var err error
	if w.P != nil {
		if e.PNum, e.PDen, err = probability(w.P); err != nil {
			return nil, r.errorf("field \"p\": %s", err)
		}
	}
	if w.Parent != nil {
		e.Has |= trace.HasParent
		e.Parent = *w.Parent
	}
	if kind == trace.Start {
		r.scale = max(w.Scale, 1) // the values of the start event are in its scale
	}
	if w.Alpha != nil || w.Beta != nil {
		if w.Alpha == nil || w.Beta == nil {
			return nil, r.errorf("a window needs both alpha and beta")
		}
		e.Has |= trace.HasWindow
		if e.Alpha, err = r.value("alpha", w.Alpha); err != nil {
			return nil, err
		}
		if e.Beta, err = r.value("beta", w.Beta); err != nil {
			return nil, err
		}
		if e.Alpha > e.Beta {
			return nil, r.errorf("the window (%s, %s) is upside down: alpha is above beta", clip(string(w.Alpha)), clip(string(w.Beta)))
		}
	}
	if w.Value != nil {
		e.Has |= trace.HasValue
		if e.Value, err = r.value("value", w.Value); err != nil {
			return nil, err
		}
	}
	if w.CutAlpha != nil || w.CutBeta != nil {
		if w.CutAlpha == nil || w.CutBeta == nil {
			return nil, r.errorf("a cut window needs both cut_alpha and cut_beta")
		}
		e.Has |= trace.HasCut
		if e.CutAlpha, err = r.value("cut_alpha", w.CutAlpha); err != nil {
			return nil, err
		}
		if e.CutBeta, err = r.value("cut_beta", w.CutBeta); err != nil {
			return nil, err
		}
	}
	if w.To != nil {
		e.Has |= trace.HasTo
		e.To = *w.To
	}
	e.Pass = w.Pass
	if w.Lower != nil || w.Upper != nil {
		if w.Lower == nil || w.Upper == nil {
			return nil, r.errorf("an interval needs both lower and upper")
		}
		e.Has |= trace.HasInterval
		if e.Lower, err = r.value("lower", w.Lower); err != nil {
			return nil, err
		}
		if e.Upper, err = r.value("upper", w.Upper); err != nil {
			return nil, err
		}
	}
	if w.Ref != nil {
		e.Has |= trace.HasRef
		e.Ref = *w.Ref
	}
	if w.Margin != nil {
		e.Has |= trace.HasMargin
		if e.Margin, err = r.value("margin", w.Margin); err != nil {
			return nil, err
		}
	}
	if w.Bound != "" {
		b, ok := score.ParseBound(w.Bound)
		if !ok {
			return nil, r.errorf("field \"bound\": %s is not exact, lower or upper", quote(w.Bound))
		}
		e.Bound = b
	}
	switch w.Proved {
	case "":
	case "exact":
		e.Proved = true
	default:
		return nil, r.errorf("field \"proved\": %s is not exact", quote(w.Proved))
	}
	if e.Pruned, err = r.names("pruned", w.Pruned); err != nil {
		return nil, err
	}
	if e.Unsearched, err = r.unsearched(w.Unsearched); err != nil {
		return nil, err
	}
	switch kind {
	case trace.Start:
		if r.seq+1 != 0 {
			return nil, r.errorf("start must be the first event")
		}
		options, err := r.names("options", w.Options)
		if err != nil {
			return nil, err
		}
		if w.Order != "" && w.Order != "rtl" {
			return nil, r.errorf("order: %q is not rtl", w.Order)
		}
		e.Info = &trace.Info{Game: w.Game, Input: w.Input, Algo: w.Algo, Fail: w.Fail, Cutoff: w.Cutoff,
			Root: w.Root, Scale: r.scale, Mate: w.Mate, Unit: w.Unit, Depth: *w.Depth, Options: options,
			MaxName: w.MaxName, MinName: w.MinName, Order: w.Order, NodesOnly: w.NodesOnly}
		if e.Info.RootWindow, err = r.rootWindow(w.Window); err != nil {
			return nil, err
		}
		if e.Info.Bounds, err = r.span("bounds", w.Bounds); err != nil {
			return nil, err
		}
	case trace.Iter:
		pv, err := r.names("pv", w.PV)
		if err != nil {
			return nil, err
		}
		e.Summary = &trace.Summary{Value: e.Value, Best: w.Move, PV: pv, Nodes: w.Nodes}
		if w.IterNodes != nil && w.IterLeaves != nil {
			if *w.IterNodes < 0 || *w.IterLeaves < 0 || *w.IterNodes > w.Nodes || *w.IterLeaves > w.Leaves {
				return nil, r.errorf("iter_nodes and iter_leaves must lie between 0 and nodes and leaves")
			}
			e.Summary.Leaves = w.Leaves
			e.Summary.Iter = &trace.Work{Nodes: *w.IterNodes, Leaves: *w.IterLeaves}
		}
		e.Elapsed = time.Duration(w.TimeUS) * time.Microsecond
	case trace.Done:
		pv, err := r.names("pv", w.PV)
		if err != nil {
			return nil, err
		}
		s := &trace.Summary{Best: w.Best, PV: pv, Nodes: w.Nodes, Leaves: w.Leaves, Value: e.Value, Stopped: w.Stopped}
		switch e.Bound {
		case score.Lower, score.Upper:
			s.Bound, s.Proved = e.Bound, e.Proved
		case score.Exact:
			e.Bound = score.NoBound // the done event says "exact" by saying nothing
		}
		var counts map[string]json.RawMessage
		if err := json.Unmarshal(line, &counts); err != nil {
			return nil, r.errorf("not a JSON object: %v", err)
		}
		for _, k := range trace.CountedKinds() {
			if raw, ok := counts[k.String()]; ok {
				if err := json.Unmarshal(raw, &s.Counts[k]); err != nil {
					return nil, r.errorf("field %q: not a count", k.String())
				}
			}
		}
		s.Cuts = w.cuts()
		if c := s.Cuts; c != nil && (c.OnLast < 0 || c.Edges < 0 || c.Leaves < 0 || c.Inner < 0) {
			return nil, r.errorf("the cut counts (last_child_cuts, pruned_*) must not be negative")
		}
		e.Summary = s
	}
	if err := r.follow(e, w.Stopped); err != nil {
		return nil, err
	}
	printableEvent(e)
	r.seq = e.Seq
	r.done = kind == trace.Done
	return e, nil
}

// follow checks that e keeps the order of entering and leaving nodes, and
// takes it into the reader's account of the open nodes. stopped is the
// done event's reason to stop early.
func (r *Reader) follow(e *trace.Event, stopped string) error {
	top := r.open
	switch sp := e.Kind.Spec(); sp.About {
	case trace.AboutNone:
		if e.Ply != 0 {
			return r.errorf("start: ply %d: the start event is at ply 0", e.Ply)
		}
	case trace.AboutNew:
		if e.Node != r.nextID {
			return r.errorf("enter: node %d is out of order: the next node entered is %d", e.Node, r.nextID)
		}
		hasParent := e.Has&trace.HasParent != 0
		switch {
		case top == nil && e.Ply != 0:
			return r.errorf("enter: node %d has ply %d, but no node is open: a root has ply 0", e.Node, e.Ply)
		case top == nil && hasParent:
			return r.errorf("enter: node %d at ply 0 names parent %d: a root has none", e.Node, e.Parent)
		case top != nil && e.Ply != top.ply+1:
			return r.errorf("enter: node %d has ply %d, but its parent %d has ply %d: a child is one ply deeper", e.Node, e.Ply, top.id, top.ply)
		case top != nil && !hasParent:
			return r.errorf("enter: node %d at ply %d names no parent (node %d is open)", e.Node, e.Ply, top.id)
		case top != nil && e.Parent != top.id:
			return r.errorf("enter: node %d names parent %d, but the innermost open node is %d", e.Node, e.Parent, top.id)
		}
		n := &node{id: e.Node, parent: -1, ply: e.Ply, up: top}
		if top != nil {
			n.parent = top.id
		} else {
			r.root = e.Node
		}
		r.open = n
		r.nextID++
	case trace.AboutClosing:
		if err := r.about(e, top, "the innermost open node"); err != nil {
			return err
		}
		r.closed, r.open = top, top.up
	case trace.AboutStored:
		return r.about(e, r.closed, "the node that exited last")
	case trace.AboutRoot:
		switch {
		case e.Ply != 0:
			return r.errorf("%s: ply %d: it is about the root, at ply 0", e.Kind, e.Ply)
		case e.Has&trace.HasParent != 0:
			return r.errorf("%s: names parent %d, but it is about the root", e.Kind, e.Parent)
		case e.Kind == trace.Done && r.root < 0 && e.Node != 0:
			return r.errorf("done: node %d, but no node was entered", e.Node)
		case e.Kind != trace.Done && r.root < 0:
			return r.errorf("%s: no root was entered", e.Kind)
		case r.root >= 0 && e.Node != r.root:
			return r.errorf("%s: node %d is not the root visited last (%d)", e.Kind, e.Node, r.root)
		case top != nil && e.Kind != trace.Done:
			return r.errorf("%s: node %d is still open: an iteration or a window pass is over when the root is left", e.Kind, top.id)
		case top != nil && stopped == "":
			return r.errorf("done: node %d is still open, and the search does not say it stopped (\"stopped\")", top.id)
		}
	default:
		if err := r.about(e, top, "the innermost open node"); err != nil {
			return err
		}
		if sp.Ref == trace.RefUse && e.Has&trace.HasRef != 0 && (e.Ref < 0 || e.Ref >= e.Node) {
			return r.errorf("%s: ref %d is not a node entered before node %d", e.Kind, e.Ref, e.Node)
		}
	}
	return nil
}

// about checks that e is about the node n (named what in errors): its id,
// its ply, and its parent if e names one.
func (r *Reader) about(e *trace.Event, n *node, what string) error {
	switch {
	case n == nil && e.Kind.Spec().About == trace.AboutStored:
		return r.errorf("%s: node %d: no node has exited yet", e.Kind, e.Node)
	case n == nil:
		return r.errorf("%s: node %d is not open: no node is", e.Kind, e.Node)
	case e.Node != n.id:
		return r.errorf("%s: node %d is not %s (%d)", e.Kind, e.Node, what, n.id)
	case e.Ply != n.ply:
		return r.errorf("%s: node %d has ply %d, but it was entered at ply %d", e.Kind, e.Node, e.Ply, n.ply)
	case e.Has&trace.HasParent != 0 && n.parent < 0:
		return r.errorf("%s: node %d names parent %d, but it is a root", e.Kind, e.Node, e.Parent)
	case e.Has&trace.HasParent != 0 && e.Parent != n.parent:
		return r.errorf("%s: node %d names parent %d, but its parent is %d", e.Kind, e.Node, e.Parent, n.parent)
	}
	return nil
}

// names reads a list of strings, refusing more than MaxList of them before
// decoding them.
func (r *Reader) names(field string, raw json.RawMessage) ([]string, error) {
	if raw == nil {
		return nil, nil
	}
	if n, _ := count(raw); n > maxList {
		return nil, r.errorf("field %q: more than %d names", field, maxList)
	}
	var out []string
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, r.errorf("field %q: not a list of strings", field)
	}
	return out, nil
}

// unsearched reads the unsearched subtrees of a cutoff, refusing more than
// MaxList nodes before decoding them.
func (r *Reader) unsearched(raw json.RawMessage) ([]*trace.Subtree, error) {
	if raw == nil {
		return nil, nil
	}
	if _, n := count(raw); n > maxList {
		return nil, r.errorf("field \"unsearched\": more than %d nodes", maxList)
	}
	var ws []*wireSubtree
	if err := json.Unmarshal(raw, &ws); err != nil {
		return nil, r.errorf("field \"unsearched\": not a list of subtrees: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	var out []*trace.Subtree
	for _, w := range ws {
		st, err := r.subtree(w)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

// count scans valid JSON and returns the number of items of the outermost
// array and the number of objects at any depth.
func count(raw []byte) (items, objects int) {
	depth := 0
	inString, escaped, empty := false, false, true
	for _, c := range raw {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			if c == '{' {
				objects++
			}
			depth++
			if depth == 1 {
				continue
			}
		case c == ']' || c == '}':
			depth--
			continue
		case c == ',' && depth == 1:
			items++
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		}
		if depth >= 1 {
			empty = false
		}
	}
	if !empty {
		items++
	}
	return items, objects
}

func (r *Reader) subtree(w *wireSubtree) (*trace.Subtree, error) {
	switch {
	case w == nil:
		return nil, r.errorf("field \"unsearched\": null where a subtree belongs")
	case w.Below < 0:
		return nil, r.errorf("field \"below\": %d is negative", w.Below)
	case w.Side != "" && w.Side != "max" && w.Side != "min":
		return nil, r.errorf("field \"unsearched\": side %s is not max or min", quote(w.Side))
	}
	s := &trace.Subtree{Move: w.Move, Path: w.Path, Max: w.Side == "max", Chance: w.Chance, Below: w.Below}
	if w.P != nil {
		var err error
		if s.PNum, s.PDen, err = probability(w.P); err != nil {
			return nil, r.errorf("field \"unsearched\": p: %s", err)
		}
	}
	if w.Value != nil {
		v, err := r.value("unsearched value", w.Value)
		if err != nil {
			return nil, err
		}
		s.Leaf, s.Value = true, v
	}
	for _, c := range w.Children {
		cs, err := r.subtree(c)
		if err != nil {
			return nil, err
		}
		s.Children = append(s.Children, cs)
	}
	return s, nil
}

// value reads a value as written by the writer: a decimal number with no more
// decimals than the scale allows, or "inf" / "-inf". A finite value stays
// well away from the infinities (see score.Sane).
// rootWindow reads the start event's root_window, [alpha, beta]; nil when
// there is none.
func (r *Reader) rootWindow(raw json.RawMessage) (*trace.Span, error) {
	return r.span("root_window", raw)
}

// span reads a pair [lo, hi] with lo below hi (a window or bounds), nil
// when the field is absent.
func (r *Reader) span(field string, raw json.RawMessage) (*trace.Span, error) {
	if raw == nil {
		return nil, nil
	}
	var edges []json.RawMessage
	if err := json.Unmarshal(raw, &edges); err != nil || len(edges) != 2 {
		return nil, r.errorf("field %q: %s is not a pair [lo, hi]", field, clip(string(raw)))
	}
	a, err := r.value(field, edges[0])
	if err != nil {
		return nil, err
	}
	b, err := r.value(field, edges[1])
	if err != nil {
		return nil, err
	}
	if a >= b {
		return nil, r.errorf("field %q: %s: the first must be below the second", field, clip(string(raw)))
	}
	return &trace.Span{Alpha: a, Beta: b}, nil
}

func (r *Reader) value(field string, raw json.RawMessage) (int64, error) {
	s := string(raw)
	switch s {
	case `"inf"`, `"+inf"`:
		return score.Inf, nil
	case `"-inf"`:
		return -score.Inf, nil
	}
	if len(s) > 2 && s[0] == '"' && strings.Contains(s, "/") { // a fraction without a finite decimal: "20/3"
		s = s[1 : len(s)-1]
	}
	v, err := score.ParseNumber(s, r.scale)
	if err != nil {
		return 0, r.errorf("field %q: %s is not a value (a number with at most %s, or \"inf\"/\"-inf\")", field, clip(s), decimalsWord(r.scale))
	}
	if !score.Sane(v) {
		return 0, r.errorf("field %q: %s is too large for a finite value", field, clip(s))
	}
	return v, nil
}

func decimalsWord(scale int64) string {
	switch scale {
	case 100:
		return "two decimals"
	case 10:
		return "one decimal"
	case 1:
		return "no decimals"
	}
	return fmt.Sprintf("units of 1/%d", scale)
}

// size says a number of bytes in MiB when it is a whole number of them.
func size(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// clip shortens what a line holds for an error message: at most 40 bytes,
// never splitting a character.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	n := 40
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// quote quotes a string of the line for an error message, shortened.
func quote(s string) string {
	if len(s) <= 40 {
		return strconv.Quote(s)
	}
	return strconv.Quote(clip(s)[:len(clip(s))-len("…")]) + "…"
}

// ReadAll reads a whole trace and passes each event to fn in order.
func ReadAll(r io.Reader, source string, fn func(*trace.Event) error) error {
	rd := NewReader(r, source)
	for {
		e, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(e); err != nil {
			return err
		}
	}
}

// probability reads a chance outcome's probability as the writer writes it:
// a decimal number or a fraction in a string ("1/3"), above 0 and at most 1,
// returned as a reduced fraction.
func probability(raw json.RawMessage) (num, den int64, err error) {
	num, den, ok := score.ParseProbability(strings.Trim(string(raw), `"`))
	if !ok {
		return 0, 0, i18n.Errorf("%s is not a probability above 0 and at most 1", clip(string(raw)))
	}
	return num, den, nil
}

// printableEvent escapes the control characters of every text an event
// read from a file carries (paths, moves, names, details, the run's
// description): whoever shows them (step in a terminal, render's notes,
// errors) shows them inert, as \x1b, never as a command to the terminal.
// A trace prunescope wrote holds none.
func printableEvent(e *trace.Event) {
	e.Path, e.Move = printable.Escape(e.Path), printable.Escape(e.Move)
	e.Reason, e.Detail = printable.Escape(e.Reason), printable.Escape(e.Detail)
	printable.All(e.Pruned)
	printableSubtrees(e.Unsearched)
	if in := e.Info; in != nil {
		for _, f := range []*string{&in.Game, &in.Input, &in.Algo, &in.Fail, &in.Cutoff, &in.Root, &in.Unit, &in.MaxName, &in.MinName, &in.Order} {
			*f = printable.Escape(*f)
		}
		printable.All(in.Options)
	}
	if s := e.Summary; s != nil {
		s.Best, s.Stopped = printable.Escape(s.Best), printable.Escape(s.Stopped)
		printable.All(s.PV)
	}
}

func printableSubtrees(ss []*trace.Subtree) {
	for _, s := range ss {
		s.Move, s.Path = printable.Escape(s.Move), printable.Escape(s.Path)
		printableSubtrees(s.Children)
	}
}
