package step

import (
	"errors"
	"io"

	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
)

// Player walks a trace step by step. It reads the trace lazily and keeps a
// bounded number of checkpoints (the state and the place in the file every
// so many steps), so going back replays at most a few steps.
type Player struct {
	rs     io.ReadSeeker
	evs    []*trace.Event // the events, when kept in memory (OpenEvents); rs is nil then
	source string
	info   *trace.Info
	rd     *jsonl.Reader

	peeked   *trace.Event // read ahead to join a leaf's events into one step
	peekMark jsonl.Mark   // where peeked begins
	peekErr  error        // what reading ahead met, for the next read to report

	st    State
	index int            // steps taken: st is the state after step index
	cur   []*trace.Event // the events of step index
	quiet []*trace.Event // the silent events taken with step index
	hush  []*trace.Event // silent events read and not yet taken with a step
	names trace.RefNames

	checks []checkpoint
	every  int // steps between checkpoints
	steps  int // the number of steps in the trace, once the end was reached (else -1)

	// rec is the whole search's recording when the player shows each
	// node's range (ShowRanges), nil else.
	rec    *record.Recording
	within record.Range

	// also are the languages each step is told in besides the search's
	// (SayAlso), and alsoIn the search's Info in each, made at the first
	// step.
	also   []string
	alsoIn []*trace.Info

	// final is the recording the tree at the end of the search is drawn
	// from (final.go), read the first time it is shown.
	final       *record.Recording
	finalFailed bool

	// boards gives the position at a node for the board (board.go), nil
	// when the player draws none; asciiBoard draws its pieces as letters.
	boards     func(path string) (Board, error)
	asciiBoard bool
}

// ShowRanges makes the player's tree show each inner node's range [lo, hi]
// as known at the step (AIMA's Figure 5.5), read from rec, the recording of
// the whole trace; a chance node's unsearched outcomes count at the run's
// bounds on every value, if any.
func (p *Player) ShowRanges(rec *record.Recording) {
	p.rec, p.within = rec, record.Everything
	if b := p.info.Bounds; b != nil {
		p.within = record.Range{Lo: b.Alpha, Hi: b.Beta}
	}
}

// rangeText is node id's range at the current step, "[lo, hi]", or "" when
// the player shows none (or the node is a leaf, whose value is its own).
func (p *Player) rangeText(id int64) string {
	if p.rec == nil {
		return ""
	}
	n := p.rec.Node(id)
	if n == nil || n.Leaf {
		return ""
	}
	r, ok := n.RangeWithin(p.lastSeq(), p.within)
	if !ok {
		return ""
	}
	return explain.Interval(p.info, r.Lo, r.Hi)
}

type checkpoint struct {
	index int
	mark  jsonl.Mark
	st    State
	cur   []*trace.Event // the events of step index
	quiet []*trace.Event // the silent events taken with it
}

// seq is the sequence number of the checkpoint's last event (-1 before the
// first step).
func (c *checkpoint) seq() int64 {
	if len(c.cur) == 0 {
		return -1
	}
	return c.cur[len(c.cur)-1].Seq
}

// Checkpoints: one every checkpointEvery steps at first; past maxCheckpoints
// every other one is dropped and the interval doubles. (Variables for the
// tests.)
var (
	checkpointEvery = 32
	maxCheckpoints  = 2048
)

// Open starts a player on the trace in rs (named source in errors), before
// its first step.
func Open(rs io.ReadSeeker, source string) (*Player, error) {
	return start(&Player{rs: rs, source: source, rd: jsonl.NewReader(rs, source)})
}

// OpenEvents starts a player on the events of a search kept in memory
// (jsonl.Keep): the same steps as Open on the search's trace, without
// writing and reading it (the lab plays a search at every change).
func OpenEvents(evs []*trace.Event, source string) (*Player, error) {
	return start(&Player{evs: evs, source: source, rd: jsonl.NewEventReader(evs, source)})
}

func start(p *Player) (*Player, error) {
	p.every, p.steps = checkpointEvery, -1
	source := p.source
	e, err := p.rd.Next()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, errors.New(source + ": the trace is empty")
		}
		return nil, err
	}
	if e.Kind == trace.Start && e.Info != nil {
		p.info = e.Info
	} else {
		// A trace without its start event: toy-tree conventions, and the
		// event read is the first of the search.
		p.info = &trace.Info{Game: "tree", Scale: 1, Root: "max"}
		if p.rd, err = p.fromStart(); err != nil {
			return nil, err
		}
	}
	p.checks = []checkpoint{{index: 0, mark: p.rd.Mark, st: p.st.clone()}}
	return p, nil
}

