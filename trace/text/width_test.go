package text

import (
	"regexp"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
	"github.com/prunescope/prunescope/internal/wrap"
)

// guides is the tree's guides a line starts with: "│ " once a ply.
var guides = regexp.MustCompile(`^(│ )*`)

// TestWidth: every search of sinktest.Searches, wrapped at several widths
// (plain and coloured), is the unwrapped trace with its long lines broken:
// each continuation keeps the guides of its line and starts under its
// text; no line is wider than the width unless the group it holds cannot
// break; no window, number or bound is cut.
func TestWidth(t *testing.T) {
	sgr := regexp.MustCompile("\x1b\\[[0-9;]*m")
	for _, s := range sinktest.Searches {
		whole := strings.Split(strings.TrimSuffix(string(render(t, s, Plain(), Options{})), "\n"), "\n")
		for _, width := range []int{40, 60, 100} {
			for _, colored := range []bool{false, true} {
				sc := Plain()
				if colored {
					sc = Colored()
				}
				out := string(render(t, s, sc, Options{Width: width}))
				if colored {
					out = sgr.ReplaceAllString(out, "")
				}
				got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
				k := 0
				for _, line := range whole {
					g := guides.FindString(line)
					text := strings.TrimPrefix(line, g)
					cont := "  "
					if strings.HasPrefix(text, "▲ ") || strings.HasPrefix(text, "▼ ") || strings.HasPrefix(text, "◆ ") {
						cont = "│ "
					}
					var pieces []string
					for first := true; ; first = false {
						if k >= len(got) {
							t.Fatalf("%s, width %d: the wrapped trace ends before %q", s.Name, width, line)
						}
						l := got[k]
						pre := g
						if !first {
							pre += cont
						}
						if !strings.HasPrefix(l, pre) {
							t.Fatalf("%s, width %d: line %q does not start with the guides %q of %q", s.Name, width, l, pre, line)
						}
						if wrap.Width(l) > width && wrap.Width(pre)+wrap.MinText < width && strings.Contains(strings.TrimPrefix(l, pre), " ") {
							if !unbreakable(strings.TrimPrefix(l, pre)) {
								t.Errorf("%s, width %d: %q is %d wide", s.Name, width, l, wrap.Width(l))
							}
						}
						pieces = append(pieces, strings.TrimPrefix(l, pre))
						k++
						if strings.Join(strings.Fields(strings.Join(pieces, " ")), " ") == strings.Join(strings.Fields(text), " ") {
							break
						}
						if len(strings.Join(pieces, " ")) > len(text) {
							t.Fatalf("%s, width %d: %q was wrapped into %q", s.Name, width, line, pieces)
						}
					}
					for _, p := range pieces[:len(pieces)-1] { // a line broken after …
						if strings.HasSuffix(p, "(−∞,") || strings.HasSuffix(p, " α") || strings.HasSuffix(p, " β") || strings.HasSuffix(p, " ≤") || strings.HasSuffix(p, " ≥") {
							t.Errorf("%s, width %d: %q cut a window or a bound", s.Name, width, p)
						}
					}
				}
				if k != len(got) {
					t.Errorf("%s, width %d: %d lines more than the trace has", s.Name, width, len(got)-k)
				}
			}
		}
	}
}

// unbreakable reports whether a line's text is one group the wrapper may not
// break (it holds no space it may break at), judged by wrapping it again
// narrower.
func unbreakable(s string) bool {
	return len(wrap.Text(s, wrap.Width(s)-1, wrap.Width(s)-1)) == 1
}

// TestGoldenWidth: the Wikipedia and null-move traces wrapped at 60
// columns, as a reader sees them in a narrow terminal.
func TestGoldenWidth(t *testing.T) {
	for _, s := range []sinktest.Search{
		{Name: "wikipedia-width60", Tree: "wikipedia", Spec: "alphabeta"},
		{Name: "nullmove-width60", Tree: "nullmove", Spec: "alphabeta+null-move"},
	} {
		sinktest.Goldens(t, []sinktest.Search{s}, ".txt", *update, func(t *testing.T, s sinktest.Search) []byte {
			return render(t, s, Plain(), Options{Width: 60})
		})
	}
}
