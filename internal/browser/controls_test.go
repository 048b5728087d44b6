package browser

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// stepsOf are the step numbers of a page's expected states, in order.
func stepsOf(want []shown) (firstStep, lastStep int) {
	return want[0].Step, want[len(want)-1].Step
}

// The keys and the buttons do the same things: controls names them.
type controls struct {
	name                             string
	next, back, cut, home, end, play func(t testing.TB, tab context.Context) shown
}

func key(k string) func(t testing.TB, tab context.Context) shown {
	return func(t testing.TB, tab context.Context) shown { t.Helper(); return press(t, tab, k) }
}

func button(id string) func(t testing.TB, tab context.Context) shown {
	return func(t testing.TB, tab context.Context) shown {
		t.Helper()
		clickID(t, tab, id)
		return state(t, tab)
	}
}

// TestControls checks the keys and the buttons on the Wikipedia tree: next
// and back move one step, c and the cut button go to the cutoffs the
// terminal stepper lists with --cuts, Home and End to the ends, p plays at
// the speed chosen in the speed list until pressed again.
func TestControls(t *testing.T) {
	parallel(t)
	s := searchNamed(t, "wikipedia")
	w := pageOf(t, s)
	want := expected(t, w)
	cuts := cutSteps(t, s)
	firstStep, lastStep := stepsOf(want)
	for _, c := range []controls{
		{"keys", key(kb.ArrowRight), key(kb.ArrowLeft), key("c"), key(kb.Home), key(kb.End), key("p")},
		{"buttons", button("next"), button("prev"), button("cut"), button("first"), button("last"), button("play")},
	} {
		t.Run(c.name, func(t *testing.T) {
			tab := newTab(t)
			open(t, tab, fileURL(w.html))
			expect := func(what string, got shown, step int) {
				t.Helper()
				if got.Step != step {
					t.Fatalf("%s: at step %d, want %d", what, got.Step, step)
				}
			}
			expect("End", c.end(t, tab), lastStep)
			expect("back from the end", c.back(t, tab), lastStep-1)
			expect("Home", c.home(t, tab), firstStep)
			expect("back at the start", c.back(t, tab), firstStep)
			expect("next", c.next(t, tab), firstStep+1)
			expect("next", c.next(t, tab), firstStep+2)
			expect("back", c.back(t, tab), firstStep+1)
			c.home(t, tab)
			for _, cut := range cuts {
				if cut <= firstStep {
					continue
				}
				expect("next cutoff", c.cut(t, tab), cut)
			}
			// Play at 20 steps a second (the speed list), then pause: the
			// step stays where it is for three times a playing step.
			c.home(t, tab)
			setSpeed(t, tab, "20")
			playing := playUntil(t, tab, c.play, firstStep+3)
			if playing > 500*time.Millisecond {
				t.Errorf("playing at 20 steps a second took %v a step", playing)
			}
			paused := c.play(t, tab)
			time.Sleep(3 * playing)
			expect("paused", state(t, tab), paused.Step)
		})
	}
}

// setSpeed chooses a speed in the speed list, as a user does.
func setSpeed(t testing.TB, tab context.Context, perSecond string) {
	t.Helper()
	timed(t, tab, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.getElementById("speed");
		s.value = %q; s.dispatchEvent(new Event("change", {bubbles: true})); })()`, perSecond)))
	if v := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("speed").value`)); v != perSecond {
		t.Fatalf("the speed list has no %s steps a second (value %q)", perSecond, v)
	}
}

// playUntil starts playing and waits until the page reaches step; it returns
// the time one step took while playing.
func playUntil(t testing.TB, tab context.Context, play func(testing.TB, context.Context) shown, step int) time.Duration {
	t.Helper()
	start := time.Now()
	from := play(t, tab).Step
	waitFor(t, tab, fmt.Sprintf(`window.ps.step() >= %d`, step), fmt.Sprintf("playing from step %d to %d", from, step))
	return time.Since(start) / time.Duration(max(1, step-from))
}

// openLast opens the page of a search in a new tab, and returns the tab and
// the page's last step.
func openLast(t testing.TB, name string) (context.Context, int) {
	t.Helper()
	w := pageOf(t, searchNamed(t, name))
	_, last := stepsOf(expected(t, w))
	tab := newTab(t)
	open(t, tab, fileURL(w.html))
	return tab, last
}

