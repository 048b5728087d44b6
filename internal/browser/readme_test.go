package browser

import (
	"bytes"
	"context"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

var readmeShots = flag.Bool("browser.readme", false, "draw the README's screenshots of the page anew (docs/images/page-*.png)")

// readmeShot is a screenshot of the page in the README: the command that
// writes the page, as the README gives it, the step shown and the screen.
type readmeShot struct {
	image string
	args  []string
	step  string // the address's fragment: step=N, or a=N&b=M on diff's page
	w, h  int64
	pair  bool
}

var readmeShotList = []readmeShot{
	{"page-aima.png", []string{"search", "--tree", "aima"}, "step=9", 1920, 1080, false},
	{"page-wikipedia-1024.png", []string{"search", "--tree", "wikipedia"}, "step=27", 1024, 768, false},
	{"page-star2-1024.png", []string{"search", "--algo", "star2", "--bounds", "-2,2", "--tree", "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])"}, "step=16", 1024, 768, false},
	{"page-chess.png", []string{"search", "--fen", "tactic", "--depth", "4", "--order", "captures,killers,history", "--null-move", "--null-min-ply", "1"}, "step=102", 1024, 768, false},
	{"page-diff-1024.png", []string{"diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia"}, "diff=3", 1024, 768, true},
}

// TestREADMEScreenshots: the README's pictures of the page are these
// commands' pages at these steps and screens (with -browser.readme they
// are drawn anew, by Chromium, from the pages the commands write): each is
// in the README with its command, and each image is the size of its
// screen.
func TestREADMEScreenshots(t *testing.T) {
	skipShort(t)
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range readmeShotList {
		t.Run(s.image, func(t *testing.T) {
			path := filepath.Join("..", "..", "docs", "images", s.image)
			if !bytes.Contains(readme, []byte("docs/images/"+s.image)) {
				t.Errorf("the README does not show %s", s.image)
			}
			if *readmeShots {
				parallel(t)
				file := filepath.Join(t.TempDir(), "page.html")
				prunescope(t, append(s.args, "--html", file)...)
				tab := newTab(t)
				timed(t, tab, chromedp.EmulateViewport(s.w, s.h))
				url := fileURL(file) + "#" + s.step
				if s.pair {
					openPair(t, tab, url)
				} else {
					open(t, tab, url)
				}
				waitFor(t, tab, `document.fonts.status === "loaded"`, "the page's fonts")
				settle(t, tab)
				shot := timed(t, tab, chromedp.CaptureScreenshot())
				if err := os.WriteFile(path, shot, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatalf("%v (draw it with go test ./internal/browser -run TestREADMEScreenshots -browser.readme)", err)
			}
			defer f.Close()
			c, err := png.DecodeConfig(f)
			if err != nil {
				t.Fatal(err)
			}
			if int64(c.Width) != s.w || int64(c.Height) != s.h {
				t.Errorf("%s is %d×%d, its screen %d×%d", s.image, c.Width, c.Height, s.w, s.h)
			}
			if cmd := strings.Join(s.args[1:3], " "); !bytes.Contains(readme, []byte(cmd)) {
				t.Errorf("the README does not give the command of %s (%s …)", s.image, cmd)
			}
		})
	}
}

// settle waits two frames and a little more: what the page draws once a
// frame (the chess neighbourhood, the layout's choice) is drawn, and the
// input events sent before have all been delivered.
func settle(t testing.TB, tab context.Context) {
	t.Helper()
	timed(t, tab, chromedp.Evaluate[bool](`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => r(true), 50))))`, chromedp.EvalAwaitPromise))
}
