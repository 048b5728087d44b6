package cmd

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// result is what one command line did.
type result struct {
	code        int
	stdout      string
	stderr      string
	interactive bool
}

// run runs prunescope in-process with args and stdin.
func run(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	s := &Streams{In: strings.NewReader(stdin), Out: &out, Err: &errOut}
	code := Run(context.Background(), args, s)
	return result{code: code, stdout: out.String(), stderr: errOut.String()}
}

func (r result) String() string {
	return "exit " + strconv.Itoa(r.code) + "\n--- stdout\n" + r.stdout + "--- stderr\n" + r.stderr
}

// golden compares got with testdata/golden/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (go test ./cmd -run %s -update to accept):\n--- got\n%s\n--- want\n%s", path, t.Name(), got, want)
	}
}

// TestGolden runs the command lines a teacher or student types and compares
// everything they print with golden files.
func TestGolden(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	os.Unsetenv("NO_COLOR")
	runGolden(t, []goldenCase{
		{"search-aima.txt", "", []string{"search", "--tree", "aima"}},
		{"search-aima-color.txt", "", []string{"search", "--tree", "aima", "--color", "always"}},
		{"search-wikipedia-soft-gt.txt", "", []string{"search", "--tree", "wikipedia", "--fail", "soft", "--cutoff", "gt"}},
		{"search-wikipedia-minimax.txt", "", []string{"search", "--tree", "wikipedia", "--algo", "minimax", "--trace", "none"}},
		{"search-branch-bound.txt", "", []string{"search", "--tree", "(5 (((3 9) 1) 2))", "--algo", "branch-bound"}},
		{"search-wikipedia.jsonl", "", []string{"search", "--tree", "wikipedia", "--trace", "json"}},
		{"search-decimals-min.jsonl", "", []string{"search", "--tree", "((3 -3.01 8) (2 4.5 6))", "--root", "min", "--trace", "json"}},
		{"search-aima.dot", "", []string{"search", "--tree", "aima", "--trace", "none", "--dot", "-"}},
		// A test of CS188's multi-agent project read as a tree (engine/tree/cs188.go).
		{"search-cs188.txt", "", []string{"search", "--tree", "testdata/cs188/two-ghosts.test", "--algo", "alphabeta:soft:gt"}},
		{"search-cs188.jsonl", "", []string{"search", "--tree", "testdata/cs188/two-ghosts.test", "--algo", "alphabeta:soft:gt", "--trace", "json"}}, // the states on stderr: stdout stays JSON Lines
		{"search-cs188-minimax.txt", "", []string{"search", "--tree", "testdata/cs188/two-ghosts.test", "--algo", "minimax", "--trace", "none"}},     // the .solution beside it is not minimax's
		{"compare-cs188.txt", "", []string{"compare", "--tree", "testdata/cs188/two-ghosts.test", "--algos", "minimax,alphabeta:soft:gt,alphabeta"}},
		{"search-cs188-expectimax.txt", "", []string{"search", "--tree", "testdata/cs188/two-ghosts-expectimax.test", "--algo", "expectimax"}},
		// check: a student's trace against the reference search (lessons/student).
		{"check-same.txt", "", []string{"check", "testdata/check/aima-alphabeta.jsonl", "--tree", "aima"}},
		{"err-check-node.txt", "{\"ev\": \"enter\", \"node\": \"root\"}\n{\"ev\": \"enter\", \"node\": \"4\"}\n", []string{"check", "-", "--tree", "aima"}},
		{"err-check-fen-no-depth.txt", "", []string{"check", "testdata/check/queen-minimax.jsonl", "--fen", "start"}},
		{"err-check-illegal-move.txt", "{\"ev\": \"enter\", \"node\": \"e4 e5 Ke3\"}\n", []string{"check", "-", "--fen", "start", "--depth", "3"}},
		{"err-check-no-tree.txt", "", []string{"check", "testdata/check/aima-alphabeta.jsonl"}},
		{"err-cs188-chance-refused.txt", "", []string{"search", "--tree", "testdata/cs188/two-ghosts-expectimax.test"}},
		{"err-cs188-bad-successor.txt", "num_agents: \"2\"\nstart_state: \"a\"\nwin_states: \"\"\nlose_states: \"\"\ndepth: \"1\"\nsuccessors: \"\"\"\na L\n\"\"\"\nevaluation: \"\"\"\n\"\"\"\n", []string{"search", "--tree", "-"}},
		{"search-aima-overview.svg", "", []string{"search", "--tree", "aima", "--overview", "-"}},
		{"diff-wikipedia-overview.svg", "", []string{"diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia", "--overview", "-"}},
		{"search-wikipedia-gt.dot", "", []string{"search", "--tree", "wikipedia", "--cutoff", "gt", "--fail", "soft", "--trace", "none", "--dot", "-"}},
		{"search-depth-eval.txt", "", []string{"search", "--tree", "((3 4)[eval=2] (5 6)[eval=7])", "--depth", "1"}},
		{"search-multiagent.txt", "", []string{"search", "--tree", "(((3 5)[min] (2 9)[min])[min] ((8 1)[min] (6 7)[min])[min])"}},
		{"search-aima-rtl.txt", "", []string{"search", "--tree", "aima", "--order-children", "rtl"}},
		{"diff-mirror-rtl.dot", "", []string{"diff", "alphabeta", "minimax", "--tree", "((8 12 3) (6 4 2) (2 5 14))", "--order-children", "rtl", "--dot", "-"}},
		{"search-mirror-rtl.dot", "", []string{"search", "--tree", "((8 12 3) (6 4 2) (2 5 14))", "--order-children", "rtl", "--trace", "none", "--dot", "-"}},
		{"search-stdin.txt", "(1 (2 3))", []string{"search", "--tree", "-", "--trace", "none"}},
		{"compare-wikipedia.txt", "", []string{"compare", "--tree", "wikipedia"}},
		{"compare-conventions.json", "", []string{"compare", "--tree", "wikipedia", "--algos", "alphabeta:hard:ge,alphabeta:soft:gt,branch-bound", "--json"}},
		// a window given for the root: values outside it are bounds
		{"search-aima-window.txt", "", []string{"search", "--tree", "aima", "--window", "3,8"}},
		{"search-aima-window-min.jsonl", "", []string{"search", "--tree", "aima", "--root", "min", "--fail", "soft", "--window", "2,4", "--trace", "json"}},
		{"compare-aima-window.txt", "", []string{"compare", "--tree", "aima", "--window", "1,2", "--algos", "alphabeta,alphabeta:soft,pvs,mtdf"}},
		{"compare-aima-window.json", "", []string{"compare", "--tree", "aima", "--window", "-inf,3", "--algos", "alphabeta:soft,mtdf", "--json"}},
		{"search-chance-expectimax.txt", "", []string{"search", "--tree", "((3 12 7)[chance] (2[p=1/3] 4[p=1/6] 9[p=0.5])[chance])", "--algo", "expectimax"}},
		{"search-chance-star1.txt", "", []string{"search", "--tree", "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])", "--algo", "star1", "--bounds", "-2,2"}},
		{"search-chance-star2.jsonl", "", []string{"search", "--tree", "((3 12 7)[chance] (2 4 9)[chance] ((1 8)[chance] 5)[min])", "--algo", "star2", "--bounds", "0,12", "--fail", "soft", "--trace", "json"}},
		{"err-chance-alphabeta.txt", "", []string{"search", "--tree", "((3 12)[chance] (2 4)[chance])"}},
		{"err-chance-nobounds.txt", "", []string{"search", "--tree", "((3 12)[chance] (2 4)[chance])", "--algo", "star1"}},
		{"err-chance-bounds.txt", "", []string{"search", "--tree", "((3 12)[chance] (2 4)[chance])", "--algo", "star2", "--bounds", "0,10"}},
		{"err-chance-bounds-parse.txt", "", []string{"search", "--tree", "((3 12)[chance] (2 4)[chance])", "--algo", "star2", "--bounds", "0,inf"}},
		{"err-chance-weights.txt", "", []string{"search", "--tree", "((3[p=0.5] 12[p=0.25])[chance] (2 4)[chance])", "--algo", "expectimax"}},
		{"err-chance-root.txt", "", []string{"search", "--tree", "(3 12)[chance]", "--algo", "expectimax"}},
		// bounds on every value prune Star1's and Star2's chance nodes; expectimax, to compare with, searches without them
		{"compare-chance-bounds.txt", "", []string{"compare", "--tree", "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])", "--algos", "expectimax,star1,star2", "--bounds", "-2,2"}},
		{"err-window-parse.txt", "", []string{"search", "--tree", "aima", "--window", "3"}},
		{"err-window-order.txt", "", []string{"search", "--tree", "aima", "--window", "8,3"}},
		{"err-window-decimals.txt", "", []string{"search", "--tree", "(1.5 2.25)", "--window", "1.5,2.255"}},
		{"err-window-minimax.txt", "", []string{"step", "--tree", "aima", "--algo", "minimax", "--window", "3,8"}},
		{"err-window-iterative.txt", "", []string{"search", "--tree", "((3 4)[eval=2] (5 6)[eval=7])", "--iterative", "--window", "1,3"}},
		{"err-window-aspiration.txt", "", []string{"diff", "alphabeta", "pvs", "--tree", "aima", "--aspiration", "1", "--guess", "3", "--window", "1,3"}},
		// AIMA's ranges [lo, hi] (Figure 5.5), fail-soft as the figure is
		{"search-aima-ranges.dot", "", []string{"search", "--tree", "aima", "--fail", "soft", "--ranges", "--trace", "none", "--dot", "-"}},
		{"search-aima-ranges.tex", "", []string{"search", "--tree", "aima", "--fail", "soft", "--ranges", "--trace", "none", "--tikz", "-"}},
		{"err-ranges-nothing-drawn.txt", "", []string{"search", "--tree", "aima", "--ranges"}},
		{"err-ranges-diff.txt", "", []string{"diff", "alphabeta", "pvs", "--tree", "aima", "--ranges", "--dot", "-"}},
		{"tree-random.txt", "", []string{"tree", "random", "--branching", "3", "--depth", "3", "--seed", "7"}},
		{"tree-ordered.txt", "", []string{"tree", "ordered", "--branching", "2", "--depth", "3"}},
		{"tree-worst-json.txt", "", []string{"tree", "worst", "--branching", "2", "--depth", "2", "--json"}},
		{"tree-show.txt", "", []string{"tree", "show", "A:(B:(3 12 8)[eval=4] C:(2 4[capture] 6)[key=p] D:(14 5 2))[min]"}},
		{"tree-list.txt", "", []string{"tree", "list"}},
		// bad input: one line on stderr, exit 2
		{"err-unclosed.txt", "", []string{"search", "--tree", "((3 4)"}},
		{"err-decimals.txt", "", []string{"search", "--tree", "(3.001 4)"}},
		{"err-no-tree.txt", "", []string{"search"}},
		{"err-unknown-tree.txt", "", []string{"search", "--tree", "aimaa"}},
		{"err-algo.txt", "", []string{"search", "--tree", "aima", "--algo", "alphabet"}},
		{"err-fail.txt", "", []string{"search", "--tree", "aima", "--fail", "medium"}},
		{"err-cutoff.txt", "", []string{"search", "--tree", "aima", "--cutoff", ">>"}},
		{"err-depth-no-eval.txt", "", []string{"search", "--tree", "aima", "--depth", "1"}},
		{"err-negative-depth.txt", "", []string{"search", "--tree", "aima", "--depth", "-3"}},
		{"err-flag.txt", "", []string{"search", "--tree", "aima", "--depht", "2"}},
		{"err-command.txt", "", []string{"serch"}},
		{"err-trace-mode.txt", "", []string{"search", "--tree", "aima", "--trace", "xml"}},
		{"err-marks-quiz.txt", "", []string{"quiz", "--tree", "((3 5)[max] (2 9))"}},
		{"err-marks-tt.txt", "", []string{"search", "--tree", "((3 5)[max] (2 9))", "--tt"}},
		{"err-root.txt", "", []string{"search", "--tree", "aima", "--root", "both"}},
		{"err-order-children.txt", "", []string{"search", "--tree", "aima", "--order-children", "backwards"}},
		{"err-order-children-chess.txt", "", []string{"search", "--fen", "start", "--order-children", "rtl"}},
		{"err-order-children-game.txt", "", []string{"compare", "--game", "tictactoe", "--order-children", "ltr"}},
		{"err-color.txt", "", []string{"search", "--tree", "aima", "--color", "sometimes"}},
		{"err-focus.txt", "", []string{"search", "--tree", "aima", "--trace", "none", "--dot", "-", "--focus", "4.4"}},
		{"err-out-folder.txt", "", []string{"search", "--tree", "aima", "--svg", "/nonexistent/folder/x.svg"}},
		{"err-two-stdout.txt", "", []string{"search", "--tree", "aima", "--dot", "-", "--png", "-"}},
		{"err-trace-and-picture-stdout.txt", "", []string{"search", "--tree", "aima", "--trace", "text", "--svg", "-"}},
		{"err-compare-algos.txt", "", []string{"compare", "--tree", "aima", "--algos", "alphabeta,minimax:soft"}},
		{"err-tree-gen.txt", "", []string{"tree", "ordered", "--branching", "3", "--depth", "3", "--min", "1", "--max", "5"}},
		{"err-render-missing.txt", "", []string{"render", "/nonexistent/trace.jsonl", "--svg", "x.svg"}},
		{"err-render-nothing.txt", "", []string{"render", "x.jsonl"}},
		// selective search on the built-in trees
		{"sel-nullmove.txt", "", []string{"search", "--tree", "nullmove", "--null-move"}},
		{"sel-zugzwang.txt", "", []string{"compare", "--tree", "zugzwang", "--null-verify", "--algos", "alphabeta,alphabeta+null-move"}},
		{"sel-zugzwang-verify.txt", "", []string{"search", "--tree", "zugzwang", "--null-move", "--null-verify"}},
		{"sel-threat.txt", "", []string{"search", "--tree", "threat", "--null-move", "--null-threat"}},
		{"sel-reductions.txt", "", []string{"search", "--tree", "reductions", "--reductions"}},
		{"sel-futility.txt", "", []string{"search", "--tree", "futility", "--futility"}},
		{"sel-razoring.txt", "", []string{"search", "--tree", "razoring", "--razoring"}},
		{"sel-quiescence.txt", "", []string{"search", "--tree", "quiescence", "--quiescence"}},
		{"sel-extensions.txt", "", []string{"search", "--tree", "extensions", "--extensions"}},
		{"sel-nullmove.jsonl", "", []string{"search", "--tree", "nullmove", "--null-move", "--trace", "json"}},
		{"sel-nullmove.dot", "", []string{"search", "--tree", "nullmove", "--null-move", "--trace", "none", "--dot", "-"}},
		{"sel-all.dot", "", []string{"search", "--tree", "reductions", "--selective", "--trace", "none", "--dot", "-"}},
		{"sel-compare.txt", "", []string{"compare", "--tree", "futility", "--algos", "alphabeta,alphabeta+futility,alphabeta+selective"}},
		{"sel-chess.txt", "", []string{"compare", "--fen", "tactic", "--depth", "2", "--algos", "alphabeta,alphabeta+quiescence,alphabeta+selective"}},
		{"sel-margins.txt", "", []string{"search", "--tree", "futility", "--futility", "--futility-margins", "2,2", "--trace", "none"}},
		{"sel-zugzwang-chess.txt", "", []string{"compare", "--fen", "zugzwang-5", "--depth", "5", "--null-min-ply", "1", "--algos", "alphabeta,alphabeta+null-move"}},
		{"sel-zugzwang-chess-minply.txt", "", []string{"compare", "--fen", "zugzwang-5", "--depth", "5", "--algos", "alphabeta,alphabeta+null-move"}},
		// iterative deepening, windows, the transposition table, ordering
		{"deep-iterative.txt", "", []string{"search", "--tree", "iterative", "--iterative"}},
		{"deep-iterative-summary.txt", "", []string{"search", "--tree", "iterative", "--iterative", "--trace", "none"}},
		{"deep-tt.txt", "", []string{"search", "--tree", "transpositions", "--tt"}},
		{"deep-tt.dot", "", []string{"search", "--tree", "transpositions", "--tt", "--trace", "none", "--dot", "-"}},
		{"deep-tt.jsonl", "", []string{"search", "--tree", "transpositions", "--tt", "--trace", "json"}},
		{"deep-mtdf.txt", "", []string{"search", "--tree", "wikipedia", "--algo", "mtdf", "--tt", "--trace", "text", "--trace-depth", "1"}},
		{"deep-mtdf-guess.txt", "", []string{"search", "--tree", "wikipedia", "--algo", "mtdf", "--guess", "6", "--trace", "none"}},
		{"deep-pvs.txt", "", []string{"search", "--tree", "wikipedia", "--algo", "pvs", "--fail", "soft"}},
		{"deep-aspiration.txt", "", []string{"search", "--fen", "start", "--depth", "4", "--iterative", "--aspiration", "10", "--tt", "--order", "all", "--trace", "none"}},
		{"deep-aspiration.dot", "", []string{"search", "--fen", "tactic", "--depth", "2", "--iterative", "--aspiration", "10", "--trace", "none", "--dot", "-", "--draw-depth", "1"}},
		{"deep-compare.txt", "", []string{"compare", "--fen", "kiwipete", "--depth", "3", "--algos", "alphabeta,alphabeta+order,pvs+tt+order+iterative,mtdf+tt+order+iterative,alphabeta+tt+order+iterative+aspiration"}},
		{"deep-ttt.txt", "", []string{"compare", "--game", "tictactoe", "--algos", "alphabeta,alphabeta+tt,alphabeta+tt+order,pvs+tt+order,mtdf+tt"}},
		{"deep-tree-evals.txt", "", []string{"tree", "random", "--branching", "2", "--depth", "3", "--evals", "--transpositions", "1", "--seed", "4"}},
		{"err-deep-asp.txt", "", []string{"search", "--tree", "iterative", "--aspiration", "2"}},
		{"err-deep-order.txt", "", []string{"search", "--tree", "iterative", "--order", "tt"}},
		{"err-deep-order-name.txt", "", []string{"search", "--tree", "iterative", "--order", "mvv"}},
		{"err-deep-gt.txt", "", []string{"search", "--tree", "iterative", "--algo", "pvs", "--cutoff", "gt"}},
		{"err-deep-noeval.txt", "", []string{"search", "--tree", "aima", "--iterative"}},
		{"err-deep-iteration.txt", "", []string{"search", "--tree", "iterative", "--iterative", "--trace", "none", "--dot", "-", "--iteration", "7"}},
		{"err-deep-ttmb.txt", "", []string{"search", "--tree", "iterative", "--tt-mb", "64"}},
		{"err-deep-guess.txt", "", []string{"search", "--tree", "iterative", "--algo", "mtdf", "--guess", "x"}},
		{"err-deep-minimax-tt.txt", "", []string{"search", "--tree", "iterative", "--algo", "minimax", "--tt"}},
		{"err-sel-algo.txt", "", []string{"search", "--tree", "aima", "--algo", "minimax", "--null-move"}},
		{"err-sel-margin.txt", "", []string{"search", "--tree", "aima", "--futility", "--futility-margins", "0.5,1"}},
		{"err-sel-margin-neg.txt", "", []string{"search", "--tree", "aima", "--razoring", "--razor-margins", "1,-2"}},
		{"err-sel-window.txt", "", []string{"search", "--tree", "aima", "--null-move", "--null-window", "half"}},
		{"err-sel-once.txt", "", []string{"search", "--tree", "aima", "--null-move", "--null-once", "twice"}},
		{"err-sel-threat.txt", "", []string{"search", "--tree", "aima", "--null-threat"}},
		{"err-sel-r.txt", "", []string{"search", "--tree", "aima", "--null-move", "--null-r", "-1"}},
		{"err-sel-spec.txt", "", []string{"compare", "--tree", "aima", "--algos", "alphabeta+nul"}},
		{"err-sel-spec-algo.txt", "", []string{"compare", "--tree", "aima", "--algos", "negamax+quiescence"}},
		// issue 21: reverse futility, internal iterative deepening, the check extension
		{"sel-rfp.txt", "", []string{"search", "--tree", "((3 12 8)[eval=5] (2 4 6)[eval=2] (14 5 2)[eval=6])[eval=5]", "--algo", "pvs+rfp", "--fail", "soft", "--trace", "text"}},
		{"sel-iid.txt", "", []string{"search", "--tree", "((((-4 -1)[eval=-2] (-9 2)[eval=-11])[eval=-5] ((2 -5)[eval=-4] (8 0)[eval=-1])[eval=0])[eval=-6] (((9 -2)[eval=-3] (-7 -1)[eval=-5])[eval=-1] ((6 -4)[eval=-6] (7 9)[eval=8])[eval=5])[eval=-3])[eval=-2]", "--iid", "--trace", "text"}},
		{"sel-check-ext.jsonl", "", []string{"search", "--tree", "extensions", "--check-ext", "--extensions", "--trace", "json"}},
		{"err-sel-iid-reduction.txt", "", []string{"search", "--tree", "aima", "--iid", "--iid-reduction", "0"}},
		{"err-sel-check-ext-plies.txt", "", []string{"search", "--tree", "aima", "--check-ext", "--check-ext-plies", "3"}},
		{"err-sel-iid-noeval.txt", "", []string{"search", "--tree", "(((3 (1 2) 4) (5 6)) 7)", "--iid", "--iid-depth", "3", "--iid-reduction", "1"}},
		{"err-sel-rfp-margins.txt", "", []string{"search", "--tree", "aima", "--rfp", "--rfp-margins", "1,x"}},
		// chess and tic-tac-toe
		{"search-chess-start.txt", "", []string{"search", "--fen", "start", "--depth", "2"}},
		{"search-chess-mate.txt", "", []string{"search", "--fen", "mate-in-2", "--depth", "3", "--trace", "text", "--trace-depth", "1"}},
		{"search-chess-moves-uci.txt", "", []string{"search", "--fen", "start", "--moves", "e4 e5", "--depth", "2", "--notation", "uci", "--eval", "material", "--trace", "none"}},
		{"search-chess-black.jsonl", "", []string{"search", "--fen", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", "--depth", "1", "--trace", "json"}},
		{"search-chess-focus.dot", "", []string{"search", "--fen", "tactic", "--depth", "2", "--trace", "none", "--dot", "-", "--focus", "Nf6+"}},
		{"search-tictactoe.txt", "", []string{"search", "--game", "tictactoe", "--board", "xx./oo./...", "--trace", "text"}},
		{"compare-tictactoe.json", "", []string{"compare", "--game", "tictactoe", "--algos", "minimax,alphabeta", "--json"}},
		{"match-tiny.txt", "", []string{"match", "alphabeta+tt", "alphabeta+tt+order", "--games", "2", "--nodes", "300", "--pgn", "-"}},
		{"positions.txt", "", []string{"positions"}},
		{"perft-start.txt", "", []string{"perft", "--fen", "start", "--depth", "3"}},
		{"perft-divide.json", "", []string{"perft", "--fen", "kiwipete", "--depth", "2", "--divide", "--json"}},
		{"perft-divide.txt", "", []string{"perft", "--fen", "start", "--moves", "e2e4", "--depth", "2", "--divide"}},
		{"err-fen-piece.txt", "", []string{"search", "--fen", "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}},
		{"err-fen-rank.txt", "", []string{"search", "--fen", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}},
		{"err-fen-king.txt", "", []string{"search", "--fen", "8/8/8/8/8/8/8/4K3 w - - 0 1"}},
		{"err-fen-check.txt", "", []string{"search", "--fen", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"}},
		{"err-fen-castling.txt", "", []string{"search", "--fen", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"}},
		{"err-fen-ep.txt", "", []string{"search", "--fen", "4k3/8/8/8/8/8/4P3/4K3 w - e6 0 1"}},
		{"err-fen-name.txt", "", []string{"search", "--fen", "kiwipeet"}},
		{"err-moves.txt", "", []string{"search", "--fen", "start", "--moves", "e4 e5 Ke3"}},
		{"err-two-inputs.txt", "", []string{"search", "--fen", "start", "--tree", "aima"}},
		{"err-game.txt", "", []string{"search", "--game", "go"}},
		{"err-board.txt", "", []string{"search", "--game", "tictactoe", "--board", "xxx/oo./..o"}},
		{"err-board-for-tree.txt", "", []string{"search", "--tree", "aima", "--board", "x../.../..."}},
		{"err-eval-for-tree.txt", "", []string{"search", "--tree", "aima", "--eval", "material"}},
		{"err-root-for-chess.txt", "", []string{"search", "--fen", "start", "--root", "min"}},
		{"err-eval.txt", "", []string{"search", "--fen", "start", "--eval", "mobility"}},
		{"err-notation.txt", "", []string{"search", "--fen", "start", "--notation", "lan"}},
		{"err-ttt-depth.txt", "", []string{"search", "--game", "tictactoe", "--depth", "3"}},
		{"err-perft-depth.txt", "", []string{"perft", "--fen", "start", "--depth", "0"}},
		{"err-perft-fen.txt", "", []string{"perft", "--fen", "8/8/8 w - - 0 1", "--depth", "2"}},
		{"err-perft-epd-flags.txt", "", []string{"perft", "--epd", "x.epd", "--depth", "3"}},
		{"err-focus-chess.txt", "", []string{"search", "--fen", "start", "--depth", "2", "--dot", "-", "--focus", "e4 e9"}},
		{"err-render-bad-line.txt", "{\"seq\":0,\"ev\":\"start\",\"node\":0,\"path\":\"\",\"ply\":0,\"depth\":2}\n{\"seq\":1,\"ev\":\"enter\"}\n", []string{"render", "-", "--dot", "-"}},
	})
}

// goldenCase is a command line whose output is compared with a golden file.
type goldenCase struct {
	name  string // the golden file; "err-…" cases must fail as bad input
	stdin string
	args  []string
}

// runGolden runs each case and compares all it prints with its golden file.
// A case named err-… must exit 2 with one line on standard error and nothing
// on standard output; any other must succeed.
func runGolden(t *testing.T, cases []goldenCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := run(t, c.stdin, c.args...)
			if strings.HasPrefix(c.name, "err-") {
				if r.code != 2 {
					t.Errorf("exit %d, want 2", r.code)
				}
				if n := strings.Count(r.stderr, "\n"); n != 1 || !strings.HasPrefix(r.stderr, "prunescope: ") {
					t.Errorf("stderr is not one line starting with 'prunescope: ': %q", r.stderr)
				}
				if r.stdout != "" {
					t.Errorf("bad input wrote to stdout: %q", r.stdout)
				}
			} else if r.code != 0 {
				t.Errorf("exit %d: %s", r.code, r.stderr)
			}
			golden(t, c.name, "$ prunescope "+strings.Join(quote(c.args), " ")+"\n"+r.String())
		})
	}
}

func quote(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if strings.ContainsAny(a, " ()[]:\"'$") {
			a = "'" + a + "'"
		}
		out[i] = a
	}
	return out
}

// TestRenderRedrawsSavedTrace: drawing a saved JSON Lines trace gives exactly
// the DOT the search itself drew, for every algorithm and convention.
func TestRenderRedrawsSavedTrace(t *testing.T) {
	for _, args := range [][]string{
		{"--tree", "wikipedia"},
		{"--tree", "wikipedia", "--fail", "soft", "--cutoff", "gt"},
		{"--tree", "aima", "--algo", "branch-bound"},
		{"--tree", "((3 -3.01 8) (2 4.5 6))[min]", "--algo", "minimax"},
		{"--tree", "((3 4)[eval=2] (5 6)[eval=7])", "--depth", "1", "--view", "negamax"},
	} {
		direct := run(t, "", append([]string{"search", "--trace", "none", "--dot", "-"}, args...)...)
		saved := run(t, "", append([]string{"search", "--trace", "json"}, args...)...)
		view := []string{}
		if args[len(args)-1] == "negamax" {
			view = []string{"--view", "negamax"}
		}
		redrawn := run(t, saved.stdout, append([]string{"render", "-", "--dot", "-"}, view...)...)
		if direct.code != 0 || saved.code != 0 || redrawn.code != 0 {
			t.Fatalf("%v: exits %d %d %d: %s %s", args, direct.code, saved.code, redrawn.code, direct.stderr, redrawn.stderr)
		}
		// The direct run prints the summary before the DOT text.
		dot := direct.stdout[strings.Index(direct.stdout, "digraph"):]
		if dot != redrawn.stdout {
			t.Errorf("%v: render drew something else than search:\n%s\n---\n%s", args, dot, redrawn.stdout)
		}
	}
}

// TestRenderStartOnlyTrace: a trace that holds only its start event (a
// search stopped at once) is refused with one line that says what is wrong
// with the trace, naming it, for every kind of picture; it blamed --focus,
// which was not given. A --focus that matches nothing is still blamed.
func TestRenderStartOnlyTrace(t *testing.T) {
	saved := run(t, "", "search", "--tree", "aima", "--trace", "json")
	start, _, _ := strings.Cut(saved.stdout, "\n")
	dir := t.TempDir()
	file := filepath.Join(dir, "start.jsonl")
	if err := os.WriteFile(file, []byte(start+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{"--svg", "--png", "--dot", "--tikz", "--overview"} {
		r := run(t, "", "render", file, out, filepath.Join(dir, "x"))
		refused(t, "render "+out, r, "prunescope: "+file+": the trace has no search in it", "no node was entered")
		if strings.Contains(r.stderr, "--focus") {
			t.Errorf("render %s blames --focus: %s", out, r.stderr)
		}
	}
	r := run(t, saved.stdout, "render", "-", "--svg", filepath.Join(dir, "x.svg"), "--focus", "9")
	refused(t, "render --focus 9", r, "prunescope: --focus: ", `"9"`)
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files left beside the trace: %v", entries)
	}
}

// TestFilesWrittenWhole: outputs appear only when complete, and a failed run
// leaves no file behind.
func TestFilesWrittenWhole(t *testing.T) {
	dir := t.TempDir()
	trace := filepath.Join(dir, "t.jsonl")
	svg := filepath.Join(dir, "t.svg")
	r := run(t, "", "search", "--tree", "wikipedia", "--trace", "json", "--trace-out", trace, "--svg", svg)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	data, err := os.ReadFile(trace)
	if err != nil || !strings.HasSuffix(strings.TrimSpace(string(data)), "}") || !strings.Contains(string(data), `"ev":"done"`) {
		t.Errorf("trace file incomplete: %v", err)
	}
	if img, err := os.ReadFile(svg); err != nil || !strings.Contains(string(img), "</svg>") {
		t.Errorf("svg incomplete: %v", err)
	}
	if !strings.Contains(r.stdout, "value 6 · best move 2") {
		t.Errorf("summary missing from stdout: %q", r.stdout)
	}
	// A search that fails (no eval at the depth limit) writes nothing.
	bad := filepath.Join(dir, "bad.jsonl")
	r = run(t, "", "search", "--tree", "((1 2) (3 4))", "--depth", "1", "--trace", "json", "--trace-out", bad)
	if r.code != 2 {
		t.Errorf("exit %d, want 2", r.code)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), "bad") || strings.HasPrefix(e.Name(), ".ps-") {
			t.Errorf("left behind %s", e.Name())
		}
	}
}

func TestHelpAndCompletion(t *testing.T) {
	r := run(t, "", "--help")
	for _, want := range []string{"Searching:", "search", "compare", "Trees, positions and games:", "tree", "positions", "perft", "Drawing:", "render", "Examples:", "--color"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("help lacks %q:\n%s", want, r.stdout)
		}
	}
	for _, c := range [][]string{{"search"}, {"compare"}, {"tree"}, {"tree", "random"}, {"tree", "show"}, {"tree", "list"}, {"positions"}, {"perft"}, {"render"}, {"version"}, {"completion"}, {"match"}} {
		r := run(t, "", append(c, "--help")...)
		if r.code != 0 || !strings.Contains(r.stdout, "Example") {
			t.Errorf("%v --help: exit %d, no examples:\n%s", c, r.code, r.stdout)
		}
	}
	for _, sh := range []string{"bash", "zsh", "fish", "powershell"} {
		if r := run(t, "", "completion", sh); r.code != 0 || len(r.stdout) < 100 {
			t.Errorf("completion %s: exit %d, %d bytes", sh, r.code, len(r.stdout))
		}
	}
	// A shell it does not complete is refused in one line naming those it
	// does (it printed the help and exited 0); no shell prints the help.
	for _, sh := range []string{"tcsh", "csh", "Bash"} {
		refused(t, "completion "+sh, run(t, "", "completion", sh), "prunescope: completion: ", `"`+sh+`"`, "bash, fish, powershell, zsh")
	}
	if r := run(t, "", "completion"); r.code != 0 || !strings.Contains(r.stdout, "Available Commands") {
		t.Errorf("completion alone: want its help, exit 0: %s", r)
	}
	if r := run(t, "", "--version"); r.code != 0 || !strings.HasPrefix(r.stdout, "prunescope 0.") {
		t.Errorf("--version: %q", r.stdout)
	}
}

func TestColorDecision(t *testing.T) {
	var buf bytes.Buffer
	s := &Streams{Out: &buf, colorMode: "auto"}
	if s.colorOn(&buf) {
		t.Error("colour on for a buffer")
	}
	s.colorMode = "always"
	if !s.colorOn(&buf) {
		t.Error("--color=always ignored")
	}
	s.colorMode = "never"
	if s.colorOn(os.Stdout) {
		t.Error("--color=never ignored")
	}
	t.Setenv("NO_COLOR", "1")
	s.colorMode = "auto"
	if s.colorOn(os.Stdout) {
		t.Error("NO_COLOR ignored")
	}
	if r := run(t, "", "search", "--tree", "aima", "--color", "always"); !strings.Contains(r.stdout, "\x1b[") {
		t.Error("--color=always printed no colour")
	}
	if r := run(t, "", "search", "--tree", "aima"); strings.Contains(r.stdout, "\x1b[") {
		t.Error("colour written to a non-terminal")
	}
}

// TestPerftEPD: every record is checked and reported; a wrong count is a
// mismatch, reported on its line, and the exit code is 1.
func TestPerftEPD(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.epd")
	bad := filepath.Join(dir, "bad.epd")
	os.WriteFile(good, []byte("# two records\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902 ;D5 4865609\n\n4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n"), 0o644)
	os.WriteFile(bad, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n"), 0o644)
	r := run(t, "", "perft", "--epd", good, "--max-nodes", "10000")
	want := good + ":2 ok        D1 20, D2 400, D3 8902 (D5 skipped: over --max-nodes)\n" +
		good + ":4 ok        D1 15, D2 66\n" +
		"2 positions, 5 counts checked, 0 mismatches, 1 skipped (over --max-nodes 10000)\n"
	if r.code != 0 || r.stdout != want {
		t.Errorf("good file: exit %d\n%s\nwant\n%s", r.code, r.stdout, want)
	}
	r = run(t, "", "perft", "--epd", bad)
	if r.code != 1 || !strings.Contains(r.stdout, bad+":1 MISMATCH  D2 expected 401, got 400") || !strings.Contains(r.stderr, "1 perft counts do not match") {
		t.Errorf("bad file: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, "", "perft", "--epd", bad, "--json")
	if r.code != 1 || !strings.Contains(r.stdout, `"mismatches":[{"line":1,"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","depth":2,"expected":401,"got":400}]`) {
		t.Errorf("bad file, JSON: exit %d\n%s", r.code, r.stdout)
	}
	broken := filepath.Join(dir, "broken.epd")
	os.WriteFile(broken, []byte("rnbqkbnr/pppppppp/8 w KQkq - ;D1 20\n"), 0o644)
	if r := run(t, "", "perft", "--epd", broken); r.code != 2 || !strings.HasPrefix(r.stderr, "prunescope: "+broken+":1: epd: fen: pieces") {
		t.Errorf("broken file: exit %d %q", r.code, r.stderr)
	}
}
