// Package i18n chooses the language prunescope speaks and holds its
// messages: English, the source, and its Russian and Czech translations,
// one file per language and part in locales/ (JSON, in go-i18n's format),
// which a translator edits. Messages with a number take the language's CLDR
// plural forms (English one/other; Russian one/few/many/other: "1 узел,
// 2 узла, 5 узлов"; Czech one/few/many/other: "1 uzel, 2 uzly, 5 uzlů"),
// chosen by golang.org/x/text's CLDR plural rules.
//
// The language is --lang en|ru|cs, else the locale the environment names
// (LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them), else English.
// JSON output, node names, spec names and flag names stay as they are in
// every language.
package i18n

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
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
// the sentences about a search; page: the page's and the lab's words),
// locales/names.LANG.json the translations of the mistakes' names
// (Translation) and locales/errors.LANG.json the errors' formats
// (errors.go). The commands' help is internal/i18n/help's, loaded when a
// program imports it (Load).
//
// A file is go-i18n's JSON format: an id's text, or its CLDR plural forms
// ({"one": ..., "few": ..., "many": ..., "other": ...}), with a translation's
// "hash" of the English it translates. The forms are chosen by x/text's
// CLDR plural rules (in the browser, by its own Intl.PluralRules: the same
// CLDR data, without x/text's tables in the lab's WebAssembly) and
// {{.Name}} filled by this package (fill): go-i18n's
// own rendering runs text/template for each message (a microsecond and a
// dozen allocations a sentence, where a search tells millions, and a
// template engine the lab's WebAssembly leaves out for its size).
//
// A language's files are read and parsed when it is first asked for, not
// when the program starts: a command speaks one language (and English's
// messages fill in what it lacks), and the lab's WebAssembly would
// otherwise parse every catalog of the three before its first search.
var (
	catMu   sync.Mutex
	sources = []source{{files, "locales"}}
	parsed  = map[Lang]*langCatalog{}
)

// source is a directory of catalog files.
type source struct {
	fsys fs.FS
	dir  string
}

// langCatalog is one language's messages: as written (forms) and parsed.
type langCatalog struct {
	forms    map[string]Forms
	messages map[string]*catalogMessage
}

// catalogOf is l's catalog, read and parsed at the first call.
func catalogOf(l Lang) *langCatalog {
	catMu.Lock()
	defer catMu.Unlock()
	if c, ok := parsed[l]; ok {
		return c
	}
	c := &langCatalog{forms: map[string]Forms{}}
	for _, src := range sources {
		load(c.forms, l, src.fsys, src.dir)
	}
	c.messages = parseAll(c.forms)
	parsed[l] = c
	return c
}

// load reads l's files of dir (LANG.json, NAME.LANG.json; not the errors')
// into msgs.
func load(msgs map[string]Forms, l Lang, fsys fs.FS, dir string) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		panic(fmt.Sprintf("i18n: %v", err))
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, "errors.") {
			continue // the errors' formats: errors.go reads them
		}
		parts := strings.Split(strings.TrimSuffix(name, ".json"), ".")
		if Lang(parts[len(parts)-1]) != l {
			continue
		}
		data, err := fs.ReadFile(fsys, dir+"/"+name)
		if err != nil {
			panic(fmt.Sprintf("i18n: %v", err))
		}
		if err := parseCatalog(data, msgs); err != nil {
			panic(fmt.Sprintf("i18n: %s: %v", name, err)) // embedded, and read by the tests: never at a user's
		}
	}
}

