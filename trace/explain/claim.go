// Package explain is the one source of every sentence prunescope prints
// about a search: a cutoff, a window narrowing, a bound, a null-move try,
// prune, failure or skip, a threat test, a reduction, an extension, a
// transposition hit, a re-search, an aspiration or MTD(f) pass, the header
// that names the conventions and the counts that close a run. The text
// trace, the step-through player and its frames, diff, the drawings' notes
// and the quiz's feedback all call it; no other package composes such a
// sentence.
//
// Every sentence is built from typed claims (Claim: who, which numbers,
// which relation) and its words are rendered from those claims, so what a
// sentence says and what its claims say cannot drift apart. Check verifies a
// claim against the event it is about; a property test runs every algorithm
// and technique on random trees and chess positions and checks every claim
// of every sentence. Values and windows are from MAX's point of view, as the
// numbers are, and so are the direction words ("fail low", "rises").
package explain

import (
	"fmt"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Side is a player a sentence names.
type Side uint8

const (
	Nobody Side = iota // the sentence names no player
	Max
	Min
)

// SideOf is the side to move at a node: Max when max.
func SideOf(max bool) Side {
	if max {
		return Max
	}
	return Min
}

// String is "MAX" or "MIN" ("" for Nobody).
func (s Side) String() string {
	switch s {
	case Max:
		return "MAX"
	case Min:
		return "MIN"
	}
	return ""
}

// Other is the opponent.
func (s Side) Other() Side {
	switch s {
	case Max:
		return Min
	case Min:
		return Max
	}
	return Nobody
}

// Rel is a relation between two numbers.
type Rel uint8

const (
	NoRel Rel = iota
	LT
	LE
	EQ
	GE
	GT
)

// Holds reports whether a rel b.
func (r Rel) Holds(a, b int64) bool {
	switch r {
	case LT:
		return a < b
	case LE:
		return a <= b
	case EQ:
		return a == b
	case GE:
		return a >= b
	case GT:
		return a > b
	}
	return false
}

var relSymbols = [...]string{"", "<", "≤", "=", "≥", ">"}
var relASCII = [...]string{"", "<", "<=", "==", ">=", ">"}

// Symbol is the relation as people read it: "≥".
func (r Rel) Symbol() string { return relSymbols[r] }

// ASCII is the relation as a program reads it: ">=".
func (r Rel) ASCII() string { return relASCII[r] }

// Not is the relation that holds exactly when r does not.
func (r Rel) Not() Rel {
	switch r {
	case LT:
		return GE
	case LE:
		return GT
	case GE:
		return LT
	case GT:
		return LE
	}
	return NoRel
}

// Field names a number an event carries, as the JSON Lines trace names it.
type Field uint8

const (
	NoField Field = iota
	FValue
	FAlpha
	FBeta
	FMargin
	FLower
	FUpper
	FCutAlpha
	FCutBeta
)

var fieldNames = [...]string{"", "value", "alpha", "beta", "margin", "lower", "upper", "cut_alpha", "cut_beta"}

func (f Field) String() string { return fieldNames[f] }

// of reads the field from an event; ok is false when the event lacks it.
func (f Field) of(e *trace.Event) (int64, bool) {
	switch f {
	case FValue:
		return e.Value, e.Has&trace.HasValue != 0
	case FAlpha:
		return e.Alpha, e.Has&trace.HasWindow != 0
	case FBeta:
		return e.Beta, e.Has&trace.HasWindow != 0
	case FMargin:
		return e.Margin, e.Has&trace.HasMargin != 0
	case FLower:
		return e.Lower, e.Has&trace.HasInterval != 0
	case FUpper:
		return e.Upper, e.Has&trace.HasInterval != 0
	case FCutAlpha:
		return e.CutAlpha, e.Has&trace.HasCut != 0
	case FCutBeta:
		return e.CutBeta, e.Has&trace.HasCut != 0
	}
	return 0, false
}

// Part is one addend of a Term: an event field taken with a sign, its value
// and its name in the sentence ("margin").
type Part struct {
	F    Field
	Neg  bool
	Name string
	V    int64
}

// Term is one side of a claim: a number, the words that name it in the
// sentence ("β"; "" for a bare number), and when it is one of the event's
// numbers, the fields whose signed sum it is (a sum is shown with its
// addends: "static score 20 + margin 50").
type Term struct {
	V    int64
	Name string
	// Role is what a number that is not the event's stands for at the
	// claim's Node, so that a checker that follows the search can verify
	// it: the node's current α or β, or the best value its moves returned
	// so far.
	Role Role
	// The addends, when the term is the event's: n of them in p (none: a
	// number from elsewhere, a sink's state). An array, so that making a
	// claim allocates nothing (the JSON trace makes one per event).
	p [2]Part
	n int
}

// Parts are the event fields whose signed sum the term is; none for a
// number that is not the event's.
func (t *Term) Parts() []Part { return t.p[:t.n] }

// field is the term of one event field.
func field(f Field, name string, v int64) Term {
	return Term{V: v, Name: name, p: [2]Part{{F: f, Name: name, V: v}}, n: 1}
}

// sum is the term of a signed sum of two event fields.
func sum(a, b Part) Term {
	t := Term{p: [2]Part{a, b}, n: 2}
	for _, p := range t.p {
		if p.Neg {
			t.V -= p.V
		} else {
			t.V += p.V
		}
	}
	return t
}

// num is a term that is not one of the event's fields.
func num(name string, v int64) Term { return Term{V: v, Name: name} }

// words writes the term as the sentence does: "β 7", "8", "static score
// 20 + margin 50"; in Russian and Czech with their names of the numbers
// (nominative: a term is a label in a formula) and decimal commas.
func (t Term) words(in *trace.Info) string {
	p := Printer(in)
	f := func(v int64) string { return p.Decimal(in.Format(v)) }
	if t.n > 1 {
		var b strings.Builder
		for i, q := range t.Parts() {
			switch {
			case i > 0 && q.Neg:
				b.WriteString(" − ")
			case i > 0:
				b.WriteString(" + ")
			case q.Neg:
				b.WriteString("−")
			}
			if q.Name != "" {
				b.WriteString(termName(p, q.Name) + " ")
			}
			b.WriteString(f(q.V))
		}
		return b.String()
	}
	if t.Name != "" {
		return termName(p, t.Name) + " " + f(t.V)
	}
	return f(t.V)
}

// termName is a term's name in p's language; α and β stay as they are.
func termName(p *i18n.Printer, name string) string {
	switch name {
	case "its static score":
		return p.T("term.static.score")
	case "the static eval":
		return p.T("term.static.eval")
	case "margin":
		return p.T("term.margin")
	case "average":
		return p.T("term.average")
	case "lower":
		return p.T("term.lower")
	case "upper":
		return p.T("term.upper")
	case "depth":
		return p.T("term.depth")
	}
	return name
}

// words writes the claim's comparison as the sentence does: "8 ≥ β 7".
func (c Claim) words(in *trace.Info) string {
	return c.L.words(in) + " " + c.Rel.Symbol() + " " + c.R.words(in)
}

// expr writes the term as the JSON trace's claim does: "value + margin".
func (t Term) expr() string { return string(t.appendExpr(nil)) }

// Role is what a number of a claim stands for (Term.Role).
type Role uint8

const (
	NoRole    Role = iota
	CurAlpha       // the node's α as it stands: raised at MAX by its moves so far
	CurBeta        // the node's β as it stands: lowered at MIN by its moves so far
	BestSoFar      // the best value the node's moves returned so far
)

// Claim is one statement a sentence makes: that L rel R holds, said of the
// player Who (the side to move at the node Ply plies from the root, or
// Nobody). A claim with NoRel only names Who.
type Claim struct {
	Who Side
	Ply int
	L   Term
	Rel Rel
	R   Term
	// Src, when set, makes it a claim about where a bound came from: that
	// L's number, the edge α (Low) or β of the window of the node Node
	// (its path), came from Src.From at the node Src.At (see Origin).
	// Check cannot verify it from the event's numbers; a checker that
	// knows the game does (internal/truth).
	Src  Source
	Node string
	Low  bool
}

// Expr writes a claim whose terms are both the event's fields as a program
// reads it, "value >= beta"; "" when a term is not the event's.
func (c Claim) Expr() string {
	if c.Rel == NoRel || c.L.n == 0 || c.R.n == 0 {
		return ""
	}
	return c.L.expr() + " " + c.Rel.ASCII() + " " + c.R.expr()
}

// Sentence is a sentence, in full and in short, and the claims both make.
// The text trace and the drawings use the short form, the step-through
// player, its frames and the quiz the full one.
type Sentence struct {
	Text   string
	Short  string
	Claims []Claim
}

// String is the text.
func (s Sentence) String() string { return s.Text }

// Claim is the expression of the claims that a program can check from the
// event's own fields, joined by " && ": what the JSON trace writes as
// "claim".
func (s Sentence) Claim() string {
	var parts []string
	for _, c := range s.Claims {
		if x := c.Expr(); x != "" {
			parts = append(parts, x)
		}
	}
	return strings.Join(parts, " && ")
}

// Check verifies the claims of a sentence about event e: every relation
// holds for the numbers the sentence shows, every number taken from the
// event is the event's, and every side named is the side to move where the
// claim says (sideAt gives the truth: the side to move at a ply of e's line,
// known to the caller independently of the event, Nobody if unknown).
func Check(e *trace.Event, s Sentence, sideAt func(ply int) Side) error {
	for _, c := range s.Claims {
		if err := check(e, c, sideAt); err != nil {
			return fmt.Errorf("%q: %w", s.Text, err)
		}
	}
	return nil
}

func check(e *trace.Event, c Claim, sideAt func(ply int) Side) error {
	if c.Who != Nobody && sideAt != nil {
		if want := sideAt(c.Ply); want != Nobody && want != c.Who {
			return fmt.Errorf("names %s at ply %d, where %s is to move", c.Who, c.Ply, want)
		}
	}
	for _, t := range []Term{c.L, c.R} {
		if t.n == 0 {
			continue
		}
		var sum int64
		for _, p := range t.Parts() {
			v, ok := p.F.of(e)
			if !ok {
				return fmt.Errorf("uses the event's %s, which it does not carry", p.F)
			}
			if p.Neg {
				v = -v
			}
			sum += v
		}
		if sum != t.V {
			return fmt.Errorf("shows %d as %s, but the event says %d", t.V, t.expr(), sum)
		}
		if !score.Sane(sum) {
			return fmt.Errorf("%s is %d, neither a finite value nor ±∞", t.expr(), sum)
		}
	}
	if c.Rel != NoRel && !c.Rel.Holds(c.L.V, c.R.V) {
		return fmt.Errorf("claims %d %s %d, which is false", c.L.V, c.Rel.Symbol(), c.R.V)
	}
	return nil
}

// AppendClaim appends what the event's sentence claims about the event's
// own numbers, as the JSON Lines trace writes it, `"value >= beta"` (claims
// joined by " && "), and reports whether there was one; it appends nothing
// for an event whose sentence compares none of its numbers.
func AppendClaim(b []byte, in *trace.Info, e *trace.Event) ([]byte, bool) {
	if !relational[e.Kind.Spec().Say] {
		return b, false
	}
	x := say{in: in, e: e}
	var buf [2]Claim
	n := 0
	for _, c := range x.claimsInto(buf[:0]) {
		if c.Rel == NoRel || c.L.n == 0 || c.R.n == 0 {
			continue
		}
		if n == 0 {
			b = append(b, '"')
		} else {
			b = append(b, " && "...)
		}
		b = c.L.appendExpr(b)
		b = append(b, ' ')
		b = append(b, c.Rel.ASCII()...)
		b = append(b, ' ')
		b = c.R.appendExpr(b)
		n++
	}
	if n == 0 {
		return b, false
	}
	return append(b, '"'), true
}

func (t Term) appendExpr(b []byte) []byte {
	for i, p := range t.Parts() {
		switch {
		case i == 0 && p.Neg:
			b = append(b, '-')
		case i > 0 && p.Neg:
			b = append(b, " - "...)
		case i > 0:
			b = append(b, " + "...)
		}
		b = append(b, p.F.String()...)
	}
	return b
}
