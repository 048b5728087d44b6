package browser

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/cmd"
)

// chromiumNames are the commands looked for in PATH, in this order, when
// $PRUNESCOPE_CHROMIUM is unset. Chromium's headless shell comes first:
// the same Blink, V8 and Skia as Chromium, without the browser's own
// windows (toolbar, address bar, tab strip). In Chromium's headless mode
// those are there, unseen, and updated for every page loaded and every
// address a page writes (history.replaceState at every step of a page:
// some 4 ms of CPU each, against under 1 ms in the shell); the browser
// process took about 40 % of the tests' CPU, and the package takes some
// 40 % less CPU in the shell.
var chromiumNames = []string{"chromium-headless-shell", "chrome-headless-shell", "chromium", "chromium-browser", "google-chrome"}

// chromiumPath is the browser to drive, or "" when there is none.
func chromiumPath() string {
	if p := os.Getenv("PRUNESCOPE_CHROMIUM"); p != "" {
		if full, err := exec.LookPath(p); err == nil {
			return full
		}
		return ""
	}
	for _, name := range chromiumNames {
		if full, err := exec.LookPath(name); err == nil {
			return full
		}
	}
	return ""
}

// One browser serves every test of the package: starting Chromium takes
// longer than most tests. It starts on first use and stops in TestMain.
var (
	browserOnce   sync.Once
	browserCtx    context.Context
	browserErr    error
	browserCancel = func() {}
)

// A written page: its file, and the JSON Lines trace of the same search.
type written struct {
	html, trace string
}

// The pages are written once per test binary (a chess page takes a search
// and a Graphviz layout) into pageDir, and shared by the tests.
var (
	pagesMu sync.Mutex
	pages   = map[string]written{}
	pageDir string
)

func TestMain(m *testing.M) {
	code := m.Run()
	tabs.closeAll()
	browserCancel()
	if pageDir != "" {
		os.RemoveAll(pageDir)
	}
	os.Exit(code)
}

// startBrowser starts headless Chromium once, with a profile of its own
// (chromedp makes a temporary user-data-dir and removes it at the end): every
// run is a browser that never saw the pages, their fonts or their cache.
func startBrowser(path string) (context.Context, error) {
	browserOnce.Do(func() {
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.WindowSize(1920, 1080),
			// Text laid out at its exact widths, as Chromium's browser does
			// (the headless shell hints glyphs to whole pixels by default,
			// and its texts are then up to a pixel wider or narrower than
			// the layout measured them: TestLayout).
			chromedp.Flag("font-render-hinting", "none"),
		)
		if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
			// The tests (not the benchmarks, which measure what a reader's
			// browser does) run the lab's engine as V8 first compiles it:
			// each test loads a lab of its own, whose hot functions V8
			// would compile again, optimised, for a few searches — a
			// quarter of the CPU the lab's tests take; and the pages'
			// scripts with V8's baseline compiler only (--max-opt=1), not
			// optimised again for the few hundred steps a test plays —
			// some 5 % of the browser tests' CPU.
			opts = append(opts, chromedp.Flag("js-flags", "--no-wasm-tier-up --no-wasm-dynamic-tiering --max-opt=1"))
		}
		if os.Geteuid() == 0 {
			opts = append(opts, chromedp.NoSandbox) // Chromium refuses to run as root with its sandbox
		}
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelBrowser := chromedp.NewContext(allocCtx)
		browserCancel = func() { cancelBrowser(); cancelAlloc() }
		// The first Do starts the browser in a first tab, which is kept
		// blank: every test opens tabs of its own beside it.
		if err := chromedp.Do(ctx); err != nil {
			browserErr = fmt.Errorf("starting %s: %w", path, err)
			return
		}
		browserCtx = ctx
	})
	return browserCtx, browserErr
}

