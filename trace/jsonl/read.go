package jsonl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/prunescope/prunescope/trace"
)

// ReadError reports where a trace is malformed: the source, the line, and what
// is wrong there.
type ReadError struct {
	Source string
	Line   int
	Msg    string
}

func (e *ReadError) Error() string { return fmt.Sprintf("%s:%d: %s", e.Source, e.Line, e.Msg) }

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
	Pruned     []string        `json:"pruned"`
	Unsearched []*wireSubtree  `json:"unsearched"`

	Game    string   `json:"game"`
	Input   string   `json:"input"`
	Algo    string   `json:"algo"`
	Fail    string   `json:"fail"`
	Cutoff  string   `json:"cutoff_rule"`
	Root    string   `json:"root"`
	Scale   int64    `json:"scale"`
	Mate    int64    `json:"mate"`
	Unit    string   `json:"unit"`
	Options []string `json:"options"`
	MaxName string   `json:"max_name"`
	MinName string   `json:"min_name"`

	Best    string   `json:"best"`
	PV      []string `json:"pv"`
	Nodes   int64    `json:"nodes"`
	Leaves  int64    `json:"leaves"`
	Stopped string   `json:"stopped"`
}

type wireSubtree struct {
	Move     string          `json:"move"`
	Path     string          `json:"path"`
	Side     string          `json:"side"`
	Value    json.RawMessage `json:"value"`
	Below    int             `json:"below"`
	Children []*wireSubtree  `json:"children"`
}

// Reader decodes a JSON Lines trace one event at a time, so a huge trace is
// never held in memory as a whole.
type Reader struct {
	r      *bufio.Reader
	source string
	Mark   // where the reader is: what Resume needs to go on from here
}

// Mark is a place in a trace: the byte offset of the next line and what the
// reader knows there. Readers of a seekable file take marks to come back.
type Mark struct {
	Offset int64 // bytes read
	line   int
	scale  int64
	seq    int64
	done   bool
}

// Resume returns a reader that goes on from mark m of the trace rs (which a
// reader of the same trace took); it seeks rs to m's offset.
func Resume(rs io.ReadSeeker, source string, m Mark) (*Reader, error) {
	if _, err := rs.Seek(m.Offset, io.SeekStart); err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	return &Reader{r: bufio.NewReaderSize(rs, 64<<10), source: source, Mark: m}, nil
}

// NewReader reads events from r; source names it in errors.
func NewReader(r io.Reader, source string) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64<<10), source: source, Mark: Mark{scale: 1, seq: -1}}
}

// Next returns the next event, or io.EOF after the last one. Blank lines are
// skipped. A trace must start with seq 0 and number its events consecutively.
func (r *Reader) Next() (*trace.Event, error) {
	for {
		line, err := r.r.ReadBytes('\n')
		r.Offset += int64(len(line))
		if len(line) == 0 && err != nil {
			if errors.Is(err, io.EOF) {
				if r.line == 0 {
					return nil, &ReadError{r.source, 1, "the trace is empty"}
				}
				return nil, io.EOF
			}
			return nil, fmt.Errorf("%s: %w", r.source, err)
		}
		r.line++
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

func (r *Reader) errorf(format string, args ...any) error {
	return &ReadError{r.source, r.line, fmt.Sprintf(format, args...)}
}

func (r *Reader) decode(line []byte) (*trace.Event, error) {
	var w wire
	if err := json.Unmarshal(line, &w); err != nil {
		return nil, r.errorf("not a JSON object: %s", strings.TrimPrefix(err.Error(), "json: "))
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
		return nil, r.errorf("unknown event kind %q", *w.Ev)
	}
	if *w.Seq != r.seq+1 {
		return nil, r.errorf("seq %d follows seq %d (events must be numbered 0, 1, 2, ...)", *w.Seq, r.seq)
	}
	r.seq = *w.Seq
	e := &trace.Event{Seq: *w.Seq, Kind: kind, Node: *w.Node, Path: *w.Path, Ply: *w.Ply, Depth: *w.Depth,
		Move: w.Move, Reason: w.Reason, Detail: w.Detail, Pruned: w.Pruned, Max: w.Side == "max"}
	if w.Parent != nil {
		e.Has |= trace.HasParent
		e.Parent = *w.Parent
	}
	var err error
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
		b, ok := trace.ParseBound(w.Bound)
		if !ok {
			return nil, r.errorf("field \"bound\": %q is not exact, lower or upper", w.Bound)
		}
		e.Bound = b
	}
	switch w.Proved {
	case "":
	case "exact":
		e.Proved = true
	default:
		return nil, r.errorf("field \"proved\": %q is not exact", w.Proved)
	}
	for _, s := range w.Unsearched {
		st, err := r.subtree(s)
		if err != nil {
			return nil, err
		}
		e.Unsearched = append(e.Unsearched, st)
	}
	switch kind {
	case trace.Start:
		if r.seq != 0 {
			return nil, r.errorf("start must be the first event")
		}
		if w.Scale < 0 || w.Scale > 100 {
			return nil, r.errorf("field \"scale\": %d is not 1, 10 or 100", w.Scale)
		}
		r.scale = max(w.Scale, 1)
		e.Info = &trace.Info{Game: w.Game, Input: w.Input, Algo: w.Algo, Fail: w.Fail, Cutoff: w.Cutoff,
			Root: w.Root, Scale: r.scale, Mate: w.Mate, Unit: w.Unit, Depth: *w.Depth, Options: w.Options,
			MaxName: w.MaxName, MinName: w.MinName}
	case trace.Iter:
		e.Summary = &trace.Summary{Value: e.Value, Best: w.Move, PV: w.PV, Nodes: w.Nodes}
		e.Elapsed = time.Duration(w.TimeUS) * time.Microsecond
	case trace.Done:
		r.done = true
		s := &trace.Summary{Best: w.Best, PV: w.PV, Nodes: w.Nodes, Leaves: w.Leaves, Value: e.Value, Stopped: w.Stopped}
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
		e.Summary = s
	}
	return e, nil
}

func (r *Reader) subtree(w *wireSubtree) (*trace.Subtree, error) {
	if w.Below < 0 {
		return nil, r.errorf("field \"below\": %d is negative", w.Below)
	}
	s := &trace.Subtree{Move: w.Move, Path: w.Path, Max: w.Side == "max", Below: w.Below}
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
// decimals than the scale allows, or "inf" / "-inf".
func (r *Reader) value(field string, raw json.RawMessage) (int64, error) {
	s := string(raw)
	switch s {
	case `"inf"`, `"+inf"`:
		return trace.Inf, nil
	case `"-inf"`:
		return -trace.Inf, nil
	}
	v, err := trace.ParseNumber(s, r.scale)
	if err != nil {
		return 0, r.errorf("field %q: %s is not a value (a number with at most %s, or \"inf\"/\"-inf\")", field, s, decimalsWord(r.scale))
	}
	return v, nil
}

func decimalsWord(scale int64) string {
	switch scale {
	case 100:
		return "two decimals"
	case 10:
		return "one decimal"
	}
	return "no decimals"
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
