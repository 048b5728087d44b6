//go:build !(js && wasm)

package page

// The page's words as its HTML and script carry them, written by the
// command line (the lab's engine, compiled to WebAssembly, needs none of
// it, and leaves regexp out: internal/lab/gen's TestEngineLeavesOut).

import (
	"encoding/json"
	"html"
	"regexp"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
)

// Bar is the player's controls in the language l, for a page that holds
// the player (the lab).
func Bar(l i18n.Lang) string { return Localize(barHTML, l) }

// Words is what a page's script needs to write its words in each of the
// languages (i18n.js reads it from <script id="ps-i18n">): the language the
// page is written in and, for each language, its messages whose ids start
// with one of prefixes ("page." for the projector page; "page." and "lab."
// for the lab), as JSON safe inside a <script>.
func Words(l i18n.Lang, prefixes ...string) string {
	msgs := map[i18n.Lang]map[string]i18n.Forms{}
	for _, k := range i18n.Langs {
		m := map[string]i18n.Forms{}
		for _, p := range prefixes {
			for id, f := range i18n.Catalog(k, p) {
				m[id] = f
			}
		}
		msgs[k] = m
	}
	js, err := json.Marshal(map[string]any{"lang": l, "msgs": msgs})
	if err != nil {
		panic(err) // strings only
	}
	return safeJSON(js)
}

// LangSwitch is the page's choice of language (i18n.js wires it): a list of
// the three, each named in its own words, and the note a page too long to
// carry its sentences in every language shows when another is chosen.
func LangSwitch(l i18n.Lang) string {
	p := i18n.For(l)
	var b strings.Builder
	b.WriteString(`<span id="lang-box"><select id="langs" data-tt="page.lang.title" title="` + html.EscapeString(p.T("page.lang.title")) + `">`)
	for _, k := range i18n.Langs {
		sel := ""
		if k == l {
			sel = " selected"
		}
		b.WriteString(`<option value="` + string(k) + `"` + sel + `>` + langName(k) + `</option>`)
	}
	b.WriteString(`</select><span id="lang-note" hidden></span></span>`)
	return b.String()
}

// langName is a language's name in its own words.
func langName(l i18n.Lang) string {
	switch l {
	case i18n.Ru:
		return "Русский"
	case i18n.Cs:
		return "Čeština"
	}
	return "English"
}

var tCall = regexp.MustCompile(`{{T "([a-z][\w.-]*)"}}`)

// Localize writes a piece of the page's HTML in l: each {{T "id"}} is the
// message id (HTML: the catalogs' own), as html/template's T writes it
// where the page is a template.
func Localize(src string, l i18n.Lang) string {
	p := i18n.For(l)
	return tCall.ReplaceAllStringFunc(src, func(m string) string {
		return p.T(tCall.FindStringSubmatch(m)[1])
	})
}
