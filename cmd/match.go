package cmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/match"
	"github.com/prunescope/prunescope/internal/i18n"
)

type matchOptions struct {
	conv     setup.AlgoFlags
	sel      setup.SelFlags
	deep     setup.DeepFlags
	games    int
	nodes    int64
	time     time.Duration
	depth    int
	maxPlies int
	openings string
	pgn      string
	sprt     string
	jobs     int
	eval     string
	fs       *pflag.FlagSet
	a, b     string
}

// newMatchCmd makes the match command; runF runs it (nil: runMatch).
func newMatchCmd(s *Streams, runF func(context.Context, *Streams, *matchOptions) error) *cobra.Command {
	if runF == nil {
		runF = runMatch
	}
	o := &matchOptions{}
	c := &cobra.Command{
		Use:   "match A B [flags]",
		Short: "Play two search configurations against each other at chess and measure the difference in Elo",
		Long: `Play games of chess between two configurations A and B, each a spec as
compare --algos takes them (alphabeta+tt, alphabeta+tt+null-move, ...), and
say which is stronger, as engine authors decide whether a technique is worth
it: wins, draws and losses from A's point of view, A's score, and the Elo
difference A − B with its 95 % interval.

The games start from a built-in set of 40 balanced openings (main lines of
four to twelve plies; Stockfish 15.1 at depth 12 puts each within ±50
centipawns), from the wider built-in set (--openings wide: 424 lines of six
plies, Stockfish's three best moves at each ply, kept within ±50
centipawns), or from --openings FILE; each opening is played twice, A with
White then with Black, so --games is even. Each side searches with iterative
deepening (switched on for both) and plays the move of its last completed
iteration when the limit per move is reached: --nodes (the default, 20000)
or --time. A search starts afresh at every move (its table too).

At a fixed number of nodes the match is deterministic: the same games and
the same numbers on every run and for any --jobs, so a class reproduces it.
With --time it is not (the machine's load decides where a search stops).
At fixed nodes the main openings give 80 different games, the wide ones
848; more games need more openings or --time.

A game ends by checkmate, stalemate, threefold repetition, the fifty-move
rule or insufficient material (king against king, king and a minor piece
against a king, bishops all on squares of one colour); a game still going
after --max-plies plies (book moves included) is adjudicated a draw.

The interval is the pentanomial one: the two games of an opening are one
sample (their scores 0 to 2), as Fishtest computes it; the trinomial one,
each game a sample, is shown beside it. --sprt ELO0,ELO1 runs the sequential
probability ratio test of H0 "A − B = ELO0" against H1 "A − B = ELO1"
(α = β = 0.05, LLR bounds ±2.94; the normal approximation to the GSPRT of
Fishtest and OpenBench) and stops the match, after the pair of games that
decides it, when one is accepted, from 10 pairs on (the approximation needs
them); --games is then the most it plays.

--pgn writes the games, each engine move followed by its search's summary
{depth, value from the mover's point of view in centipawns, nodes}, book
moves by {book}; the Date tag is "????.??.??" (unknown) so that the file is
the same on every run, and the limit per move is in the Event tag. A
progress bar (games done, A's score so far) goes to standard error when it
is a terminal. Ctrl-C stops the match: the pairs of games over by then are
reported and written. The techniques' flags (--null-r, --tt-mb, ...) apply
to both sides; without --tt-mb the table is sized for the nodes of one
move.`,
		Example: `  prunescope match alphabeta+tt alphabeta+tt+null-move
  prunescope match alphabeta+tt+order alphabeta+tt+order+null-move --games 80 --nodes 5000 --pgn games.pgn
  prunescope match alphabeta+tt pvs+tt --time 50ms --games 10
  prunescope match alphabeta+tt+null-move alphabeta+tt --null-min-ply 1 --openings wide --games 500 --jobs 2
  prunescope match alphabeta+tt alphabeta+tt+null-move --sprt 0,50 --games 200 --openings wide`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 2 {
				return badInputf("match: give two configurations, A and B (e.g. prunescope match alphabeta+tt alphabeta+tt+null-move); got %d", len(args))
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			o.a, o.b = args[0], args[1]
			return runF(c.Context(), s, o)
		},
	}
	fs := c.Flags()
	o.fs = fs
	fs.IntVar(&o.games, "games", 20, "games to play, even: each opening with both colours")
	fs.Int64Var(&o.nodes, "nodes", 20000, "nodes per move (each search stops after entering this many; 0: no node limit, then give --time or --depth-limit)")
	fs.DurationVar(&o.time, "time", 0, "time per move instead of nodes (e.g. 100ms); the games then differ from run to run")
	fs.IntVar(&o.depth, "depth-limit", 0, fmt.Sprintf("the deepest iteration of a search (0: %d; the limit per move ends it first)", match.DefaultDepthLimit))
	fs.IntVar(&o.maxPlies, "max-plies", match.DefaultMaxPlies, "plies (book moves included) after which a game still going is adjudicated a draw")
	fs.StringVar(&o.openings, "openings", "main", "the openings: a built-in set, main (40 named main lines) or wide (424 lines of six plies), or a `FILE` with one a line: a FEN or EPD record, or moves from the initial position in SAN")
	fs.StringVar(&o.pgn, "pgn", "", "write the games as PGN to this `FILE` (- for standard output, the report then going to standard error)")
	fs.StringVar(&o.sprt, "sprt", "", "ELO0,ELO1: stop when the SPRT (α = β = 0.05) accepts A − B = ELO0 or A − B = ELO1")
	fs.IntVar(&o.jobs, "jobs", runtime.NumCPU(), "games played at once (the results do not depend on it)")
	fs.StringVar(&o.eval, "eval", "pst", "chess evaluation of both sides: material or pst")
	o.conv.AddConventions(fs)
	o.sel.Add(fs)
	o.deep.Add(fs, false)
	return c
}