// parseCatalog reads one file's messages into msgs: a JSON object whose
// values are a message's text or its forms (an object of strings; "hash"
// and "description" are the translators'). It reads the JSON itself, not
// with encoding/json's reflection: a language's catalogs are read at its
// first message, in the lab's WebAssembly too, where encoding/json took
// some 70 ms of its first search (TestParseCatalogIsJSON holds the two to
// the same messages).
func parseCatalog(data []byte, msgs map[string]Forms) error {
	r := &jsonReader{b: data}
	if !r.skip('{') {
		return r.fail("an object")
	}
	if r.skip('}') {
		return r.end()
	}
	for {
		id, err := r.str()
		if err != nil {
			return err
		}
		if !r.skip(':') {
			return r.fail("':'")
		}
		r.space()
		if r.i < len(r.b) && r.b[r.i] == '"' {
			text, err := r.str()
			if err != nil {
				return err
			}
			msgs[id] = Forms{"other": text}
		} else {
			if !r.skip('{') {
				return r.fail("a string or an object")
			}
			f := Forms{}
			if !r.skip('}') {
				for {
					k, err := r.str()
					if err != nil {
						return err
					}
					if !r.skip(':') {
						return r.fail("':'")
					}
					v, err := r.str()
					if err != nil {
						return err
					}
					if k != "hash" && k != "description" {
						f[k] = v
					}
					if r.skip('}') {
						break
					}
					if !r.skip(',') {
						return r.fail("',' or '}'")
					}
				}
			}
			if f["other"] == "" {
				return fmt.Errorf("%s: no \"other\" form", id)
			}
			msgs[id] = f
		}
		if r.skip('}') {
			return r.end()
		}
		if !r.skip(',') {
			return r.fail("',' or '}'")
		}
	}
}

// jsonReader reads the JSON of a catalog.
type jsonReader struct {
	b []byte
	i int
}

func (r *jsonReader) space() {
	for r.i < len(r.b) && (r.b[r.i] == ' ' || r.b[r.i] == '\n' || r.b[r.i] == '\t' || r.b[r.i] == '\r') {
		r.i++
	}
}

// skip reads c after any space; false, reading nothing, when c is not next.
func (r *jsonReader) skip(c byte) bool {
	r.space()
	if r.i < len(r.b) && r.b[r.i] == c {
		r.i++
		return true
	}
	return false
}

func (r *jsonReader) fail(want string) error {
	return fmt.Errorf("byte %d: want %s", r.i, want)
}

func (r *jsonReader) end() error {
	r.space()
	if r.i != len(r.b) {
		return r.fail("the end")
	}
	return nil
}

// str reads a string.
func (r *jsonReader) str() (string, error) {
	if !r.skip('"') {
		return "", r.fail("a string")
	}
	start := r.i
	for r.i < len(r.b) && r.b[r.i] != '"' && r.b[r.i] != '\\' {
		r.i++
	}
	if r.i < len(r.b) && r.b[r.i] == '"' { // no escapes
		s := string(r.b[start:r.i])
		r.i++
		return s, nil
	}
	var out []byte
	out = append(out, r.b[start:r.i]...)
	for r.i < len(r.b) {
		c := r.b[r.i]
		switch {
		case c == '"':
			r.i++
			return string(out), nil
		case c == '\\':
			if r.i+1 >= len(r.b) {
				return "", r.fail("an escape")
			}
			e := r.b[r.i+1]
			r.i += 2
			switch e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'n':
				out = append(out, '\n')
			case 't':
				out = append(out, '\t')
			case 'r':
				out = append(out, '\r')
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'u':
				c, err := r.hex4()
				if err != nil {
					return "", err
				}
				if utf16.IsSurrogate(c) && r.i+1 < len(r.b) && r.b[r.i] == '\\' && r.b[r.i+1] == 'u' {
					r.i += 2
					c2, err := r.hex4()
					if err != nil {
						return "", err
					}
					c = utf16.DecodeRune(c, c2)
				}
				out = utf8.AppendRune(out, c)
			default:
				return "", r.fail("an escape")
			}
		default:
			out = append(out, c)
			r.i++
		}
	}
	return "", r.fail("'\"'")
}

func (r *jsonReader) hex4() (rune, error) {
	if r.i+4 > len(r.b) {
		return 0, r.fail("four hex digits")
	}
	n, err := strconv.ParseUint(string(r.b[r.i:r.i+4]), 16, 32)
	if err != nil {
		return 0, r.fail("four hex digits")
	}
	r.i += 4
	return rune(n), nil
}

// Load adds the catalogs in dir of fsys (LANG.json or NAME.LANG.json
// files) to the messages: internal/i18n/help's do, when imported. It is
// meant for a package's init, before any message is asked for (a language
// already read is read again with them at its next message).
func Load(fsys fs.FS, dir string) {
	catMu.Lock()
	defer catMu.Unlock()
	sources = append(sources, source{fsys, dir})
	parsed = map[Lang]*langCatalog{}
}

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
}

