package page

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/step"
)

// i18nJS is the page's words in its three languages and the switch
// between them (window.psI18n), first in every page's script.
//
//go:embed i18n.js
var i18nJS string

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

// langOf is the language of a page's words: Options.Lang, or English.
func langOf(s string) i18n.Lang {
	if l, err := i18n.Parse(s); err == nil {
		return l
	}
	return i18n.En
}

// LangSteps is the most steps a page carries the sentences of in every
// language. A step's sentence is about 150 bytes in English (Russian's
// Cyrillic takes two bytes a letter): a chess search's page of 34,195
// steps (--fen start --depth 4) grew from 14.7 MB to 24.7 MB and took
// 3.9 s to write instead of 1.6 s with both others' (English's words in
// them as yet), about as much again as the rest of the page. Up to 5,000
// steps (a page of about 2 MB) carry them, 1 to 2.5 MB more, in 0.3 s
// more; a longer page switches only its controls' words, and says so.
const LangSteps = 5_000

// langData is a page's words in another language: its steps' sentences,
// its header's lines.
type langData struct {
	Algo  string   `json:"algo"`
	Input string   `json:"input"`
	S     []string `json:"s"`
}

// addLangs plays the page's steps again in each language but l, writing
// their sentences (the search's words are its Info.Lang's), for the page's
// switch; over LangSteps steps, it only notes that they are left out.
func (d *data) addLangs(ctx context.Context, play func() (*step.Player, error), l i18n.Lang) error {
	if len(d.Steps) > LangSteps {
		d.LangsLeft = true
		return nil
	}
	for _, k := range i18n.Langs {
		if k == l {
			continue
		}
		p, err := play()
		if err != nil {
			return err
		}
		in := p.Info()
		in.Lang = string(k)
		ld := &langData{Algo: explain.Describe(in), Input: explain.InputLine(in), S: make([]string, 0, len(d.Steps))}
		for len(ld.S) < len(d.Steps) {
			ok, err := p.Next()
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			if p.Index() >= d.First {
				ld.S = append(ld.S, p.State().Sentence)
			}
		}
		if len(ld.S) != len(d.Steps) {
			return fmt.Errorf("the page's steps in %s: %d sentences for %d steps", k, len(ld.S), len(d.Steps))
		}
		if d.Langs == nil {
			d.Langs = map[string]*langData{}
		}
		d.Langs[string(k)] = ld
	}
	return nil
}
