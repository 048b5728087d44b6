package browser

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/cmd"
	"github.com/prunescope/prunescope/internal/lab"
)

// The practise tab (issue 20, item 6): the quiz in the page, graded as
// prunescope quiz check grades it.

// practiseKey is what quiz --key --json says of a quiz, as these tests
// read it: the answer, and the nodes never evaluated.
type practiseKey struct {
	Answer string `json:"answer"`
	Nodes  []struct {
		Node      string `json:"node"`
		Leaf      bool   `json:"leaf"`
		Evaluated bool   `json:"evaluated"`
	} `json:"nodes"`
}

// clauses splits an answer in the syntax into its clauses by question id
// (value, best, never).
func clauses(answer string) map[string]string {
	out := map[string]string{}
	for _, c := range strings.Split(answer, ";") {
		c = strings.TrimSpace(c)
		if i := strings.IndexByte(c, ' '); i > 0 {
			out[c[:i]] = strings.TrimSpace(c[i+1:])
		}
	}
	return out
}

// writePractise writes the lab opened on a quiz with prunescope quiz --lab.
func writePractise(t testing.TB, args ...string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "quiz.html")
	prunescope(t, append(append([]string{"quiz"}, args...), "--lab", file)...)
	return file
}

// openPractise loads a lab page that opens in practise and waits for the
// quiz's questions.
func openPractise(t testing.TB, tab context.Context, url string) {
	t.Helper()
	timed(t, tab, chromedp.Navigate(url))
	waitFor(t, tab, `!!(window.psLab && window.psLab.running() && document.querySelector("#ps-svg.prac") && document.querySelectorAll("#prac-form .prac-q").length > 0)`, "the practise tab's quiz")
}

// clickNamed clicks the centre of the exercise's node named name, with the
// mouse.
func clickNamed(t testing.TB, tab context.Context, name string) {
	t.Helper()
	b := timed(t, tab, chromedp.Evaluate[box](`(() => {
		const g = [...document.querySelectorAll("#ps-svg g.node")].find(g => g.getAttribute("data-path") === `+jsq(name)+`);
		const r = g.querySelector("polygon, ellipse, path").getBoundingClientRect();
		return {X: r.x, Y: r.y, W: r.width, H: r.height};
	})()`))
	x, y := b.X+b.W/2, b.Y+b.H/2
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
}

// typeInto types text into the input with the id, as a student does.
func typeInto(t testing.TB, tab context.Context, id, text string) {
	t.Helper()
	timed(t, tab, chromedp.Evaluate[int](`(() => { const e = document.getElementById(`+jsq(id)+`); e.value = ""; e.focus(); return 0; })()`))
	timed(t, tab, chromedp.KeyEvent(text)) // to the input, which has the focus
}

// shownVerdict is one question's verdict as the page shows it.
type shownVerdict struct {
	ID      string `json:"id"`
	Correct string `json:"correct"`
	Text    string `json:"text"`
}

// checkAndRead presses Check and reads the verdicts shown.
func checkAndRead(t testing.TB, tab context.Context) []shownVerdict {
	t.Helper()
	timed(t, tab, chromedp.Evaluate[int](`document.getElementById("prac-report").innerHTML = ""; 0`))
	clickID(t, tab, "prac-check")
	waitFor(t, tab, `document.querySelectorAll("#prac-report .prac-verdict").length > 0 || !document.getElementById("prac-error").hidden`, "the check")
	return timed(t, tab, chromedp.Evaluate[[]shownVerdict](`[...document.querySelectorAll("#prac-report .prac-verdict")].map(d => ({id: d.getAttribute("data-q"), correct: d.getAttribute("data-correct"), text: d.textContent}))`))
}

