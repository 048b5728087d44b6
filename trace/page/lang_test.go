package page

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
)

// pageWords are the words the page's template writes (its help and its
// controls' titles and labels), apart from its data and scripts.
var pageWords = regexp.MustCompile(`(?s)<header id="head">.*?</header>|<footer id="bar">.*?</footer>|<div id="keys" hidden>.*?</div>`)

// englishWords are words only the English page's words have.
var englishWords = regexp.MustCompile(`\b(step|steps|next|back|play|pause|full screen|keys|first|last|cutoff|prune|help|tree|zoom|the|and|of|language)\b`)

// TestPageInLanguages: a page written in Russian or Czech says so (<html
// lang>), its controls and help are in the language (no English word left
// in them; node names and the keys' own letters stay), it carries the
// messages of all three languages for its switch (page.* only) and the
// steps' sentences in the two others, one per step, with the language's
// printer; an English page is written as before, English its own.
func TestPageInLanguages(t *testing.T) {
	tr := traceOf(t, search(t, "aima"))
	for _, l := range i18n.Langs {
		html, err := build(t, tr, Options{Lang: string(l)})
		if err != nil {
			t.Fatal(err)
		}
		s := string(html)
		if !strings.Contains(s, `<html lang="`+string(l)+`">`) {
			t.Errorf("%s: the page does not say its language", l)
		}
		d := pageData(t, html)
		words := strings.Join(pageWords.FindAllString(s, -1), "\n")
		if words == "" {
			t.Fatalf("%s: no header, bar or help found", l)
		}
		words = regexp.MustCompile(`(?s)<div id="(algo|input)">.*?</div>`).ReplaceAllString(words, "")
		words = regexp.MustCompile(`<[^>]*>`).ReplaceAllStringFunc(words, func(tag string) string {
			// the titles and labels are words; the rest of a tag is not
			var out []string
			for _, m := range regexp.MustCompile(`(?:title|aria-label)="([^"]*)"`).FindAllStringSubmatch(tag, -1) {
				out = append(out, m[1])
			}
			return " " + strings.Join(out, " ") + " "
		})
		// The header's search description and input are explain's
		// (translated there), not the page's own words; #step=N is the
		// address's.
		words = strings.ReplaceAll(words, "#step=N", "")
		if m := englishWords.FindAllString(words, -1); l != i18n.En && len(m) > 0 {
			t.Errorf("%s: English left in the page's words: %q\n%s", l, m, words)
		}
		if l == i18n.En && !strings.Contains(words, "next step") {
			t.Errorf("the English page's help lost its words:\n%s", words)
		}
		var w struct {
			Lang string                                  `json:"lang"`
			Msgs map[string]map[string]map[string]string `json:"msgs"`
		}
		m := regexp.MustCompile(`(?s)<script id="ps-i18n" type="application/json">(.*?)</script>`).FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("%s: no ps-i18n script", l)
		}
		if err := json.Unmarshal([]byte(m[1]), &w); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if w.Lang != string(l) || len(w.Msgs) != 3 {
			t.Errorf("%s: the page's words say %q, in %d languages", l, w.Lang, len(w.Msgs))
		}
		for k, msgs := range w.Msgs {
			if msgs["page.bar.play"]["other"] != i18n.For(i18n.Lang(k)).T("page.bar.play") {
				t.Errorf("%s: its %s words: play is %q", l, k, msgs["page.bar.play"])
			}
			for id := range msgs {
				if !strings.HasPrefix(id, "page.") && !strings.HasPrefix(id, "step.live.") { // its words, its nodes' live labels
					t.Errorf("%s: the page carries %s", l, id)
				}
			}
		}
		if len(d.Langs) != 2 || d.Langs[string(l)] != nil {
			t.Fatalf("%s: the page carries the sentences of %d other languages", l, len(d.Langs))
		}
		for k, ld := range d.Langs {
			if len(ld.S) != len(d.Steps) {
				t.Errorf("%s: %d sentences in %s for %d steps", l, len(ld.S), k, len(d.Steps))
			}
		}
	}
}

// TestPageLangFromContext: Build writes the page in the context's language
// when its options name none (the commands: --lang, the locale).
func TestPageLangFromContext(t *testing.T) {
	tr := traceOf(t, search(t, "aima"))
	r := recorded(t, tr)
	html, err := Build(i18n.WithLang(context.Background(), i18n.Cs), openOf(tr), "trace", r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), `<html lang="cs">`) || !strings.Contains(string(html), `title="`+i18n.For(i18n.Cs).T("page.bar.next")+`"`) {
		t.Error("a page built with Czech in its context is not Czech")
	}
}

// TestLocalize: the lab's bar, in each language, with no {{T}} left.
func TestLocalize(t *testing.T) {
	for _, l := range i18n.Langs {
		bar := Bar(l)
		if strings.Contains(bar, "{{") || !strings.Contains(bar, ">"+i18n.For(l).T("page.bar.play")+"<") {
			t.Errorf("%s: the bar is %s", l, bar)
		}
	}
}

// recorded records a trace.
func recorded(t *testing.T, tr []byte) *record.Recording {
	t.Helper()
	r := record.NewRecorder()
	if err := jsonl.ReadAll(bytes.NewReader(tr), "trace", func(e *trace.Event) error { r.Add(e); return nil }); err != nil {
		t.Fatal(err)
	}
	return r.Recording()
}

// openOf opens a trace again and again.
func openOf(tr []byte) func() io.ReadSeeker {
	return func() io.ReadSeeker { return bytes.NewReader(tr) }
}
