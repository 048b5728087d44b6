// Package lessons holds prunescope's classroom lessons: one Markdown file per
// technique, embedded in the binary, parsed into a typed Lesson that the
// command line shows and runs.
//
// # The lesson file format
//
// A lesson is the file text/NN-NAME.md: NN (two digits) is its place in the
// teaching order, NAME (lower-case words joined by hyphens) is the name a
// teacher types. The file is plain Markdown that reads well on GitHub, with a
// fixed outline:
//
//	# TITLE
//
//	technique: WHAT THE LESSON TEACHES
//
//	credit: WHERE THE IDEAS COME FROM
//
//	## Explanation
//
//	Paragraphs, separated by blank lines; "- " starts an item of a list. A
//	line indented by four spaces is kept exactly as written (a formula).
//
//	## Scenario
//
//	```sh
//	# an optional caption for the command below it
//	$ prunescope search --tree aima
//	$ prunescope tree ordered --depth 3 | prunescope search --tree - --png minimal.png
//	```
//
//	## Look for
//
//	- One note per bullet; a longer note continues on lines
//	  indented by two spaces.
//
//	## Questions
//
//	Q: A question, on one or more lines?
//	A: Its answer, on one or more lines.
//
//	## Checks
//
//	- 1 value 3
//	- 2 @alphabeta:hard:ge leaves 9
//	- 1 never 2.2 2.3
//
// The header lines (technique, credit) come before the first section; the
// sections come in this order, each once. The scenario has one to four
// commands, each a prunescope command line (stages joined by " | " pipe one
// prunescope command into the next; double or single quotes group words).
// Drawing flags (--svg, --png, --dot) name a bare file (no folder) whose
// extension matches the flag: "lesson run --out DIR" draws it into DIR, and
// leaves the flag out when there is no --out. A lesson has two or three
// questions, each with an answer.
//
// Checks are not shown to the class: they keep the notes true. Each is
// "STEP [@ROW] KIND ARGS", where STEP numbers the scenario's commands from 1
// and @ROW picks a row of a compare table by its algorithm column. The kinds:
//
//	value V, best M, nodes N, leaves N, cutoffs N, ...
//	            a field of the search summary ("value 3 · best move 1 · PV ...",
//	            "nodes 11 · leaves 7 · cutoff 1"; pv is the whole PV), or with
//	            @ROW a column of the compare table (spaces in a column title
//	            become hyphens: null-prunes, re-searches)
//	shows TEXT  a line of the output contains TEXT
//	lacks TEXT  no line of the output contains TEXT
//	searched NODE...  the text trace enters or evaluates each node
//	never NODE...     the text trace neither enters nor evaluates any of them
//	                  (the command must print a text trace deep enough to show them)
//
// Every lesson checks at least one root value. The tests run every command of
// every lesson and verify every check, so a lesson cannot drift from the flags
// or from what the search prints.
package lessons

import (
	"embed"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/prunescope/prunescope/internal/i18n"
)

// Lesson is one lesson, as parsed from its file.
type Lesson struct {
	Name        string // what a teacher types: "alpha-beta"
	Order       int    // place in the teaching order (NN of the file name)
	Title       string
	Technique   string
	Credit      string   // where the ideas come from
	Explanation []Block  // paragraphs and preformatted lines
	Steps       []Step   // the scenario: 1 to 4 commands
	LookFor     []string // what to look for in the output
	Questions   []Question
	Checks      []Check   // machine-checked claims about the output
	Lang        i18n.Lang // the language it is written in ("": English)
}

// Block is a paragraph of the explanation (its lines joined by spaces), an
// item of a bulleted list, or lines kept as written when Pre is true.
type Block struct {
	Text   string
	Pre    bool
	Bullet bool
}

// Question is a question for the class, with its answer.
type Question struct {
	Q, A string
}

// The lessons' files: text/NN-NAME.md in English, and their translations
// text/LANG/NN-NAME.md (Russian, Czech), each the same lesson: the same
// commands and checks, its prose, captions, notes and questions in the
// language.
//
//go:embed text
var files embed.FS

var (
	fileName = regexp.MustCompile(`^([0-9]{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$`)
	loadAll  = sync.OnceValues(load)
)

// All returns every lesson, in teaching order. An error means a lesson file
// of this build is broken (the tests make sure none is).
func All() ([]*Lesson, error) { return loadAll() }

func load() ([]*Lesson, error) {
	entries, err := files.ReadDir("text")
	if err != nil {
		return nil, err
	}
	var out []*Lesson
	for _, e := range entries {
		if e.IsDir() {
			continue // a language's translations (Translated)
		}
		m := fileName.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, i18n.Errorf("lesson file %s: the name is not NN-NAME.md", e.Name())
		}
		src, err := files.ReadFile(path.Join("text", e.Name()))
		if err != nil {
			return nil, err
		}
		order, _ := strconv.Atoi(m[1])
		l, err := Parse(m[2], string(src))
		if err != nil {
			return nil, i18n.Errorf("lesson file %s: %w", e.Name(), err)
		}
		l.Order = order
		out = append(out, l)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Order < out[j].Order })
	for i := 1; i < len(out); i++ {
		if out[i].Order == out[i-1].Order {
			return nil, i18n.Errorf("lessons %s and %s share the place %02d in the teaching order", out[i-1].Name, out[i].Name, out[i].Order)
		}
	}
	return out, nil
}

// Find returns the lesson with this name.
func Find(all []*Lesson, name string) (*Lesson, bool) {
	for _, l := range all {
		if l.Name == name {
			return l, true
		}
	}
	return nil, false
}