var printers = func() map[Lang]*Printer {
	m := map[Lang]*Printer{}
	for _, l := range Langs {
		m[l] = &Printer{lang: l}
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
	return p.localize(id, false, 0, args)
}

// N is the message id in the plural form count takes in the printer's
// language; {{.Count}} is count, and args fill the rest.
func (p *Printer) N(id string, count int64, args ...any) string {
	return p.localize(id, true, count, args)
}

func (p *Printer) localize(id string, counted bool, count int64, args []any) string {
	m, ok := catalogOf(p.lang).messages[id]
	if !ok {
		// A message missing from a catalog is a bug the tests catch
		// (TestCatalogs); a user still reads the English.
		if p.lang != En {
			return For(En).localize(id, counted, count, args)
		}
		return id
	}
	t := m.other
	if counted {
		if f := m.forms[p.form(count)]; f != nil {
			t = f
		}
	}
	return t.fill(counted, count, args)
}

// catalogMessage is a catalog's message, its forms parsed once.
type catalogMessage struct {
	other *template
	forms map[string]*template
}

// template is a message's text cut at its {{.Name}}s: lits[0] name[0]
// lits[1] ... lits[n].
type template struct {
	lits  []string
	names []string
}

func parseTemplate(text string) *template {
	t := &template{}
	for {
		i := strings.Index(text, "{{")
		if i < 0 {
			break
		}
		end := strings.Index(text[i:], "}}")
		if end < 0 {
			break
		}
		t.lits = append(t.lits, text[:i])
		t.names = append(t.names, strings.TrimPrefix(strings.TrimSpace(text[i+2:i+end]), "."))
		text = text[i+end+2:]
	}
	t.lits = append(t.lits, text)
	return t
}

func parseAll(msgs map[string]Forms) map[string]*catalogMessage {
	out := make(map[string]*catalogMessage, len(msgs))
	for id, f := range msgs {
		m := &catalogMessage{other: parseTemplate(f["other"])}
		if len(f) > 1 {
			m.forms = map[string]*template{}
			for k, text := range f {
				m.forms[k] = parseTemplate(text)
			}
		}
		out[id] = m
	}
	return out
}

// form is the CLDR plural form of the whole number n in the printer's
// language: "one", "few", "many" or "other" (pluralForm: x/text's CLDR
// rules, or in the browser its own, Intl.PluralRules).
func (p *Printer) form(n int64) string {
	if n < 0 {
		n = -n
	}
	return pluralForm(p.lang, n)
}

// fill writes the template with each {{.Name}} replaced by the value args
// pairs with Name ({{.Count}} by count when counted), as fmt.Sprint writes
// it; "<no value>" for a name args lack, as text/template writes it. The
// text is allocated once, at its length.
func (t *template) fill(counted bool, count int64, args []any) string {
	if len(t.names) == 0 {
		return t.lits[0]
	}
	var buf [8]string
	vals := buf[:0]
	n := 0
	for _, name := range t.names {
		v, ok := value(name, counted, count, args)
		var s string
		switch v := v.(type) {
		case string:
			s = v
		case int:
			s = strconv.Itoa(v)
		case int64:
			s = strconv.FormatInt(v, 10)
		default:
			if ok {
				s = fmt.Sprint(v)
			} else {
				s = "<no value>"
			}
		}
		vals = append(vals, s)
		n += len(s)
	}
	for _, l := range t.lits {
		n += len(l)
	}
	var b strings.Builder
	b.Grow(n)
	for i, v := range vals {
		b.WriteString(t.lits[i])
		b.WriteString(v)
	}
	b.WriteString(t.lits[len(vals)])
	return b.String()
}

// value is the value args give name.
func value(name string, counted bool, count int64, args []any) (any, bool) {
	if counted && name == "Count" {
		return count, true
	}
	for k := 0; k+1 < len(args); k += 2 {
		if s, ok := args[k].(string); ok && s == name {
			return args[k+1], true
		}
	}
	return nil, false
}

// Translation is the printer's translation of a text whose English is
// the code's own, by its id: a command's help (help.COMMAND.short,
// flag.COMMAND.NAME: see cmd's helplang.go) or a mistake's name
// (mistake.ID); ok is false when the language has none, and in English.
func (p *Printer) Translation(id string) (string, bool) {
	if p.lang == En {
		return "", false
	}
	f, ok := catalogOf(p.lang).forms[id]
	if !ok {
		return "", false
	}
	return f["other"], true
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
	for id, f := range catalogOf(l).forms {
		if strings.HasPrefix(id, prefix) {
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
