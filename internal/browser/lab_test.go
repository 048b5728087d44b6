package browser

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/internal/lab"
)

// labResult is what psLab.result() gives of a search, as the tests read it.
type labResult struct {
	Error   string          `json:"error"`
	Tree    string          `json:"tree"`
	Args    []string        `json:"args"`
	Summary []string        `json:"summary"`
	Command string          `json:"command"`
	Data    json.RawMessage `json:"data"`
}

// writeLab writes the lab with prunescope lab and the arguments given.
func writeLab(t testing.TB, args ...string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "lab.html")
	prunescope(t, append([]string{"lab", "--out", file}, args...)...)
	return file
}

// openLab loads the lab and waits for its engine.
func openLab(t testing.TB, tab context.Context, url string) {
	t.Helper()
	open(t, tab, url)
	waitFor(t, tab, `!!(window.psLab && window.psLab.running() && !window.psLab.busy())`, "the lab's engine")
}

// labNow reads the lab's last result.
func labNow(t testing.TB, tab context.Context) labResult {
	t.Helper()
	return timed(t, tab, chromedp.Evaluate[labResult](`window.psLab.result()`))
}

// labSet changes the lab's tree or settings as a script would and waits
// for the search that follows.
func labSet(t testing.TB, tab context.Context, js string) {
	t.Helper()
	timed(t, tab, chromedp.Evaluate[any](`window.psLab.set(`+js+`); 0`))
	waitFor(t, tab, `!window.psLab.busy()`, "the lab's search")
}

// choose sets a control of the page to a value and tells the page, as a
// student's choice does.
func choose(t testing.TB, tab context.Context, id, value string) {
	t.Helper()
	js := `(function () { var e = document.getElementById(` + jsString(id) + `); e.value = ` + jsString(value) + `; e.dispatchEvent(new Event("change")); return 0; })()`
	timed(t, tab, chromedp.Evaluate[int](js))
}

// sameData says whether two steps' data are the same JSON.
func sameData(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return string(ja) == string(jb)
}

