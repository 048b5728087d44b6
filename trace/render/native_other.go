//go:build !unix

package render

import (
	"os"
	"os/exec"
)

// inputFile: none here (a file cannot lose its name while open); dot reads
// a pipe.
func inputFile([]byte) (*os.File, error) { return nil, nil }

func detach(*exec.Cmd) {}
