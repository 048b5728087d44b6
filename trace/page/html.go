//go:build !(js && wasm)

package page

// The page's HTML around its content, written by the command line: the
// browser's lab (internal/lab, compiled to WebAssembly) needs only the
// content (Make) and puts it in place itself, and leaves html/template, and
// what its reflection keeps in a binary, out of the engine it holds.

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"html/template"
	"io"
	"regexp"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/pagefont"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/step"
)

//go:embed page.html
var pageHTML string

var tmpl = template.Must(template.New("page").Funcs(Funcs(i18n.En)).Parse(pageHTML))

// Funcs are the functions of a page's template in the language l: T, the
// message of an id (HTML: the catalogs are the program's own).
func Funcs(l i18n.Lang) template.FuncMap {
	p := i18n.For(l)
	return template.FuncMap{"T": func(id string) template.HTML { return template.HTML(p.T(id)) }}
}

// inLang is the template t speaking l.
func inLang(t *template.Template, l i18n.Lang) *template.Template {
	c, err := t.Clone()
	if err != nil {
		panic(err) // never executed itself: only its clones are
	}
	return c.Funcs(Funcs(l))
}

// Build writes the page of the trace that open gives from its start (name
// names it in errors), recorded in rec, in the language opt.Lang (else the
// context's: i18n.FromContext), with the steps' sentences in the other
// two as well (up to LangSteps steps), for its switch.
func Build(ctx context.Context, open func() io.ReadSeeker, name string, rec *record.Recording, opt Options) ([]byte, error) {
	if opt.Lang == "" {
		opt.Lang = string(i18n.FromContext(ctx))
	}
	l := langOf(opt.Lang)
	play := func() (*step.Player, error) { return step.Open(open(), name) }
	opt.others = nil
	for _, k := range i18n.Langs {
		if k != l {
			opt.others = append(opt.others, string(k))
		}
	}
	c, err := Make(ctx, play, name, rec, opt)
	if err != nil {
		return nil, err
	}
	if c.Data, err = json.Marshal(c.d); err != nil {
		return nil, err
	}
	script, err := scriptOf(c.d, opt.Diff.script())
	if err != nil {
		return nil, err
	}
	return withFont(inLang(tmpl, l), map[string]any{
		"Lang":  string(l),
		"Words": template.JS(Words(l, "page.", "step.live.")),
		"Langs": template.HTML(LangSwitch(l)),
		"Title": c.Title,
		"CSS":   template.CSS(c.CSS + opt.Diff.style()),
		"JS":    template.JS(script),
		"Data":  template.JS(safeJSON(c.Data)),
		"SVG":   template.HTML(c.SVG),
		"Chess": c.Chess,
		"Algo":  c.Algo,
		"Input": c.Input,
		"Bar":   template.HTML(Bar(l)),
	})
}

// withFont writes a page with its template and values, and the page's font
// (internal/pagefont) in its style ("Font"), with the glyphs of every
// character the page holds: its text, its script's strings, its data.
func withFont(t *template.Template, values map[string]any) ([]byte, error) {
	var out bytes.Buffer
	values["Font"] = template.CSS("")
	if err := t.Execute(&out, values); err != nil {
		return nil, err
	}
	css, err := pagefont.CSS(out.String())
	if err != nil {
		return nil, err
	}
	out.Reset()
	values["Font"] = template.CSS(css)
	if err := t.Execute(&out, values); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

//go:embed pair.html
var pairHTML string

//go:embed pair.js
var pairJS string

var pairTmpl = template.Must(template.New("pair").Funcs(Funcs(i18n.En)).Parse(pairHTML))

var pageLang = regexp.MustCompile(`^<!DOCTYPE html>\s*<html lang="([a-z]+)">`)

// Pair writes the page of two searches side by side (diff --html): the pages
// a and b, each in a frame of its own inside the one file (each built with
// Options.Diff, its side of Diffs), the searches named as in names, and the
// differences in words (Diffs). Keys step both; a side clicked steps alone;
// d and Shift+D jump to the next and previous difference.
func Pair(a, b []byte, names PairNames, diffs *PairDiff) ([]byte, error) {
	if diffs == nil {
		diffs = &PairDiff{}
	}
	if diffs.Entries == nil {
		diffs.Entries = []PairEntry{}
	}
	js, err := json.Marshal(diffs.Entries)
	if err != nil {
		return nil, err
	}
	lang := names.Lang
	if m := pageLang.FindSubmatch(a); lang == "" && m != nil {
		lang = string(m[1]) // the sides' own
	}
	l := langOf(lang)
	return withFont(inLang(pairTmpl, l), map[string]any{
		"Lang":    string(l),
		"Words":   template.JS(Words(l, "page.", "step.live.")),
		"Langs":   template.HTML(LangSwitch(l)),
		"Title":   "prunescope diff · A: " + names.A + " · B: " + names.B,
		"A":       names.A,
		"B":       names.B,
		"ConvA":   names.ConvA,
		"ConvB":   names.ConvB,
		"Input":   names.Input,
		"Summary": diffs.Summary,
		"PageA":   string(a),
		"PageB":   string(b),
		"Data":    template.JS(safeJSON(js)),
		"Open":    diffs.Open,
		"JS":      template.JS(i18nJS + pairJS),
	})
}

// PairNames name the two searches of diff's page and their input.
type PairNames struct {
	A, B         string // the specs, e.g. "alphabeta:hard:ge"
	ConvA, ConvB string // their conventions in words, e.g. "fail-hard, cut on ≥ (ties prune)"
	Input        string // the input both searched, e.g. "tree wikipedia · root MAX · depth 4"
	// Lang is the page's language ("": the sides', as they were built).
	Lang string
}
