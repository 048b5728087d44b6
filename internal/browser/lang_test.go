package browser

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// otherLangs are the languages besides English the page and the lab speak
// (issue 23): the layout tests run in each of them too, switched in the
// same page (no reload), since their words are longer.
var otherLangs = []string{"ru", "cs"}

// setLang switches an open page or lab to language l as its list does, and
// waits until it is laid out again (the lab: searched again in it).
func setLang(t testing.TB, tab context.Context, l string) {
	t.Helper()
	timed(t, tab, chromedp.Evaluate[any](`(() => { const s = document.getElementById("langs"); s.value = `+jsString(l)+`; s.dispatchEvent(new Event("change")); return 0; })()`))
	waitFor(t, tab, `document.documentElement.lang === `+jsString(l)+` && !(window.psLab && window.psLab.busy()) && (!window.psLayout || window.psLayout.settled())`, "the page in "+l)
}

// wordsFitJS finds the page's words that do not fit: in the header, the
// controls' bar and the lab's tabs, a control or text that leaves the
// window, is cut off inside its own box (its text wider than it), or
// overlaps a neighbour; thresholds from the page's own boxes, not from
// pixel counts of a machine's fonts.
const wordsFitJS = `(() => {
	const out = [];
	const shown = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
	const name = e => e.id || e.tagName.toLowerCase() + " " + JSON.stringify(e.textContent.slice(0, 24));
	for (const sel of ["#head", "#bar", "#tabs", "#lang-box"]) {
		const box = document.querySelector(sel);
		if (!box || !shown(box)) continue;
		const kids = Array.from(box.children).filter(shown);
		for (const e of kids) {
			const r = e.getBoundingClientRect();
			if (r.left < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) out.push(name(e) + " leaves the window");
			if (e.tagName !== "INPUT" && e.tagName !== "SELECT" && e.scrollWidth > e.clientWidth + 1) out.push(name(e) + " is cut off: " + e.scrollWidth + " > " + e.clientWidth + " px");
		}
		for (let i = 0; i < kids.length; i++) for (let j = i + 1; j < kids.length; j++) {
			const a = kids[i].getBoundingClientRect(), b = kids[j].getBoundingClientRect();
			const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
			if (w > 1 && h > 1) out.push(name(kids[i]) + " overlaps " + name(kids[j]));
		}
	}
	const d = document.documentElement;
	if (d.scrollWidth > innerWidth) out.push("the page scrolls sideways: " + d.scrollWidth + " > " + innerWidth);
	return out;
})()`

// wordsFit is what wordsFitJS finds.
func wordsFit(t testing.TB, tab context.Context) []string {
	t.Helper()
	return timed(t, tab, chromedp.Evaluate[[]string](wordsFitJS))
}

// controlsJS is the words of the page's controls and help, as a reader
// sees them or a screen reader reads them: texts, titles and labels.
const controlsJS = `(() => {
	const out = [];
	for (const e of document.querySelectorAll("#bar, #bar *, #keys, #keys *, #tabs button, #langs")) {
		if (e.children.length === 0 && e.textContent.trim()) out.push(e.textContent.trim());
		for (const a of ["title", "aria-label"]) if (e.getAttribute(a)) out.push(e.getAttribute(a));
	}
	return out.join("\n");
})()`

// english are words only English controls have: none may be left in a
// page or a lab in Russian or Czech.
var english = regexp.MustCompile(`\b(step|steps|next|back|play|pause|full screen|keys|first|last|cutoff|prune|this help|tree|Settings|Share|zoom|nodes|leaves)\b`)

