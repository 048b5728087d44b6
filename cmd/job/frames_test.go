package job

import (
	"strings"
	"testing"
)

// TestFramesIndex: the page lists the frames and their captions, quoted for
// JavaScript, and loads nothing from elsewhere.
func TestFramesIndex(t *testing.T) {
	page := string(FramesIndex([]string{"step-0001.svg", "step-0002.svg"}, []string{`a "cut"`, "b"}))
	for _, want := range []string{`const frames = ["step-0001.svg", "step-0002.svg"];`, `const captions = ["a \"cut\"", "b"];`} {
		if !strings.Contains(page, want) {
			t.Errorf("no %s in the page", want)
		}
	}
	if strings.Contains(page, "http") || strings.Contains(page, "src=\"") {
		t.Error("the page loads something")
	}
}
