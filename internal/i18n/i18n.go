// Package i18n chooses the language prunescope speaks and holds its
// messages: English, the source, and its Russian and Czech translations,
// one file per language in locales/ (JSON, as go-i18n reads it), which a
// translator edits. Messages with a number take the language's CLDR plural
// forms (English one/other; Russian one/few/many/other: "1 узел, 2 узла,
// 5 узлов"; Czech one/few/many/other: "1 uzel, 2 uzly, 5 uzlů"), chosen by
// go-i18n's CLDR rules.
//
// The language is --lang en|ru|cs, else the locale the environment names
// (LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them), else English.
// JSON output, node names, spec names and flag names stay as they are in
// every language.
package i18n

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Lang is a language prunescope speaks.
type Lang string

// The languages.
const (
	En Lang = "en"
	Ru Lang = "ru"
	Cs Lang = "cs"
)

// Langs lists the languages, English first.
var Langs = []Lang{En, Ru, Cs}

// Words names the languages for help texts.
const Words = "en (English), ru (русский) or cs (čeština)"

//go:embed locales/*.json
var files embed.FS

// Files: locales/LANG.json, the messages the code asks for by id (T, N),
// locales/DOMAIN.LANG.json the same for one part of the program (explain:
// the sentences about a search; page: the page's and the lab's words), and
// locales/names.LANG.json the translations of the mistakes' names
// (Translation). The commands' help is internal/i18n/help's, loaded when a
// program imports it (Load).
var bundle = func() *goi18n.Bundle {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	load(b, files, "locales")
	return b
}()

func load(b *goi18n.Bundle, fsys fs.FS, dir string) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		panic(fmt.Sprintf("i18n: %v", err))
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "errors.") {
			continue // the errors' formats: errors.go reads them
		}
		if _, err := b.LoadMessageFileFS(fsys, dir+"/"+e.Name()); err != nil {
			panic(fmt.Sprintf("i18n: %v", err)) // embedded, and read by the tests: never at a user's
		}
	}
}

// Load adds the catalogs in dir of fsys (LANG.json or NAME.LANG.json
// files) to the messages: internal/i18n/help's do, when imported. It is
// meant for a package's init, before any message is asked for.
func Load(fsys fs.FS, dir string) { load(bundle, fsys, dir) }

// Parse reads a language's code: en, ru or cs (any case).
func Parse(s string) (Lang, error) {
	l := Lang(strings.ToLower(strings.TrimSpace(s)))
	for _, k := range Langs {
		if l == k {
			return k, nil
		}
	}
	return "", fmt.Errorf("%q is not a language prunescope speaks: %s", s, Words)
}

// Choose is the language to speak: flag when given (an error when it is no
// language prunescope speaks), else the first of LC_ALL, LC_MESSAGES and
// LANG that is set and not empty, when its language is one prunescope
// speaks (ru_RU.UTF-8, cs_CZ, ru), else English.
func Choose(flag string, getenv func(string) string) (Lang, error) {
	if flag != "" {
		return Parse(flag)
	}
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		loc := getenv(v)
		if loc == "" {
			continue
		}
		// language[_territory][.codeset][@modifier]; C and POSIX are English.
		code := loc
		if i := strings.IndexAny(code, "_.@-"); i >= 0 {
			code = code[:i]
		}
		if l, err := Parse(code); err == nil {
			return l, nil
		}
		return En, nil // the first set decides, as in POSIX
	}
	return En, nil
}

// Printer speaks one language.
type Printer struct {
	lang Lang
	loc  *goi18n.Localizer
}

var printers = func() map[Lang]*Printer {
	m := map[Lang]*Printer{}
	for _, l := range Langs {
		m[l] = &Printer{lang: l, loc: goi18n.NewLocalizer(bundle, string(l))}
	}
	return m
}()

// For is the printer of l (English for a language prunescope does not speak).
func For(l Lang) *Printer {
	if p, ok := printers[l]; ok {
		return p
	}
	return printers[En]
}

