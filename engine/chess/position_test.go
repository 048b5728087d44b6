package chess

import (
	"os"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
)

func mustFEN(t testing.TB, fen string) *Board {
	t.Helper()
	b, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// play makes the moves (SAN or UCI) on b.
func play(t testing.TB, b *Board, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := b.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		b.Make(m)
	}
}

func TestRepetition(t *testing.T) {
	p := NewPosition(StartBoard(), EvalMaterial)
	b := p.Board()
	steps := []struct {
		move string
		draw bool
	}{{"Nf3", false}, {"Nf6", false}, {"Ng1", false}, {"Ng8", true}, {"e4", false}}
	for _, s := range steps {
		play(t, b, s.move)
		v, over := p.Terminal(b.Ply())
		if over != s.draw || v != 0 {
			t.Fatalf("after %s: Terminal = %d, %v; want draw %v", s.move, v, over, s.draw)
		}
	}
	// A repetition after an irreversible move: the position after 2.e4 comes back.
	b = StartBoard()
	play(t, b, "Nf3", "Nf6", "e4", "Ng8", "Ng1", "Nf6", "Nf3")
	if !b.IsRepetition() {
		t.Error("Nf3 Nf6 e4 Ng8 Ng1 Nf6 Nf3: expected a repetition (the position after e4 recurs)")
	}
	// Positions before an irreversible move cannot recur.
	b = StartBoard()
	play(t, b, "Nf3", "Nf6", "Ng1", "e5", "Nf3")
	if b.IsRepetition() {
		t.Error("Nf3 Nf6 Ng1 e5 Nf3: no repetition expected")
	}
}

