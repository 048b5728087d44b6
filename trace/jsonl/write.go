// Package jsonl writes a search's events as JSON Lines and reads them back.
//
// One JSON object per line, in the order things happen. Every event has seq,
// ev, node, path, ply and depth; the other fields appear where they apply.
// Values and windows are from MAX's point of view, written as people read them
// (a toy tree's 3.01 is 3.01); infinities are the strings "inf" and "-inf".
// The first event, start, carries the conventions and the value scale, so a
// saved trace can be drawn or replayed without the input it came from.
package jsonl

import (
	"bufio"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

// Writer encodes events as JSON Lines. It is not safe for concurrent use.
type Writer struct {
	w     *bufio.Writer
	buf   []byte
	scale int64
	info  *trace.Info // the run's, from the start event
	err   error
	// Timing adds the time since the search began ("time_us") to iter
	// events; without it a trace is the same on every run.
	Timing bool
}

// NewWriter returns a writer to w. Call Flush when the search is over.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriterSize(w, 64<<10), buf: make([]byte, 0, 512), scale: 1}
}

// Hooks returns hooks that write every event.
func (w *Writer) Hooks() *trace.Hooks {
	return &trace.Hooks{Event: func(e *trace.Event) { w.Write(e) }}
}

// Err returns the first write error, if any.
func (w *Writer) Err() error { return w.err }

// Flush writes buffered lines and returns the first error met.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	w.err = w.w.Flush()
	return w.err
}

// Write encodes one event as a line.
func (w *Writer) Write(e *trace.Event) error {
	if w.err != nil {
		return w.err
	}
	if e.Kind == trace.Start && e.Info != nil {
		w.info = e.Info
		if e.Info.Scale > 0 {
			w.scale = e.Info.Scale
		}
	}
	w.buf = w.append(w.buf[:0], e)
	w.buf = append(w.buf, '\n')
	_, w.err = w.w.Write(w.buf)
	return w.err
}

// Encode returns the JSON line of one event (without the newline), with values
// scaled by scale. It is for tests and tools; Writer is the fast path.
func Encode(e *trace.Event, scale int64) []byte {
	w := Writer{scale: scale}
	if e.Kind == trace.Start && e.Info != nil && e.Info.Scale > 0 {
		w.scale = e.Info.Scale
	}
	return w.append(nil, e)
}