// Lang is the printer's language.
func (p *Printer) Lang() Lang { return p.lang }

// T is the message id in the printer's language, its {{.Name}}s filled
// from args, given as name, value pairs.
func (p *Printer) T(id string, args ...any) string {
	return p.localize(id, nil, args)
}

// N is the message id in the plural form count takes in the printer's
// language; {{.Count}} is count, and args fill the rest.
func (p *Printer) N(id string, count int64, args ...any) string {
	return p.localize(id, count, args)
}

func (p *Printer) localize(id string, count any, args []any) string {
	data := map[string]any{}
	for i := 0; i+1 < len(args); i += 2 {
		data[fmt.Sprint(args[i])] = args[i+1]
	}
	if count != nil {
		data["Count"] = count
	}
	s, err := p.loc.Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil {
		// A message missing from a catalog is a bug the tests catch
		// (TestCatalogs); a user still reads the English.
		if p.lang != En {
			return For(En).localize(id, count, args)
		}
		return id
	}
	return s
}

// Translation is the printer's translation of a text whose English is
// the code's own, by its id: a command's help (help.COMMAND.short,
// flag.COMMAND.NAME: see cmd's helplang.go) or a mistake's name
// (mistake.ID); ok is false when the language has none, and in English.
func (p *Printer) Translation(id string) (string, bool) {
	if p.lang == En {
		return "", false
	}
	s, tag, err := p.loc.LocalizeWithTag(&goi18n.LocalizeConfig{MessageID: id})
	if err != nil || tag != language.Make(string(p.lang)) {
		return "", false
	}
	return s, true
}

// Files is the catalogs as embedded, for the tests that read them whole.
func Files() embed.FS { return files }

// Decimal writes a decimal number of prose as the language writes it:
// "3.5" in English, "3,5" in Russian and Czech. Data, the tree format and
// JSON keep the point.
func (p *Printer) Decimal(s string) string {
	if p.lang == En {
		return s
	}
	return strings.ReplaceAll(s, ".", ",")
}

// Forms is a message's text by CLDR plural form ("other" alone for a
// message without a number).
type Forms map[string]string

// Catalog is every message of a language whose id starts with prefix, read
// from its files (LANG.json and DOMAIN.LANG.json), for what renders its
// words itself: the page's script, with the browser's Intl.PluralRules
// choosing the form. A message the language lacks is English's.
func Catalog(l Lang, prefix string) map[string]Forms {
	out := map[string]Forms{}
	if l != En {
		for id, f := range Catalog(En, prefix) {
			out[id] = f
		}
	}
	entries, _ := files.ReadDir("locales")
	for _, e := range entries {
		name := e.Name()
		if name != string(l)+".json" && !(strings.HasSuffix(name, "."+string(l)+".json") && !strings.HasPrefix(name, "names.") && !strings.HasPrefix(name, "errors.")) {
			continue
		}
		data, err := files.ReadFile("locales/" + name)
		if err != nil {
			panic(fmt.Sprintf("i18n: %v", err))
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(data, &raw); err != nil {
			panic(fmt.Sprintf("i18n: %s: %v", name, err))
		}
		for id, v := range raw {
			if !strings.HasPrefix(id, prefix) {
				continue
			}
			var s string
			if json.Unmarshal(v, &s) == nil {
				out[id] = Forms{"other": s}
				continue
			}
			var f Forms
			if err := json.Unmarshal(v, &f); err != nil {
				panic(fmt.Sprintf("i18n: %s: %s: %v", name, id, err))
			}
			out[id] = f
		}
	}
	return out
}

type ctxKey struct{}

// WithLang is ctx carrying the language a command speaks: the commands
// set it once they have chosen it, and what writes words for them reads it
// (FromContext), as far down as the search's trace.Info.
func WithLang(ctx context.Context, l Lang) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// FromContext is the language ctx carries, English when none.
func FromContext(ctx context.Context) Lang {
	if ctx != nil {
		if l, ok := ctx.Value(ctxKey{}).(Lang); ok {
			return l
		}
	}
	return En
}
