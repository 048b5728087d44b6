package lab

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// DumbTerminal reports TERM=dumb: a terminal that takes no escape sequences
// (Emacs's shell, some build logs). It gets no colour (unless --color
// always), no full-screen player and no line erasing.
func DumbTerminal() bool { return os.Getenv("TERM") == "dumb" }

// ClearLine erases a progress line written on a terminal.
func ClearLine(w io.Writer) {
	if DumbTerminal() {
		fmt.Fprint(w, "\r"+strings.Repeat(" ", 79)+"\r")
		return
	}
	fmt.Fprint(w, "\r\x1b[K")
}
