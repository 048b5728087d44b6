package browser

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
)

// decimalTrees are searches whose values, windows and ranges have decimals
// (issue 23: 3,5 in Russian and Czech): a tree with a cutoff that leaves a
// decimal leaf never searched, drawn with windows and with ranges, and a
// chance tree whose averages are decimals. None of their node names
// (1.2, 3.3) reads as one of their values.
var decimalTrees = [][]string{
	{"--tree", "((3 -3.5 8) (2.5 4.25 6) (1.5 7.5 9))"},
	{"--tree", "((3 -3.5 8) (2.5 4.25 6) (1.5 7.5 9))", "--fail", "soft", "--ranges"},
	{"--tree", "((3 [p=0.5] 4 [p=0.5])[chance] (1 [p=0.25] 6 [p=0.75])[chance])", "--algo", "expectimax"},
}

// labelsJS is, at every step of the page, what it writes beside and in
// its nodes (their values, windows or ranges, live labels and the values
// of leaves never searched, each with its node's id), the line from the
// root, the caption and the outcomes' probabilities beside their moves.
const labelsJS = `(() => {
	const out = [];
	const texts = sel => Array.from(document.querySelectorAll(sel))
		.filter(e => e.textContent && !e.closest(".ps-hidden"))
		.map(e => { const g = e.closest("g.node, g.ps-beside"); return (g ? g.id || g.getAttribute("data-for") : "") + ": " + e.textContent; })
		.sort().join(" | ");
	for (let n = 0; n <= window.ps.steps; n++) {
		window.ps.go(n);
		out.push([texts("#ps-svg text.ps-v"), texts("#ps-svg text.ps-w"), texts("#ps-svg text.ps-live"), texts("#ps-svg text.ps-num"),
			document.getElementById("line").textContent, document.getElementById("caption").textContent, Array.from(document.querySelectorAll("#ps-svg text")).map(e => e.textContent).filter(s => /\(\d+[.,]\d+\)$/.test(s)).sort().join(" | ")]);
	}
	return out;
})()`

// decimalPoint is a decimal point between digits; nodeName a node's name
// in the trees above (a path of moves 1 to 3).
var (
	decimalPoint = regexp.MustCompile(`\d\.\d`)
	nodeName     = regexp.MustCompile(`(^|[^\d.,−-])[1-3](\.[1-3])+(\.?($|[^\d]))`)
)

// TestPageDecimals: a page in Russian or Czech writes every value, window
// and range beside and in its nodes, on the line from the root and in its
// caption with the language's decimal comma ((0,5; 1,25) with a
// semicolon), its node names keeping their points, and the same numbers
// as the English page; an English page switched to Russian or Czech shows
// what the Russian or Czech page shows, and a Russian page switched to
// English what the English page shows: the labels written again, the
// never-searched leaves' values too. The first tree is checked in both
// languages and switched both ways; the others in one language each, in
// turn, switched from English.
func TestPageDecimals(t *testing.T) {
	parallel(t)
	skipShort(t)
	for k, args := range decimalTrees {
		t.Run(fmt.Sprint(k), func(t *testing.T) {
			tab := newTab(t)
			labels := func(lang, switchTo string) [][]string {
				file := filepath.Join(t.TempDir(), lang+".html")
				prunescope(t, append([]string{"step", "--lang", lang, "--html", file}, args...)...)
				open(t, tab, fileURL(file))
				if switchTo != "" {
					setLang(t, tab, switchTo)
				}
				return timed(t, tab, chromedp.Evaluate[[][]string](labelsJS))
			}
			en := labels("en", "")
			decimals := false
			for _, row := range en {
				decimals = decimals || decimalPoint.MatchString(nodeName.ReplaceAllString(nodeName.ReplaceAllString(strings.Join(row, " # "), "$1$3"), "$1$3"))
			}
			if !decimals {
				t.Fatalf("the English page writes no decimal: %q", en)
			}
			// The first tree in both languages; the others in one each, in
			// turn (the same code writes them: the browser tests' time).
			langs := otherLangs
			if k > 0 {
				langs = otherLangs[(k-1)%len(otherLangs) : (k-1)%len(otherLangs)+1]
			}
			for _, lang := range langs {
				own := labels(lang, "")
				if len(own) != len(en) {
					t.Fatalf("%s: %d steps, English %d", lang, len(own), len(en))
				}
				for i, row := range own {
					for j, s := range row {
						if left := decimalPoint.FindString(nodeName.ReplaceAllString(nodeName.ReplaceAllString(s, "$1$3"), "$1$3")); left != "" {
							t.Errorf("%s, step %d: a decimal point is left (%s) in %q", lang, i, left, s)
						}
						// The same numbers and node names as the English
						// page's (its caption's at least: a sentence may
						// say a number twice).
						got, want := i18ntest.Numbers(s), i18ntest.Numbers(en[i][j])
						if j < 5 && !slices.Equal(got, want) {
							t.Errorf("%s, step %d: %q has the numbers %q, the English %q has %q", lang, i, s, got, en[i][j], want)
						}
						for _, n := range want {
							if j == 5 && !slices.Contains(got, n) {
								t.Errorf("%s, step %d: %q lacks %s of the English %q", lang, i, s, n, en[i][j])
							}
						}
					}
					if strings.Contains(row[1], ", ") && strings.Contains(row[1], ",5") && !strings.Contains(row[1], "; ") {
						t.Errorf("%s, step %d: a window with a decimal comma is not written with a semicolon: %q", lang, i, row[1])
					}
				}
				if got := labels("en", lang); !slices.EqualFunc(got, own, slices.Equal) {
					t.Errorf("the English page switched to %s writes\n%q\nthe %s page\n%q", lang, got, lang, own)
				}
				if k > 0 {
					continue // back to English: on the first tree
				}
				if got := labels(lang, "en"); !slices.EqualFunc(got, en, slices.Equal) {
					t.Errorf("the %s page switched to English writes\n%q\nthe English page\n%q", lang, got, en)
				}
			}
		})
	}
}

