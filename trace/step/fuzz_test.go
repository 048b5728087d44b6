package step

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/fuzzseed"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/text"
)

// FuzzStep opens the step player on any bytes (with renumber, the lines'
// seq rewritten to their place first; see fuzzseed.Renumber) and checks
// that it never panics and that:
//   - it steps forwards to the end of the trace, or to a bad line, which
//     it reports as a one-line *jsonl.ReadError, again at every later
//     step; every step's screen, plain text and compact tree can be shown;
//   - going back one step at a time, through its checkpoints, shows every
//     step exactly as it was going forwards; so does jumping to each
//     step's last event, in a scrambled order, and to the next cut;
//   - the frames of `step --frames` (the recorder fed the same trace, each
//     step drawn up to its event) build without a panic.
//
// Checkpoints are taken every few steps and thinned early, so that the
// small traces a fuzzer makes go through them.
func FuzzStep(f *testing.F) {
	fuzzseed.AddTo(f)
	every, most := checkpointEvery, maxCheckpoints
	checkpointEvery, maxCheckpoints = 2, 3
	f.Cleanup(func() { checkpointEvery, maxCheckpoints = every, most })
	f.Fuzz(func(t *testing.T, data []byte, renumber bool) {
		if renumber {
			data = fuzzseed.Renumber(data)
		}
		checkPlayer(t, data)
	})
}

// checkPlayer plays a trace forwards and backwards: see FuzzStep.
func checkPlayer(t *testing.T, data []byte) {
	p, err := Open(bytes.NewReader(data), "fuzz.jsonl")
	if err != nil {
		checkStepError(t, err)
		return
	}
	const most = 3000 // steps looked at
	var shown []string
	var seqs []int64
	var failed error
	for len(shown) < most {
		ok, err := p.Next()
		if err != nil {
			checkStepError(t, err)
			if _, again := p.Next(); again == nil || again.Error() != err.Error() {
				t.Fatalf("after %v, the next step gives %v", err, again)
			}
			failed = err
			break
		}
		if !ok {
			break
		}
		shown = append(shown, show(p))
		evs := p.Events()
		if len(evs) == 0 {
			t.Fatalf("step %d has no events", p.Index())
		}
		seqs = append(seqs, evs[len(evs)-1].Seq)
	}
	if len(shown) == 0 {
		return
	}
	if failed == nil && len(shown) < most && p.Steps() != len(shown) {
		t.Fatalf("%d steps taken, the player counts %d", len(shown), p.Steps())
	}
	if p.Index() != len(shown) {
		t.Fatalf("at step %d after %d steps", p.Index(), len(shown))
	}
	for i := len(shown); i >= 1; i-- {
		if p.Index() != i {
			t.Fatalf("back to step %d, the player is at %d", i, p.Index())
		}
		if got := show(p); got != shown[i-1] {
			t.Fatalf("back at step %d:\n got %s\nwant %s", i, got, shown[i-1])
		}
		if err := p.Back(); err != nil {
			t.Fatalf("back from step %d: %v", i, err)
		}
	}
	n := len(shown)
	for k := range n {
		i := (k*7919 + 3) % n // every step once, out of order
		if err := p.Jump(seqs[i]); err != nil {
			t.Fatalf("jump to event %d: %v", seqs[i], err)
		}
		if p.Index() != i+1 {
			t.Fatalf("jump to event %d: step %d, want %d", seqs[i], p.Index(), i+1)
		}
		if got := show(p); got != shown[i] {
			t.Fatalf("jumped to step %d:\n got %s\nwant %s", i+1, got, shown[i])
		}
	}
	if err := p.Goto(0); err != nil {
		t.Fatal(err)
	}
	for range n {
		ok, err := p.NextCut()
		if err != nil || !ok {
			break
		}
		if !p.IsCut() || p.Index() > n || show(p) != shown[p.Index()-1] {
			t.Fatalf("next cut: step %d", p.Index())
		}
	}
	if failed == nil {
		frames(t, data, p, n)
	}
}

// show is what the player shows at a step, but for the number of steps
// (known once the end has been read): the compact tree, the path, the
// sentence. The full screen and the plain text are drawn too.
func show(p *Player) string {
	Screen(p, text.Plain(), 60, 16, "")
	StepText(p)
	return snapshot(p)
}