// TestPageLang: a page written in Czech (--lang cs) says so (<html lang>)
// and has its controls, help and counters in Czech, with the numbers of
// the English page; its list switches it to Russian without a reload,
// the steps' sentences with it (the page carries them), the choice kept
// in the address (#step=N&lang=ru), which opens it so.
func TestPageLang(t *testing.T) {
	parallel(t)
	file := filepath.Join(t.TempDir(), "cs.html")
	prunescope(t, "step", "--tree", "aima", "--lang", "cs", "--html", file)
	tab := newTab(t)
	open(t, tab, fileURL(file)+"#step=5")
	waitFor(t, tab, `!!window.ps && window.ps.step() === 5`, "the page at step 5")
	state := func() (lang, where, play, controls, caption, want, hash string) {
		var r []string
		r = timed(t, tab, chromedp.Evaluate[[]string](`(() => { const D = JSON.parse(document.getElementById("ps-data").textContent); const l = psI18n.lang(); return [document.documentElement.lang, document.getElementById("where").textContent, document.getElementById("play").textContent, `+controlsJS+`, document.getElementById("caption").textContent, (D.langs && D.langs[l] ? D.langs[l].s : D.steps.map(s => s.s))[4], location.hash]; })()`))
		return r[0], r[1], r[2], r[3], r[4], r[5], r[6]
	}
	lang, where, play, controls, caption, want, hash := state()
	if lang != "cs" || where != "krok 5 z 17" || play != "přehrát" || caption != want {
		t.Errorf("the Czech page: lang %q, %q, %q, caption %q (want %q)", lang, where, play, caption, want)
	}
	if m := english.FindAllString(controls, -1); len(m) > 0 {
		t.Errorf("the Czech page's controls have English words %q:\n%s", m, controls)
	}
	setLang(t, tab, "ru")
	lang, where, play, controls, caption, want, hash = state()
	if lang != "ru" || where != "шаг 5 из 17" || play != "пуск" || caption != want || hash != "#step=5&lang=ru" {
		t.Errorf("switched to Russian: lang %q, %q, %q, caption %q (want %q), address %q", lang, where, play, caption, want, hash)
	}
	if m := english.FindAllString(controls, -1); len(m) > 0 {
		t.Errorf("the Russian page's controls have English words %q:\n%s", m, controls)
	}
	if !strings.Contains(controls, "Клавиши") || !strings.Contains(controls, "следующий шаг") {
		t.Errorf("the Russian page's help is not Russian:\n%s", controls)
	}
	timed(t, tab, chromedp.Evaluate[int](`window.ps.go(0)`))
	if _, where, _, _, _, _, _ = state(); where != "до первого шага · всего 17 шагов" {
		t.Errorf("before the first step in Russian: %q", where)
	}
	setLang(t, tab, "cs")
	if _, _, _, _, _, _, hash = state(); hash != "#step=0" {
		t.Errorf("back in the page's own language, the address is %q, want #step=0", hash)
	}
	// The labels beside the nodes and on the line switch too: the Czech
	// page at step 12 switched to Russian shows what the Russian page
	// shows there, and back in Czech what it showed.
	live := `Array.from(document.querySelectorAll(".ps-live")).map(e => e.textContent).filter(s => s).sort().join(" | ") + " # " + document.getElementById("line").textContent`
	labels := func(url string) string {
		open(t, tab, url)
		waitFor(t, tab, `!!window.ps && window.ps.step() === 12`, "the page at step 12")
		return timed(t, tab, chromedp.Evaluate[string](live))
	}
	czech := labels(fileURL(file) + "#step=12")
	ruFile := filepath.Join(t.TempDir(), "ru.html")
	prunescope(t, "step", "--tree", "aima", "--lang", "ru", "--html", ruFile)
	russian := labels(fileURL(ruFile) + "#step=12")
	if !strings.Contains(czech, "nejlepší") || !strings.Contains(russian, "лучшее") || !strings.Contains(czech, "# kořen ▲") || !strings.Contains(russian, "# корень ▲") {
		t.Errorf("step 12's live labels: Czech %q, Russian %q", czech, russian)
	}
	open(t, tab, fileURL(file)+"#step=12")
	waitFor(t, tab, `!!window.ps && window.ps.step() === 12`, "the page at step 12")
	setLang(t, tab, "ru")
	if got := timed(t, tab, chromedp.Evaluate[string](live)); got != russian {
		t.Errorf("the Czech page switched to Russian labels its nodes %q, the Russian page %q", got, russian)
	}
	setLang(t, tab, "cs")
	if got := timed(t, tab, chromedp.Evaluate[string](live)); got != czech {
		t.Errorf("switched back to Czech, the labels are %q, want %q", got, czech)
	}
	// A link with the language opens the page in it, in a new tab too.
	fresh := newTab(t)
	open(t, fresh, fileURL(file)+"#step=12&lang=en")
	waitFor(t, fresh, `!!window.ps && window.ps.step() === 12`, "a new tab at step 12")
	if got := timed(t, fresh, chromedp.Evaluate[string](`document.title + " # " + document.getElementById("play").textContent + " # " + `+live)); !strings.HasPrefix(got, "prunescope · tree aima · root MAX") || !strings.Contains(got, " # play # ") || !strings.Contains(got, "best 3 · α 3") {
		t.Errorf("the Czech page opened with lang=en: %q", got)
	}
	open(t, tab, fileURL(file)+"#step=3&lang=en")
	waitFor(t, tab, `!!window.ps && window.ps.step() === 3`, "the page at step 3")
	lang, where, play, _, _, _, _ = state()
	if lang != "en" || where != "step 3 of 17" || play != "play" {
		t.Errorf("opened with lang=en: lang %q, %q, %q", lang, where, play)
	}
}

