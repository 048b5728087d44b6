package quiz

// Misconception is a named mistake, recognised when an answer is what a
// mistaken search gives.
type Misconception struct {
	ID   string // stable, for graders: tie-pruned, window-not-passed, ...
	Name string // for people
	How  string // how it is recognised
}

// The misconceptions the checker names.
var (
	TiePruned = &Misconception{"tie-pruned", "pruned on a tie under the strict convention",
		"with --cutoff gt, the leaves listed are the ones the same search with --cutoff ge never evaluates"}
	TieNotPruned = &Misconception{"tie-not-pruned", "a tie not pruned under the ≥ convention",
		"with --cutoff ge, the leaves left out are evaluated by the same search with --cutoff gt, and pruned here by a tie"}
	WindowNotPassed = &Misconception{"window-not-passed", "α (or β) not passed to the next sibling",
		"the answer is what the student model gives when one node searches every child with its own window instead of the one its earlier children narrowed"}
	DeepMissed = &Misconception{"deep-cutoff-missed", "a bound not passed down, so a deep cutoff is missed",
		"the leaves left out (or the window) are what branch and bound, whose bound goes one ply down only, gives; the cut is a deep cutoff"}
	BoundAsExact = &Misconception{"bound-as-exact", "a windowed value taken as exact",
		"the node's search returned only a bound, and the answer gives its minimax value, or the bound's number, as exact"}
	FailConfused = &Misconception{"fail-hard-soft", "fail-hard's clamped bound confused with fail-soft's",
		"the answer is what the same search under the other --fail convention gives: a value, a window, or (with --cutoff gt, where fail-hard's clamped values tie the bound) the leaves never evaluated"}
	// CutNode keeps its id "cut-node" for graders; in words it is "the node
	// that cut off", never "the cut node", which the move-ordering lesson
	// uses in Knuth & Moore's sense (PV, cut and all nodes).
	CutNode = &Misconception{"cut-node", "the node that cut off confused with the never-searched subtree",
		"the list names a leaf that was evaluated and caused a cutoff, or the node that cut off, instead of the leaves the cutoff left unevaluated (a subtree never searched may be named by its root: that is its leaves)"}
	DepthOff = &Misconception{"depth-off-by-one", "depth off by one",
		"the answer is what the same search one ply shallower or deeper gives"}
	PrunedMinimax = &Misconception{"pruned-in-minimax", "pruned where minimax searches every leaf",
		"with minimax or negamax, the leaves listed are ones alpha-beta would prune"}
	DeepInBranchBound = &Misconception{"deep-cutoff-in-branch-bound", "a deep cutoff where branch and bound has none",
		"with branch-bound, the answer is what alpha-beta, whose bounds go down the whole line, gives"}
	NothingPruned = &Misconception{"nothing-pruned", "nothing pruned, as in minimax",
		"with alphabeta or branch-bound, the leaves listed are minimax's: none, as if nothing were pruned"}

	ChancePruned = &Misconception{"chance-pruned-without-bounds", "pruning a chance node without value bounds",
		"on a tree with chance nodes, the leaves listed are the ones alpha-beta leaves unevaluated when every chance node is taken for a MIN or MAX node"}
	ChanceAsPlayer = &Misconception{"chance-min-max", "taking min/max at a chance node",
		"on a tree with chance nodes, the value or best move is what minimax gives when every chance node takes its smallest or largest outcome instead of the average"}
	UnweightedAverage = &Misconception{"unweighted-average", "averaging without the probabilities",
		"on a tree whose chance nodes give probabilities, the value or best move is what expectimax gives with every outcome equally likely"}
	SearchedLTR = &Misconception{"searched-left-to-right", "searched left to right anyway",
		"with --order-children rtl, the answer is what the same search gives with the children taken left to right"}
)

// Misconceptions lists every misconception the checker can name.
func Misconceptions() []*Misconception {
	return []*Misconception{TiePruned, TieNotPruned, WindowNotPassed, DeepMissed, BoundAsExact, FailConfused, CutNode, DepthOff, PrunedMinimax, DeepInBranchBound, NothingPruned, ChancePruned, ChanceAsPlayer, UnweightedAverage, SearchedLTR}
}
