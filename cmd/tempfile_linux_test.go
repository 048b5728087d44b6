package cmd

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOutputHasNoNameWhileWritten: on Linux an output being written has no
// name in its folder, so that not even SIGKILL leaves a temporary file (a
// killed search left hundreds of megabytes in .NAME.tmp-* files).
func TestOutputHasNoNameWhileWritten(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	cmd := longSearch(bin, filepath.Join(dir, "trace.jsonl"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	waitFor(t, "the trace being written", func() bool { return writingInto(cmd.Process.Pid, dir) })
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("while the trace is written the folder holds %v", ents)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("after SIGKILL the folder holds %v", ents)
	}
}