// TestLabLang: the lab written in Russian has its tabs and controls in
// Russian; switched to Czech it searches again in Czech (every call names
// the page's language) at the same step, keeps lang=cs in its address, and
// a link with it opens the lab in Czech. (It needs the lab's engine built
// from this code: go generate ./internal/lab.)
func TestLabLang(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	file := writeLab(t, "--tree", "aima", "--lang", "ru", "--step", "5")
	openLab(t, tab, fileURL(file))
	read := func() []string {
		return timed(t, tab, chromedp.Evaluate[[]string](`[document.documentElement.lang, document.getElementById("tab-tree").textContent, document.getElementById("where").textContent, String(window.psLab.state().step), location.hash]`))
	}
	if r := read(); r[0] != "ru" || r[1] != "Дерево" || r[2] != "шаг 5 из 17" {
		t.Errorf("the Russian lab: %q", r)
	}
	// The line of open nodes names the root in the lab's language (it
	// began "page.root" when the lab did not carry the word).
	if line := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("line").textContent`)); !strings.HasPrefix(line, "корень ") {
		t.Errorf("the Russian lab's line of open nodes: %q", line)
	}
	setLang(t, tab, "cs")
	waitFor(t, tab, `window.psLab.idle()`, "the search in Czech")
	r := read()
	if r[0] != "cs" || r[1] != "Strom" || r[2] != "krok 5 z 17" || r[3] != "5" || !strings.Contains(r[4], "lang=cs") {
		t.Errorf("switched to Czech: %q", r)
	}
	if m := english.FindAllString(timed(t, tab, chromedp.Evaluate[string](controlsJS)), -1); len(m) > 0 {
		t.Errorf("the Czech lab's controls have English words %q", m)
	}
	// The settings' list of every flag: each flag's help in Czech too (the
	// engine lists them in English; the page carries the translations).
	waitFor(t, tab, `document.querySelectorAll("#set-all label").length > 40`, "the lab's list of flags")
	flagHelp := func() []string {
		return timed(t, tab, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#set-all label")).map(l => l.textContent.trim() + " | " + l.title)`))
	}
	for _, h := range flagHelp() {
		words := regexp.MustCompile(`--?[a-z][a-z0-9-]*|\b[a-z]+:[a-z:]+`).ReplaceAllString(h, "") // flag names and specs stay as they are
		if m := regexp.MustCompile(`\b(the|of|when|with|and|which|is|are|searched|than)\b`).FindString(words); m != "" {
			t.Errorf("the Czech lab's help of a flag has the English word %q: %s", m, h)
			break
		}
	}
	setLang(t, tab, "en")
	if h := strings.Join(flagHelp(), "\n"); !strings.Contains(h, "--depth plies to search; at the depth limit") {
		t.Errorf("switched to English, the flags' help is not the engine's:\n%.600s", h)
	}
	setLang(t, tab, "cs")
	// The engine's own words (the Node tab's) come in the page's language.
	facts := timed(t, tab, chromedp.Evaluate[string](`(async () => { const s = psLab.state(); const r = await psLab.call("inspect", { tree: s.tree, args: s.args, step: 17, id: "n1" }); return r.error || r.facts.map(f => f.label + ": " + f.text).join("\n"); })()`, chromedp.EvalAwaitPromise))
	if !strings.Contains(facts, "vstup: krok") || !strings.Contains(facts, "okénko: vstoupilo se s α") || regexp.MustCompile(`\b(entered|window|step)\b`).MatchString(facts) {
		t.Errorf("the Node tab in Czech:\n%s", facts)
	}
	// The Code tab's title, comments, notes and the words beside the
	// variables too (its code stays as it is): shown at the cut step, its
	// numbers the English tab's.
	timed(t, tab, chromedp.Evaluate[any](`(() => { document.getElementById("tab-code").click(); window.ps.go(9); return 0; })()`))
	waitFor(t, tab, `(() => { const b = document.getElementById("code-lines"); const p = b && b.parentNode; return !!p && !p.hasAttribute("data-busy") && p.getAttribute("data-step") === "9" && !!document.getElementById("code-title").textContent; })()`, "the Code tab in Czech")
	code := timed(t, tab, chromedp.Evaluate[[]string](`(() => { const li = Array.from(document.querySelectorAll("#code-lines li")).map(e => e.textContent); return [document.getElementById("code-title").textContent, li.filter(s => / -- |✂ \(/.test(s)).map(s => s.replace(/^.*?( -- |✂ \()/, "")).join("\n"), document.getElementById("code-vars").textContent, li.join("\n")]; })()`))
	if m := regexp.MustCompile(`\b(written|cut when|the best|reaches|bound|at MAX|at MIN|returns|clamped|window)\b`).FindAllString(code[0]+"\n"+code[1]+"\n"+code[2], -1); len(m) > 0 || !strings.Contains(code[0], "řez, jakmile nejlepší hodnota dosáhne meze") || !strings.Contains(code[3], "if β ≤ α then return α   ✂ (fail-hard: mez)") || code[2] != "node = 2 · c = 2.1 · v = 2 · α = 3 · β = 2" {
		t.Errorf("the Code tab in Czech has English words %q:\n%s", m, strings.Join(code, "\n---\n"))
	}
	open(t, tab, fileURL(file)+r[4])
	waitFor(t, tab, `!!(window.psLab && window.psLab.running() && window.psLab.idle() && window.ps)`, "the lab again")
	if r := read(); r[0] != "cs" || r[1] != "Strom" || r[2] != "krok 5 z 17" {
		t.Errorf("opened with lang=cs: %q", fmt.Sprint(r))
	}
}