func runMatch(ctx context.Context, s *Streams, o *matchOptions) error {
	cfg, err := o.config()
	if err != nil {
		return err
	}
	var progress match.Progress
	if isTerminal(s.Err) {
		progress = func(done, total int, t match.Tally) { progressBarIn(s.Err, s.printer(), done, total, t) }
		progress(0, cfg.Games, match.Tally{})
	}
	res, err := match.Run(ctx, cfg, progress)
	if progress != nil {
		fmt.Fprint(s.Err, "\r\033[K")
	}
	if err != nil {
		if engine.IsStop(err) {
			return failed(i18n.Errorf("match: interrupted before a pair of games was over: %w", err))
		}
		return failed(err)
	}
	names := [2]string{o.a, o.b}
	if o.pgn != "" {
		var buf bytes.Buffer
		if err := match.WritePGN(&buf, res.Games, match.PGNInfo{Event: "prunescope match, " + o.limitWords(), Names: names}); err != nil {
			return failed(err)
		}
		if err := writeOutput(s, o.pgn, buf.Bytes()); err != nil {
			return err
		}
	}
	report := s.Out
	if o.pgn == "-" {
		report = s.Err // standard output holds the PGN alone
	}
	p := s.printer()
	return failed(match.WriteReport(report, res, match.ReportInfo{Names: names, Limits: o.limitWordsIn(p), Lang: p.Lang()}))
}

// config checks the flags and makes the match they ask for.
func (o *matchOptions) config() (match.Config, error) {
	var cfg match.Config
	if _, err := o.conv.Defaults(); err != nil {
		return cfg, err
	}
	switch {
	case o.games <= 0 || o.games%2 != 0:
		return cfg, badInputf("--games: %d must be even and at least 2: each opening is played twice, colours swapped", o.games)
	case o.games > maxGames:
		return cfg, badInputf("--games: %d is more than the %d a match plays", o.games, maxGames)
	case o.nodes < 0:
		return cfg, badInputf("--nodes: %d must be 0 (no limit) or more", o.nodes)
	case o.time < 0:
		return cfg, badInputf("--time: %s must be positive", o.time)
	case o.fs.Changed("nodes") && o.fs.Changed("time"):
		return cfg, badInputf("--nodes and --time: give one limit per move, not both")
	case o.depth < 0 || o.depth > engine.MaxDepth:
		return cfg, badInputf("--depth-limit: %d must be between 1 and %d (0: %d)", o.depth, engine.MaxDepth, match.DefaultDepthLimit)
	case o.maxPlies < 1:
		return cfg, badInputf("--max-plies: %d must be at least 1", o.maxPlies)
	case o.jobs < 1:
		return cfg, badInputf("--jobs: %d must be at least 1", o.jobs)
	}
	cfg.Games, cfg.MaxPlies, cfg.Jobs = o.games, o.maxPlies, o.jobs
	cfg.Limits = engine.Limits{Depth: o.depth, Nodes: o.nodes, Time: o.time}
	if o.time > 0 {
		cfg.Limits.Nodes = 0
	}
	if cfg.Limits.Nodes == 0 && cfg.Limits.Time == 0 && o.depth == 0 {
		return cfg, badInputf("--nodes 0: give --time or --depth-limit, so that each move's search ends")
	}
	ev, err := chess.ParseEvaluator(o.eval)
	if err != nil {
		return cfg, badInputf("--eval: %v", err)
	}
	cfg.Eval = ev
	if set, ok := match.OpeningSet(o.openings); ok {
		cfg.Openings = set
	} else if o.openings != "" {
		if o.pgn != "" && o.pgn != "-" && samePath(o.pgn, o.openings) {
			return cfg, badInputf("--pgn %s: it is the openings file (--openings); the games would replace it", o.pgn)
		}
		f, err := os.Open(o.openings)
		if err != nil {
			return cfg, badInputf("--openings %s: %v", o.openings, unwrapPath(err))
		}
		cfg.Openings, err = match.ReadOpenings(f)
		f.Close()
		if err != nil {
			return cfg, badInputf("--openings %s: %v", o.openings, err)
		}
	}
	if n := 2 * len(openingsOf(cfg)); o.games > n && cfg.Limits.Time == 0 {
		return cfg, badInputf("--games: %d games from %d openings replay the same games at a fixed number of nodes (%d different ones); give more openings (--openings) or --time", o.games, n/2, n)
	}
	if o.sprt != "" {
		e0, e1, err := parseSPRT(o.sprt)
		if err != nil {
			return cfg, err
		}
		cfg.SPRT.On, cfg.SPRT.Elo0, cfg.SPRT.Elo1 = true, e0, e1
	}
	g := chess.NewPosition(chess.StartBoard(), ev).Game()
	road := setup.Road{Algo: &o.conv, Sel: &o.sel, Deep: &o.deep}
	specs := []string{o.a, o.b}
	var opts []engine.Options
	for i, spec := range specs {
		where := [2]string{"A", "B"}[i]
		opt, err := road.Options(where, spec, g)
		if err != nil {
			return cfg, err
		}
		if opt.TT.On && !o.fs.Changed("tt-mb") {
			opt.TT.MB = match.TableMB(cfg.Limits.Nodes)
		}
		opts = append(opts, opt)
	}
	if err := road.CheckUsed(g, specs, opts); err != nil {
		return cfg, err
	}
	// Each game searches with one table at a time: --jobs of them at once
	// must stay within the memory every command keeps to.
	tables := 0
	for _, opt := range opts {
		if opt.TT.On {
			tables = max(tables, opt.TT.MB)
		}
	}
	if o.jobs > maxJobs || o.jobs*tables > maxTablesMB {
		return cfg, badInputf("--jobs: %d games at once, each with a table of %d MB, is more than the %d MB (and %d games) a match keeps to at once", o.jobs, tables, maxTablesMB, maxJobs)
	}
	cfg.A = match.Player{Name: o.a, Opt: opts[0]}
	cfg.B = match.Player{Name: o.b, Opt: opts[1]}
	if err := cfg.Check(); err != nil {
		return cfg, badInput("match", err)
	}
	return cfg, nil
}

