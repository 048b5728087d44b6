package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestEngineLeavesOut checks that the lab's WebAssembly engine compiles none
// of the packages kept out of it for its size (docs/performance.md, "Lab
// engine size"): package regexp (and its unicode tables), the chess and
// tic-tac-toe engines, the TrueType fonts (text is measured by a table of
// their metrics) and the HTML templates.
func TestEngineLeavesOut(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "../wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 50 {
		t.Fatalf("go list gave %d packages: not the engine's", len(deps))
	}
	for _, p := range deps {
		switch p {
		case "regexp", "regexp/syntax", "text/template", "html/template",
			"github.com/prunescope/prunescope/engine/chess",
			"github.com/prunescope/prunescope/engine/tictactoe",
			"golang.org/x/image/font/gofont/goregular",
			"golang.org/x/image/font/gofont/gobold":
			t.Errorf("the lab's engine compiles %s, left out for its size (docs/performance.md, \"Lab engine size\")", p)
		}
	}
}