// goReport is quiz check --json's report.
type goReport struct {
	Score     int `json:"score"`
	Total     int `json:"total"`
	Questions []struct {
		ID       string `json:"id"`
		Correct  bool   `json:"correct"`
		Expected string `json:"expected"`
		Mistakes []struct {
			Misconception string `json:"misconception"`
			Explanation   string `json:"explanation"`
		} `json:"mistakes"`
	} `json:"questions"`
	Misconceptions []struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"misconceptions"`
}

// quizCheck runs prunescope quiz check --json as a user types it and reads
// its report (exit 0 or 1).
func quizCheck(t testing.TB, args []string, answer string) goReport {
	t.Helper()
	var out, errOut bytes.Buffer
	code := cmd.Main(append(append([]string{"quiz", "check"}, args...), "--answer", answer, "--json"), strings.NewReader(""), &out, &errOut)
	if code > 1 {
		t.Fatalf("quiz check: exit %d: %s", code, errOut.String())
	}
	var r goReport
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// sameVerdicts compares the page's verdicts with quiz check's: each
// question right or wrong alike, and every mistake's
// explanation and misconception's name written (the right answer is in
// quiz check's words in the text, sameText).
func sameVerdicts(t testing.TB, shown []shownVerdict, want goReport) {
	t.Helper()
	names := map[string]string{}
	for _, m := range want.Misconceptions {
		names[m.ID] = m.Name
	}
	if len(shown) != len(want.Questions) {
		t.Fatalf("the page shows %d verdicts, quiz check gives %d", len(shown), len(want.Questions))
	}
	for i, q := range want.Questions {
		s := shown[i]
		if s.ID != q.ID || s.Correct != fmt.Sprint(q.Correct) {
			t.Errorf("%s: the page shows %+v; quiz check: correct %v, expected %q", q.ID, s, q.Correct, q.Expected)
		}
		for _, m := range q.Mistakes {
			if !strings.Contains(s.Text, m.Explanation) {
				t.Errorf("%s: the page leaves out quiz check's explanation %q", q.ID, m.Explanation)
			}
			if m.Misconception != "" && !strings.Contains(s.Text, names[m.Misconception]+": ") {
				t.Errorf("%s: the page does not name the misconception %q", q.ID, names[m.Misconception])
			}
		}
	}
}

// runQuiz runs prunescope with args in-process: its output and exit code.
func runQuiz(args []string) (string, string, int) {
	var out, errOut bytes.Buffer
	code := cmd.Main(args, strings.NewReader(""), &out, &errOut)
	return out.String(), errOut.String(), code
}

// sameText compares the report the page shows, line by line, with what
// prunescope quiz check prints for the same answer.
func sameText(t testing.TB, tab context.Context, args []string, answer string) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd.Main(append(append([]string{"quiz", "check"}, args...), "--answer", answer), strings.NewReader(""), &out, &errOut)
	var want []string
	for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
		want = append(want, strings.TrimSpace(l))
	}
	shown := timed(t, tab, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#prac-report .prac-verdict > *")].map(e => e.textContent).concat([document.getElementById("prac-score").textContent])`))
	if strings.Join(shown, "\n") != strings.Join(want, "\n") {
		t.Errorf("the page shows\n%s\nquiz check prints\n%s", strings.Join(shown, "\n"), strings.Join(want, "\n"))
	}
}