// TestLabSearchesAgain opens the lab on the AIMA tree, switches it to
// fail-soft with the settings' control as a student does, and checks the
// page's data, summary and command against the same search made in Go and
// by the command line; then a bad setting shows the command line's error
// and leaves the drawing.
func TestLabSearchesAgain(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	openLab(t, tab, fileURL(writeLab(t, "--tree", "aima")))
	r := labNow(t, tab)
	want := lab.Search(context.Background(), "aima", nil)
	if !sameData(r.Data, want.Data) || r.Tree != want.Tree {
		t.Fatalf("the lab opened on another search than lab.Search's")
	}
	choose(t, tab, "set-fail", "soft")
	waitFor(t, tab, `!window.psLab.busy() && window.psLab.result().args.join(" ") === "--fail soft"`, "the fail-soft search")
	r = labNow(t, tab)
	want = lab.Search(context.Background(), want.Tree, []string{"--fail", "soft"})
	if !sameData(r.Data, want.Data) {
		t.Errorf("fail-soft: the page's steps are not lab.Search's")
	}
	// Which values changed: prunescope diff's lines, its nodes marked.
	waitFor(t, tab, `!document.getElementById("set-changes").hidden`, "what the change changed")
	diffText := strings.TrimRight(prunescope(t, "diff", "alphabeta:hard:ge", "alphabeta:soft:ge", "--tree", want.Tree, "--max-diffs", "30"), "\n")
	if got := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("set-changes").textContent`)); got != diffText {
		t.Errorf("what changed:\n%s\nprunescope diff prints:\n%s", got, diffText)
	}
	marked := timed(t, tab, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#tree g.lab-changed")).map(g => g.getAttribute("data-path")).sort()`))
	if strings.Join(marked, " ") != "2 3" {
		t.Errorf("nodes marked as changed: %q, want 2 and 3", marked)
	}
	cli := strings.Split(strings.TrimSpace(prunescope(t, "search", "--tree", want.Tree, "--fail", "soft", "--trace", "none")), "\n")
	if strings.Join(r.Summary, "\n") != strings.Join(cli, "\n") {
		t.Errorf("summary:\n%s\nthe command line prints:\n%s", strings.Join(r.Summary, "\n"), strings.Join(cli, "\n"))
	}
	labSet(t, tab, `{args: ["--fail", "x"]}`)
	shown := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("lab-error").textContent`))
	if shown != `--fail: unknown fail mode "x" (choose hard, soft or f2)` {
		t.Errorf("bad setting: the page says %q", shown)
	}
	if !sameData(labNow(t, tab).Data, want.Data) {
		t.Errorf("a bad setting replaced the drawing")
	}
}

// TestLabLinks: a teacher's link holds the tree, the settings and the step
// ("this tree, fail-soft, the moment 2.2 is cut"); opening it, in a new tab
// or in the same one, rebuilds that moment. The share tab gives the link,
// the command line that makes the same search, and the picture of the step
// as a standalone SVG.
func TestLabLinks(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	openLab(t, tab, fileURL(writeLab(t, "--tree", "wikipedia")))
	labSet(t, tab, `{args: ["--fail", "soft", "--cutoff", "gt"]}`)
	want := lab.Search(context.Background(), labNow(t, tab).Tree, []string{"--fail", "soft", "--cutoff", "gt"})
	// The step where the first cut happens.
	var d struct {
		Steps []struct {
			X bool `json:"x"`
		} `json:"steps"`
	}
	if err := json.Unmarshal(want.Data, &d); err != nil {
		t.Fatal(err)
	}
	cut := 0
	for i, s := range d.Steps {
		if s.X {
			cut = i + 1
			break
		}
	}
	if cut == 0 {
		t.Fatal("no cut in the search")
	}
	timed(t, tab, chromedp.Evaluate[int](fmt.Sprintf("window.ps.go(%d)", cut)))
	timed(t, tab, chromedp.Evaluate[any](`document.getElementById("tab-share").click(); 0`))
	waitFor(t, tab, `document.getElementById("share-search").value !== "" && document.getElementById("share-link").value === location.href`, "the share tab")
	link := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("share-link").value`))
	if cmdLine := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("share-search").value`)); cmdLine != want.Command {
		t.Errorf("share: command %q, want %q", cmdLine, want.Command)
	}
	caption := state(t, tab).Caption
	svg := timed(t, tab, chromedp.Evaluate[string](`window.psLab.svg()`))
	if *shots != "" {
		if err := os.WriteFile(filepath.Join(*shots, "lab-step.svg"), []byte(svg), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil {
		t.Errorf("the picture is not well-formed SVG: %v", err)
	}
	if hidden := regexp.MustCompile(`class="[^"]*\bps-hidden\b`); hidden.MatchString(svg) || !strings.Contains(svg, ">✂<") {
		t.Errorf("the picture holds hidden shapes or no cut mark")
	}
	// The link in another tab: the same search, at the same step.
	other := newTab(t)
	openLab(t, other, link)
	r := labNow(t, other)
	if !sameData(r.Data, want.Data) || strings.Join(r.Args, " ") != "--fail soft --cutoff gt" {
		t.Errorf("the link opens another search: %q", r.Args)
	}
	if s := state(t, other); s.Step != cut || s.Caption != caption {
		t.Errorf("the link opens step %d %q, want %d %q", s.Step, s.Caption, cut, caption)
	}
	// A link typed into the same tab: another tree, searched at once, its
	// spaces written +, a plus %2B (a spec's techniques, a leaf's sign).
	// It is typed just after a step, while the page is busy: the step's
	// address, written once the steps pause, falls due before the link is
	// read, and must not write over it.
	timed(t, other, chromedp.Evaluate[any](`window.ps.go(1); setTimeout(function () { var t0 = performance.now(); while (performance.now() - t0 < 120) {} }, 0); 0`))
	timed(t, other, chromedp.Evaluate[any](`location.hash = "#t=((%2B3+12+8)+(2+4+6)+(14+5+2))&a=--algo+alphabeta%2Btt&step=3"; 0`))
	waitFor(t, other, `!window.psLab.busy() && window.psLab.result().tree === "((3 12 8) (2 4 6) (14 5 2))" && window.ps.step() === 3`, "the typed link's search")
	if got := timed(t, other, chromedp.Evaluate[[]string](`window.psLab.state().args`)); strings.Join(got, " ") != "--algo alphabeta+tt" {
		t.Errorf("the typed link's settings: %q", got)
	}
}

// labPanelJS measures the lab's side panel: its box, whether its content
// scrolls sideways, the smallest font of its texts and controls, and the
// tabs that do not fit in it.
const labPanelJS = `(() => {
	const side = document.getElementById("side"), panels = document.getElementById("panels");
	const b = side.getBoundingClientRect();
	let small = 0, where = "";
	for (const e of side.querySelectorAll("label, p, h3, button, select, input, textarea, summary")) {
		const r = e.getBoundingClientRect();
		if (r.width === 0 || r.height === 0) continue;
		const f = parseFloat(getComputedStyle(e).fontSize);
		if (small === 0 || f < small) { small = f; where = e.tagName + " " + (e.id || e.textContent.slice(0, 20)); }
	}
	const out = [];
	for (const t of document.querySelectorAll("#tabs button")) {
		const r = t.getBoundingClientRect();
		if (r.left < b.left - 1 || r.right > b.right + 1) out.push(t.textContent);
	}
	return {X: b.x, Y: b.y, W: b.width, H: b.height, Sideways: panels.scrollWidth > panels.clientWidth + 1,
		Font: small, Smallest: where, TabsOut: out};
})()`

type labPanel struct {
	X, Y, W, H float64
	Sideways   bool
	Font       float64
	Smallest   string
	TabsOut    []string
}

// TestLabLayout opens the lab on the AIMA tree at the projector sizes, at
// the step of its first cut with each tab shown (at 1024×768, where room
// is tightest; the first two at the larger sizes), and checks that nothing
// scrolls, the tree fills most of the room the side panel, the caption and
// the controls leave (as TestLayout checks the page), its values and
// windows are at least 18 and 15 px on the screen, and the side panel holds
// its tabs and controls without scrolling sideways, in type of 13 px or
// more. With -browser.shots DIR the screenshots are kept.
func TestLabLayout(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	openLab(t, tab, fileURL(writeLab(t, "--tree", "aima")))
	timed(t, tab, chromedp.Evaluate[int](`window.ps.go(9)`))
	waitFor(t, tab, `document.fonts.status === "loaded"`, "the lab's fonts")
	tabs := timed(t, tab, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#tabs button")).map(b => b.id)`))
	for _, l := range append([]string{"en"}, otherLangs...) {
		if l != "en" {
			// Russian and Czech, longer: the same lab switched (it
			// searches again in the language, at the same step).
			setLang(t, tab, l)
		}
		labLayout(t, tab, l, tabs)
	}
}

