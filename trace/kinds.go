package trace

// The table of kinds: everything a sink needs to know about an event kind,
// in one row per kind. Sinks look a kind up here instead of switching on it,
// so a new technique adds its kinds as rows (and their sentences in the
// explain package) and no sink changes.
//
// A few kinds are the skeleton of every search (start, enter, leaf, exit,
// cutoff, iter, done): sinks that rebuild the tree handle those by name.
// Every other kind is told, drawn and counted from its row alone.

// Kind names an event. The names are part of the JSON Lines contract: new kinds
// may be added, existing ones are never renamed.
type Kind uint8

// The event kinds, in the order they are listed in the JSON Lines contract.
const (
	Start      Kind = iota // first event of a run: conventions and input (an extension of the contract)
	Enter                  // a position is entered (every visit counts)
	Leaf                   // a static or terminal value is used
	Exit                   // a node is left with its value and bound type
	Cutoff                 // the remaining moves of a node are not searched
	NullTry                // a null move is tried, or considered and skipped (Detail says why)
	NullPrune              // the null move reached beta: the node is pruned
	NullFail               // the null move did not reach beta: the node is searched normally
	Reduce                 // a move is searched with less depth
	Extend                 // a move is searched with more depth
	Research               // a move is searched again with a wider window or full depth
	Futility               // a move is skipped by futility pruning
	Razor                  // a node is cut short by razoring
	QSEnter                // quiescence search starts at the horizon
	StandPat               // the side to move declines to capture
	TTProbe                // the transposition table is probed
	TTHit                  // the probe found an entry
	TTStore                // an entry is written
	Iter                   // an iteration of iterative deepening finished
	Window                 // an aspiration or MTD(f) window pass
	Done                   // last event: the run's summary
	NullSkip               // a null move was possible but a condition blocked it (Reason names it)
	Threat                 // the outcome of a threat test: Reason "threat" or "no threat"
	NullVerify             // the null move reached beta and is verified by a shallower ordinary search
	ChanceCut              // Star1/Star2: a chance node\'s possible values lie beyond its window
	LatePrune              // late move pruning: a quiet move past the node's move count is not searched
	// Issue 21: reverse futility, internal iterative deepening.
	RFP      // reverse futility (static null move): a node's static eval - margin reaches beta, its moves are not searched
	IID      // internal iterative deepening: a node is searched shallower first, to find the move to try first
	IIDDone  // the shallower search is done: the node is searched at full depth, the move found (Detail) first
	Evasions // a quiescence node in check: no stand pat, every legal move (Detail lists them) is searched
	NumKinds // number of kinds; not a kind
)

// String returns the contract name of the kind, e.g. "null_prune".
func (k Kind) String() string {
	if k < NumKinds {
		return specs[k].Name
	}
	return "unknown"
}

// CountedKinds lists the kinds whose counts the done event carries, in
// contract order: every kind the table of kinds marks counted.
func CountedKinds() []Kind {
	out := make([]Kind, 0, NumKinds)
	for k := Kind(0); k < NumKinds; k++ {
		if specs[k].Counted {
			out = append(out, k)
		}
	}
	return out
}

// ParseKind returns the kind with the given contract name.
func ParseKind(name string) (Kind, bool) {
	for k := Kind(0); k < NumKinds; k++ {
		if specs[k].Name == name {
			return k, true
		}
	}
	return 0, false
}

// Spec is a row of the table of kinds.
type Spec struct {
	// Name is the kind's name in the JSON Lines contract, e.g. "null_prune".
	Name string
	// Counted: the done event carries a count of events of this kind.
	Counted bool
	// Tally is how the summary line names the count ("" when the line
	// leaves it out, as it does for enter, leaf and exit, which it counts
	// as nodes and leaves); Tallies is the plural. Always: the count is
	// shown even when it is 0.
	Tally, Tallies string
	Always         bool
	// Column is the title of the count's column in the comparison table of
	// searches, shown when the kind happened in any of them ("" for none);
	// ColumnAt orders the columns.
	Column   string
	ColumnAt int
	// Reasons are the values its Reason field takes, as constants, besides
	// "" (none: the kind carries no reason). FreeReason: its Reason may
	// also be words of the engine's own, matched by no sink (reduce's rule,
	// tt_hit's "no cut: …"), as traces already written carry them.
	Reasons    []string
	FreeReason bool
	// About is the node the event is about, as a reader of a trace checks
	// it.
	About About
	// Tone is how a sink that writes the event's sentence on a line of its
	// own colours it.
	Tone Tone
	// Cuts: the event cuts or prunes the search at its node; CutReason,
	// when set, limits that to the events with this reason.
	Cuts      bool
	CutReason string
	// Silent: a step-through player takes the event with the step before it,
	// as it changes nothing a person sees.
	Silent bool
	// Restarts: the event, without a move, means its node is searched
	// again from scratch: the best value so far is forgotten.
	Restarts bool
	// Depths: the event changes a search depth, of the child entered next
	// when it names a move, else of its node.
	Depths bool
	// Ref is the event's part in naming table entries by the node that
	// stored them (see RefNames).
	Ref RefRole
	// Say names the sentence the explain package tells the event with.
	Say SentenceID
}

