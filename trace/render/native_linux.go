package render

import (
	"os"
	"os/exec"
	"syscall"

	"golang.org/x/sys/unix"
)

// inputFile is a file that holds data, read from its start, with no name
// (a memory file): nothing is left of it whatever ends the program.
func inputFile(data []byte) (*os.File, error) {
	fd, err := unix.MemfdCreate("prunescope-dot", unix.MFD_CLOEXEC)
	if err != nil {
		return unnamedTemp(data)
	}
	return fill(os.NewFile(uintptr(fd), "prunescope-dot"), data)
}

// detach puts the child in a process group of its own, and has it killed
// when prunescope ends.
func detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
