package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// The tests that send signals or give the program a real standard output
// run the real binary, built once for all of them.
var testBinary struct {
	once sync.Once
	dir  string
	path string
	err  error
	out  []byte
}

func TestMain(m *testing.M) {
	// The goldens are English, whatever the locale of the machine running
	// the tests: messages in English (LC_MESSAGES; LC_ALL decides first,
	// and keeps its UTF-8 as C.UTF-8).
	if os.Getenv("LC_ALL") != "" {
		os.Setenv("LC_ALL", "C.UTF-8")
	}
	os.Setenv("LC_MESSAGES", "C")
	code := m.Run()
	if testBinary.dir != "" {
		os.RemoveAll(testBinary.dir)
	}
	os.Exit(code)
}

// binary returns the path of prunescope built from this tree.
func binary(t *testing.T) string {
	t.Helper()
	testBinary.once.Do(func() {
		if testBinary.dir, testBinary.err = os.MkdirTemp("", "prunescope-test-bin-"); testBinary.err != nil {
			return
		}
		testBinary.path = filepath.Join(testBinary.dir, "prunescope")
		testBinary.out, testBinary.err = exec.Command("go", "build", "-o", testBinary.path, "./prunescope").CombinedOutput()
	})
	if testBinary.err != nil {
		t.Fatalf("go build: %v\n%s", testBinary.err, testBinary.out)
	}
	return testBinary.path
}