// TestPairLang: diff's page written in Russian has its own words and both
// sides in Russian; its one list switches the page and both sides.
func TestPairLang(t *testing.T) {
	parallel(t)
	file := filepath.Join(t.TempDir(), "diff.html")
	prunescope(t, "--lang", "ru", "diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "aima", "--html", file)
	tab := newTab(t)
	openPair(t, tab, fileURL(file))
	read := func() []string {
		return timed(t, tab, chromedp.Evaluate[[]string](`(() => { const f = k => document.getElementById(k).contentDocument; return [document.documentElement.lang, document.getElementById("diff-next").textContent, f("a").documentElement.lang, f("b").getElementById("play").textContent, getComputedStyle(f("a").getElementById("lang-box")).display]; })()`))
	}
	if r := read(); r[0] != "ru" || r[1] != "различие ▶" || r[2] != "ru" || r[3] != "пуск" || r[4] != "none" {
		t.Errorf("diff's page in Russian: %q", r)
	}
	setLang(t, tab, "cs")
	if r := read(); r[0] != "cs" || r[1] != "rozdíl ▶" || r[2] != "cs" || r[3] != "přehrát" {
		t.Errorf("switched to Czech: %q", r)
	}
}

// TestHoodLang: a chess page's neighbourhood names the root in the page's
// language, and again at a switch (its data-move stays "root").
func TestHoodLang(t *testing.T) {
	parallel(t)
	file := filepath.Join(t.TempDir(), "hood.html")
	prunescope(t, "step", "--fen", "tactic", "--depth", "2", "--lang", "ru", "--html", file)
	tab := newTab(t)
	open(t, tab, fileURL(file)+"#step=4")
	waitFor(t, tab, `!!window.ps && window.ps.step() === 4 && !!document.querySelector("#ps-hood .ps-hmove")`, "the chess page at step 4")
	root := func() []string {
		return timed(t, tab, chromedp.Evaluate[[]string](`(() => { const g = document.querySelector('#ps-hood g[data-move="root"]'); return g ? [g.querySelector(".ps-hmove").textContent] : []; })()`))
	}
	for _, c := range []struct{ lang, want string }{{"ru", "корень"}, {"cs", "kořen"}, {"en", "root"}} {
		if c.lang != "ru" {
			setLang(t, tab, c.lang)
			waitFor(t, tab, `(() => { const g = document.querySelector('#ps-hood g[data-move="root"] .ps-hmove'); return !!g && g.textContent === `+jsString(c.want)+`; })()`, "the neighbourhood in "+c.lang)
		}
		if got := root(); len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: the neighbourhood's root is %q, want %q", c.lang, got, c.want)
		}
	}
}
