package cmd

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCleanupRegistry checks what the signal handler relies on: a temporary
// output is registered from the moment it exists, is removed by runAll, and
// once the program is ending nothing is renamed into place any more.
func TestCleanupRegistry(t *testing.T) {
	saved := cleanups
	defer func() { cleanups = saved }()
	cleanups = &cleanupRegistry{items: map[int]func(){}}

	dir := t.TempDir()
	a, err := createAtomic(filepath.Join(dir, "a.txt"))
	if err != nil {
		t.Fatal(err)
	}
	a.WriteString("half")
	b, err := createAtomic(filepath.Join(dir, "b.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	if len(cleanups.items) != 1 {
		t.Errorf("%d items registered, want 1 (a committed file is dropped)", len(cleanups.items))
	}
	cleanups.runAll(false)
	if left := leftovers(t, dir); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
	if _, err := os.Stat(filepath.Join(dir, "b.txt")); err != nil {
		t.Errorf("the committed file went: %v", err)
	}

	// Ending: a file made before is not renamed into place after.
	c, err := createAtomic(filepath.Join(dir, "c.txt"))
	if err != nil {
		t.Fatal(err)
	}
	cleanups.ended = true
	if err := c.Commit(); err == nil {
		t.Error("a file was committed while the program was ending")
	}
	if _, err := os.Stat(filepath.Join(dir, "c.txt")); err == nil {
		t.Error("c.txt exists")
	}
	if _, err := createAtomic(filepath.Join(dir, "d.txt")); err == nil {
		t.Error("a temporary file was made while the program was ending")
	}
	if left := leftovers(t, dir); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// TestCleanupRunsDoNotUndoEachOther: in one process (the test suites run
// cmd.Main side by side) a run that ends undoes nothing another run under
// way has registered; the last run to end undoes what is left.
func TestCleanupRunsDoNotUndoEachOther(t *testing.T) {
	r := &cleanupRegistry{items: map[int]func(){}}
	undone := 0
	r.begin()                                             // run A
	r.begin()                                             // run B
	if _, err := r.add(func() { undone++ }); err != nil { // B's temporary file
		t.Fatal(err)
	}
	r.end() // A returns
	if undone != 0 {
		t.Fatalf("run A's end undid run B's item")
	}
	r.end() // B returns without dropping its item
	if undone != 1 {
		t.Fatalf("the last run's end undid %d items, want 1", undone)
	}
}
