package student

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
)

// stopEnglish are the words of the stops' English that Russian and Czech
// must not keep.
var stopEnglish = regexp.MustCompile(`\b(line|enters|after|root|returned|returns|again|which|is|not|move|from|node|the|open|there|search|makes|but|no|trace|ends|at|still)\b`)

// TestStopsTranslated: every reason a student's trace stops being a
// search (each variant: the root or a node, a node open there or none) is
// said in Russian and Czech with none of the English's words, its line
// number and every node name of the English; the English catalog says it
// as Converted.Stop does.
func TestStopsTranslated(t *testing.T) {
	stops := []stopAt{
		{kind: stopAfterRoot, line: 5, node: "2"},
		{kind: stopRootAgain, line: 3},
		{kind: stopNotMove, line: 3, node: "2"},
		{kind: stopNotMove, line: 3, node: "2", open: "1"},
		{kind: stopNotSearched, line: 4, node: "Nf3 Nc6", open: "e4"},
		{kind: stopNotSearched, line: 4, node: "e4"},
		{kind: stopReturns, line: 6, none: true},
		{kind: stopReturns, line: 6, node: "2.1", none: true},
		{kind: stopReturns, line: 4, open: "1"},
		{kind: stopReturns, line: 4, node: "1.2"},
		{kind: stopReturns, line: 4, node: "1.2.1", open: "1.3"},
		{kind: stopEnds, line: 9},
		{kind: stopEnds, line: 9, open: "3.1"},
	}
	for _, s := range stops {
		en := s.english()
		if got := s.in(i18n.For(i18n.En)); got != en {
			t.Errorf("the English catalog says %q, the code %q", got, en)
		}
		for _, l := range []i18n.Lang{i18n.Ru, i18n.Cs} {
			got := s.in(i18n.For(l))
			if m := stopEnglish.FindString(strings.ReplaceAll(got, "prunescope", "")); m != "" || got == "" {
				t.Errorf("%s: %q is English in %q (%q)", l, m, got, en)
			}
			if a, b := i18ntest.Tokens(en), i18ntest.Tokens(got); !slices.Equal(a, b) {
				t.Errorf("%s: %q has %v, the English %q %v", l, got, b, en, a)
			}
		}
	}
}

// TestStopInLanguage: the events of a trace that stops say why in the
// language of their Info, where the sentences about the search read it
// (Summary.Stopped), and StopIn says it in any; Stop stays English.
func TestStopInLanguage(t *testing.T) {
	tr, ok := tree.Builtin("aima")
	if !ok {
		t.Fatal("no aima")
	}
	g := TreeGame(tr)
	text := `{"ev":"enter","node":"root"}
{"ev":"enter","node":"1"}
{"ev":"enter","node":"2"}
{"ev":"leaf","node":"2.1","value":2}`
	const en = "line 3 enters node 2, which is not a move from node 1, the node open there"
	for _, l := range []i18n.Lang{i18n.En, i18n.Ru, i18n.Cs} {
		steps, err := Read(strings.NewReader(text), "mine.jsonl", tr)
		if err != nil {
			t.Fatal(err)
		}
		info := Info(g, 2, "mine.jsonl")
		if l != i18n.En {
			info.Lang = string(l)
		}
		conv, err := Events(steps, g, info, "mine.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		said := conv.StopIn(i18n.For(l))
		if conv.Stop != en || (l == i18n.En) != (said == en) || conv.StopLine != 3 {
			t.Errorf("%s: stop %q (line %d), said %q", l, conv.Stop, conv.StopLine, said)
		}
		if done := conv.Events[len(conv.Events)-1]; done.Summary == nil || done.Summary.Stopped != said {
			t.Errorf("%s: the done event says %+v, want %q", l, done.Summary, said)
		}
	}
}
