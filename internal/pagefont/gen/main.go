// Command gen writes table.go, the metrics of the page's fonts by which the
// lab's WebAssembly engine measures text (pagefont.TableSource). Run from
// internal/pagefont (go generate does).
package main

import (
	"fmt"
	"os"

	"github.com/prunescope/prunescope/internal/pagefont"
)

func main() {
	src, err := pagefont.TableSource()
	if err == nil {
		err = os.WriteFile("table.go", src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