// hoodTextsJS is, at steps spread over the search, the texts the neighbourhood
// of the current node draws (its values, windows and live labels).
const hoodTextsJS = `(() => {
	const out = [];
	for (let n = 1; n <= window.ps.steps; n += Math.max(1, Math.floor(window.ps.steps / 40))) {
		window.ps.go(n);
		window.ps.hood();
		out.push(Array.from(document.querySelectorAll("#ps-hood-svg .ps-hood-content text")).map(e => e.textContent).filter(s => s).join(" | "));
	}
	return out;
})()`

// TestHoodDecimals: the neighbourhood a page of a large search draws in
// the drawing's place writes its values, windows and live labels with the
// language's decimal comma, in a Russian page and in an English page
// switched to Russian alike (a tree of halves: its node names, moves 1 to
// 4, never end in .5).
func TestHoodDecimals(t *testing.T) {
	parallel(t)
	skipShort(t)
	var b strings.Builder
	v := 0
	var node func(h int)
	node = func(h int) {
		if h == 0 {
			v = (v*7 + 5) % 25
			fmt.Fprintf(&b, "%s", strings.TrimSuffix(fmt.Sprintf("%.1f", float64(v-12)/2), ".0"))
			return
		}
		b.WriteString("(")
		for i := range 4 {
			if i > 0 {
				b.WriteString(" ")
			}
			node(h - 1)
		}
		b.WriteString(")")
	}
	node(5)
	tab := newTab(t)
	hood := func(lang, switchTo string) []string {
		file := filepath.Join(t.TempDir(), lang+".html")
		prunescope(t, "step", "--lang", lang, "--html", file, "--tree", b.String())
		open(t, tab, fileURL(file))
		waitFor(t, tab, `!!window.ps.hood`, "the neighbourhood")
		if switchTo != "" {
			setLang(t, tab, switchTo)
		}
		return timed(t, tab, chromedp.Evaluate[[]string](hoodTextsJS))
	}
	half := regexp.MustCompile(`\d\.5`)
	en := hood("en", "")
	if !half.MatchString(strings.Join(en, " ")) {
		t.Fatalf("the English neighbourhood writes no decimal: %q", en)
	}
	ru := hood("ru", "")
	for i, s := range ru {
		if m := half.FindString(s); m != "" {
			t.Errorf("Russian, sample %d: a decimal point (%s) in %q", i, m, s)
		}
		if w := regexp.MustCompile(`\([^()]*\d,5, [^()]*\)|\([^()]*, [^()]*\d,5\)`).FindString(s); w != "" {
			t.Errorf("Russian, sample %d: %s needs a semicolon: %q", i, w, s)
		}
		if got, want := i18ntest.Numbers(s), i18ntest.Numbers(en[i]); !slices.Equal(got, want) {
			t.Errorf("Russian, sample %d: numbers %q, English %q", i, got, want)
		}
	}
	if got := hood("en", "ru"); !slices.Equal(got, ru) {
		t.Errorf("the English page switched to Russian draws\n%q\nthe Russian page\n%q", got, ru)
	}
}
