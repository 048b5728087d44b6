package trace

// Proof gathers what the searched children prove about a node's true value
// V: lo <= V <= hi, in the node's side-to-move view. A child's exact value
// proves both; a lower bound proves only lo; an upper bound only hi; a value
// that is no bound proves nothing. The zero Proof knows nothing yet.
//
// Most of the time this gives the familiar rule (exact inside the window, an
// upper bound at or below alpha, a lower bound at or above beta). It matters
// where that rule is wrong: with the strict cutoff rule a tie with beta does
// not cut, so the later children are searched with an empty window (alpha =
// beta), and a fail-hard child clamped onto that window returns a number that
// says nothing about it. Labelling from what was proved keeps every bound
// shown to a student true.
type Proof struct {
	lo, hi  int64
	started bool
}

// Add records a child's value t, with its bound, from the node's side (the
// child's own bound flipped: see Bound.Flip).
func (p *Proof) Add(t int64, b Bound) {
	if !p.started {
		p.lo, p.hi, p.started = -Inf, -Inf, true
	}
	if b == Exact || b == Lower {
		p.lo = max(p.lo, t)
	}
	if b == Exact || b == Upper {
		p.hi = max(p.hi, t)
	} else {
		p.hi = Inf
	}
}

// Cut records that moves were left unsearched: they could be worth
// anything, so nothing is proved above.
func (p *Proof) Cut() { p.hi = Inf }

// Bound tells how v relates to the true value given what was proved.
func (p *Proof) Bound(v int64) Bound {
	switch {
	case p.lo >= v && p.hi <= v:
		return Exact
	case p.lo >= v:
		return Lower
	case p.hi <= v:
		return Upper
	}
	return NoBound
}

// Flip turns a child's bound into its parent's: the negamax value is
// negated, so a lower bound for one side is an upper bound for the other.
func (b Bound) Flip() Bound {
	switch b {
	case Lower:
		return Upper
	case Upper:
		return Lower
	}
	return b
}

// BoundOf labels the value v a node returned from its window (alpha, beta),
// both in the side to move's view: the textbook rule of Knuth and Moore's F2.
// A value at or below alpha is an upper bound on the node's true value, one
// at or above beta a lower bound, one strictly inside the window exact.
//
// The one case the rule cannot decide is the empty window (alpha == beta,
// which only the strict cutoff rule makes: a tie that did not cut). There a
// fail-soft value equal to the edge is a lower bound, but a clamped one
// (clamps: fail-hard, or F2 as written) may be either: it is no bound.
func BoundOf(v, alpha, beta int64, clamps bool) Bound {
	switch {
	case alpha == beta && v == alpha && clamps:
		return NoBound
	case v >= beta:
		return Lower
	case v <= alpha:
		return Upper
	}
	return Exact
}
