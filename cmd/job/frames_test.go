package job

import (
	"regexp"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
)

// TestFramesIndex: the page lists the frames and their captions, quoted for
// JavaScript, and loads nothing from elsewhere.
func TestFramesIndex(t *testing.T) {
	page := string(FramesIndex(i18n.For(i18n.En), []string{"step-0001.svg", "step-0002.svg"}, []string{`a "cut"`, "b"}))
	for _, want := range []string{`const frames = ["step-0001.svg", "step-0002.svg"];`, `const captions = ["a \"cut\"", "b"];`} {
		if !strings.Contains(page, want) {
			t.Errorf("no %s in the page", want)
		}
	}
	if strings.Contains(page, "http") || strings.Contains(page, "src=\"") {
		t.Error("the page loads something")
	}
}

// TestFramesIndexLanguages: in Russian and Czech the page says its title,
// its buttons and which frame is shown in the language, with no English
// word of its own left.
func TestFramesIndexLanguages(t *testing.T) {
	english := regexp.MustCompile(`step by step|\bback\b|\bnext\b|"frame | of `)
	for l, want := range map[i18n.Lang][]string{
		i18n.Ru: {`<html lang="ru">`, "<title>prunescope: шаг за шагом</title>", "← назад", "вперёд →", `const wheres = ["кадр 1 из 2", "кадр 2 из 2"];`},
		i18n.Cs: {`<html lang="cs">`, "<title>prunescope: krok za krokem</title>", "← zpět", "dál →", `const wheres = ["snímek 1 z 2", "snímek 2 z 2"];`},
	} {
		page := string(FramesIndex(i18n.For(l), []string{"step-0001.svg", "step-0002.svg"}, []string{"a", "b"}))
		for _, w := range want {
			if !strings.Contains(page, w) {
				t.Errorf("%s: no %s in the page", l, w)
			}
		}
		if m := english.FindString(page); m != "" {
			t.Errorf("%s: %q left in English", l, m)
		}
	}
}
