package cmd

import (
	"github.com/prunescope/prunescope/internal/i18n"
	"sync"
)

// The cleanup registry holds what must be undone if the program is ended
// by a signal while it works: temporary files and folders being written,
// a terminal in raw mode. Each item is registered when it is made and
// dropped when it is committed or removed in the ordinary way; the signal
// handler in Main (see signals_unix.go) runs what is left, then ends the
// program. Step's temporary trace is not here: it is unlinked as soon as it
// is made, so nothing is left of it even after SIGKILL.
type cleanupRegistry struct {
	mu    sync.Mutex
	next  int
	items map[int]func()
	ended bool // the program is ending: nothing new may start
	// active counts the runs of Main under way: the test suites run
	// several at once in one process, and one run's end must not undo
	// what another is writing.
	active int
}

var cleanups = &cleanupRegistry{items: map[int]func(){}}

// errEnding is what registering anything returns once a signal is ending
// the program.
var errEnding = i18n.Error("the program is ending")

// add registers undo and returns its key, for drop and finish.
func (r *cleanupRegistry) add(undo func()) (int, error) {
	return r.register(func() (func(), error) { return undo, nil })
}

// register runs mk while holding the registry and registers the undo it
// returns, so that no signal comes between making a thing and registering
// its removal.
func (r *cleanupRegistry) register(mk func() (undo func(), err error)) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return 0, errEnding
	}
	undo, err := mk()
	if err != nil {
		return 0, err
	}
	r.next++
	r.items[r.next] = undo
	return r.next, nil
}

// drop forgets the item with key k without running it.
func (r *cleanupRegistry) drop(k int) {
	r.mu.Lock()
	delete(r.items, k)
	r.mu.Unlock()
}

// finish runs do while holding the registry, then drops the item k: a
// rename that gives a temporary file its real name is never cut in two by
// a signal's cleanup. Once the program is ending it returns errEnding
// without running do.
func (r *cleanupRegistry) finish(k int, do func() error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return errEnding
	}
	err := do()
	delete(r.items, k)
	return err
}

// runAll runs every registered item, latest first. With end set the
// program is about to end by a signal: the registry is closed for good, no
// temporary file may be made or renamed into place after this (register
// and finish refuse), while the command winds down.
func (r *cleanupRegistry) runAll(end bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended {
		return
	}
	r.undoAll()
	r.ended = end
}

// begin says a run of Main starts.
func (r *cleanupRegistry) begin() {
	r.mu.Lock()
	r.active++
	r.mu.Unlock()
}

// end says a run of Main has returned: when it was the only one under way,
// whatever is still registered (nothing, when every owner dropped its
// item) is undone, latest first. With other runs under way (in one test
// process) their items are theirs: nothing is touched.
func (r *cleanupRegistry) end() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.active--; r.active == 0 && !r.ended {
		r.undoAll()
	}
}

// undoAll undoes every registered item, latest first; the caller holds mu.
func (r *cleanupRegistry) undoAll() {
	for k := r.next; k > 0; k-- {
		if undo, ok := r.items[k]; ok {
			undo()
			delete(r.items, k)
		}
	}
}