// Names lists the lessons' names in teaching order.
func Names(all []*Lesson) []string {
	out := make([]string, len(all))
	for i, l := range all {
		out[i] = l.Name
	}
	return out
}

// Suggest returns the lesson name closest to a mistyped one, or "" when none
// is close: a name that contains it or is contained in it, else the one at the
// smallest edit distance, if that distance is small for the length.
func Suggest(all []*Lesson, typed string) string {
	typed = strings.ToLower(strings.TrimSpace(typed))
	if typed == "" {
		return ""
	}
	squash := func(s string) string { return strings.NewReplacer("-", "", "_", "", " ", "").Replace(s) }
	best, bestDist := "", 1<<30
	for _, l := range all {
		if squash(l.Name) == squash(typed) {
			return l.Name
		}
		if d := distance(l.Name, typed); d < bestDist {
			best, bestDist = l.Name, d
		}
	}
	if bestDist <= max(2, len(typed)/3) {
		return best
	}
	for _, l := range all {
		if len(typed) >= 3 && (strings.Contains(l.Name, typed) || strings.Contains(typed, l.Name)) {
			return l.Name
		}
	}
	return ""
}

// distance is the Levenshtein distance between a and b (bytes: lesson names
// are ASCII).
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Drawings lists the drawing files the lesson's scenario writes, in order.
func (l *Lesson) Drawings() []string {
	var out []string
	for _, s := range l.Steps {
		out = append(out, s.Drawings()...)
	}
	return out
}

// hasDrawing reports whether name is already drawn by the steps so far.
func hasDrawing(steps []Step, name string) bool {
	for _, s := range steps {
		if slices.Contains(s.Drawings(), name) {
			return true
		}
	}
	return false
}

// Lang is the language a lesson is written in: English, unless it is a
// translation (Translated).
func (l *Lesson) Language() i18n.Lang {
	if l.Lang == "" {
		return i18n.En
	}
	return l.Lang
}

var loadTranslations = sync.OnceValues(translations)

// Translated is l in the language lang, when the lesson has a translation
// in it (text/LANG/NN-NAME.md); l itself, and false, when not (or when
// lang is English). An error means a translation of this build is broken
// (the tests make sure none is).
func Translated(l *Lesson, lang i18n.Lang) (*Lesson, bool, error) {
	if lang == i18n.En {
		return l, true, nil
	}
	all, err := loadTranslations()
	if err != nil {
		return nil, false, err
	}
	if t, ok := all[lang][l.Name]; ok {
		return t, true, nil
	}
	return l, false, nil
}

// translations reads every translation, each checked against its English
// lesson: the same commands, the same checks, the same number of notes and
// questions.
func translations() (map[i18n.Lang]map[string]*Lesson, error) {
	english, err := All()
	if err != nil {
		return nil, err
	}
	out := map[i18n.Lang]map[string]*Lesson{}
	for _, lang := range i18n.Langs[1:] {
		out[lang] = map[string]*Lesson{}
		dir := path.Join("text", string(lang))
		entries, err := files.ReadDir(dir)
		if err != nil {
			continue // no translation in this language yet
		}
		for _, e := range entries {
			m := fileName.FindStringSubmatch(e.Name())
			if m == nil {
				return nil, i18n.Errorf("lesson file %s/%s: the name is not NN-NAME.md", lang, e.Name())
			}
			en, ok := Find(english, m[2])
			if !ok {
				return nil, i18n.Errorf("lesson file %s/%s: no English lesson %s", lang, e.Name(), m[2])
			}
			src, err := files.ReadFile(path.Join(dir, e.Name()))
			if err != nil {
				return nil, err
			}
			t, err := Parse(m[2], string(src))
			if err != nil {
				return nil, i18n.Errorf("lesson file %s/%s: %w", lang, e.Name(), err)
			}
			if err := sameLesson(en, t); err != nil {
				return nil, i18n.Errorf("lesson file %s/%s: %w", lang, e.Name(), err)
			}
			t.Order, t.Lang = en.Order, lang
			out[lang][t.Name] = t
		}
	}
	return out, nil
}

// sameLesson says how a translation t is not the lesson en: other
// commands, other checks, another number of notes or questions.
func sameLesson(en, t *Lesson) error {
	if len(t.Steps) != len(en.Steps) {
		return i18n.Errorf("%d commands, the English lesson %d", len(t.Steps), len(en.Steps))
	}
	for i := range en.Steps {
		if t.Steps[i].Line != en.Steps[i].Line {
			return i18n.Errorf("command %d is %q, the English lesson's %q", i+1, t.Steps[i].Line, en.Steps[i].Line)
		}
	}
	if len(t.Checks) != len(en.Checks) {
		return i18n.Errorf("%d checks, the English lesson %d", len(t.Checks), len(en.Checks))
	}
	for i := range en.Checks {
		if t.Checks[i].Text != en.Checks[i].Text {
			return i18n.Errorf("check %d is %q, the English lesson's %q", i+1, t.Checks[i].Text, en.Checks[i].Text)
		}
	}
	switch {
	case len(t.LookFor) != len(en.LookFor):
		return i18n.Errorf("%d notes to look for, the English lesson %d", len(t.LookFor), len(en.LookFor))
	case len(t.Questions) != len(en.Questions):
		return i18n.Errorf("%d questions, the English lesson %d", len(t.Questions), len(en.Questions))
	}
	return nil
}
