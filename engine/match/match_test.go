package match

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
)

var stockfish = flag.String("stockfish", "", "path of a Stockfish binary: check the built-in openings' evaluations and replay the games of a match through it")

func spec(t *testing.T, s string) engine.Options {
	t.Helper()
	o, err := engine.ParseSpec(s, engine.Options{Sel: engine.DefaultSelective(engine.Units{Pawn: 100})})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// tinyPlies caps the tiny match's games, to keep the tests short.
const tinyPlies = 120

func tiny(t *testing.T, jobs int) (*Result, []byte, string) {
	t.Helper()
	cfg := Config{
		A:        Player{Name: "alphabeta+tt", Opt: spec(t, "alphabeta+tt")},
		B:        Player{Name: "alphabeta+tt+order", Opt: spec(t, "alphabeta+tt+order")},
		Games:    4,
		Limits:   engine.Limits{Nodes: 500},
		Eval:     chess.EvalPST,
		Jobs:     jobs,
		MaxPlies: tinyPlies,
	}
	cfg.A.Opt.TT.MB, cfg.B.Opt.TT.MB = 1, 1
	res, err := Run(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	var pgn, rep bytes.Buffer
	if err := WritePGN(&pgn, res.Games, PGNInfo{Event: "test", Names: [2]string{cfg.A.Name, cfg.B.Name}}); err != nil {
		t.Fatal(err)
	}
	if err := WriteReport(&rep, res, ReportInfo{Names: [2]string{cfg.A.Name, cfg.B.Name}, Limits: "500 nodes per move"}); err != nil {
		t.Fatal(err)
	}
	return res, pgn.Bytes(), rep.String()
}

// TestDeterministic: a match at fixed nodes plays the same games and says
// the same, one game at a time or three at once; the tally adds up.
func TestDeterministic(t *testing.T) {
	res1, pgn1, rep1 := tiny(t, 1)
	_, pgn3, rep3 := tiny(t, 3)
	if !bytes.Equal(pgn1, pgn3) || rep1 != rep3 {
		t.Fatalf("--jobs 1 and 3 differ:\n%s\n%s", rep1, rep3)
	}
	tl := res1.Tally
	if tl.Games() != 4 || tl.PairCount() != 2 || len(res1.Games) != 4 {
		t.Fatalf("tally %+v for 4 games", tl)
	}
	score := 0
	for _, g := range res1.Games {
		score += g.Score(0)
	}
	if 2*tl.Wins+tl.Draws != score {
		t.Errorf("tally %+v, games' scores add up to %d halves", tl, score)
	}
	for i, g := range res1.Games {
		if g.White != i%2 || g.Opening.Name != builtinOpenings[i/2].Name {
			t.Errorf("game %d: white %d, opening %s", i+1, g.White, g.Opening.Name)
		}
		for _, p := range g.Plies {
			if !p.Book && !p.Fallback && p.Nodes > 500 {
				t.Errorf("game %d: a search of %d nodes, limit 500", i+1, p.Nodes)
			}
		}
	}
	if !strings.Contains(rep1, fmt.Sprintf("A: %s, %s, %s", plural(tl.Wins, "win"), plural(tl.Draws, "draw"), plural(tl.Losses, "loss"))) {
		t.Errorf("report does not say the tally %+v:\n%s", tl, rep1)
	}
}

var (
	tagLine   = regexp.MustCompile(`^\[(\w+) "((?:[^"\\]|\\.)*)"\]$`)
	comment   = regexp.MustCompile(`\{[^}]*\}`)
	moveNum   = regexp.MustCompile(`^\d+\.(\.\.)?$`)
	searchSum = regexp.MustCompile(`^depth \d+, value (#-?\d+|[+-]?\d+), nodes \d+$`)
)

type pgnGame struct {
	tags     map[string]string
	moves    []string
	comments []string
	result   string
}

// readPGN is an independent reader of the PGN the match writes: tags,
// movetext with comments, move numbers and the result.
func readPGN(t *testing.T, data []byte) []pgnGame {
	var games []pgnGame
	var cur *pgnGame
	var text strings.Builder
	flush := func() {
		if cur == nil {
			return
		}
		mt := text.String()
		for _, c := range comment.FindAllString(mt, -1) {
			cur.comments = append(cur.comments, strings.Join(strings.Fields(c[1:len(c)-1]), " "))
		}
		for _, w := range strings.Fields(comment.ReplaceAllString(mt, " ")) {
			switch {
			case moveNum.MatchString(w):
			case w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*":
				cur.result = w
			default:
				cur.moves = append(cur.moves, w)
			}
		}
		games = append(games, *cur)
		cur, text = nil, strings.Builder{}
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		l := sc.Text()
		if m := tagLine.FindStringSubmatch(l); m != nil {
			if cur != nil && text.Len() > 0 {
				flush()
			}
			if cur == nil {
				cur = &pgnGame{tags: map[string]string{}}
			}
			cur.tags[m[1]] = m[2]
			continue
		}
		if len(l) > 79 {
			t.Errorf("a PGN line of %d characters: %s", len(l), l)
		}
		text.WriteString(l + "\n")
	}
	flush()
	return games
}

// TestPGN: the games read back by an independent reader and replayed by our
// SAN parser are legal, each move written as SAN writes it, each engine move
// with its search summary, and the result and termination are what the
// final position says.
func TestPGN(t *testing.T) {
	res, pgn, _ := tiny(t, 2)
	games := readPGN(t, pgn)
	if len(games) != len(res.Games) {
		t.Fatalf("%d games read back, %d played", len(games), len(res.Games))
	}
	for i, g := range games {
		for _, tag := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "Termination", "PlyCount"} {
			if _, ok := g.tags[tag]; !ok {
				t.Errorf("game %d: no %s tag", i+1, tag)
			}
		}
		if g.tags["Round"] != strconv.Itoa(i+1) || g.tags["Result"] != g.result || g.tags["PlyCount"] != strconv.Itoa(len(g.moves)) {
			t.Errorf("game %d: tags %v, %d moves, result %s", i+1, g.tags, len(g.moves), g.result)
		}
		b := chess.StartBoard()
		keys := []uint64{b.Key()}
		for k, s := range g.moves {
			m, err := b.ParseSAN(s)
			if err != nil {
				t.Fatalf("game %d, ply %d %s: %v", i+1, k+1, s, err)
			}
			if b.SAN(m) != s {
				t.Errorf("game %d: %s written for %s", i+1, s, b.SAN(m))
			}
			b.Make(m)
			keys = append(keys, b.Key())
			book := k < len(res.Games[i].Opening.Moves)
			if c := g.comments[k]; (book && c != "book") || (!book && !searchSum.MatchString(c)) {
				t.Errorf("game %d, ply %d: comment {%s}", i+1, k+1, c)
			}
			if k < len(g.moves)-1 {
				if o, e := adjudicate(b, keys); e != NotEnded {
					t.Fatalf("game %d went on after ply %d, which ended it (%v, %d)", i+1, k+1, o, e)
				}
			}
		}
		o, e := adjudicate(b, keys)
		if e == NotEnded {
			o, e = Draw, MoveCap
			if len(g.moves) != tinyPlies {
				t.Errorf("game %d: unfinished after %d plies", i+1, len(g.moves))
			}
		}
		if o.String() != g.result || e.Termination() != g.tags["Termination"] {
			t.Errorf("game %d: the final position says %v (%s), the PGN %s (%s)", i+1, o, e.Termination(), g.result, g.tags["Termination"])
		}
		if *stockfish != "" {
			replayStockfish(t, *stockfish, g.moves)
		}
	}
}

// TestOpenings: the built-in openings are legal, distinct and balanced by
// the evaluations recorded; with -stockfish, Stockfish says so again.
func TestOpenings(t *testing.T) {
	seen := map[string]bool{}
	for _, o := range Openings() {
		u, err := o.UCI()
		if err != nil {
			t.Fatal(err)
		}
		if len(u) < 4 || len(u)%2 != 0 || o.Eval < -50 || o.Eval > 50 || !isECO(o.Name[:3]) {
			t.Errorf("%s: %d plies, eval %d", o.Name, len(u), o.Eval)
		}
		key := strings.Join(u, " ")
		if seen[key] {
			t.Errorf("%s: the same line twice", o.Name)
		}
		seen[key] = true
	}
	if len(seen) < 30 {
		t.Errorf("%d openings: a few dozen wanted", len(seen))
	}
	wide, ok := OpeningSet("wide")
	if !ok || len(wide) != 424 {
		t.Fatalf("the wide set: %d openings", len(wide))
	}
	for _, o := range wide {
		u, err := o.UCI()
		if err != nil || len(u) != 6 {
			t.Fatalf("%s: %d plies, %v", o.Name, len(u), err)
		}
	}
	if *stockfish == "" {
		return
	}
	sf := startStockfish(t, *stockfish)
	for _, o := range Openings() {
		u, _ := o.UCI()
		cp := sf.eval(t, u, 12)
		if cp < -50 || cp > 50 {
			t.Errorf("%s: Stockfish says %d cp at depth 12", o.Name, cp)
		}
		t.Logf("%s: %d cp (recorded %d)", o.Name, cp, o.Eval)
	}
	sf.quit()
}

// TestReadOpenings: a file of moves and positions, and its errors.
func TestReadOpenings(t *testing.T) {
	in := "# openings\n1. e4 e5 2. Nf3 Nc6\n\nd4 d5\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 id \"king pawn\";\n"
	got, err := ReadOpenings(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || strings.Join(got[0].Moves, " ") != "e4 e5 Nf3 Nc6" || got[1].Name != "line 4" || got[2].Name != "king pawn" || got[2].FEN == "" {
		t.Fatalf("%+v", got)
	}
	for _, c := range []struct{ in, err string }{
		{"e4 e5 Ke3\n", "line 1: move 3 Ke3"},
		{"\n# nothing\n", "no openings"},
		{"8/8/8/8/8/8/8/8 w - - 0 1\n", "line 1:"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n", "line 1: the position has no legal move"},
	} {
		if _, err := ReadOpenings(strings.NewReader(c.in)); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: %v, want %q", c.in, err, c.err)
		}
	}
}

type sfProc struct {
	cmd *exec.Cmd
	in  *bufio.Writer
	sc  *bufio.Scanner
	w   interface{ Close() error }
}

func startStockfish(t *testing.T, path string) *sfProc {
	t.Helper()
	cmd := exec.Command(path)
	w, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	r, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &sfProc{cmd: cmd, in: bufio.NewWriter(w), sc: bufio.NewScanner(r), w: w}
	p.send("uci\nsetoption name Threads value 1\nsetoption name Hash value 16\nisready")
	p.until("readyok")
	return p
}

func (p *sfProc) send(s string) { p.in.WriteString(s + "\n"); p.in.Flush() }

func (p *sfProc) until(prefix string) []string {
	var lines []string
	for p.sc.Scan() {
		lines = append(lines, p.sc.Text())
		if strings.HasPrefix(p.sc.Text(), prefix) {
			break
		}
	}
	return lines
}

// eval is Stockfish's score after the moves, White's point of view.
func (p *sfProc) eval(t *testing.T, uci []string, depth int) int {
	p.send(fmt.Sprintf("ucinewgame\nposition startpos moves %s\ngo depth %d", strings.Join(uci, " "), depth))
	cp := 0
	for _, l := range p.until("bestmove") {
		f := strings.Fields(l)
		for i := 0; i+2 < len(f); i++ {
			if f[i] == "score" && f[i+1] == "cp" {
				cp, _ = strconv.Atoi(f[i+2])
			}
		}
	}
	if len(uci)%2 == 1 {
		cp = -cp
	}
	return cp
}

func (p *sfProc) quit() { p.send("quit"); p.w.Close(); p.cmd.Wait() }

// replayStockfish plays the game's moves through Stockfish, which prints
// the position it reached (d): its FEN's board must be ours.
func replayStockfish(t *testing.T, path string, san []string) {
	b := chess.StartBoard()
	var uci []string
	for _, s := range san {
		m, _ := b.ParseSAN(s)
		uci = append(uci, b.UCI(m))
		b.Make(m)
	}
	sf := startStockfish(t, path)
	defer sf.quit()
	sf.send("position startpos moves " + strings.Join(uci, " ") + "\nd\nisready")
	for _, l := range sf.until("readyok") {
		if fen, ok := strings.CutPrefix(l, "Fen: "); ok {
			if strings.Fields(fen)[0] != strings.Fields(b.FEN())[0] {
				t.Errorf("Stockfish reached %s, we reached %s", fen, b.FEN())
			}
			return
		}
	}
	t.Error("Stockfish printed no FEN")
}

// TestInterrupted: a match stopped after its third game reports the first
// pair alone, and says so.
func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := Config{
		A: Player{Name: "a", Opt: spec(t, "alphabeta+tt")}, B: Player{Name: "b", Opt: spec(t, "alphabeta+tt+order")},
		Games: 8, Limits: engine.Limits{Nodes: 300}, Eval: chess.EvalPST, Jobs: 1, MaxPlies: 30,
	}
	res, err := Run(ctx, cfg, func(done, _ int, _ Tally) {
		if done == 3 {
			cancel()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted || len(res.Games) != 2 || res.Tally.Games() != 2 || res.Tally.PairCount() != 1 {
		t.Fatalf("interrupted %v, %d games, tally %+v", res.Interrupted, len(res.Games), res.Tally)
	}
	var rep bytes.Buffer
	WriteReport(&rep, res, ReportInfo{})
	if !strings.Contains(rep.String(), "interrupted after 2 of the 8 games planned") {
		t.Errorf("report:\n%s", rep.String())
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, cfg, nil); err != context.Canceled {
		t.Errorf("a match cancelled before its first game: %v", err)
	}
}
