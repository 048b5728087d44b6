// Command strength makes the strength table of docs/strength.md: for each
// configuration, the nodes it searches to a fixed depth on the Bratko–Kopec
// positions and the best moves it finds there, and its Elo difference
// against plain alpha-beta with a transposition table in a match at a fixed
// number of nodes per move (package engine/match, as prunescope match plays
// it). Everything it prints is deterministic: the same table on every run.
//
//	go run ./internal/strength [-games 80] [-nodes 20000] [-depth 5] [-jobs 2] [-openings main|wide|FILE] [-specs LIST]
//
// The techniques' parameters are their defaults (those of the command line
// without flags); the evaluation is the piece-square one.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/match"
)

// defaultSpecs: the baseline, each technique alone on top of it, and all
// together. A technique added to the engine gets its line here.
const defaultSpecs = "alphabeta+tt," +
	"alphabeta+tt+order," +
	"alphabeta+tt+iterative+aspiration," +
	"alphabeta+tt+null-move," +
	"alphabeta+tt+reductions," +
	"alphabeta+tt+futility," +
	"alphabeta+tt+razoring," +
	"alphabeta+tt+quiescence," +
	"alphabeta+tt+extensions," +
	"alphabeta+tt+lmr," +
	"alphabeta+tt+lmp," +
	"alphabeta+tt+rfp," +
	"alphabeta+tt+iid," +
	"alphabeta+tt+check-ext," +
	"pvs+tt," +
	"alphabeta+tt+order+iterative+aspiration+selective"

func main() {
	games := flag.Int("games", 80, "games of each match (even)")
	nodes := flag.Int64("nodes", 20000, "nodes per move in the matches")
	depth := flag.Int("depth", 5, "depth of the Bratko-Kopec searches")
	jobs := flag.Int("jobs", 2, "games played at once")
	openings := flag.String("openings", "main", "openings for the matches: a built-in set (main, wide) or a file")
	bk := flag.String("bk", "engine/chess/testdata/bk.epd", "the Bratko-Kopec positions (EPD with bm)")
	specs := flag.String("specs", defaultSpecs, "configurations, comma-separated; the first is the baseline of the matches")
	flag.Parse()
	if err := run(*games, *nodes, *depth, *jobs, *openings, *bk, strings.Split(*specs, ",")); err != nil {
		fmt.Fprintln(os.Stderr, "strength:", err)
		os.Exit(1)
	}
}

func options(spec string) (engine.Options, error) {
	return engine.ParseSpec(spec, engine.Options{Sel: engine.DefaultSelective(engine.Units{Pawn: 100})})
}

type bkRecord struct {
	fen string
	bm  []string
}

func readBK(path string) ([]bkRecord, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []bkRecord
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		e, err := chess.ParseEPD(sc.Text())
		if err != nil {
			return nil, err
		}
		op, _ := e.Op("bm")
		out = append(out, bkRecord{fen: e.FEN, bm: op.Operands})
	}
	return out, sc.Err()
}

// bkRun searches every position to depth: the nodes in all, and the
// positions where the move played is one of the record's best moves.
func bkRun(ctx context.Context, recs []bkRecord, opt engine.Options, depth int) (int64, int, error) {
	var nodes int64
	found := 0
	for _, r := range recs {
		b, err := chess.ParseFEN(r.fen)
		if err != nil {
			return 0, 0, err
		}
		res, err := engine.Search(ctx, chess.NewPosition(b, chess.EvalPST), engine.Limits{Depth: depth}, opt, nil)
		if err != nil {
			return 0, 0, err
		}
		nodes += res.Nodes
		for _, s := range r.bm {
			if m, err := b.ParseSAN(s); err == nil && res.HasBest && m == res.Best {
				found++
				break
			}
		}
	}
	return nodes, found, nil
}

func run(games int, nodes int64, depth, jobs int, openingsFile, bkPath string, specs []string) error {
	ctx := context.Background()
	recs, err := readBK(bkPath)
	if err != nil {
		return err
	}
	openings, ok := match.OpeningSet(openingsFile)
	if !ok {
		f, err := os.Open(openingsFile)
		if err != nil {
			return err
		}
		openings, err = match.ReadOpenings(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", openingsFile, err)
		}
	}
	base, err := options(specs[0])
	if err != nil {
		return err
	}
	base.TT.MB = match.TableMB(nodes)
	fmt.Printf("| configuration | BK nodes to depth %d | vs %s | BK best moves | Elo vs %s (%d games, %d nodes a move) | 95 %% interval | A's wins/draws/losses |\n", depth, specs[0], specs[0], games, nodes)
	fmt.Println("|---|---|---|---|---|---|---|")
	var baseNodes int64
	for i, spec := range specs {
		opt, err := options(spec)
		if err != nil {
			return err
		}
		n, found, err := bkRun(ctx, recs, opt, depth)
		if err != nil {
			return fmt.Errorf("%s: %w", spec, err)
		}
		if i == 0 {
			baseNodes = n
		}
		eloCell, spanCell, wdl := "(baseline)", "", ""
		if i > 0 {
			fmt.Fprintf(os.Stderr, "strength: %s: match\n", spec)
			opt.TT.MB = match.TableMB(nodes)
			cfg := match.Config{
				A: match.Player{Name: spec, Opt: opt}, B: match.Player{Name: specs[0], Opt: base},
				Games: games, Limits: engine.Limits{Nodes: nodes}, Eval: chess.EvalPST, Openings: openings, Jobs: jobs,
			}
			res, err := match.Run(ctx, cfg, nil)
			if err != nil {
				return fmt.Errorf("%s: %w", spec, err)
			}
			t := res.Tally
			p := t.Pentanomial()
			eloCell = signed(p.Elo)
			spanCell = fmt.Sprintf("[%s, %s]", signed(p.Lo), signed(p.Hi))
			if p.Lo == p.Hi {
				spanCell = "none: every pair scored the same"
			}
			wdl = fmt.Sprintf("%d / %d / %d", t.Wins, t.Draws, t.Losses)
		}
		fmt.Printf("| %s | %s | %d%% | %d/%d | %s | %s | %s |\n", spec, thousands(n), int(math.Round(100*float64(n)/float64(baseNodes))), found, len(recs), eloCell, spanCell, wdl)
	}
	return nil
}

func signed(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+∞"
	case math.IsInf(x, -1):
		return "−∞"
	case math.Abs(x) < 0.5:
		return "0"
	}
	return fmt.Sprintf("%+.0f", x)
}

func thousands(n int64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