// About is the node an event is about.
type About uint8

const (
	AboutOpen    About = iota // the innermost open node (the default)
	AboutNone                 // no node: start
	AboutNew                  // the node the event opens, a child of the innermost open one: enter
	AboutClosing              // the innermost open node, which the event closes: exit
	AboutStored               // the node that exited last: tt_store
	AboutRoot                 // the root visited last: iter, window, done
)

// Tone is the colour class of a line that tells an event.
type Tone uint8

const (
	ToneNote Tone = iota // a technique or the table at work
	ToneCut              // a cut or a prune
	ToneLeaf             // a value used as it is
)

// RefRole is an event's part in naming table entries.
type RefRole uint8

const (
	RefNone  RefRole = iota
	RefStore         // the event's node stored an entry
	RefUse           // the event names the entry's node (Event.Ref)
)

// SentenceID names a sentence of the explain package that tells an event as
// it happens. SayNone: the event is told with its context (enter, leaf,
// exit, iter, done) or not at all.
type SentenceID uint8

const (
	SayNone SentenceID = iota
	SayCutoff
	SayNullTry
	SayNullSkip
	SayNullPrune
	SayNullFail
	SayNullVerify
	SayThreat
	SayReduce
	SayExtend
	SayFutility
	SayRazor
	SayQuiescence
	SayStandPat
	SayResearch
	SayTTHit
	SayWindow
	SayChanceCut
	SayLatePrune
	SayRFP // issue 21
	SayIID
	SayIIDDone
	SayEvasions
	NumSentences // number of sentence ids; not one
)

