package text

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
)

// pointed is a probability written with a decimal point (p=0.25).
var pointed = regexp.MustCompile(`p=[0-9]+\.[0-9]`)

// TestProbabilitiesInLanguage: an outcome of a chance node says its
// probability as the language writes a decimal in prose, p=0,75 in
// Russian and Czech (p=0.75 in English, as before), while its node's name
// keeps its points (1.1) and every number of the English is there.
func TestProbabilitiesInLanguage(t *testing.T) {
	tr, err := tree.Parse("test", "(((2 2)[p=0.75] (1 2)[p=0.25])[chance] ((0 2)[p=0.5] (-1 0)[p=0.5])[chance])")
	if err != nil {
		t.Fatal(err)
	}
	textIn := func(lang string) string {
		opt, err := engine.ParseSpec("star1", engine.Options{Bounds: engine.Bounds{Lo: -2 * tr.Scale, Hi: 2 * tr.Scale, On: true}})
		if err != nil {
			t.Fatal(err)
		}
		opt.Lang = lang
		var buf bytes.Buffer
		s := New(&buf, Plain(), Options{})
		if _, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: tr.Height()}, opt, s.Hooks()); err != nil {
			t.Fatal(err)
		}
		if err := s.Flush(); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	en := textIn("")
	for _, want := range []string{"MIN 1.1 p=0.75 ", "MIN 1.2 p=0.25 ", "MIN 2.1 p=0.5 "} {
		if !strings.Contains(en, want) {
			t.Errorf("English lacks %q:\n%s", want, en)
		}
	}
	for _, lang := range []string{"ru", "cs"} {
		got := textIn(lang)
		for _, want := range []string{"MIN 1.1 p=0,75 ", "MIN 1.2 p=0,25 ", "MIN 2.1 p=0,5 "} {
			if !strings.Contains(got, want) {
				t.Errorf("%s lacks %q:\n%s", lang, want, got)
			}
		}
		for _, line := range strings.Split(got, "\n")[1:] { // the input's line is the tree, [p=0.75]
			if m := pointed.FindString(line); m != "" {
				t.Errorf("%s: %q has a decimal point: %q", lang, m, line)
			}
		}
		if a, b := i18ntest.Numbers(en), i18ntest.Numbers(got); !slices.Equal(a, b) {
			t.Errorf("%s: numbers %v, English's %v", lang, b, a)
		}
	}
}
