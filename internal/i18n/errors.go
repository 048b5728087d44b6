package i18n

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"strings"
	"sync"
)

// Errors that speak the three languages. Errorf and Error build an error as
// fmt.Errorf and errors.New do (the same English text, wrapping what %w
// wraps), keeping its format and arguments, so that a Printer can say it in
// its language (Printer.Error): the format is looked up in the language's
// catalog of errors, locales/errors.LANG.json, by ErrorID (the hash of the
// English format), each argument that is an error is said the same way,
// and each Phrase in the language's words. A format is always a literal at
// the call (or at the call of a function that passes its format on, listed
// in errors_test.go), so that the tests find every format to translate.

// message is an error Errorf or Error made.
type message struct {
	format string
	args   []any
	err    error // fmt.Errorf's: the English text and what it wraps
	text   bool  // Error's: the format is the text
}

func (m *message) Error() string { return m.err.Error() }

// wrapping is a message wrapping one error (%w once).
type wrapping struct{ message }

func (w *wrapping) Unwrap() error { return w.err.(interface{ Unwrap() error }).Unwrap() }

// wrappingAll is a message wrapping several errors (%w more than once).
type wrappingAll struct{ message }

func (w *wrappingAll) Unwrap() []error { return w.err.(interface{ Unwrap() []error }).Unwrap() }

// Errorf is fmt.Errorf(format, args...) whose message a Printer can
// translate (Printer.Error).
func Errorf(format string, args ...any) error {
	m := message{format: format, args: args, err: fmt.Errorf(format, args...)}
	switch m.err.(type) {
	case interface{ Unwrap() error }:
		return &wrapping{m}
	case interface{ Unwrap() []error }:
		return &wrappingAll{m}
	}
	return &m
}

// Error is errors.New(text) whose message a Printer can translate.
func Error(text string) error {
	return &message{format: text, err: plain(text), text: true}
}

type plain string

func (p plain) Error() string { return string(p) }

// Phrase is a few words an error names (an argument of Errorf, written
// with %s or %v) that a Printer says in its language: the "spec A" of
// diff's "spec A: unknown algorithm". String is its English, En; In says
// it in p's language (nil: En in every language, as a flag's name is).
type Phrase struct {
	En string
	In func(p *Printer) string
}

func (w Phrase) String() string { return w.En }

// Translated is an error of its own type that says itself in a printer's
// language (its parts that are errors with p.Error).
type Translated interface {
	error
	TranslateError(p *Printer) string
}

// ErrorID is the id of an English error format in the catalogs of errors:
// "error." and the format's 64-bit FNV-1a hash.
func ErrorID(format string) string {
	h := fnv.New64a() // not crypto/sha256, whose FIPS module the lab's WebAssembly would carry
	h.Write([]byte(format))
	return fmt.Sprintf("error.%016x", h.Sum64())
}

// errorFormats are the catalogs of errors: a language's formats by id,
// read at its first error.
var (
	errMu      sync.Mutex
	errCatalog = map[Lang]map[string]string{}
)

func errorFormats(l Lang) map[string]string {
	errMu.Lock()
	defer errMu.Unlock()
	if m, ok := errCatalog[l]; ok {
		return m
	}
	m := map[string]string{}
	if l != En {
		data, err := files.ReadFile("locales/errors." + string(l) + ".json")
		if err != nil {
			panic(fmt.Sprintf("i18n: %v", err))
		}
		if err := json.Unmarshal(data, &m); err != nil {
			panic(fmt.Sprintf("i18n: errors.%s.json: %v", l, err))
		}
	}
	errCatalog[l] = m
	return m
}

// ErrorFormat is l's translation of an English error format, by ErrorID;
// ok is false when l has none.
func ErrorFormat(l Lang, id string) (string, bool) {
	f, ok := errorFormats(l)[id]
	return f, ok
}

// Error is err's message in the printer's language: an error Errorf or
// Error made in its language's words (English's when its catalog lacks the
// format: a bug the tests catch), each argument that is an error said the
// same way and each Phrase in its words; an error that says itself
// (Translated) as it does; an error wrapping one of those with the same words around it (the program's
// wrappers) with the wrapped one translated; any other error (the
// system's, strconv's) as its English text.
func (p *Printer) Error(err error) string {
	if err == nil {
		return ""
	}
	if p.lang == En {
		return err.Error()
	}
	var m *message
	switch e := err.(type) {
	case *message:
		m = e
	case *wrapping:
		m = &e.message
	case *wrappingAll:
		m = &e.message
	case Translated:
		return e.TranslateError(p)
	}
	if m != nil {
		f, ok := errorFormats(p.lang)[ErrorID(m.format)]
		if !ok {
			return err.Error()
		}
		if m.text {
			return f
		}
		args := make([]any, len(m.args))
		for i, a := range m.args {
			if e, ok := a.(error); ok && e != nil {
				a = p.Error(e)
			}
			if w, ok := a.(Phrase); ok && w.In != nil {
				a = w.In(p)
			}
			args[i] = a
		}
		return fmt.Sprintf(strings.ReplaceAll(f, "%w", "%v"), args...)
	}
	if u, ok := err.(interface{ Unwrap() error }); ok {
		if inner := u.Unwrap(); inner != nil {
			s, in := err.Error(), inner.Error()
			if strings.HasSuffix(s, in) {
				return s[:len(s)-len(in)] + p.Error(inner)
			}
		}
	}
	return err.Error()
}
