package chess

import (
	"testing"

	"github.com/prunescope/prunescope/engine"
)

// TestSelectiveQuestions: the questions the selective techniques ask of a
// chess position: recaptures, pawn pushes to the seventh rank, material.
func TestSelectiveQuestions(t *testing.T) {
	b := mustFEN(t, "4k3/8/3p4/4p3/3P4/2N5/8/4K3 w - - 0 1")
	p := NewPosition(b, EvalPST)
	dxe5 := b.mustUCI(t, "d4e5")
	if p.IsRecapture(dxe5) {
		t.Error("dxe5 is the first capture, not a recapture")
	}
	p.Make(dxe5)
	dxe5b := b.mustUCI(t, "d6e5")
	if !p.IsRecapture(dxe5b) {
		t.Error("...dxe5 recaptures on e5")
	}
	p.Unmake(dxe5)
	// A null move in between breaks the recapture.
	p.Make(b.mustUCI(t, "c3b5"))
	p.MakeNull()
	if p.IsRecapture(b.mustUCI(t, "b5d6")) {
		t.Error("a capture after a pass is no recapture")
	}
	p.UnmakeNull()

	w := NewPosition(mustFEN(t, "4k3/8/2P5/8/8/8/p7/4K3 w - - 0 1"), EvalPST)
	if !w.PushesToSeventh(w.Board().mustUCI(t, "c6c7")) {
		t.Error("c7 is a push to the seventh rank")
	}
	bl := NewPosition(mustFEN(t, "4k3/8/8/8/8/5p2/8/4K3 b - - 0 1"), EvalPST)
	if !bl.PushesToSeventh(bl.Board().mustUCI(t, "f3f2")) {
		t.Error("...f2 is Black's push to the seventh rank")
	}
	if w.PushesToSeventh(w.Board().mustUCI(t, "e1d2")) {
		t.Error("a king move is no pawn push")
	}
	m := NewPosition(mustFEN(t, "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"), EvalPST)
	if got := m.Material(); got != QueenValue {
		t.Errorf("material %d, want %d", got, QueenValue)
	}
	if a := testing.AllocsPerRun(100, func() {
		p.IsRecapture(dxe5)
		w.PushesToSeventh(dxe5)
		m.Material()
		p.Captures(make([]engine.Move, 0, 256)[:0])
	}); a > 1 {
		t.Errorf("%v allocations", a)
	}
}