// frames draws the frames of `step --frames` as cmd does: the whole trace
// recorded once, each step drawn up to its last event, with the step's node
// highlighted, and from that node's parent as the focus.
func frames(t *testing.T, data []byte, p *Player, n int) {
	rec := record.NewRecorder()
	rec.Limit = 50
	if err := jsonl.ReadAll(bytes.NewReader(data), "fuzz.jsonl", func(e *trace.Event) error { rec.Add(e); return nil }); err != nil {
		t.Fatalf("the player read the whole trace, ReadAll fails: %v", err)
	}
	if err := rec.Err(); err != nil {
		t.Fatalf("the player read the whole trace, the recorder finds: %v", err)
	}
	r := rec.Recording()
	if r.Root == nil {
		return
	}
	for i := 1; i <= min(n, 40); i++ {
		if err := p.Goto(i); err != nil {
			t.Fatal(err)
		}
		st, evs := p.State(), p.Events()
		opt := dot.Options{Until: evs[len(evs)-1].Seq, Current: st.Node, HasCurrent: true, Caption: st.Sentence,
			MaxNodes: 30, Iteration: st.Iteration + 1}
		dot.Build(r, opt)
		if cur := r.Node(st.Node); cur != nil && cur.Parent != nil {
			opt.FocusID, opt.HasFocusID, opt.SkipFuture, opt.Iteration = cur.Parent.ID, true, true, 0
			dot.Build(r, opt)
		}
	}
}

// checkStepError: a bad trace is a *jsonl.ReadError on one line.
func checkStepError(t *testing.T, err error) {
	t.Helper()
	var re *jsonl.ReadError
	if !errors.As(err, &re) && !strings.HasSuffix(err.Error(), ": the trace is empty") {
		t.Fatalf("not a *jsonl.ReadError: %v", err)
	}
	if errors.Is(err, io.EOF) || strings.ContainsAny(err.Error(), "\n\r") || len(err.Error()) > 400 {
		t.Fatalf("a bad error: %q", err)
	}
}

// FuzzStepEvents makes traces that keep the contract from any bytes (a
// program: each byte picks what happens next and with which numbers) and
// plays them as FuzzStep does. Mutating the bytes of a JSON trace rarely
// makes a new trace the reader accepts; here every event kind, reason and
// odd number (±∞, mate scores, the largest finite values, empty and pass
// moves, reasons no engine writes) comes in any order the contract allows,
// so the sentences, the screen and the frames meet them all. The reader
// must accept every such trace.
func FuzzStepEvents(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x00\x00\x02\x02\x01\x03\x00\x02\x01\x01\x05\x06"))
	f.Add([]byte("the quick brown fox jumps over the lazy dog, 0123456789 times"))
	seq := make([]byte, 256)
	for i := range seq {
		seq[i] = byte(i * 37)
	}
	f.Add(seq)
	every, most := checkpointEvery, maxCheckpoints
	checkpointEvery, maxCheckpoints = 2, 3
	f.Cleanup(func() { checkpointEvery, maxCheckpoints = every, most })
	f.Fuzz(func(t *testing.T, program []byte) {
		data := generate(program)
		if err := jsonl.ReadAll(bytes.NewReader(data), "generated", func(*trace.Event) error { return nil }); err != nil {
			t.Fatalf("the reader refuses a trace that keeps the contract: %v\n%s", err, data)
		}
		checkPlayer(t, data)
	})
}