// labLayout is TestLabLayout's checks in the language l.
func labLayout(t *testing.T, tab context.Context, l string, tabs []string) {
	for _, size := range projectorSizes {
		timed(t, tab, chromedp.EmulateViewport(size[0], size[1]))
		waitFor(t, tab, fmt.Sprintf("innerWidth === %d && innerHeight === %d && window.psLayout.settled()", size[0], size[1]), "the lab laid out for the window's new size")
		for k, id := range tabs {
			if size[0] > 1024 && k > 1 {
				break // larger screens: the first two tabs (the panel is wider, the tree has more room)
			}
			timed(t, tab, chromedp.Evaluate[any](`document.getElementById(`+jsString(id)+`).click(); 0`))
			// The Practise tab draws its exercise in the search's place (no
			// window, no value but the leaves'); the others, the search.
			exercise := id == "tab-practise"
			if exercise {
				waitFor(t, tab, `!!document.querySelector("#ps-svg.prac") && !window.psLab.busy()`, "the exercise")
			} else {
				waitFor(t, tab, `!window.psLab.busy() && !!document.querySelector("#ps-svg:not(.prac)") && window.psLayout.settled()`, "the search's drawing")
			}
			at := fmt.Sprintf("%s, %d×%d, %s", l, size[0], size[1], id)
			g := timed(t, tab, chromedp.Evaluate[geometry](geometryJS))
			p := timed(t, tab, chromedp.Evaluate[labPanel](labPanelJS))
			g.Panels["side"] = &rect{X: p.X, Y: p.Y, W: p.W, H: p.H}
			for _, problem := range append(layoutProblems(g, true), wordsFit(t, tab)...) {
				t.Errorf("%s: %s", at, problem)
			}
			if !exercise && (g.ValueText < 18 || g.WindowText < 15) {
				t.Errorf("%s: values %.1f px, windows %.1f px on the screen, want 18 and 15", at, g.ValueText, g.WindowText)
			}
			if p.Sideways || len(p.TabsOut) > 0 || p.Font < 13 {
				t.Errorf("%s: the side panel scrolls sideways (%v), tabs outside it %q, smallest type %.1f px (%s)", at, p.Sideways, p.TabsOut, p.Font, p.Smallest)
			}
			if *shots != "" {
				name := fmt.Sprintf("lab-%s-%dx%d.png", id, size[0], size[1])
				if l != "en" {
					name = fmt.Sprintf("lab-%s-%s-%dx%d.png", id, l, size[0], size[1])
				}
				shot := timed(t, tab, chromedp.CaptureScreenshot())
				if err := os.WriteFile(filepath.Join(*shots, name), shot, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// panelFits says what does not fit the side panel at the screen's width:
// the page or the panel scrolling sideways, a text of sel in type under
// 14 px ("" when all fits).
func panelFits(t testing.TB, tab context.Context, sel string) string {
	t.Helper()
	return timed(t, tab, chromedp.Evaluate[string](`(function () {
		var d = document.documentElement, p = document.getElementById("panels"), bad = [];
		if (d.scrollWidth > innerWidth) bad.push("the page scrolls sideways: " + d.scrollWidth + " > " + innerWidth);
		if (p.scrollWidth > p.clientWidth) bad.push("the panel scrolls sideways: " + p.scrollWidth + " > " + p.clientWidth);
		document.querySelectorAll(`+jsq(sel)+`).forEach(function (e) {
			var s = parseFloat(getComputedStyle(e).fontSize);
			if (s < 14) bad.push(e.textContent + ": " + s + " px");
		});
		return bad.join("; ");
	})()`))
}