// TestLabPractiseGradesClicks opens the lab that quiz --lab writes for a
// random seed, checks that nothing of the answer is in the page, marks the
// leaves never evaluated by clicking them (quiz --key's), types the root's
// value and chooses the best move: all right. Then it unmarks one, marks an
// extra leaf and types a wrong value: the verdicts, explanations and
// misconceptions are quiz check's for the same answer.
func TestLabPractiseGradesClicks(t *testing.T) {
	parallel(t)
	seed := fmt.Sprint(rand.IntN(100000) + 1)
	args := []string{"--seed", seed, "--min-cutoffs", "1"}
	var key practiseKey
	if err := json.Unmarshal([]byte(prunescope(t, append(append([]string{"quiz"}, args...), "--key", "--json")...)), &key); err != nil {
		t.Fatal(err)
	}
	never := strings.Fields(clauses(key.Answer)["never"])
	var evaluated []string
	for _, n := range key.Nodes {
		if n.Leaf && n.Evaluated {
			evaluated = append(evaluated, n.Node)
		}
	}
	if len(never) == 0 || len(evaluated) == 0 {
		t.Fatalf("seed %s: quiz --min-cutoffs 1 prunes nothing (%q)", seed, key.Answer)
	}
	tab := newTab(t)
	openPractise(t, tab, fileURL(writePractise(t, args...)))

	// Nothing of the answer before Check: no greyed or cut shape, no
	// window, no inner value, no search in the page's data.
	leaks := timed(t, tab, chromedp.Evaluate[[]string](`(() => {
		const out = [];
		document.querySelectorAll(".unsearched, [data-cut], [data-of], .ps-c, .ps-w").forEach(e => out.push(e.outerHTML.slice(0, 80)));
		if (/"result"|"steps"|"svg"/.test(document.getElementById("lab-first").textContent)) out.push("lab-first holds the search");
		if (document.querySelector("#ps-svg").textContent.includes("✂")) out.push("✂ drawn");
		if (window.psLab.result()) out.push("a search's result is held");
		// Every attribute of the drawing, the practise tab and the lines
		// above: nothing says cut, pruned or never searched.
		for (const e of document.querySelectorAll("#tree, #tree *, #panel-practise *, #caption, #line, #lab-error, #algo, #input")) {
			for (const a of e.attributes) if (/unsearched|\bcut|pruned/i.test(a.name + "=" + a.value)) out.push(e.tagName + " " + a.name + "=" + a.value);
		}
		if (/✂|never searched|pruned|cut/.test(document.getElementById("tree").textContent + document.getElementById("caption").textContent)) out.push("the drawing's text");
		if (document.getElementById("panel-practise").textContent.includes(`+jsq(strings.Join(never, " "))+`)) out.push("the panel lists the answer");
		return out;
	})()`))
	if len(leaks) > 0 {
		t.Fatalf("seed %s: the answer shows before Check: %v", seed, leaks)
	}

	for _, n := range never {
		clickNamed(t, tab, n)
	}
	a := clauses(key.Answer)
	typeInto(t, tab, "prac-value", a["value"])
	choose(t, tab, "prac-best", a["best"])
	right := "value " + a["value"] + "; best " + a["best"] + "; never " + strings.Join(never, " ")
	shown := checkAndRead(t, tab)
	want := quizCheck(t, args, right)
	if want.Score != want.Total {
		t.Fatalf("seed %s: quiz check does not take the key's answer %q", seed, right)
	}
	sameVerdicts(t, shown, want)
	sameText(t, tab, args, right)
	// Then the search itself, as the quiz searches.
	waitFor(t, tab, `!window.psLab.busy() && !!window.psLab.result() && !document.querySelector("#ps-svg.prac")`, "the search after Check")
	p, err := lab.MakePractise(context.Background(), lab.PractiseRequest{Args: args})
	if err != nil {
		t.Fatal(err)
	}
	if r := labNow(t, tab); r.Tree != p.Tree || strings.Join(r.Args, " ") != strings.Join(p.Search, " ") {
		t.Errorf("after Check the lab shows %q %v, want the quiz's %q %v", r.Tree, r.Args, p.Tree, p.Search)
	}
	// The student's marks outlined on the search: here, the never-searched
	// shapes (the drawing names each by its node).
	outlined := timed(t, tab, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#ps-svg g.node.prac-was")].map(g => g.getAttribute("data-path") + (g.classList.contains("unsearched") ? "" : " searched"))`))
	slices.Sort(outlined)
	if sorted := slices.Sorted(slices.Values(never)); strings.Join(outlined, " ") != strings.Join(sorted, " ") {
		t.Errorf("outlined on the search: %v, want the never-searched leaves marked %v", outlined, sorted)
	}

	// Back to the same exercise (the search leaves the page, the marks
	// stay), answered wrong: one leaf never evaluated unmarked, one
	// evaluated marked, a wrong value.
	clickID(t, tab, "prac-again")
	waitFor(t, tab, `document.querySelectorAll("#ps-svg.prac .prac-marked").length === `+fmt.Sprint(len(never))+` && document.querySelectorAll(".unsearched, [data-cut]").length === 0`, "the exercise again, with its marks")
	clickNamed(t, tab, never[0])
	extra := evaluated[len(evaluated)-1]
	clickNamed(t, tab, extra)
	typeInto(t, tab, "prac-value", "-3")
	choose(t, tab, "prac-best", a["best"])
	marked := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("prac-never").textContent`))
	list := strings.Fields(strings.TrimPrefix(marked, "marked:"))
	wrong := "value -3; best " + a["best"] + "; never " + strings.Join(list, " ")
	if len(list) != len(never) {
		t.Fatalf("marked %q after clicking %v and %s", marked, never[1:], extra)
	}
	shown = checkAndRead(t, tab)
	want = quizCheck(t, args, wrong)
	if want.Questions[0].Correct || want.Questions[2].Correct {
		t.Fatalf("quiz check takes %q", wrong)
	}
	sameVerdicts(t, shown, want)
	sameText(t, tab, args, wrong)
}

// TestLabPractiseLink follows a teacher's link on the lab prunescope lab
// writes: the quiz of seed 4217 with --cutoff gt, the homework's; a
// malformed answer then gets quiz check's one-line error in the page.
func TestLabPractiseLink(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	labPage := fileURL(writeLab(t, "--tree", "aima"))
	openPractise(t, tab, labPage+"#tab=practise&seed=4217&a=--cutoff+gt")
	want, err := lab.MakePractise(context.Background(), lab.PractiseRequest{Args: []string{"--cutoff", "gt", "--seed", "4217"}})
	if err != nil {
		t.Fatal(err)
	}
	about := timed(t, tab, chromedp.Evaluate[string](`[...document.querySelectorAll("#prac-about p")].map(p => p.textContent).join("\n")`))
	if about != strings.Join(want.About, "\n") {
		t.Errorf("the link opens the quiz\n%s\nwant\n%s", about, strings.Join(want.About, "\n"))
	}
	if !strings.Contains(about, "seed 4217") || !strings.Contains(about, "no pruning on ties") && !strings.Contains(about, "> β") {
		t.Errorf("the quiz is not seed 4217 with --cutoff gt: %s", about)
	}
	// The exercise drawn is the practise call's: the same shapes, names
	// and texts.
	same := timed(t, tab, chromedp.Evaluate[bool](`(() => {
		const list = root => [...root.querySelectorAll("g.node")].map(g => (g.getAttribute("data-path") || "") + "=" + g.textContent + "=" + g.firstElementChild.tagName).join("|");
		const want = new DOMParser().parseFromString(`+jsq(want.SVG)+`, "image/svg+xml");
		return list(document.getElementById("tree")) === list(want) && list(want).length > 0;
	})()`))
	if !same {
		t.Errorf("the exercise drawn is not the practise call's")
	}
	typeInto(t, tab, "prac-value", "x7")
	checkAndRead(t, tab)
	shown := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("prac-error").textContent`))
	var out, errOut bytes.Buffer
	code := cmd.Main([]string{"quiz", "check", "--cutoff", "gt", "--seed", "4217", "--answer", "value x7; never none"}, strings.NewReader(""), &out, &errOut)
	line := strings.TrimPrefix(strings.TrimSpace(errOut.String()), "prunescope: ")
	if code != 2 || shown != line {
		t.Errorf("a malformed value: the page says %q; quiz check (exit %d) %q", shown, code, line)
	}

	// New variant: another seed, the same conventions, its exercise drawn
	// and its seed in the address.
	clickNamed(t, tab, "1.1.1")
	clickID(t, tab, "prac-new")
	waitFor(t, tab, `document.getElementById("prac-seed").textContent !== "seed 4217" && document.querySelector("#ps-svg.prac") !== null`, "a new variant")
	seed := timed(t, tab, chromedp.Evaluate[string](`window.psLab.param("seed")`))
	if seed == "4217" || !strings.Contains(timed(t, tab, chromedp.Evaluate[string](`location.hash`)), "seed="+seed) {
		t.Fatalf("New variant: seed %q", seed)
	}
	want, err = lab.MakePractise(context.Background(), lab.PractiseRequest{Args: []string{"--cutoff", "gt", "--seed", seed}})
	if err != nil {
		t.Fatal(err)
	}
	about = timed(t, tab, chromedp.Evaluate[string](`[...document.querySelectorAll("#prac-about p")].map(p => p.textContent).join("\n")`))
	marks := timed(t, tab, chromedp.Evaluate[int](`document.querySelectorAll("#ps-svg .prac-marked").length`))
	if about != strings.Join(want.About, "\n") || marks != 0 {
		t.Errorf("New variant opens\n%s\nwith %d marks; want\n%s", about, marks, strings.Join(want.About, "\n"))
	}

	// The quiz's flags typed: a smaller tree, the same seed and
	// conventions, and the command that prints it at a terminal.
	timed(t, tab, chromedp.Evaluate[int](`document.getElementById("prac-more").open = true; 0`))
	typeInto(t, tab, "prac-flags", "--depth 2 --branching 2\r")
	waitFor(t, tab, `document.getElementById("prac-about").textContent.includes("branching 2 · depth 2")`, "the quiz of the flags typed")
	want, err = lab.MakePractise(context.Background(), lab.PractiseRequest{Args: []string{"--cutoff", "gt", "--depth", "2", "--branching", "2", "--seed", seed}})
	if err != nil {
		t.Fatal(err)
	}
	about = timed(t, tab, chromedp.Evaluate[string](`[...document.querySelectorAll("#prac-about p")].map(p => p.textContent).join("\n")`))
	again := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("prac-again-cmd").textContent`))
	if about != strings.Join(want.About, "\n") || again != want.Again || !strings.HasPrefix(again, "prunescope quiz --branching 2 --cutoff gt --depth 2 --seed "+seed) {
		t.Errorf("--depth 2 --branching 2 typed: the quiz\n%s\n%s\nwant\n%s\n%s", about, again, strings.Join(want.About, "\n"), want.Again)
	}
	cli, _, code := runQuiz(append(strings.Fields(strings.TrimPrefix(again, "prunescope "))[0:], "--print"))
	if code != 0 || !strings.Contains(cli, want.About[0]) {
		t.Errorf("%s --print: exit %d:\n%s", again, code, cli)
	}

	// Another tab shows the lab's own search again; back in Practise, the
	// exercise with the student's marks.
	clickNamed(t, tab, "1.2")
	clickID(t, tab, "tab-settings")
	waitFor(t, tab, `!window.psLab.busy() && document.querySelector("#ps-svg.prac") === null && !!document.querySelector("#ps-svg g.node")`, "the lab's drawing")
	clickID(t, tab, "tab-practise")
	waitFor(t, tab, `document.querySelector("#ps-svg.prac .prac-marked") !== null`, "the exercise with its mark")
	// A link with a bad flag: quiz check's line, and the lab's drawing.
	timed(t, tab, chromedp.Navigate("about:blank"))
	timed(t, tab, chromedp.Navigate(labPage+"#tab=practise&q=--depth+x"))
	waitFor(t, tab, `!!window.psLab && window.psLab.running() && !document.getElementById("prac-error").hidden && !window.psLab.busy() && !!document.querySelector("#ps-svg g.node")`, "the bad link's error")
	out.Reset()
	errOut.Reset()
	cmd.Main([]string{"quiz", "check", "--depth", "x", "--answer", "value 3"}, strings.NewReader(""), &out, &errOut)
	if shown := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("prac-error").textContent`)); shown != strings.TrimPrefix(strings.TrimSpace(errOut.String()), "prunescope: ") {
		t.Errorf("--depth x: the page says %q, quiz check %q", shown, errOut.String())
	}

}