func TestFiftyMoves(t *testing.T) {
	b := mustFEN(t, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
	p := NewPosition(b, EvalMaterial)
	if _, over := p.Terminal(0); over {
		t.Fatal("halfmove clock 99: not yet a draw")
	}
	play(t, b, "Ra2")
	if v, over := p.Terminal(1); !over || v != 0 {
		t.Fatalf("halfmove clock 100: Terminal = %d, %v; want 0, true", v, over)
	}
	if b.HalfmoveClock() != 100 {
		t.Fatalf("clock %d, want 100", b.HalfmoveClock())
	}
	// A capture or pawn move resets the clock.
	b = mustFEN(t, "4k3/8/8/8/8/8/r7/R3K3 w - - 99 80")
	play(t, b, "Rxa2")
	if b.IsFiftyMoveDraw() || b.HalfmoveClock() != 0 {
		t.Fatal("capture must reset the clock")
	}
	// Mate on the hundredth ply is mate, not a draw.
	b = mustFEN(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80")
	play(t, b, "Ra8#")
	if v, over := NewPosition(b, EvalMaterial).Terminal(1); !over || v != -(MateScore-1) || !b.IsCheckmate() {
		t.Fatalf("mate with the clock at 100 must score as mate, not as a draw: got %d, %v", v, over)
	}
}

func TestMateAndStalemate(t *testing.T) {
	mate := NewPosition(mustFEN(t, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"), EvalPST)
	if n := len(mate.Moves(nil)); n != 0 || !mate.InCheck() {
		t.Fatalf("mate: %d moves", n)
	}
	if v, over := mate.Terminal(3); !over || v != -(MateScore-3) {
		t.Errorf("mate at the horizon: Terminal(3) = %d, %v; want %d, true", v, over, -(MateScore - 3))
	}
	if v := mate.NoMoves(3); v != -(MateScore - 3) {
		t.Errorf("mate at ply 3: %d", v)
	}
	stale := NewPosition(mustFEN(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), EvalPST)
	if n := len(stale.Moves(nil)); n != 0 || stale.InCheck() || !stale.Board().IsStalemate() {
		t.Fatalf("stalemate: %d moves", n)
	}
	if v := stale.NoMoves(3); v != 0 {
		t.Errorf("stalemate: %d", v)
	}
}

func TestEvaluate(t *testing.T) {
	for _, e := range []Evaluator{EvalMaterial, EvalPST} {
		if v := StartBoard().Evaluate(e); v != 0 {
			t.Errorf("%s: start position %d", e, v)
		}
	}
	b := StartBoard()
	play(t, b, "e4") // pawn e2 (-20) to e4 (+20): +40 for White, Black to move
	if v := b.Evaluate(EvalPST); v != -40 {
		t.Errorf("after e4: pst %d, want -40", v)
	}
	play(t, b, "d5", "exd5")
	if v := b.Evaluate(EvalMaterial); v != -100 {
		t.Errorf("after e4 d5 exd5: material %d, want -100", v)
	}
	// King end-game table once the queens are off: White's king on e4 scores
	// 40, Black's on e8 -30 (end-game table); with queens on d1 and d8 the
	// middle-game table gives -40 and 0, the queens -5 each.
	eg := mustFEN(t, "4k3/8/8/8/4K3/8/8/8 w - - 0 1")
	if v := eg.Evaluate(EvalPST); v != 40-(-30) {
		t.Errorf("K e4 vs K e8 without queens: %d, want 70", v)
	}
	mg := mustFEN(t, "3qk3/8/8/8/4K3/8/8/3Q4 w - - 0 1")
	if v := mg.Evaluate(EvalPST); v != -40-0+(-5)-(-5) {
		t.Errorf("K e4 vs K e8 with queens: %d, want -40", v)
	}
	// Colour symmetry: a position and its mirror (colours swapped) evaluate alike.
	for _, c := range loadPerft(t)[:30] {
		b := mustFEN(t, c.fen)
		m := mustFEN(t, mirrorFEN(c.fen))
		for _, e := range []Evaluator{EvalMaterial, EvalPST} {
			if b.Evaluate(e) != m.Evaluate(e) {
				t.Errorf("%s: %s %d, mirrored %d", c.fen, e, b.Evaluate(e), m.Evaluate(e))
			}
		}
	}
}

// mirrorFEN flips the board vertically and swaps the colours.
func mirrorFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	if f[2] != "-" {
		c := swap(f[2])
		f[2] = ""
		for _, l := range "KQkq" {
			if strings.ContainsRune(c, l) {
				f[2] += string(l)
			}
		}
	}
	if f[3] != "-" {
		f[3] = string(f[3][0]) + string('1'+'8'-f[3][1])
	}
	return strings.Join(f, " ")
}

func (b *Board) mustUCI(t testing.TB, s string) engine.Move {
	t.Helper()
	m, err := b.ParseUCI(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestNullMove(t *testing.T) {
	b := mustFEN(t, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
	p := NewPosition(b, EvalMaterial)
	fen, key := b.FEN(), b.Key()
	if !p.CanPass() {
		t.Fatal("not in check: may pass")
	}
	p.MakeNull()
	if got := b.FEN(); got != "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 4" {
		t.Errorf("after null move: %s", got)
	}
	if err := b.Validate(); err != nil {
		t.Error(err)
	}
	p.UnmakeNull()
	if b.FEN() != fen || b.Key() != key {
		t.Errorf("UnmakeNull: %s", b.FEN())
	}
	check := NewPosition(mustFEN(t, "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"), EvalMaterial)
	if check.CanPass() {
		t.Error("in check: CanPass must be false")
	}
}

func TestEnPassantKey(t *testing.T) {
	// The ep square enters the key only when a capture is possible.
	a := mustFEN(t, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1")
	b := mustFEN(t, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1")
	if a.Key() != b.Key() {
		t.Error("unusable en passant square changed the key")
	}
	c := mustFEN(t, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1")
	d := mustFEN(t, "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")
	if c.Key() == d.Key() {
		t.Error("usable en passant square must change the key")
	}
}

func TestPositionMisc(t *testing.T) {
	b := mustFEN(t, kiwipeteFEN)
	p := NewPosition(b, EvalPST)
	if g := p.Game(); g != (engine.Game{Name: "chess", Input: kiwipeteFEN, Scale: 1, Mate: MateScore, Unit: "cp", MaxName: "White", MinName: "Black"}) {
		t.Errorf("Game() = %+v", g)
	}
	black := NewPosition(mustFEN(t, "4k3/8/8/8/8/8/8/4K3 b - - 0 1"), EvalPST)
	if g := black.Game(); g.MaxName != "Black" || g.MinName != "White" {
		t.Errorf("Black to move: MAX is %q, MIN %q; want Black and White", g.MaxName, g.MinName)
	}
	m := b.mustUCI(t, "e2a6") // bishop takes bishop
	if !p.IsCapture(m) || p.Victim(m) != BishopValue || p.Attacker(m) != BishopValue {
		t.Errorf("Bxa6: capture %v victim %d attacker %d", p.IsCapture(m), p.Victim(m), p.Attacker(m))
	}
	q := b.mustUCI(t, "a2a3")
	if p.IsCapture(q) || p.Victim(q) != 0 || p.Attacker(q) != 0 || p.IsPromotion(q) {
		t.Error("a3 is a quiet move")
	}
	if p.MoveLabel(m) != "Bxa6" {
		t.Errorf("label %q", p.MoveLabel(m))
	}
	p.SetNotation(UCI)
	if p.MoveLabel(m) != "e2a6" {
		t.Errorf("UCI label %q", p.MoveLabel(m))
	}
	if p.SideToMove() != White || p.Ply() != 0 {
		t.Error("side or ply")
	}
	p.Make(m)
	if p.SideToMove() != Black || p.Ply() != 1 {
		t.Error("side or ply after a move")
	}
	p.Unmake(m)
	ep := NewPosition(mustFEN(t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), EvalMaterial)
	e := ep.Board().mustUCI(t, "e5d6")
	if !ep.IsCapture(e) || ep.Victim(e) != PawnValue || ep.Attacker(e) != PawnValue {
		t.Error("en passant is a capture of a pawn by a pawn")
	}
	pr := NewPosition(mustFEN(t, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), EvalMaterial)
	if caps := pr.Captures(nil); len(caps) != 4 || !pr.IsPromotion(caps[0]) {
		t.Errorf("promotions are in Captures: %d", len(caps))
	}
}

// TestZeroAllocs: the search-facing methods allocate nothing.
func TestZeroAllocs(t *testing.T) {
	p := NewPosition(mustFEN(t, kiwipeteFEN), EvalPST)
	dst := make([]engine.Move, 0, maxMoves)
	moves := p.Moves(make([]engine.Move, 0, maxMoves))
	var sink int64
	allocs := testing.AllocsPerRun(100, func() {
		dst = p.Moves(dst[:0])
		dst = p.Captures(dst[:0])
		for _, m := range moves {
			if p.b.GivesCheck(m) {
				sink++
			}
			sink += int64(p.Victim(m) + p.Attacker(m))
			p.Make(m)
			v, _ := p.Evaluate()
			sink += v
			sink += int64(p.Key() & 1)
			if _, over := p.Terminal(1); over {
				sink++
			}
			if p.CanPass() {
				p.MakeNull()
				p.UnmakeNull()
			}
			p.Unmake(m)
		}
		sink += p.NoMoves(1)
		if p.InCheck() {
			sink++
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
	// Moves into a nil slice must work (and may allocate).
	if len(p.Moves(nil)) != len(moves) {
		t.Error("Moves(nil)")
	}
	_ = sink
}

func TestEPDFiles(t *testing.T) {
	for _, name := range []string{"perft.epd", "bk.epd", "nullmove-zugzwang.epd"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for i, line := range strings.Split(string(data), "\n") {
			if strings.TrimSpace(line) == "" {
				continue
			}
			e, err := ParseEPD(line)
			if err != nil {
				t.Fatalf("%s:%d: %v", name, i+1, err)
			}
			if len(e.Ops) == 0 {
				t.Fatalf("%s:%d: no operations", name, i+1)
			}
			n++
		}
		t.Logf("%s: %d lines", name, n)
	}
	e, err := ParseEPD(`1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";`)
	if err != nil {
		t.Fatal(err)
	}
	if e.FEN != "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1" || len(e.Ops) != 2 ||
		e.Ops[0].String() != "bm Qd1+" || e.Ops[1].String() != `id "BK.01"` || e.Operand("id") != "BK.01" {
		t.Errorf("BK.01: %+v", e)
	}
	e, err = ParseEPD(`8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1 bm Rf1; id "zugzwang.001";`)
	if err != nil || e.FEN != "8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1" || e.Operand("bm") != "Rf1" {
		t.Errorf("zugzwang.001: %+v %v", e, err)
	}
	e, err = ParseEPD(StartFEN + " ;D1 20 ;D2 400")
	if err != nil || len(e.Ops) != 2 || e.Ops[1].String() != "D2 400" {
		t.Errorf("perft line: %+v %v", e, err)
	}
	e, err = ParseEPD(StartFEN + ` c0 "a; b" ; bm e4 d4`)
	if err != nil || len(e.Ops) != 2 || e.Operand("c0") != "a; b" || len(e.Ops[1].Operands) != 2 {
		t.Errorf("quoted semicolon: %+v %v", e, err)
	}
	for _, bad := range []string{"", "8/8/8 w", StartFEN + ` id "open`, "8/8/8/8/8/8/8/8 w - - bm x;"} {
		if _, err := ParseEPD(bad); err == nil {
			t.Errorf("ParseEPD(%q): no error", bad)
		}
	}
}

func TestBuiltins(t *testing.T) {
	names := map[string]bool{}
	for _, bi := range Builtins() {
		names[bi.Name] = true
		b := mustFEN(t, bi.FEN)
		if bi.Description == "" {
			t.Errorf("%s: no description", bi.Name)
		}
		if got, ok := BuiltinByName(bi.Name); !ok || got != bi {
			t.Errorf("BuiltinByName(%q)", bi.Name)
		}
		if strings.HasPrefix(bi.Name, "zugzwang-") {
			// the description names the best move, which must be legal
			i := strings.Index(bi.Description, "best move ")
			bm := strings.Fields(bi.Description[i+len("best move "):])[0]
			if _, err := b.ParseSAN(strings.TrimSuffix(bm, ";")); err != nil {
				t.Errorf("%s: %v", bi.Name, err)
			}
		}
	}
	for _, n := range []string{"start", "kiwipete", "mate-in-2", "tactic", "kp-ending", "zugzwang-1", "zugzwang-5"} {
		if !names[n] {
			t.Errorf("missing built-in %q", n)
		}
	}
	if _, ok := BuiltinByName("nope"); ok {
		t.Error("BuiltinByName(nope)")
	}

	// mate-in-2: Rd8+ is the only move after which every reply allows mate.
	mi2, _ := BuiltinByName("mate-in-2")
	b := mustFEN(t, mi2.FEN)
	var mating []string
	for _, m := range b.Moves(nil) {
		b.Make(m)
		if mateInOne(b) {
			mating = append(mating, b.undoSAN(t, m))
		}
		b.Unmake(m)
	}
	if len(mating) != 1 || mating[0] != "Rd8+" {
		t.Errorf("mate-in-2: mating first moves %v, want [Rd8+]", mating)
	}
	// tactic: Nf6+ and after every reply Nxd7 is legal.
	tac, _ := BuiltinByName("tactic")
	b = mustFEN(t, tac.FEN)
	play(t, b, "Nf6+")
	for _, r := range b.Moves(nil) {
		b.Make(r)
		if _, err := b.ParseSAN("Nxd7"); err != nil {
			t.Errorf("tactic: after Nf6+ %s: %v", b.UCI(r), err)
		}
		b.Unmake(r)
	}
}

// mateInOne reports whether every reply of the side to move (b is after the
// attacker's first move) lets the attacker mate at once; false if the side to
// move has no reply.
func mateInOne(b *Board) bool {
	replies := b.Moves(nil)
	if len(replies) == 0 {
		return false
	}
	for _, r := range replies {
		b.Make(r)
		found := false
		for _, m := range b.Moves(nil) {
			b.Make(m)
			found = b.IsCheckmate()
			b.Unmake(m)
			if found {
				break
			}
		}
		b.Unmake(r)
		if !found {
			return false
		}
	}
	return true
}

// undoSAN writes m (just made) in SAN by taking it back for the call.
func (b *Board) undoSAN(t testing.TB, m engine.Move) string {
	b.Unmake(m)
	s := b.SAN(m)
	b.Make(m)
	return s
}
