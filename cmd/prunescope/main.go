// Command prunescope is a command-line lab for game-tree search as chess
// programs do it. See the cmd package for the commands.
package main

import (
	"os"

	"github.com/prunescope/prunescope/cmd"
)

func main() { os.Exit(cmd.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
