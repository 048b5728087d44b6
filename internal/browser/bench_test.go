package browser

import (
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// BenchmarkPage measures the projector page of a chess search of about
// 5,000 steps (the start position after 1.e4 e5, depth 3: 5,028 steps) in
// headless Chromium, each time from a fresh load:
//
//   - ms/load: from navigating to the file until the load event and a
//     working window.ps;
//   - ms/step: pressing → until the step is painted (the next animation
//     frame has run), the mean of 100 steps from the start;
//   - ms/jump: pressing End at step 101 until the last step is painted;
//   - ms/home: pressing Home at the last step until step 0 is painted;
//   - ms/step-script: the player's script alone, go(n) for the steps 1 to
//     1,000 in a loop inside the page (no painting, no round trip);
//   - kB: the page's size.
//
// The times include the DevTools round trips (about a millisecond each), so
// they bound what a user waits from above.
func BenchmarkPage(b *testing.B) {
	s := search{name: "bench-start-e4e5-d3", args: []string{"--fen", "start", "--moves", "e4 e5", "--depth", "3"}}
	w := pageOf(b, s)
	tab := newTab(b)
	url := fileURL(w.html)
	const steps = 100
	painted := chromedp.Evaluate[chromedp.Void](`new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))`, chromedp.EvalAwaitPromise)
	var load, step, jump, home time.Duration
	var script float64
	n := 0
	for b.Loop() {
		timed(b, tab, chromedp.Navigate("about:blank"))
		t0 := time.Now()
		open(b, tab, url)
		load += time.Since(t0)

		t0 = time.Now()
		for range steps {
			timed(b, tab, chromedp.KeyEvent(kb.ArrowRight))
			timed(b, tab, painted)
		}
		step += time.Since(t0)

		t0 = time.Now()
		timed(b, tab, chromedp.KeyEvent(kb.End))
		timed(b, tab, painted)
		jump += time.Since(t0)

		t0 = time.Now()
		timed(b, tab, chromedp.KeyEvent(kb.Home))
		timed(b, tab, painted)
		home += time.Since(t0)

		script += timed(b, tab, chromedp.Evaluate[float64](`(() => {
			window.ps.go(0);
			const t0 = performance.now();
			for (let i = 1; i <= 1000; i++) window.ps.go(i);
			return (performance.now() - t0) / 1000; })()`))
		n++
	}
	timed(b, tab, chromedp.KeyEvent(kb.End))
	at := timed(b, tab, chromedp.Evaluate[int](`window.ps.state().step`))
	if at < 4000 {
		b.Fatalf("the page ends at step %d, not about 5,000", at)
	}
	ms := func(d time.Duration, per int) float64 { return float64(d.Microseconds()) / 1000 / float64(per) }
	b.ReportMetric(ms(load, n), "ms/load")
	b.ReportMetric(ms(step, n*steps), "ms/step")
	b.ReportMetric(ms(jump, n), "ms/jump")
	b.ReportMetric(ms(home, n), "ms/home")
	b.ReportMetric(script/float64(n), "ms/step-script")
	b.ReportMetric(float64(at), "steps")
	if info, err := os.Stat(w.html); err == nil {
		b.ReportMetric(float64(info.Size())/1000, "kB")
	}
}
