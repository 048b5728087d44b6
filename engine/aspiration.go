package engine

import (
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Aspiration windows (Němec; seed 003).
//
// From the second iteration of iterative deepening on (or from a given
// guess), the root is searched with a narrow window around the previous
// value, (v-w, v+w). A result at or below the lower edge is a fail low: search
// again with the lower edge opened; at or above the upper edge a fail high:
// search again with the upper edge opened, the whole root (ResearchRoot) or,
// as Němec does, from the move that failed high (ResearchMove, in
// searchMoves). Adaptive: w is at least the change of the value between the
// last two iterations. Each pass of the root is reported by a window event.

// Aspiration configures aspiration windows.
type Aspiration struct {
	Width    int64 // half-width of the window; 0: no aspiration windows
	Adaptive bool  // widen to the change between the last two iterations
	Research Research
}

var aspirationTechnique = technique{
	name: "aspiration", family: IterativeFamily,
	on: func(o *Options) bool { return o.Aspiration.Width > 0 },
	switchOn: func(o *Options) {
		if o.Aspiration.Width == 0 {
			o.Aspiration.Width = DefaultAspiration
		}
	},
	check: func(o *Options) error {
		if o.Aspiration.Width < 0 {
			return i18n.Errorf("aspiration width %d: must be positive", o.Aspiration.Width)
		}
		return nil
	},
	describe: func(o *Options, format func(int64) string) string {
		a := o.Aspiration
		d := "aspiration windows (half-width " + format(a.Width)
		if a.Adaptive {
			d += ", widened to the last change of the value"
		}
		if a.Research == ResearchMove {
			return d + "; a fail high searched again from its move)"
		}
		return d + "; a fail high searches the root again)"
	},
	params: []Param{
		{Name: "aspiration", Kind: TextParam, Usage: "aspiration windows of this half-width around the previous iteration's value (with --iterative or --guess)"},
		{Name: "aspiration-adaptive", Kind: SwitchParam, Usage: "widen the aspiration window to the change of the value between the last two iterations"},
		{Name: "aspiration-research", Kind: TextParam, Text: "root", Usage: "after an aspiration fail high: root (search the whole root again with the upper edge opened) or move (search the move that failed high again at once with the edge opened, then go on with the other moves, as Němec describes)"},
	},
	apply: func(o *Options, g Given) error {
		a := &o.Aspiration
		if g.Text("aspiration") != "" {
			w, err := g.Value("aspiration")
			if err != nil {
				return err
			}
			if w == 0 {
				return i18n.Error("--aspiration: the half-width must be positive")
			}
			a.Width = w
		}
		a.Adaptive = g.Bool("aspiration-adaptive")
		r, err := choice(g, "aspiration-research", choices["aspiration-research"]...)
		a.Research = Research(r)
		return err
	},
}

// Research selects how an aspiration pass that fails high is searched again.
type Research uint8

const (
	// ResearchRoot searches the whole root again with the upper edge opened.
	ResearchRoot Research = iota
	// ResearchMove searches the root move that failed high again at once,
	// with the upper edge opened, and goes on with the remaining moves in the
	// wider window: "search again (from that move) with (alpha2, beta)"
	// (Němec, seed 003). A fail low still searches the whole root again.
	ResearchMove
)

// aspiration searches the root with windows around center, opening the side
// that fails until the value falls inside.
func (s *searcher) aspiration(depth int, center, w int64) (int64, int) {
	lo, hi := center-w, center+w
	for pass := 1; ; pass++ {
		v, _ := s.alphaBeta(0, depth, lo, hi)
		if s.abort {
			return 0, pass
		}
		hi = s.stack[0].beta // a move that failed high opened it (ResearchMove)
		// The outcome in the side to move's view decides which edge opens;
		// the event says it in MAX's view, as its numbers are.
		// An edge already open is no failure: a value of ±∞ at it is the
		// value (searched again, it would fail there forever).
		low, high := v <= lo && lo > -score.Inf, v >= hi && hi < score.Inf
		outcome := trace.WindowInside
		switch {
		case low:
			outcome = trace.WindowFailLow
		case high:
			outcome = trace.WindowFailHigh
		}
		outcome = maxWords(s.stack[0].max, outcome)
		s.windowEvent(pass, lo, hi, v, trace.ReasonAspiration, outcome, -score.Inf, score.Inf)
		switch {
		case low:
			lo = -score.Inf // the value is below the window: open the lower edge
		case high:
			hi = score.Inf // above it: open the upper edge
		default:
			return v, pass
		}
	}
}

// fromMove reports whether a root move that fails high against the upper edge
// of the root's window is searched again at once with the edge opened
// (ResearchMove). Only an aspiration pass searches the root with a finite
// upper edge: MTD(f), the other, does not take aspiration windows (check).
func (s *searcher) fromMove() bool {
	a := &s.opt.Aspiration
	return a.Width > 0 && a.Research == ResearchMove
}

// aspirationResearch reports that the root move just made failed high with
// value t against the aspiration window's upper edge and is searched again,
// from the running maximum m, with that edge opened.
func (s *searcher) aspirationResearch(depth int, t, m int64) {
	if s.on(trace.Research) {
		f := s.stack[0]
		e := s.event(trace.Research, 0, depth)
		e.Move = s.stack[1].move
		e.Has |= trace.HasValue | trace.HasWindow
		e.Value = view(f.max, t)
		e.Alpha, e.Beta = viewWindow(f.max, m, score.Inf)
		e.Reason = trace.ReasonAspiration
		s.emit(e)
	}
}