// specs is the table of kinds, in contract order.
var specs = [NumKinds]Spec{
	Start: {Name: "start", About: AboutNone, Silent: true},
	Enter: {Name: "enter", Counted: true, About: AboutNew, Reasons: []string{ReasonQS, ReasonProbe}},
	Leaf:  {Name: "leaf", Counted: true, Reasons: []string{ReasonTerminal, ReasonStatic, ReasonNoMoves}},
	Exit:  {Name: "exit", Counted: true, About: AboutClosing, Reasons: []string{ReasonProbe}},
	Cutoff: {Name: "cutoff", Counted: true, Tally: "cutoff", Tallies: "cutoffs", Always: true,
		Reasons: []string{ReasonBeta, ReasonAlpha}, Tone: ToneCut, Cuts: true, Say: SayCutoff},
	NullTry: {Name: "null_try", Counted: true, Tally: "null try", Tallies: "null try",
		Reasons: []string{ReasonThreat}, Say: SayNullTry},
	NullPrune: {Name: "null_prune", Counted: true, Tally: "null prune", Tallies: "null prune",
		Column: "null prunes", ColumnAt: 1, Tone: ToneCut, Cuts: true, Say: SayNullPrune},
	NullFail: {Name: "null_fail", Counted: true, Tally: "null fail", Tallies: "null fail",
		Say: SayNullFail},
	Reduce: {Name: "reduce", Counted: true, Tally: "reduce", Tallies: "reduce",
		Column: "reduced", ColumnAt: 2, Depths: true, FreeReason: true, Say: SayReduce},
	Extend: {Name: "extend", Counted: true, Tally: "extend", Tallies: "extend",
		Column: "extended", ColumnAt: 3, Depths: true, Say: SayExtend,
		Reasons: []string{ReasonExtendCheck, ReasonExtendRecapture, ReasonExtendPromotion, ReasonExtendSeventh, ReasonExtendCheckKept, ReasonThreat}},
	Research: {Name: "research", Counted: true, Tally: "research", Tallies: "research",
		Column: "re-searches", ColumnAt: 7, Restarts: true, Say: SayResearch,
		Reasons: []string{ReasonPVS, ReasonAspiration, ReasonVerifyFail, ReasonLMR}},
	Futility: {Name: "futility", Counted: true, Tally: "futility", Tallies: "futility",
		Column: "futile", ColumnAt: 4, Tone: ToneCut, Cuts: true, Say: SayFutility},
	Razor: {Name: "razor", Counted: true, Tally: "razor", Tallies: "razor",
		Column: "razored", ColumnAt: 5, Tone: ToneCut, Cuts: true, Say: SayRazor},
	QSEnter: {Name: "qs_enter", Counted: true, Tally: "qs enter", Tallies: "qs enter",
		Say: SayQuiescence},
	StandPat: {Name: "stand_pat", Counted: true, Tally: "stand pat", Tallies: "stand pat",
		Column: "stand pats", ColumnAt: 6, Reasons: []string{ReasonStandCut}, Tone: ToneLeaf,
		Cuts: true, CutReason: ReasonStandCut, Say: SayStandPat},
	TTProbe: {Name: "tt_probe", Counted: true, Tally: "tt probe", Tallies: "tt probe", Silent: true},
	TTHit: {Name: "tt_hit", Counted: true, Tally: "tt hit", Tallies: "tt hit", Reasons: []string{ReasonTTCut}, FreeReason: true,
		Cuts: true, CutReason: ReasonTTCut, Ref: RefUse, Say: SayTTHit},
	TTStore: {Name: "tt_store", Counted: true, Tally: "tt store", Tallies: "tt store", About: AboutStored,
		Silent: true, Ref: RefStore},
	Iter: {Name: "iter", Counted: true, Tally: "iter", Tallies: "iter", About: AboutRoot},
	Window: {Name: "window", Counted: true, Tally: "window", Tallies: "window", About: AboutRoot,
		Reasons: []string{ReasonAspiration, ReasonMTDF}, Say: SayWindow},
	Done: {Name: "done", About: AboutRoot},
	NullSkip: {Name: "null_skip", Counted: true, Tally: "null skip", Tallies: "null skip", Say: SayNullSkip,
		Reasons: []string{ReasonNullVerifying, ReasonNullFirstPlies, ReasonNullInCheck, ReasonNullCapture, ReasonNullExtended,
			ReasonNullOnce, ReasonNullTwice, ReasonNullPawns, ReasonNullInfinite, ReasonNullEval}},
	Threat: {Name: "threat", Counted: true, Tally: "threat", Tallies: "threat", Reasons: []string{ReasonThreat, ReasonNoThreat},
		Say: SayThreat},
	NullVerify: {Name: "null_verify", Counted: true, Tally: "null verify", Tallies: "null verify",
		Say: SayNullVerify},
	ChanceCut: {Name: "chance_cut", Counted: true, Tally: "chance cut", Tallies: "chance cuts",
		Column: "chance cuts", ColumnAt: 8, Tone: ToneCut, Cuts: true, Say: SayChanceCut,
		Reasons: []string{ReasonBeta, ReasonAlpha, ReasonProbeBeta, ReasonProbeAlpha}},
	LatePrune: {Name: "lmp", Counted: true, Tally: "late move prune", Tallies: "late move prunes",
		Column: "late pruned", ColumnAt: 9, Tone: ToneCut, Cuts: true, Say: SayLatePrune,
		Reasons: []string{ReasonLMPCount}},
	// Issue 21.
	RFP: {Name: "rfp", Counted: true, Tally: "rfp", Tallies: "rfp",
		Column: "rfp", ColumnAt: 10, Tone: ToneCut, Cuts: true, Say: SayRFP},
	IID: {Name: "iid", Counted: true, Tally: "iid", Tallies: "iid",
		Column: "iid", ColumnAt: 11, Say: SayIID},
	IIDDone: {Name: "iid_done", Counted: true, Tally: "iid done", Tallies: "iid done",
		Restarts: true, Say: SayIIDDone},
	Evasions: {Name: "evasions", Counted: true, Tally: "quiescence node in check", Tallies: "quiescence nodes in check",
		Column: "qs in check", ColumnAt: 12, Say: SayEvasions},
}

// Spec returns the kind's row of the table of kinds (an empty row for a
// kind out of range). The row is the table's own, shared by every caller:
// read it, never change it. (A pointer, not a copy: sinks look a row up for
// every event, and copying a row costs more than writing a JSON field.)
func (k Kind) Spec() *Spec {
	if k < NumKinds {
		return &specs[k]
	}
	return &noSpec
}

// noSpec is the row of a kind out of range.
var noSpec Spec

// Reasoned reports whether reason is one an event of this kind may carry:
// "", one of its Reasons, or any words when its reason is free.
func (s *Spec) Reasoned(reason string) bool {
	if reason == "" || s.FreeReason {
		return true
	}
	for _, r := range s.Reasons {
		if r == reason {
			return true
		}
	}
	return false
}

// CutsAt reports whether e, an event of this kind, cuts or prunes the search
// at its node.
func (s *Spec) CutsAt(e *Event) bool {
	return s.Cuts && (s.CutReason == "" || e.Reason == s.CutReason)
}

// Columns returns the kinds that have a column in the comparison table, in
// the order of the columns.
func Columns() []Kind {
	var out []Kind
	for at := 1; ; at++ {
		found := false
		for k := Kind(0); k < NumKinds; k++ {
			if specs[k].Column != "" && specs[k].ColumnAt == at {
				out, found = append(out, k), true
			}
		}
		if !found {
			return out
		}
	}
}