// TestLabPractiseWindows: a quiz that asks for windows and returned values
// (quiz --at 2,3 on the AIMA tree), at the projector's 1024×768: the
// student types them in the boxes; right, then with a window taken as
// (−∞, +∞) and a bound taken as exact, graded as quiz check grades the same
// answer. The panel fits: nothing scrolls sideways, no text under 14 px.
func TestLabPractiseWindows(t *testing.T) {
	parallel(t)
	args := []string{"--tree", "aima", "--at", "2,3"}
	var key practiseKey
	if err := json.Unmarshal([]byte(prunescope(t, append(append([]string{"quiz"}, args...), "--key", "--json")...)), &key); err != nil {
		t.Fatal(err)
	}
	tab := newTab(t)
	timed(t, tab, chromedp.EmulateViewport(1024, 768))
	page := fileURL(writePractise(t, args...))
	openPractise(t, tab, page)
	fill := func(answer string) {
		for _, c := range strings.Split(answer, ";") {
			c = strings.TrimSpace(c)
			word, rest, _ := strings.Cut(c, " ")
			switch word {
			case "value":
				typeInto(t, tab, "prac-value", rest)
			case "best":
				choose(t, tab, "prac-best", rest)
			case "never":
				marked := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("prac-never").textContent`))
				for _, n := range strings.Fields(rest) {
					if !slices.Contains(strings.Fields(strings.TrimPrefix(marked, "marked:")), n) {
						clickNamed(t, tab, n)
					}
				}
			case "window", "at":
				node, v, _ := strings.Cut(rest, ": ")
				typeInto(t, tab, "prac-"+word+"-"+node, v)
			}
		}
	}
	fill(key.Answer)
	want := quizCheck(t, args, key.Answer)
	if want.Score != want.Total {
		t.Fatalf("quiz check does not take the key's answer %q", key.Answer)
	}
	sameVerdicts(t, checkAndRead(t, tab), want)
	sameText(t, tab, args, key.Answer)
	fits := timed(t, tab, chromedp.Evaluate[string](`(() => {
		const p = document.getElementById("panels");
		if (p.scrollWidth > p.clientWidth + 1) return "the panel scrolls sideways: " + p.scrollWidth + " > " + p.clientWidth;
		if (document.documentElement.scrollWidth > innerWidth) return "the page scrolls sideways";
		for (const e of document.querySelectorAll("#panel-practise *")) {
			if (e.children.length === 0 && e.textContent.trim() && parseFloat(getComputedStyle(e).fontSize) < 14) return "text under 14 px: " + e.outerHTML.slice(0, 60);
		}
		return "";
	})()`))
	if fits != "" {
		t.Error(fits)
	}

	openPractise(t, tab, page)
	wrong := strings.Replace(strings.Replace(key.Answer, "window 3: (3, +inf)", "window 3: (-inf, +inf)", 1), "at 2: <=3", "at 2: 2", 1)
	if wrong == key.Answer {
		t.Fatalf("the key's answer changed: %q", key.Answer)
	}
	fill(wrong)
	want = quizCheck(t, args, wrong)
	if want.Score == want.Total {
		t.Fatalf("quiz check takes %q", wrong)
	}
	sameVerdicts(t, checkAndRead(t, tab), want)
}

// TestLabPractiseZoom: a wide exercise (81 leaves) on the projector's
// 1024×768 zooms with the wheel about the pointer, and a double click fits
// it whole again; a leaf is marked by a click after zooming.
func TestLabPractiseZoom(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	timed(t, tab, chromedp.EmulateViewport(1024, 768))
	openPractise(t, tab, fileURL(writePractise(t, "--seed", "3", "--depth", "4")))
	leaf := func() box {
		return timed(t, tab, chromedp.Evaluate[box](`(() => {
			const g = [...document.querySelectorAll("#ps-svg g.node")].find(g => g.getAttribute("data-path") === "2.2.2.2");
			const r = g.querySelector("polygon, path").getBoundingClientRect();
			return {X: r.x, Y: r.y, W: r.width, H: r.height, View: document.getElementById("ps-svg").getAttribute("viewBox")};
		})()`))
	}
	before := leaf()
	x, y := before.X+before.W/2, before.Y+before.H/2
	for range 6 {
		timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseWheel, x, y, wheel(-120)))
	}
	zoomed := leaf()
	if zoomed.W < before.W*2.5 || !near(zoomed.X+zoomed.W/2, x) || !near(zoomed.Y+zoomed.H/2, y) {
		t.Errorf("the wheel: the leaf went from %+v to %+v, want it 2.5 times as large (0.85⁶) and under the pointer", before, zoomed)
	}
	clickNamed(t, tab, "2.2.2.2")
	if m := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("prac-never").textContent`)); m != "marked: 2.2.2.2" {
		t.Errorf("a click after zooming: %q", m)
	}
	timed(t, tab, chromedp.MouseClickXY(x, y, chromedp.ClickCount(2)))
	waitFor(t, tab, `document.getElementById("ps-svg").getAttribute("viewBox") === `+jsq(before.View), "the double click's fit")
}
