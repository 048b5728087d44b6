//go:build unix && !linux

package render

import (
	"os"
	"os/exec"
	"syscall"
)

// inputFile is a file that holds data, read from its start, removed as
// soon as it is made.
func inputFile(data []byte) (*os.File, error) { return unnamedTemp(data) }

// detach puts the child in a process group of its own.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }
