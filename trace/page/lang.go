package page

import (
	_ "embed"

	"github.com/prunescope/prunescope/internal/i18n"
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