// newTab gives one test a tab of the shared browser, skipping the test
// with one line when there is no Chromium, or under -short (the quick
// loop). Tabs are kept for the next test when a test ends, blank and with
// the screen it had by default: a new tab costs Chromium half a second of
// CPU, a blank page a twentieth of it. The test works in a context of its
// own under the tab's, so that what it listens to ends with it.
func newTab(t testing.TB) context.Context {
	t.Helper()
	skipShort(t)
	path := chromiumPath()
	if path == "" {
		t.Skip("no Chromium: install chromium or set PRUNESCOPE_CHROMIUM to run the browser tests")
	}
	ctx, err := startBrowser(path)
	if err != nil {
		t.Fatal(err)
	}
	tab := tabs.get()
	if tab == nil {
		if tab, err = openTab(ctx); err != nil {
			t.Fatal(err)
		}
	}
	own, cancel := context.WithCancel(tab.ctx)
	t.Cleanup(func() {
		cancel()
		tabs.put(tab)
	})
	return own
}

// A tab is a tab of the shared browser and what closes it.
type tab struct {
	ctx   context.Context
	close context.CancelFunc
}

// tabs are the tabs no test uses now.
var tabs tabPool

type tabPool struct {
	mu   sync.Mutex
	free []*tab
}

func (p *tabPool) get() *tab {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		tb := p.free[n-1]
		p.free = p.free[:n-1]
		return tb
	}
	return nil
}

// put makes the tab blank again, its screen and media the browser's (less
// motion, not print), its network
// events off, and keeps it; a tab that does not answer is closed.
func (p *tabPool) put(tb *tab) {
	ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
	defer cancel()
	reset := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, emulation.ClearDeviceMetricsOverride, cdp.Empty{}); err != nil {
			return err
		}
		if err := emulateLessMotion(ctx, tg); err != nil { // the screen again, after a test that printed
			return err
		}
		_, err := cdp.Call(ctx, tg, network.Disable, cdp.Empty{})
		return err
	})
	if _, err := chromedp.Run(ctx, chromedp.Navigate("about:blank")); err != nil {
		tb.close()
		return
	}
	if _, err := chromedp.Run(ctx, reset); err != nil {
		tb.close()
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.free = append(p.free, tb)
}

// closeAll closes the tabs kept.
func (p *tabPool) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, tb := range p.free {
		tb.close()
	}
	p.free = nil
}

// lessMotion emulates the screen of a reader who asks for less motion.
var lessMotion = chromedp.Func(emulateLessMotion)

func emulateLessMotion(ctx context.Context, tg *chromedp.Target) error {
	_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}})
	return err
}

// openTab opens a new tab of the browser, which asks for less motion, as a
// reader may ask of the system: the page's fades are off (they would
// repaint the screen for a quarter of a second after every step the tests
// take).
func openTab(browser context.Context) (*tab, error) {
	ctx, cancel := chromedp.NewContext(browser)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		return nil, fmt.Errorf("opening a tab: %v", err)
	}
	if _, err := chromedp.Run(ctx, lessMotion); err != nil {
		cancel()
		return nil, fmt.Errorf("asking for less motion: %v", err)
	}
	// chromedp enables the CSS domain, whose events (every style sheet,
	// every change of one) no test reads: off, Chromium tracks no styles
	// for it, and the browser tests take a tenth less CPU. So are the DOM
	// domain (the tests ask the page by script, never for its nodes), the
	// network's (the one test that reads requests turns it on) and the
	// log's: their events, sent through the browser's process for every
	// change, nobody reads either.
	off := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		for _, off := range []cdp.Command[cdp.Empty, cdp.Empty]{css.Disable, dom.Disable, network.Disable, cdplog.Disable} {
			if _, err := cdp.Call(ctx, tg, off, cdp.Empty{}); err != nil {
				return err
			}
		}
		return nil
	})
	if _, err := chromedp.Run(ctx, off); err != nil {
		cancel()
		return nil, fmt.Errorf("turning off the CSS domain: %v", err)
	}
	return &tab{ctx: ctx, close: cancel}, nil
}

// timed runs f with a deadline, so that a page that hangs fails the test
// instead of the whole run.
func timed[T any](t testing.TB, tab context.Context, a chromedp.Action[T]) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// prunescope runs the command line in-process, as a user types it, and
// returns its standard output; a non-zero exit fails the test.
func prunescope(t testing.TB, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := cmd.Main(args, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("prunescope %s: exit %d: %s", strings.Join(args, " "), code, errOut.String())
	}
	return out.String()
}

// fileURL is the file:// address of a page written by the tests.
func fileURL(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		panic(err)
	}
	return "file://" + filepath.ToSlash(abs)
}
