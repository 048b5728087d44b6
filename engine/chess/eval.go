// Static evaluation: the two evaluators a Position can use, from the side to
// move's point of view, in centipawns, read from sums that make/unmake keep
// up to date.

package chess

import (
	"github.com/prunescope/prunescope/internal/i18n"
)

// Evaluator selects the static evaluation.
type Evaluator uint8

const (
	// EvalMaterial counts material only: P 100, N 320, B 330, R 500, Q 900.
	EvalMaterial Evaluator = iota
	// EvalPST adds the piece-square tables of the Simplified Evaluation
	// Function to the material (see pst.go for the exact tables and the
	// king's end-game rule).
	EvalPST
)

// MateScore is the value of giving mate at the root; a side checkmated at
// distance ply from the root scores -(MateScore - ply).
const MateScore int64 = 100000

// String is the evaluator's name as the command line spells it.
func (e Evaluator) String() string {
	if e == EvalMaterial {
		return "material"
	}
	return "pst"
}

// ParseEvaluator reads "material" or "pst".
func ParseEvaluator(s string) (Evaluator, error) {
	switch s {
	case "material":
		return EvalMaterial, nil
	case "pst":
		return EvalPST, nil
	}
	return 0, i18n.Errorf("evaluator %q: expected material or pst", s)
}

// Evaluate is the static value of the position for the side to move.
func (b *Board) Evaluate(e Evaluator) int64 {
	us, them := b.side, b.side^1
	if e == EvalMaterial {
		return int64(b.material[us] - b.material[them])
	}
	phase := 0
	if b.byType[Queen] == 0 {
		phase = 1 // both queens off: kings use the end-game table
	}
	kt := &kingTables[phase]
	return int64(b.psq[us] - b.psq[them] + kt[us][b.kings[us]] - kt[them][b.kings[them]])
}

// computeSums recomputes the material and piece-square sums from scratch.
func (b *Board) computeSums() (material, psq [2]int32) {
	for s := A1; s < NoSquare; s++ {
		p := b.squares[s]
		if p == NoPiece || p.Type() == King {
			continue
		}
		material[p.Color()] += materialValue[p.Type()]
		psq[p.Color()] += psqTable[p][s]
	}
	return material, psq
}
