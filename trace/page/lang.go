package page

import (
	"context"
	_ "embed"
	"fmt"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/step"
)

// i18nJS is the page's words in its three languages and the switch
// between them (window.psI18n), first in every page's script.
//
//go:embed i18n.js
var i18nJS string

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

// addLangs plays the page's steps again, telling each in every language
// but l at once (Player.SayAlso), writing their sentences (the search's words are its Info.Lang's), for the page's
// switch; over LangSteps steps, it only notes that they are left out.
func (d *data) addLangs(ctx context.Context, play func() (*step.Player, error), l i18n.Lang) error {
	if len(d.Steps) > LangSteps {
		d.LangsLeft = true
		return nil
	}
	var langs []string
	for _, k := range i18n.Langs {
		if k != l {
			langs = append(langs, string(k))
		}
	}
	p, err := play()
	if err != nil {
		return err
	}
	p.SayAlso(langs...) // one pass, each step told in the others too
	lds := make([]*langData, len(langs))
	for i, k := range langs {
		in := *p.Info()
		in.Lang = k
		lds[i] = &langData{Algo: explain.Describe(&in), Input: explain.InputLine(&in), S: make([]string, 0, len(d.Steps))}
	}
	for len(lds[0].S) < len(d.Steps) {
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
			for i, s := range p.State().Others {
				lds[i].S = append(lds[i].S, s)
			}
		}
	}
	for i, k := range langs {
		if len(lds[i].S) != len(d.Steps) {
			return fmt.Errorf("the page's steps in %s: %d sentences for %d steps", k, len(lds[i].S), len(d.Steps))
		}
		if d.Langs == nil {
			d.Langs = map[string]*langData{}
		}
		d.Langs[k] = lds[i]
	}
	return nil
}