// Info is the run's conventions and input, from the trace's start event.
func (p *Player) Info() *trace.Info { return p.info }

// State is the state after the current step.
func (p *Player) State() *State { return &p.st }

// SayAlso has each step told in the languages langs too, besides the
// search's (State.Others, in their order): what a page carries for its
// language switch, in one pass over the trace.
func (p *Player) SayAlso(langs ...string) { p.also, p.alsoIn = langs, nil }

// Index is the number of the current step, from 1 (0: before the first).
func (p *Player) Index() int { return p.index }

// Steps is the number of steps in the trace, or -1 while the end has not
// been reached.
func (p *Player) Steps() int { return p.steps }

// Events are the events of the current step (none before the first).
func (p *Player) Events() []*trace.Event { return p.cur }

// Seq is the sequence number of the current step's first event (-1 before
// the first step).
func (p *Player) Seq() int64 {
	if len(p.cur) == 0 {
		return -1
	}
	return p.cur[0].Seq
}

// lastSeq is the sequence number of the current step's last event.
func (p *Player) lastSeq() int64 {
	if len(p.cur) == 0 {
		return -1
	}
	return p.cur[len(p.cur)-1].Seq
}

// Quiet are the silent events taken with the current step (the table's
// probes and stores that follow its events, or come among them): they
// change nothing but the marks of their nodes.
func (p *Player) Quiet() []*trace.Event { return p.quiet }

// All are the events of the current step with the silent ones taken with
// it, in the order they happened.
func (p *Player) All() []*trace.Event { return merged(p.quiet, p.cur) }

