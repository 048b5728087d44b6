package engine

import (
	"fmt"
	"sync"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// The transposition table (seed 004: "the search tree is really a graph").
//
// The same position is reached by different move orders. The table remembers
// what a search found about a position, by its key: the depth it was searched
// to, its value and what the value is (exact, or a lower or upper bound), and
// its best move. When the position comes again, an entry searched at least as
// deep may answer at once (a TT cutoff), and its best move is tried first (TT
// move ordering): two switches of their own.
//
// Entries: one per slot, the slot chosen by the key's low bits. Replacement:
// an entry for the same position is kept only if it is deeper than the new
// one; any other entry is overwritten by the newest (the position searched now
// is the likeliest to come again). Mate scores are stored relative to the node
// ("mate in 3 from here"), not to the root, and turned back on the way out, so
// an entry means the same wherever in the tree the position comes again.

// TT configures the transposition table.
type TT struct {
	On bool
	MB int // size in megabytes
	// Cutoffs: an entry searched at least as deep ends the node when its
	// value is exact, or a bound that settles the window. (Its best move is
	// searched first when Ordering.TT is on: the other switch.)
	Cutoffs bool
}

var ttTechnique = technique{
	name: "tt", family: IterativeFamily,
	on: func(o *Options) bool { return o.TT.On },
	switchOn: func(o *Options) {
		o.TT.On, o.TT.Cutoffs = true, true
		if o.TT.MB == 0 {
			o.TT.MB = DefaultTTMB
		}
	},
	check: func(o *Options) error {
		switch {
		case o.TT.MB < 0:
			return i18n.Errorf("transposition table size %d MB: must be positive", o.TT.MB)
		case o.TT.MB > MaxTTMB:
			return i18n.Errorf("transposition table size %d MB: must be at most %d", o.TT.MB, MaxTTMB)
		}
		return nil
	},
	describe: func(o *Options, _ func(int64) string) string {
		mb := o.TT.MB
		if mb == 0 {
			mb = DefaultTTMB
		}
		// At most: a game that numbers its positions (a toy tree) gets a
		// slot per position (newTable).
		if !o.TT.Cutoffs {
			return fmt.Sprintf("transposition table (up to %d MB; its entries only order moves, never end a node)", mb)
		}
		return fmt.Sprintf("transposition table (up to %d MB)", mb)
	},
	params: []Param{
		{Name: "tt", Kind: SwitchParam, Usage: "use a transposition table: positions reached again answer from it (cutoffs), its best move goes first with --order tt"},
		{Name: "tt-mb", Kind: IntParam, Int: DefaultTTMB, Usage: fmt.Sprintf("transposition table size in megabytes, 1 to %d (a run then stays within 2 GB of memory)", MaxTTMB)},
		{Name: "tt-cutoffs", Kind: SwitchParam, Bool: true, Usage: "let a table entry searched deep enough end the node (false: the table only orders moves)"},
	},
	apply: func(o *Options, g Given) error {
		if mb := g.Int("tt-mb"); mb < 1 || mb > MaxTTMB {
			return i18n.Errorf("--tt-mb: %d must be between 1 and %d", mb, MaxTTMB)
		}
		if o.TT.On {
			o.TT.MB, o.TT.Cutoffs = g.Int("tt-mb"), g.Bool("tt-cutoffs")
		}
		return nil
	},
}

type ttEntry struct {
	key     uint64
	value   int64
	move    Move
	depth   int16
	gen     uint16 // the table's generation when it was written: the entry is used in that generation only
	bound   score.Bound
	hasMove bool
}

// entrySize is the size of an entry in bytes, for sizing the table.
const entrySize = 32

type table struct {
	entries []ttEntry
	mask    uint64
	seen    uint64 // what touch read
	// gen is the generation of the search using the table: a table is
	// reused by the next search of its size (tables), and entries of
	// earlier generations are empty to it.
	gen uint16
}

// tables keeps the tables of the searches that ended, by number of
// entries, for the next search of the same size. A new search only moves
// the table to the next generation (its old entries are then empty), where
// making it anew would clear its megabytes again (most of a small search's
// time, and a garbage collection for each). A table nobody takes is
// dropped by the garbage collector as any pooled value is.
var tables struct {
	sync.Mutex
	pools map[uint64]*sync.Pool
}

// takeTable returns an empty table of n entries (a power of two).
func takeTable(n uint64) *table {
	tables.Lock()
	p := tables.pools[n]
	if p == nil {
		if tables.pools == nil {
			tables.pools = map[uint64]*sync.Pool{}
		}
		p = &sync.Pool{}
		tables.pools[n] = p
	}
	tables.Unlock()
	t, _ := p.Get().(*table)
	if t == nil {
		return &table{entries: make([]ttEntry, n), mask: n - 1, gen: 1}
	}
	t.renew()
	return t
}

// renew empties the table for another search: the next generation, or,
// after 65,535 of them, the first again with every entry cleared.
func (t *table) renew() {
	t.gen++
	if t.gen == 0 {
		clear(t.entries)
		t.gen = 1
	}
	t.seen = 0
}

// release gives the table back for another search; t is not used again.
func (t *table) release() {
	tables.Lock()
	p := tables.pools[uint64(len(t.entries))]
	tables.Unlock()
	p.Put(t)
}

// newTable returns a table of at most mb megabytes, a power of two entries;
// for a game that numbers its positions densely (Bounded: keys below
// Positions), no more entries than a slot per position, which makes the
// table free of collisions: a toy tree needs kilobytes, not the default
// megabytes, and clearing those would be most of its search's time.
func newTable(mb int, positions int) *table {
	if mb <= 0 {
		mb = DefaultTTMB
	}
	n := uint64(1)
	for n*2*entrySize <= uint64(mb)<<20 && (positions <= 0 || n < uint64(positions)) {
		n *= 2
	}
	return takeTable(n)
}

// touch reads key's slot ahead of its probe, so that the memory is on its
// way while the node does other work first (a slot is seldom in the cache,
// and waiting for it is most of a probe's time).
func (t *table) touch(key uint64) { t.seen += t.entries[key&t.mask].key }

// probe returns the entry for key, if the table holds one.
func (t *table) probe(key uint64) (ttEntry, bool) {
	e := t.entries[key&t.mask]
	return e, e.gen == t.gen && e.key == key
}

// store writes an entry under the replacement rule. It reports whether the
// entry was written.
func (t *table) store(key uint64, depth int, value int64, b score.Bound, m Move, hasMove bool) bool {
	e := &t.entries[key&t.mask]
	if e.gen == t.gen && e.key == key && int(e.depth) > depth {
		return false // keep the deeper result for the same position
	}
	*e = ttEntry{key: key, value: value, move: m, depth: int16(depth), bound: b, hasMove: hasMove, gen: t.gen}
	return true
}

// toTT turns a value relative to the root into one relative to the node at
// ply: mate scores count the distance from the node.
func (s *searcher) toTT(v int64, ply int) int64 {
	switch {
	case s.mate == 0:
		return v
	case v > s.mate-score.MateWindow:
		return v + int64(ply)
	case v < -s.mate+score.MateWindow:
		return v - int64(ply)
	}
	return v
}

// fromTT is the inverse of toTT.
func (s *searcher) fromTT(v int64, ply int) int64 {
	switch {
	case s.mate == 0:
		return v
	case v > s.mate-score.MateWindow:
		return v - int64(ply)
	case v < -s.mate+score.MateWindow:
		return v + int64(ply)
	}
	return v
}

// ttResult is what a probe found: the entry's best move, and whether the
// entry settles the node (a TT cutoff) with its value and bound.
type ttResult struct {
	move    Move
	hasMove bool
	cut     bool
	value   int64
	bound   score.Bound
}

// ttProbe looks the node at ply up.
func (s *searcher) ttProbe(ply, depth int, alpha, beta int64) ttResult {
	key := s.pos.Key()
	traced := s.on(trace.TTProbe)
	if traced {
		e := s.event(trace.TTProbe, ply, depth)
		e.Detail = "key " + hexKey(key)
		s.emit(e)
	}
	e, ok := s.tt.probe(key)
	if !ok {
		return ttResult{}
	}
	v := s.fromTT(e.value, ply)
	cut := false
	why := ""
	switch {
	case !s.opt.TT.Cutoffs:
		why = trace.ReasonTTCutoffsOff
	case ply == 0:
		why = trace.ReasonTTAtRoot
	case int(e.depth) < depth:
		why = trace.ReasonTTShallow
	case e.bound == score.Exact,
		e.bound == score.Lower && v >= beta,
		e.bound == score.Upper && v <= alpha:
		cut = true
	default:
		why = trace.ReasonTTOutside
	}
	if s.on(trace.TTHit) {
		f := s.stack[ply]
		ev := s.event(trace.TTHit, ply, depth)
		ev.Has |= trace.HasValue | trace.HasTo | trace.HasWindow
		ev.Value = view(f.max, v)
		ev.Bound = viewBound(f.max, e.bound)
		ev.To = int(e.depth)
		ev.Alpha, ev.Beta = viewWindow(f.max, alpha, beta)
		if e.hasMove {
			ev.Move = s.pos.MoveLabel(e.move)
		}
		if cut {
			ev.Reason = trace.ReasonTTCut
		} else {
			ev.Reason = trace.ReasonTTNoCut + why
		}
		if id, ok := s.ttNode[key]; ok {
			ev.Has |= trace.HasRef
			ev.Ref = id
		}
		s.emit(ev)
	}
	r := ttResult{move: e.move, hasMove: e.hasMove}
	if cut {
		r.cut, r.value, r.bound = true, v, e.bound
	}
	return r
}

// ttStore writes what the search found about the node at ply.
func (s *searcher) ttStore(ply, depth int, v int64, b score.Bound, best Move, hasBest bool) {
	if b == score.NoBound || depth < 0 {
		return
	}
	key := s.pos.Key()
	if !s.tt.store(key, depth, s.toTT(v, ply), b, best, hasBest) {
		return
	}
	if s.on(trace.TTStore) {
		f := s.stack[ply]
		e := s.event(trace.TTStore, ply, depth)
		e.Has |= trace.HasValue | trace.HasTo
		e.Value = view(f.max, v)
		e.Bound = viewBound(f.max, b)
		e.To = depth
		if hasBest {
			e.Move = s.pos.MoveLabel(best)
		}
		s.emit(e)
		s.ttNode[key] = f.id
	}
}

func hexKey(k uint64) string {
	const digits = "0123456789abcdef"
	var b [18]byte
	b[0], b[1] = '0', 'x'
	for i := 17; i >= 2; i-- {
		b[i] = digits[k&15]
		k >>= 4
	}
	return string(b[:])
}
