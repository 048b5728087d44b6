package lab_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
	"github.com/prunescope/prunescope/internal/lab"
)

// predictEnglish are English words the predict tab's own text (questions,
// sentences, explanations, the score's line, errors) must not have in
// Russian or Czech (yes and no are a student's answers, accepted in every
// language).
var predictEnglish = regexp.MustCompile(`(?i)\b(answer|write|with|which|window|will|node|leaf|searched|search|returns?|returned|step|wrong|right|cut|cuts|off|not|the|of|and|keeps|better|moves?|passed|sibling|value)\b`)

// TestPredictLanguages: the lab's predict tab in the page's language: its
// questions, each step's sentence, the explanations and the misconceptions'
// names, the score's line and an answer it cannot read (predict: ответ
// "maybe": …), with the numbers and node names of the English; a cut
// answered with the language's yes or no (да, ano) is graded, and its
// right answer said in that language.
func TestPredictLanguages(t *testing.T) {
	req := func(l string, kv ...any) map[string]any {
		m := map[string]any{"tree": "aima", "lang": l}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	english := func(l, what, s string) {
		t.Helper()
		// the answers as given and the windows' +inf stay as typed
		s = strings.NewReplacer(`"maybe"`, "", `"(3"`, "", "+inf", "").Replace(s)
		if w := predictEnglish.FindString(s); w != "" {
			t.Errorf("%s: %s: %q left in English in %q", l, what, w, s)
		}
	}
	same := func(l, what, got, en string) {
		t.Helper()
		if n, want := i18ntest.Numbers(got), i18ntest.Numbers(en); !slices.Equal(n, want) {
			t.Errorf("%s: %s: numbers %v, English's %v: %q", l, what, n, want, got)
		}
	}
	enQ := call[lab.Predictions](t, "predict.questions", req("en", "mode", "all"))
	wrongs := map[string]string{"3": "no", "0": "yes", "1": "no"}
	enS := call[lab.Score](t, "predict.score", req("en", "mode", "cuts", "answers", wrongs))
	enBad := call[lab.Verdict](t, "predict", req("en", "mode", "cuts", "index", 0, "answer", "maybe"))
	enWin := call[lab.Verdict](t, "predict", req("en", "mode", "all", "index", 0, "answer", "(3"))
	for _, l := range []string{"ru", "cs"} {
		q := call[lab.Predictions](t, "predict.questions", req(l, "mode", "all"))
		if q.Error != "" || len(q.Questions) != len(enQ.Questions) {
			t.Fatalf("%s: %d questions, English %d: %s", l, len(q.Questions), len(enQ.Questions), q.Error)
		}
		for i, x := range q.Questions {
			english(l, "question", x.Prompt)
			same(l, "question", x.Prompt, enQ.Questions[i].Prompt)
		}
		s := call[lab.Score](t, "predict.score", req(l, "mode", "cuts", "answers", wrongs))
		if s.Error != "" || len(s.Wrong) != len(enS.Wrong) {
			t.Fatalf("%s: score %+v", l, s)
		}
		english(l, "score", s.Line)
		same(l, "score", s.Line, enS.Line)
		for i, w := range s.Wrong {
			english(l, "sentence", w.Sentence)
			same(l, "sentence", w.Sentence, enS.Wrong[i].Sentence)
			english(l, "explanation", w.Explanation)
			if w.Misconception != nil && w.Misconception.Name == enS.Wrong[i].Misconception.Name {
				t.Errorf("%s: the misconception %q is named in English", l, w.Misconception.Name)
			}
		}
		for _, c := range []struct{ got, en string }{
			{call[lab.Verdict](t, "predict", req(l, "mode", "cuts", "index", 0, "answer", "maybe")).Error, enBad.Error},
			{call[lab.Verdict](t, "predict", req(l, "mode", "all", "index", 0, "answer", "(3")).Error, enWin.Error},
		} {
			if !strings.HasPrefix(c.got, "predict: ") || c.got == c.en {
				t.Errorf("%s: the error %q", l, c.got)
			}
			english(l, "error", strings.TrimPrefix(c.got, "predict: "))
			if strings.Contains(c.got, "yes") {
				t.Errorf("%s: the error asks for yes: %q", l, c.got)
			}
			same(l, "error", c.got, c.en)
		}
		yes, no := map[string][2]string{"ru": {"да", "нет"}, "cs": {"ano", "ne"}}[l][0], map[string][2]string{"ru": {"да", "нет"}, "cs": {"ano", "ne"}}[l][1]
		v := call[lab.Verdict](t, "predict", req(l, "mode", "cuts", "index", 0, "answer", yes))
		if v.Error != "" || v.Right || v.Expected != no {
			t.Errorf("%s: %q to a node that does not cut: %+v", l, yes, v)
		}
	}
}