// generate writes the trace a program describes (see FuzzStepEvents).
func generate(program []byte) []byte {
	g := &gen{program: program}
	var buf bytes.Buffer
	w := jsonl.NewWriter(&buf)
	scale := []int64{1, 10, 100}[g.byte()%3]
	mate := []int64{0, 0, 32000}[g.byte()%3]
	root := []string{"max", "min"}[g.byte()%2]
	info := &trace.Info{Game: []string{"tree", "chess", "tictactoe", ""}[g.byte()%4], Input: "generated",
		Algo: []string{"alphabeta", "minimax", "negamax", "pvs", "mtdf", "branch-bound", "x"}[g.byte()%7],
		Fail: []string{"hard", "soft", "f2", ""}[g.byte()%4], Cutoff: []string{"ge", "gt", ""}[g.byte()%3],
		Root: root, Scale: scale, Mate: mate, Depth: int(g.byte() % 9), MaxName: "X", MinName: "O",
		Options: []string{"null move R=2"}[:g.byte()%2]}
	var seq, next int64
	emit := func(e *trace.Event) {
		e.Seq = seq
		seq++
		w.Write(e)
	}
	emit(&trace.Event{Kind: trace.Start, Depth: info.Depth, Info: info})
	type open struct {
		id    int64
		ply   int
		max   bool
		path  string
		depth int
	}
	var stack []open
	closed, lastRoot := int64(-1), int64(-1)
	about := func(k trace.Kind, o open) *trace.Event {
		e := &trace.Event{Kind: k, Node: o.id, Path: o.path, Ply: o.ply, Depth: o.depth, Max: o.max}
		if len(stack) > 1 && stack[len(stack)-1].id == o.id {
			e.Has |= trace.HasParent
			e.Parent = stack[len(stack)-2].id
		}
		return e
	}
	for seq < 400 && !g.done() {
		op := g.byte() % 24
		if len(stack) == 0 {
			switch {
			case op < 14 || lastRoot < 0:
				// a visit of the root
				o := open{id: next, max: root == "max", depth: int(g.byte() % 6)}
				e := about(trace.Enter, o)
				g.window(e, scale, mate)
				emit(e)
				stack = append(stack, o)
				lastRoot = next
				next++
			case op < 17:
				e := &trace.Event{Kind: trace.Iter, Node: lastRoot, Depth: int(g.byte() % 9), Has: trace.HasValue, Value: g.value(scale, mate), Move: g.move()}
				e.Summary = &trace.Summary{Value: e.Value, Best: e.Move, PV: []string{e.Move, g.move()}[:g.byte()%3%2+1], Nodes: int64(g.byte())}
				emit(e)
			case op < 20:
				e := &trace.Event{Kind: trace.Window, Node: lastRoot, Pass: int(g.byte() % 4), Reason: g.pick(trace.ReasonAspiration, trace.ReasonMTDF, "other"),
					Detail: g.pick("fail low", "fail high", "inside", "lower", "upper", "")}
				g.window(e, scale, mate)
				e.Has |= trace.HasValue
				e.Value = g.value(scale, mate)
				if g.byte()%2 == 0 {
					e.Has |= trace.HasInterval
					e.Lower, e.Upper = g.value(scale, mate), g.value(scale, mate)
				}
				emit(e)
			case op < 22 && closed >= 0:
				emit(&trace.Event{Kind: trace.TTStore, Node: closed, Depth: int(g.byte() % 6), Detail: "key 1f"})
			}
			continue
		}
		top := stack[len(stack)-1]
		switch {
		case op < 5 && len(stack) < 30: // a child
			o := open{id: next, ply: top.ply + 1, max: !top.max, path: g.move(), depth: top.depth - 1 + int(g.byte()%3)}
			e := &trace.Event{Kind: trace.Enter, Node: o.id, Parent: top.id, Has: trace.HasParent, Path: o.path, Ply: o.ply, Depth: o.depth, Max: o.max, Move: o.path}
			if g.byte()%2 == 0 {
				g.window(e, scale, mate)
			}
			if g.byte()%5 == 0 {
				e.Reason = trace.ReasonQS
			}
			emit(e)
			stack = append(stack, o)
			next++
		case op < 9: // leave, maybe as a leaf
			if op < 7 {
				e := about(trace.Leaf, top)
				e.Has |= trace.HasValue
				e.Value = g.value(scale, mate)
				e.Reason = g.pick(trace.ReasonTerminal, trace.ReasonStatic, trace.ReasonNoMoves, "")
				emit(e)
			}
			e := about(trace.Exit, top)
			e.Has |= trace.HasValue
			e.Value = g.value(scale, mate)
			e.Bound = score.Bound(g.byte() % 4)
			e.Proved = g.byte()%4 == 0
			if g.byte()%2 == 0 {
				g.window(e, scale, mate)
			}
			emit(e)
			stack = stack[:len(stack)-1]
			closed = top.id
			if g.byte()%3 == 0 {
				emit(about(trace.TTStore, top))
			}
		case op < 11:
			e := about(trace.Cutoff, top)
			e.Has |= trace.HasValue
			e.Value = g.value(scale, mate)
			g.window(e, scale, mate)
			if g.byte()%2 == 0 {
				e.Has |= trace.HasCut
				e.CutAlpha, e.CutBeta = g.value(scale, mate), g.value(scale, mate)
			}
			e.Move = g.move()
			e.Reason = g.pick(trace.ReasonBeta, trace.ReasonAlpha, "")
			for range g.byte() % 12 {
				e.Pruned = append(e.Pruned, g.move())
			}
			if g.byte()%3 == 0 {
				e.Unsearched = []*trace.Subtree{{Move: "a", Path: "a", Children: []*trace.Subtree{{Move: "b", Path: "a.b", Leaf: true, Value: g.value(scale, mate), Max: true}}, Below: int(g.byte() % 3)}}
			}
			emit(e)
		default: // what the techniques and the table say about the node
			kinds := []trace.Kind{trace.NullTry, trace.NullPrune, trace.NullFail, trace.NullVerify, trace.NullSkip, trace.Threat,
				trace.Reduce, trace.Extend, trace.Research, trace.Futility, trace.Razor, trace.QSEnter, trace.StandPat, trace.TTProbe, trace.TTHit}
			e := about(kinds[int(g.byte())%len(kinds)], top)
			if g.byte()%2 == 0 {
				e.Has |= trace.HasValue
				e.Value = g.value(scale, mate)
			}
			if g.byte()%2 == 0 {
				g.window(e, scale, mate)
			}
			if g.byte()%2 == 0 {
				e.Has |= trace.HasTo
				e.To = int(g.byte()%9) - 2
			}
			if g.byte()%2 == 0 {
				e.Has |= trace.HasMargin
				e.Margin = g.value(scale, 0)
			}
			if e.Kind == trace.TTHit && top.id > 0 && g.byte()%2 == 0 {
				e.Has |= trace.HasRef
				e.Ref = int64(g.byte()) % top.id
				e.Bound = score.Bound(g.byte() % 4)
			}
			if g.byte()%2 == 0 {
				e.Move = g.move()
			}
			e.Reason = g.pick(trace.ReasonThreat, trace.ReasonNoThreat, trace.ReasonNullInCheck, trace.ReasonNullEval, trace.ReasonStandCut,
				trace.ReasonTTCut, "no cut: shallower", trace.ReasonPVS, trace.ReasonVerifyFail, trace.ReasonAspiration, "check", "recapture", "", "?")
			e.Detail = g.pick("", "R=2; not in check", "threat test: pass, and a capture-only search for the mover", "key 3a")
			emit(e)
		}
	}
	d := &trace.Event{Kind: trace.Done, Node: max(lastRoot, 0), Depth: info.Depth, Summary: &trace.Summary{Best: "1", PV: []string{"1"}, Nodes: next}}
	if len(stack) > 0 {
		d.Summary.Stopped = "node limit"
	}
	if g.byte()%4 != 0 {
		d.Has, d.Value, d.Summary.Value = trace.HasValue, 3, 3
	}
	if g.byte()%8 != 0 { // else: a trace cut short, without its done event
		emit(d)
	}
	w.Flush()
	return buf.Bytes()
}

