package cmd

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"golang.org/x/sys/unix"
)

// unnamedTemp opens a file in dir that has no name (O_TMPFILE) while the
// output is written: whatever ends the program before Commit, SIGKILL and a
// power cut included, leaves nothing behind. It reports false where the
// file system cannot (or /proc, which naming it needs, is not mounted).
func unnamedTemp(dir string) (*os.File, bool) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		return nil, false
	}
	fd, err := unix.Open(dir, unix.O_TMPFILE|unix.O_WRONLY|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, false
	}
	return os.NewFile(uintptr(fd), filepath.Join(dir, "(unnamed)")), true
}

// nameTemp gives the unnamed file f a temporary name in dir, for the rename
// that makes it the output: Linux cannot link a file over an existing name.
func nameTemp(f *os.File, dir string) (string, error) {
	proc := fmt.Sprintf("/proc/self/fd/%d", f.Fd())
	for range 100 {
		name := filepath.Join(dir, strings.Replace(tempPattern, "*", fmt.Sprint(rand.Uint32()), 1))
		err := unix.Linkat(unix.AT_FDCWD, proc, unix.AT_FDCWD, name, unix.AT_SYMLINK_FOLLOW)
		if !errors.Is(err, unix.EEXIST) {
			return name, err
		}
	}
	return "", i18n.Error("no free temporary name")
}
