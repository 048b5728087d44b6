//go:build !linux

package cmd

import (
	"github.com/prunescope/prunescope/internal/i18n"
	"os"
)

// unnamedTemp: only Linux opens a file without a name (see
// tempfile_linux.go); elsewhere outputs get a named temporary file.
func unnamedTemp(dir string) (*os.File, bool) { return nil, false }

func nameTemp(f *os.File, dir string) (string, error) {
	return "", i18n.Error("unnamed files are not supported here")
}
