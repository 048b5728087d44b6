// Package match plays two search configurations against each other at chess
// and measures the difference in strength, as engine authors decide whether a
// technique is worth it: games from balanced openings, each opening twice
// with the colours swapped, a fixed number of nodes (or a fixed time) per
// move, the games adjudicated by the rules (mate, stalemate, threefold
// repetition, the fifty-move rule, insufficient material) and a cap on their
// length, then the score, the Elo difference with its 95 % interval and,
// when asked, a sequential test (SPRT).
//
// At a fixed number of nodes per move a match is deterministic: each search
// stops after exactly that many nodes with the last completed iteration's
// move, each game has its own engine state (a search starts afresh at each
// move), and the results are gathered in the order of the games whatever the
// number of games played at once (Config.Jobs). A class reproduces it.
//
// The package never prints: Run reports progress through a callback, and
// WritePGN and WriteReport write to the writer they are given.
package match

import (
	"context"
	"sync"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/i18n"
)

// DefaultMaxPlies is a game's length at which it is adjudicated a draw when
// the rules have not ended it: 200 plies, 100 moves of each side, book
// moves included.
const DefaultMaxPlies = 200

// Config is a match.
type Config struct {
	A, B     Player
	Games    int // even: both colours of each opening
	Limits   engine.Limits
	Eval     chess.Evaluator
	Openings []Opening // nil: the built-in set
	MaxPlies int       // 0: DefaultMaxPlies
	Jobs     int       // games played at once; 0 or 1: one at a time
	// SPRT, when On, stops the match once the test accepts a hypothesis
	// (after the pair that decides it, counted in the games' order).
	SPRT struct {
		On         bool
		Elo0, Elo1 float64
	}
}

// Result is a match's outcome.
type Result struct {
	Games []*Game // in order; fewer than Config.Games when the SPRT stopped it
	Tally Tally
	SPRT  *SPRT // nil without the test
	// Planned is the number of games the match would play without the SPRT.
	Planned int
	// Interrupted: ctx was cancelled before the match ended; Games are
	// the whole pairs finished before, in order (at least one, else Run
	// fails).
	Interrupted bool
}

// Progress is told of each game in the games' order: the games done, the
// games planned, and the tally so far.
type Progress func(done, total int, t Tally)

// Check refuses a configuration that cannot be played, before any game.
func (c *Config) Check() error {
	switch {
	case c.Games <= 0 || c.Games%2 != 0:
		return i18n.Errorf("%d games: give an even number, 2 or more (each opening is played twice, colours swapped)", c.Games)
	case c.MaxPlies < 0:
		return i18n.Errorf("move cap %d: must be positive", c.MaxPlies)
	case c.Limits.Nodes <= 0 && c.Limits.Time <= 0:
		return i18n.Error("each move needs a limit: a number of nodes or a time")
	}
	openings := c.openings()
	if len(openings) == 0 {
		return i18n.Error("no openings")
	}
	for _, o := range openings {
		if _, err := o.UCI(); err != nil {
			return err
		}
	}
	for _, p := range []Player{c.A, c.B} {
		o := p.Opt
		o.Iterative = true
		pos := chess.NewPosition(chess.StartBoard(), c.Eval)
		for _, err := range []error{engine.Check(c.Limits, o), engine.CheckTurns(pos, o), engine.CheckChance(pos, o)} {
			if err != nil {
				return i18n.Errorf("%s: %w", p.Name, err)
			}
		}
	}
	return nil
}

func (c *Config) openings() []Opening {
	if c.Openings == nil {
		return builtinOpenings
	}
	return c.Openings
}