func (w *Writer) append(b []byte, e *trace.Event) []byte {
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, e.Seq, 10)
	b = append(b, `,"ev":"`...)
	b = append(b, e.Kind.String()...)
	b = append(b, `","node":`...)
	b = strconv.AppendInt(b, e.Node, 10)
	if e.Has&trace.HasParent != 0 {
		b = append(b, `,"parent":`...)
		b = strconv.AppendInt(b, e.Parent, 10)
	}
	b = append(b, `,"path":`...)
	b = appendString(b, e.Path)
	b = append(b, `,"ply":`...)
	b = strconv.AppendInt(b, int64(e.Ply), 10)
	b = append(b, `,"depth":`...)
	b = strconv.AppendInt(b, int64(e.Depth), 10)
	if e.Kind != trace.Start && e.Kind != trace.Done {
		// The side to move at the node, on every event about a node: a
		// reader needs no earlier event to know whose move it is.
		if e.Max {
			b = append(b, `,"side":"max"`...)
		} else {
			b = append(b, `,"side":"min"`...)
		}
		if e.Chance {
			b = append(b, `,"chance":true`...)
		}
		if e.PDen > 0 {
			b = append(b, `,"p":`...)
			b = score.AppendJSON(b, e.PNum, e.PDen)
		}
	}
	if e.Has&trace.HasWindow != 0 {
		b = append(b, `,"alpha":`...)
		b = w.appendValue(b, e.Alpha)
		b = append(b, `,"beta":`...)
		b = w.appendValue(b, e.Beta)
	}
	if e.Has&trace.HasValue != 0 {
		b = append(b, `,"value":`...)
		b = w.appendValue(b, e.Value)
	}
	if e.Has&trace.HasCut != 0 {
		b = append(b, `,"cut_alpha":`...)
		b = w.appendValue(b, e.CutAlpha)
		b = append(b, `,"cut_beta":`...)
		b = w.appendValue(b, e.CutBeta)
	}
	if e.Has&trace.HasTo != 0 {
		b = append(b, `,"to":`...)
		b = strconv.AppendInt(b, int64(e.To), 10)
	}
	if e.Pass > 0 {
		b = append(b, `,"pass":`...)
		b = strconv.AppendInt(b, int64(e.Pass), 10)
	}
	if e.Has&trace.HasInterval != 0 {
		b = append(b, `,"lower":`...)
		b = w.appendValue(b, e.Lower)
		b = append(b, `,"upper":`...)
		b = w.appendValue(b, e.Upper)
	}
	if e.Has&trace.HasRef != 0 {
		b = append(b, `,"ref":`...)
		b = strconv.AppendInt(b, e.Ref, 10)
	}
	if e.Has&trace.HasMargin != 0 {
		b = append(b, `,"margin":`...)
		b = w.appendValue(b, e.Margin)
	}
	if e.Bound != score.NoBound {
		b = append(b, `,"bound":"`...)
		b = append(b, e.Bound.String()...)
		b = append(b, '"')
	}
	if e.Proved {
		b = append(b, `,"proved":"exact"`...)
	}
	b = appendField(b, "move", e.Move)
	b = appendField(b, "reason", e.Reason)
	b = appendField(b, "detail", e.Detail)
	// What the event's sentence claims about its numbers, for other tools
	// to check: "value >= beta".
	mark := len(b)
	b, ok := explain.AppendClaim(append(b, `,"claim":`...), w.info, e)
	if !ok {
		b = b[:mark]
	}
	if e.Pruned != nil {
		b = append(b, `,"pruned":`...)
		b = appendStrings(b, e.Pruned)
	}
	if len(e.Unsearched) > 0 {
		b = append(b, `,"unsearched":[`...)
		for i, s := range e.Unsearched {
			if i > 0 {
				b = append(b, ',')
			}
			b = w.appendSubtree(b, s)
		}
		b = append(b, ']')
	}
	if e.Info != nil {
		b = appendInfo(b, e.Info)
	}
	switch {
	case e.Summary != nil && e.Kind == trace.Iter:
		b = append(b, `,"pv":`...)
		b = appendStrings(b, e.Summary.PV)
		b = append(b, `,"nodes":`...)
		b = strconv.AppendInt(b, e.Summary.Nodes, 10)
		if it := e.Summary.Iter; it != nil {
			b = append(b, `,"leaves":`...)
			b = strconv.AppendInt(b, e.Summary.Leaves, 10)
			b = append(b, `,"iter_nodes":`...)
			b = strconv.AppendInt(b, it.Nodes, 10)
			b = append(b, `,"iter_leaves":`...)
			b = strconv.AppendInt(b, it.Leaves, 10)
		}
		if w.Timing {
			b = append(b, `,"time_us":`...)
			b = strconv.AppendInt(b, e.Elapsed.Microseconds(), 10)
		}
	case e.Summary != nil:
		b = w.appendSummary(b, e.Summary)
	}
	return append(b, '}')
}

func appendInfo(b []byte, in *trace.Info) []byte {
	b = appendField(b, "game", in.Game)
	b = appendField(b, "input", in.Input)
	b = appendField(b, "algo", in.Algo)
	b = appendField(b, "fail", in.Fail)
	b = appendField(b, "cutoff_rule", in.Cutoff)
	b = appendField(b, "root", in.Root)
	b = append(b, `,"scale":`...)
	b = strconv.AppendInt(b, max(in.Scale, 1), 10)
	if in.Mate != 0 {
		b = append(b, `,"mate":`...)
		b = strconv.AppendInt(b, in.Mate, 10)
	}
	b = appendField(b, "unit", in.Unit)
	b = appendField(b, "max_name", in.MaxName)
	b = appendField(b, "min_name", in.MinName)
	b = appendField(b, "order", in.Order)
	if in.NodesOnly {
		b = append(b, `,"nodes_only":true`...)
	}
	b = appendSpan(b, "root_window", in.RootWindow, max(in.Scale, 1))
	b = appendSpan(b, "bounds", in.Bounds, max(in.Scale, 1))
	if len(in.Options) > 0 {
		b = append(b, `,"options":`...)
		b = appendStrings(b, in.Options)
	}
	return b
}

func (w *Writer) appendSummary(b []byte, s *trace.Summary) []byte {
	return AppendSummary(b, s, w.scale)
}