// merged is the events of a and b, each in the order of their sequence
// numbers, in that order.
func merged(a, b []*trace.Event) []*trace.Event {
	if len(a) == 0 {
		return b
	}
	out := make([]*trace.Event, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		if len(b) == 0 || (len(a) > 0 && a[0].Seq < b[0].Seq) {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return out
}

// AtEnd reports whether the current step is the last.
func (p *Player) AtEnd() bool { return p.steps >= 0 && p.index == p.steps }

// IsCut reports whether the current step cuts or prunes.
func (p *Player) IsCut() bool {
	for _, e := range p.cur {
		if e.Kind.Spec().CutsAt(e) {
			return true
		}
	}
	return false
}

// Silent reports the kinds that change nothing a person sees (the Silent
// column of the table of kinds): they are taken with the step they follow,
// and mark their nodes there (Quiet).
func Silent(k trace.Kind) bool { return k.Spec().Silent }

// next reads the next event that is not silent.
func (p *Player) next() (*trace.Event, error) {
	if e := p.peeked; e != nil {
		p.peeked = nil
		return e, nil
	}
	if err := p.peekErr; err != nil {
		return nil, err
	}
	for {
		e, err := p.rd.Next()
		if err != nil {
			return nil, err
		}
		p.names.Note(e)
		if !Silent(e.Kind) {
			return e, nil
		}
		p.hush = append(p.hush, e)
	}
}

// peek returns the next event that is not silent without taking it (nil at
// the end or on an error, which the next read reports).
func (p *Player) peek() *trace.Event {
	if p.peeked != nil {
		return p.peeked
	}
	for {
		m := p.rd.Mark
		e, err := p.rd.Next()
		if err != nil {
			p.peekErr = err
			return nil
		}
		p.names.Note(e)
		if !Silent(e.Kind) {
			p.peeked, p.peekMark = e, m
			return e
		}
		p.hush = append(p.hush, e)
	}
}

// mark is where the next step begins.
func (p *Player) mark() jsonl.Mark {
	if p.peeked != nil {
		return p.peekMark
	}
	return p.rd.Mark
}

// Next takes one step. It returns false at the end of the trace.
func (p *Player) Next() (bool, error) {
	e, err := p.next()
	if errors.Is(err, io.EOF) {
		p.steps = p.index
		return false, nil
	}
	if err != nil {
		return false, err
	}
	evs := []*trace.Event{e}
	if e.Kind == trace.Enter {
		if l := p.peek(); l != nil && l.Kind == trace.Leaf && l.Node == e.Node {
			p.peeked = nil
			evs = append(evs, l)
			if x := p.peek(); x != nil && x.Kind == trace.Exit && x.Node == e.Node {
				p.peeked = nil
				evs = append(evs, x)
			}
		}
	}
	// The silent events that follow the step's go with it: a table probe
	// with the node just entered, a store with the node just left.
	p.peek()
	quiet := p.hush
	p.hush = nil
	said := sayStep(p.info, &p.st, evs)
	if len(p.also) > 0 {
		if p.alsoIn == nil {
			for _, l := range p.also {
				in := *p.info
				in.Lang = l
				p.alsoIn = append(p.alsoIn, &in)
			}
		}
		p.st.Others = make([]string, 0, len(p.alsoIn)) // not reused: a checkpoint keeps the state it copies
		for _, in := range p.alsoIn {
			p.st.Others = append(p.st.Others, sayStep(in, &p.st, evs).Text)
		}
	}
	for _, e := range merged(quiet, evs) {
		if Silent(e.Kind) {
			p.st.mark(e.Node, MarksOf(e))
			continue
		}
		p.st.apply(p.info, e)
	}
	main := evs[len(evs)-1]
	if len(evs) > 1 {
		main = evs[1] // the leaf
	}
	p.st.Sentence, p.st.Said, p.st.Node, p.st.Kind = said.Text, said, e.Node, main.Kind
	p.cur, p.quiet = evs, quiet
	p.index++
	if p.index%p.every == 0 && p.index > p.checks[len(p.checks)-1].index {
		p.checks = append(p.checks, checkpoint{index: p.index, mark: p.mark(), st: p.st.clone(), cur: evs, quiet: quiet})
		if len(p.checks) > maxCheckpoints {
			p.thin()
		}
	}
	return true, nil
}

// thin drops every other checkpoint and doubles the interval.
func (p *Player) thin() {
	p.every *= 2
	kept := p.checks[:0]
	for _, c := range p.checks {
		if c.index%p.every == 0 {
			kept = append(kept, c)
		}
	}
	p.checks = kept
}

// fromStart is a reader of the trace from its start.
func (p *Player) fromStart() (*jsonl.Reader, error) {
	if p.rs == nil {
		return jsonl.NewEventReader(p.evs, p.source), nil
	}
	if _, err := p.rs.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return jsonl.NewReader(p.rs, p.source), nil
}

// resume is a reader of the trace from mark m.
func (p *Player) resume(m jsonl.Mark) (*jsonl.Reader, error) {
	if p.rs == nil {
		return jsonl.ResumeEvents(p.evs, p.source, m), nil
	}
	return jsonl.Resume(p.rs, p.source, m)
}

// restore goes back to checkpoint c.
func (p *Player) restore(c checkpoint) error {
	rd, err := p.resume(c.mark)
	if err != nil {
		return err
	}
	p.rd, p.peeked, p.peekErr, p.hush = rd, nil, nil, nil
	p.st, p.index, p.cur, p.quiet = c.st.clone(), c.index, c.cur, c.quiet
	return nil
}

// Goto makes step i (from 1; 0 is before the first) the current step, or
// the last step if the trace has fewer.
func (p *Player) Goto(i int) error {
	i = max(i, 0)
	if i < p.index {
		c := p.checks[0]
		for _, k := range p.checks {
			if k.index <= i {
				c = k
			}
		}
		if err := p.restore(c); err != nil {
			return err
		}
	}
	for p.index < i {
		ok, err := p.Next()
		if err != nil || !ok {
			return err
		}
	}
	return nil
}

// Back goes back one step.
func (p *Player) Back() error { return p.Goto(p.index - 1) }

// NextCut steps forward to the next step that cuts or prunes; it returns
// false (at the end) when there is none.
func (p *Player) NextCut() (bool, error) {
	for {
		ok, err := p.Next()
		if err != nil || !ok {
			return false, err
		}
		if p.IsCut() {
			return true, nil
		}
	}
}

// End steps to the last step.
func (p *Player) End() error {
	for {
		ok, err := p.Next()
		if err != nil || !ok {
			return err
		}
	}
}

// Jump makes current the step that holds the event with sequence number
// seq (or the first step after it, for an event taken silently).
func (p *Player) Jump(seq int64) error {
	if seq <= p.lastSeq() {
		c := p.checks[0]
		for _, k := range p.checks {
			if k.seq() < seq {
				c = k
			}
		}
		if err := p.restore(c); err != nil {
			return err
		}
	}
	for p.lastSeq() < seq {
		ok, err := p.Next()
		if err != nil || !ok {
			return err
		}
	}
	return nil
}