// TestJumpKeys checks that digits and Enter jump to a step.
func TestJumpKeys(t *testing.T) {
	parallel(t)
	tab, lastStep := openLast(t, "wikipedia")
	for _, n := range []int{12, 3, lastStep - 1} {
		if got := press(t, tab, fmt.Sprint(n)+kb.Enter); got.Step != n {
			t.Errorf("%d Enter: at step %d", n, got.Step)
		}
	}
}

// TestScrubber checks that moving the scrubber moves the step, and that the
// scrubber follows the step.
func TestScrubber(t *testing.T) {
	parallel(t)
	tab, lastStep := openLast(t, "wikipedia")
	// As a dragged range input does: set its value, fire input and change.
	timed(t, tab, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("scrub");
		s.value = "20"; s.dispatchEvent(new Event("input", {bubbles: true})); s.dispatchEvent(new Event("change", {bubbles: true})); })()`))
	if got := state(t, tab); got.Step != 20 {
		t.Errorf("scrubber moved to 20: at step %d", got.Step)
	}
	press(t, tab, kb.End)
	if v := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("scrub").value`)); v != fmt.Sprint(lastStep) {
		t.Errorf("at the last step %d the scrubber shows %s", lastStep, v)
	}
}

// TestHelpAndFullScreen checks ? and the help button show the keys, and f and
// the full button switch full screen on and off.
func TestHelpAndFullScreen(t *testing.T) {
	parallel(t)
	w := pageOf(t, searchNamed(t, "aima"))
	tab := newTab(t)
	open(t, tab, fileURL(w.html))
	text := func() string { return timed(t, tab, chromedp.Evaluate[string](`document.body.innerText`)) }
	before := text()
	for _, open := range []func(){
		func() { press(t, tab, "?") },
		func() { clickID(t, tab, "help") },
	} {
		open()
		shown := text()
		for _, k := range []string{"Home", "End", "Enter"} {
			if !strings.Contains(shown, k) || strings.Count(shown, k) <= strings.Count(before, k) {
				t.Errorf("help open: the page does not show the key %s", k)
			}
		}
		press(t, tab, kb.Escape)
		if got := text(); got != before {
			t.Errorf("Escape did not close the help")
		}
	}

	fullScreen := `document.fullscreenElement !== null`
	for _, toggle := range []func(){
		func() { press(t, tab, "f") },
		func() { clickID(t, tab, "full") },
	} {
		toggle()
		waitFor(t, tab, fullScreen, "full screen on")
		toggle()
		waitFor(t, tab, "!("+fullScreen+")", "full screen off")
	}
}

// TestDeepLink checks that #step=N opens the page at step N, showing that
// step, that the fragment follows the step as keys move it, and that a new
// fragment moves the page.
func TestDeepLink(t *testing.T) {
	parallel(t)
	eachPage(t, []string{"wikipedia", "tactic"}, func(t *testing.T, w written) {
		want := expected(t, w)
		at := len(want) / 2
		tab := newTab(t)
		open(t, tab, fileURL(w.html)+fmt.Sprintf("#step=%d", want[at].Step))
		if d := diffShown(state(t, tab), want[at]); len(d) > 0 {
			t.Fatalf("opened at #step=%d:\n\t%s", want[at].Step, strings.Join(first(d, 4), "\n\t"))
		}
		hash := func() string { return timed(t, tab, chromedp.Evaluate[string](`location.hash`)) }
		for _, k := range []string{kb.ArrowRight, kb.ArrowRight, kb.ArrowLeft, kb.Home, kb.End} {
			got := press(t, tab, k)
			if h := hash(); h != fmt.Sprintf("#step=%d", got.Step) {
				t.Errorf("after %s at step %d the fragment is %q", keyName(k), got.Step, h)
			}
		}
		// A link followed in the open page (the fragment changes, the
		// page does not reload) moves it too.
		timed(t, tab, chromedp.Evaluate[chromedp.Void](`location.hash = "#step=5"`))
		waitFor(t, tab, `window.ps.step() === 5`, "the fragment changed to #step=5")
	})
}