// AppendSummary appends the fields of a summary as the done event writes them,
// each preceded by a comma: best, pv, nodes, leaves, a count for every event
// kind other than start and done, and the cut counts (last_child_cuts,
// pruned_edges, pruned_leaves, pruned_inner; the last two null where the game
// does not know its tree). The value is not included.
func AppendSummary(b []byte, s *trace.Summary, scale int64) []byte {
	b = append(b, `,"best":`...)
	b = appendString(b, s.Best)
	b = append(b, `,"pv":`...)
	b = appendStrings(b, s.PV)
	b = append(b, `,"nodes":`...)
	b = strconv.AppendInt(b, s.Nodes, 10)
	b = append(b, `,"leaves":`...)
	b = strconv.AppendInt(b, s.Leaves, 10)
	b = appendField(b, "stopped", s.Stopped)
	for _, k := range trace.CountedKinds() {
		b = append(b, `,"`...)
		b = append(b, k.String()...)
		b = append(b, `":`...)
		b = strconv.AppendInt(b, s.Counts[k], 10)
	}
	if c := s.Cuts; c != nil {
		b = append(b, `,"last_child_cuts":`...)
		b = strconv.AppendInt(b, c.OnLast, 10)
		b = append(b, `,"pruned_edges":`...)
		b = strconv.AppendInt(b, c.Edges, 10)
		b = append(b, `,"pruned_leaves":`...)
		b = appendKnown(b, c.Leaves, c.Known)
		b = append(b, `,"pruned_inner":`...)
		b = appendKnown(b, c.Inner, c.Known)
	}
	return b
}

// appendKnown writes n, or null when it is not known.
func appendKnown(b []byte, n int64, known bool) []byte {
	if !known {
		return append(b, "null"...)
	}
	return strconv.AppendInt(b, n, 10)
}

func (w *Writer) appendSubtree(b []byte, s *trace.Subtree) []byte {
	b = append(b, `{"move":`...)
	b = appendString(b, s.Move)
	b = append(b, `,"path":`...)
	b = appendString(b, s.Path)
	if s.Max {
		b = append(b, `,"side":"max"`...)
	} else {
		b = append(b, `,"side":"min"`...)
	}
	if s.Chance {
		b = append(b, `,"chance":true`...)
	}
	if s.PDen > 0 {
		b = append(b, `,"p":`...)
		b = score.AppendJSON(b, s.PNum, s.PDen)
	}
	if s.Leaf {
		b = append(b, `,"value":`...)
		b = w.appendValue(b, s.Value)
	}
	if s.Below > 0 {
		b = append(b, `,"below":`...)
		b = strconv.AppendInt(b, int64(s.Below), 10)
	}
	if len(s.Children) > 0 {
		b = append(b, `,"children":[`...)
		for i, c := range s.Children {
			if i > 0 {
				b = append(b, ',')
			}
			b = w.appendSubtree(b, c)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendValue writes a raw value as people read it: "inf"/"-inf" for the
// infinities, otherwise the value divided by the scale.
func (w *Writer) appendValue(b []byte, v int64) []byte { return AppendValue(b, v, w.scale) }

// AppendValue appends a raw value as JSON: "inf"/"-inf" for the infinities,
// otherwise the value divided by scale as a number.
func AppendValue(b []byte, v, scale int64) []byte {
	switch {
	case v >= score.Inf:
		return append(b, `"inf"`...)
	case v <= -score.Inf:
		return append(b, `"-inf"`...)
	}
	return score.AppendJSON(b, v, scale)
}

func appendField(b []byte, name, v string) []byte {
	if v == "" {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return appendString(b, v)
}

func appendStrings(b []byte, ss []string) []byte {
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s)
	}
	return append(b, ']')
}

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string.
func AppendString(b []byte, s string) []byte { return appendString(b, s) }

// appendString writes s as a JSON string, escaping what JSON requires and the
// characters HTML cares about, like encoding/json.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendSpan appends a pair [lo, hi] as a field, nothing for nil.
func appendSpan(b []byte, name string, s *trace.Span, scale int64) []byte {
	if s == nil {
		return b
	}
	b = append(b, `,"`...)
	b = append(b, name...)
	b = append(b, `":[`...)
	b = AppendValue(b, s.Alpha, scale)
	b = append(b, ',')
	b = AppendValue(b, s.Beta, scale)
	return append(b, ']')
}