// gen reads a program one byte at a time; past its end, every byte is 0.
type gen struct {
	program []byte
	i       int
}

func (g *gen) done() bool { return g.i >= len(g.program) }

func (g *gen) byte() byte {
	if g.done() {
		return 0
	}
	g.i++
	return g.program[g.i-1]
}

func (g *gen) pick(s ...string) string { return s[int(g.byte())%len(s)] }

func (g *gen) move() string {
	return g.pick("1", "2", "1.2", "e4", "Nxf7+", "e8=Q", trace.PassMove, "", "a b", "é→∞", "X5", "O-O")
}

// value is a raw value: small, ±∞, a mate score, or the largest finite.
func (g *gen) value(scale, mate int64) int64 {
	b := g.byte()
	switch b % 8 {
	case 0:
		return score.Inf
	case 1:
		return -score.Inf
	case 2:
		if mate > 0 {
			return mate - int64(b%20)
		}
	case 3:
		if mate > 0 {
			return -mate + int64(b%20)
		}
	case 4:
		return score.Inf/2 - 1
	}
	return (int64(b) - 128) * scale / 4
}

// window gives e a window the right way up.
func (g *gen) window(e *trace.Event, scale, mate int64) {
	a, b := g.value(scale, mate), g.value(scale, mate)
	e.Has |= trace.HasWindow
	e.Alpha, e.Beta = min(a, b), max(a, b)
}
