package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/trace/step"
)

// drawnNode is what the tree's picture shows of a shape, read from the SVG
// rather than from state(): whether it can be seen (its opacity and its
// ancestors'), the texts of its window, value and cut slots (nil when it
// has no such slot), and how many lines of the selective techniques can be
// seen in it; the texts beside it (marks.js, a group of their own): its
// live label and the glyphs of its marks (nil before it first has either).
type drawnNode struct {
	Opacity float64
	W, V, C *string
	Notes   int
	L, M    *string
}

// drawnFn reads the picture of the page in window w (the page's own by
// default, or a side's frame of the two-search page) as it will stand once
// the page's fades are over: it finishes the running transitions first.
const drawnFn = `(w = window) => {
	const document = w.document, getComputedStyle = e => w.getComputedStyle(e);
	for (const a of document.getAnimations()) a.finish();
	const out = {};
	const svg = document.querySelector("#tree svg");
	for (const el of document.querySelectorAll('#tree g.node[id^="n"], #tree [id^="u"]')) {
		let op = 1;
		for (let e = el; e && e !== svg; e = e.parentElement) op *= parseFloat(getComputedStyle(e).opacity);
		const text = sel => { const t = el.querySelector(sel); return t ? t.textContent : null; };
		const notes = [...el.querySelectorAll("text.ps-note")].filter(t => getComputedStyle(t).visibility !== "hidden").length;
		const beside = document.querySelector('.ps-beside[data-for="' + el.id + '"]');
		const marks = beside && beside.querySelector(".ps-marks"), live = beside && beside.querySelector(".ps-live");
		const glyphs = marks ? [...marks.querySelectorAll("tspan")].map(t => t.textContent.trim()).join(" ") : null;
		out[el.id[0] === "n" ? el.id.slice(1) : el.id] = {Opacity: op, W: text(".ps-w"), V: text(".ps-v"), C: text(".ps-c"), Notes: notes,
			L: live ? live.textContent : null, M: glyphs};
	}
	return out;
}`

const drawnJS = "(" + drawnFn + ")()"

// drawn reads the picture.
func drawn(t testing.TB, tab context.Context) map[string]drawnNode {
	t.Helper()
	return timed(t, tab, chromedp.Evaluate[map[string]drawnNode](drawnJS))
}

// seen is a state, the picture and the address's fragment at one step.
type seen struct {
	State shown
	Drawn map[string]drawnNode
	Hash  string
}

// walk moves the page through many steps in one call, reading the state, the
// picture and the fragment after each: with how "keys", by dispatching a keydown event
// of key to the page's document, where the page's key handler listens, once
// per step in steps; with how "go", by go(n) for each n in steps.
//
// A key pressed through the browser costs some 12 ms of round trips (the
// page's address follows the step through history.replaceState, which the
// browser acknowledges), so the long walks are taken inside the page.
func walk(t testing.TB, tab context.Context, how, key string, steps []int) []seen {
	t.Helper()
	return walkIn(t, tab, "window", how, key, steps)
}

// walkIn is walk in the page of the window the JavaScript expression win
// names: "window", or a side of the two-search page.
func walkIn(t testing.TB, tab context.Context, win, how, key string, steps []int) []seen {
	t.Helper()
	js := fmt.Sprintf(`((w, how, key, steps) => {
		const drawn = %s;
		const out = [];
		for (const n of steps) {
			if (how === "keys") w.document.dispatchEvent(new w.KeyboardEvent("keydown", {key, bubbles: true, cancelable: true}));
			else w.ps.go(n);
			out.push({State: w.ps.state(), Drawn: drawn(w), Hash: w.location.hash});
		}
		return out;
	})(%s, %q, %q, %s)`, drawnFn, win, how, key, jsInts(steps))
	return timed(t, tab, chromedp.Evaluate[[]seen](js))
}

func jsInts(ns []int) string {
	b, err := json.Marshal(ns)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// drawnProblems compares the picture with what the page must show: a shape
// is seen exactly when it is visible; a node's value reads "?" while
// unknown, else the value with ≥ or ≤ for a bound; its window, where it has
// one (leaves have none), "(α, β)"; its cut slot, if any, ✂ when cut; the
// lines of the selective techniques whose events have happened; beside it
// its live label and the glyphs of its marks.
func drawnProblems(got map[string]drawnNode, want shown) []string {
	var p []string
	ids := make([]string, 0, len(want.Nodes))
	for id := range want.Nodes {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		w := want.Nodes[id]
		g, ok := got[id]
		if !ok {
			p = append(p, fmt.Sprintf("shape %s not in the picture", id))
			continue
		}
		if seen := g.Opacity > 0; seen != w.Visible {
			p = append(p, fmt.Sprintf("shape %s: opacity %.2f, visible %v", id, g.Opacity, w.Visible))
		}
		if !w.Visible || id[0] == 'u' {
			continue
		}
		if g.Notes != w.Notes {
			p = append(p, fmt.Sprintf("node %s: %d lines of the techniques seen, want %d", id, g.Notes, w.Notes))
		}
		window := ""
		if w.Alpha != "" {
			window = "(" + w.Alpha + ", " + w.Beta + ")"
		}
		value := "?"
		if w.Value != "" {
			value = map[string]string{"lower": "≥", "upper": "≤"}[w.Bound] + w.Value
		}
		cut := ""
		if w.Cut {
			cut = "✂"
		}
		for _, slot := range []struct {
			name      string
			got       *string
			want      string
			necessary bool
		}{{"window", g.W, window, false}, {"value", g.V, value, true}, {"cut mark", g.C, cut, false},
			{"live label", g.L, w.Live, w.Live != ""}, {"marks", g.M, glyphsOf(w.Marks), glyphsOf(w.Marks) != ""}} {
			switch {
			case slot.got == nil && slot.necessary:
				p = append(p, fmt.Sprintf("node %s has no %s in the picture", id, slot.name))
			case slot.got != nil && *slot.got != slot.want:
				p = append(p, fmt.Sprintf("node %s: %s %q in the picture, want %q", id, slot.name, *slot.got, slot.want))
			}
		}
	}
	return p
}

// glyphsOf is the glyphs of the marks named in names (space-separated) as
// the picture shows them, in order, space-separated.
func glyphsOf(names string) string {
	glyph := map[string]string{}
	for _, m := range step.AllMarks() {
		glyph[m.Name()] = m.Look().Glyph
	}
	var out []string
	for _, n := range strings.Fields(names) {
		if g := glyph[n]; g != "" {
			out = append(out, g)
		}
	}
	return strings.Join(out, " ")
}