// Run plays the match. Game 2k+1 and 2k+2 (from 1) are the opening k (the
// openings taken in turn, again from the first after the last), A white in
// the first of them and black in the second. Cancelling ctx stops it with
// ctx's error when no game is over yet, else with the games finished
// before (Result.Interrupted).
func Run(ctx context.Context, c Config, progress Progress) (*Result, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	players := [2]Player{c.A, c.B}
	for i := range players {
		// Iterative deepening, so that a search stopped by its limit has
		// a move: the last completed iteration's.
		players[i].Opt.Iterative = true
		players[i].Opt.Progress, players[i].Opt.Pass = nil, nil
	}
	maxPlies := c.MaxPlies
	if maxPlies == 0 {
		maxPlies = DefaultMaxPlies
	}
	lim := c.Limits
	if lim.Depth == 0 {
		lim.Depth = DefaultDepthLimit
	}
	openings := c.openings()
	games := make([]*Game, c.Games)
	for i := range games {
		games[i] = &Game{Round: i + 1, Opening: openings[(i/2)%len(openings)], White: i % 2, Black: 1 - i%2}
	}

	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := max(c.Jobs, 1)
	next := make(chan int)
	finished := make(chan int, c.Games)
	errs := make([]error, c.Games)
	var wg sync.WaitGroup
	for range min(jobs, c.Games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = play(ctx, games[i], players, lim, c.Eval, maxPlies)
				finished <- i
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range games {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()

	res := &Result{Planned: c.Games}
	done := make([]bool, c.Games)
	counted := 0 // games 0..counted-1 are in the tally
	var err error
	stopped := false // the SPRT decided
	for counted < c.Games && err == nil && !stopped {
		select {
		case i := <-finished:
			done[i] = true
		case <-parent.Done():
			stopped, res.Interrupted = true, true
			continue
		}
		for counted < c.Games && done[counted] && err == nil && !stopped {
			i := counted
			if errs[i] != nil {
				if parent.Err() != nil {
					stopped, res.Interrupted = true, true // the game was stopped
					break
				}
				err = i18n.Errorf("game %d: %w", i+1, errs[i])
				break
			}
			res.add(games[i])
			counted++
			if progress != nil {
				progress(counted, c.Games, res.Tally)
			}
			if c.SPRT.On && counted%2 == 0 {
				t := res.Tally.Test(c.SPRT.Elo0, c.SPRT.Elo1)
				res.SPRT = &t
				// The games still being played are not counted.
				stopped = t.Verdict != Continue
			}
		}
	}
	cancel()
	wg.Wait()
	switch {
	case err != nil:
		return nil, err
	case res.Interrupted && counted < 2:
		return nil, parent.Err()
	case res.Interrupted && counted%2 == 1:
		res.drop() // whole pairs only, as the statistics count them
	}
	return res, nil
}

// DefaultDepthLimit is the depth iterative deepening stops at when no limit
// is given (Limits.Depth 0): the node or time limit ends a search long
// before, except in positions with a handful of legal moves.
const DefaultDepthLimit = 64

// drop takes the last game, the first of a pair, out of the result.
func (r *Result) drop() {
	g := r.Games[len(r.Games)-1]
	r.Games = r.Games[:len(r.Games)-1]
	switch g.Score(0) {
	case 2:
		r.Tally.Wins--
	case 1:
		r.Tally.Draws--
	default:
		r.Tally.Losses--
	}
}

// add counts a game, and the pair it closes.
func (r *Result) add(g *Game) {
	r.Games = append(r.Games, g)
	switch g.Score(0) {
	case 2:
		r.Tally.Wins++
	case 1:
		r.Tally.Draws++
	default:
		r.Tally.Losses++
	}
	if n := len(r.Games); n%2 == 0 {
		r.Tally.Pairs[r.Games[n-2].Score(0)+g.Score(0)]++
	}
}

// TableMB sizes a transposition table for a search of nodes nodes: two
// entries of 32 bytes a node, in whole megabytes, at most the engine's
// default (the default too without a node limit). A search starts with a
// cleared table, and clearing one much larger than the search fills would
// cost more than the search itself at a few thousand nodes.
func TableMB(nodes int64) int {
	if nodes <= 0 {
		return engine.DefaultTTMB
	}
	mb := (nodes*64 + 1<<20 - 1) >> 20
	return int(min(max(mb, 1), engine.DefaultTTMB))
}