func openingsOf(cfg match.Config) []match.Opening {
	if cfg.Openings != nil {
		return cfg.Openings
	}
	return match.Openings()
}

// maxJobs and maxTablesMB bound the games played at once and the memory of
// their transposition tables, within the 2 GB every command keeps to.
const (
	maxJobs     = 256
	maxTablesMB = 1024
)

// maxGames bounds a match (its games are kept for the PGN): 100,000 games
// of at most a few hundred plies each.
const maxGames = 100_000

// parseSPRT reads --sprt ELO0,ELO1.
func parseSPRT(v string) (float64, float64, error) {
	a, b, ok := strings.Cut(v, ",")
	e0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	e1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	switch {
	case !ok || err0 != nil || err1 != nil:
		return 0, 0, badInputf("--sprt %s: give ELO0,ELO1, two Elo differences such as 0,10", v)
	case e0 >= e1:
		return 0, 0, badInputf("--sprt %s: ELO0 must be below ELO1", v)
	case e0 <= -1000 || e1 >= 1000:
		return 0, 0, badInputf("--sprt %s: the Elo differences must lie between -1000 and 1000", v)
	}
	return e0, e1, nil
}

// limitWords says the limit per move: "20000 nodes per move", "100ms per
// move", in English (the PGN's Event tag).
func (o *matchOptions) limitWords() string { return o.limitWordsIn(i18n.For(i18n.En)) }

// limitWordsIn says the limit per move in p's language.
func (o *matchOptions) limitWordsIn(p *i18n.Printer) string {
	var parts []string
	if o.time > 0 {
		parts = append(parts, p.T("match.limit.time", "Time", o.time.String()))
	} else if o.nodes > 0 {
		parts = append(parts, p.N("match.limit.nodes", o.nodes))
	}
	if o.depth > 0 {
		parts = append(parts, p.T("match.limit.depth", "Depth", o.depth))
	}
	return strings.Join(parts, ", ")
}

// progressBar redraws the match's progress line: a bar of the games done
// and A's score so far, in English (progressBarIn: in a language).
func progressBar(w io.Writer, done, total int, t match.Tally) {
	progressBarIn(w, i18n.For(i18n.En), done, total, t)
}

// progressBarIn is progressBar in p's language.
func progressBarIn(w io.Writer, p *i18n.Printer, done, total int, t match.Tally) {
	const width = 30
	n := done * width / total
	fmt.Fprintf(w, "\r\033[K[%s%s] %s", strings.Repeat("#", n), strings.Repeat(".", width-n),
		p.T("match.progress", "Done", done, "Total", total, "Wins", t.Wins, "Draws", t.Draws, "Losses", t.Losses,
			"Score", p.Decimal(fmt.Sprintf("%.1f", 100*t.Score()))))
}
