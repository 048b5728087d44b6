package cmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
	"github.com/prunescope/prunescope/lessons"
)

// TestLessonScenarios runs every command of every lesson, as lesson run
// --out would, so that no lesson can drift from the flags: each must exit 0
// and print something, each drawing must be written and non-empty, every
// technique it asks for must be searched and said (checkLessonTechniques),
// and every check of the lesson must hold for what its command printed.
func TestLessonScenarios(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		t.Run(l.Name, func(t *testing.T) {
			if testing.Short() && playsMatches(l) {
				t.Skip("-short: the lesson plays matches, seconds of games; the whole run checks it")
			}
			dir := t.TempDir()
			outs := make([]string, len(l.Steps))
			for i, step := range l.Steps {
				stages, line, left := step.Prepare(dir)
				if len(left) > 0 {
					t.Fatalf("command %d: drawings left out with --out: %v", i+1, left)
				}
				stdin := ""
				var r result
				for _, args := range stages {
					r = run(t, stdin, args...)
					if r.code != 0 {
						t.Fatalf("command %d: %s\n%s", i+1, line, r)
					}
					checkLessonTechniques(t, line, args, stdin, r.stdout)
					stdin = r.stdout
				}
				if strings.TrimSpace(r.stdout) == "" {
					t.Errorf("command %d: %s: printed nothing", i+1, line)
				}
				outs[i] = r.stdout + r.stderr
				for _, d := range step.Drawings() {
					st, err := os.Stat(filepath.Join(dir, d))
					if err != nil || st.Size() == 0 {
						t.Errorf("command %d: %s: drawing %s missing or empty (%v)", i+1, line, d, err)
					}
				}
			}
			for _, c := range l.Checks {
				if err := c.Verify(outs[c.Step-1]); err != nil {
					t.Errorf("check %q: %v\n--- command %d prints\n%s", c.Text, err, c.Step, outs[c.Step-1])
				}
			}
		})
	}
}

// TestLessonGolden: what lesson list, show and run print, and their errors.
func TestLessonGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"lesson-list.txt", []string{"lesson", "list"}},
		{"lesson-show.txt", []string{"lesson", "show", "alpha-beta"}},
		{"lesson-show-answers.txt", []string{"lesson", "show", "alpha-beta", "--answers"}},
		{"lesson-run.txt", []string{"lesson", "run", "alpha-beta"}},
		{"lesson-run-pipe.txt", []string{"lesson", "run", "move-ordering"}},
		{"err-lesson-unknown.txt", []string{"lesson", "show", "alphabeta"}},
		{"err-lesson-unknown-run.txt", []string{"lesson", "run", "zugzwang"}},
		{"err-lesson-unknown-far.txt", []string{"lesson", "run", "chess"}},
		{"err-lesson-no-name.txt", []string{"lesson", "show"}},
		{"err-lesson-two-names.txt", []string{"lesson", "run", "alpha-beta", "pvs"}},
		{"err-lesson-list-args.txt", []string{"lesson", "list", "all"}},
		{"err-lesson-name-as-command.txt", []string{"lesson", "alpha-beta"}},
		{"err-lesson-command.txt", []string{"lesson", "play"}},
		{"err-lesson-out-file.txt", []string{"lesson", "run", "alpha-beta", "--out", "lesson_test.go"}},
		{"err-lesson-flag.txt", []string{"lesson", "show", "alpha-beta", "--answer"}},
		// languages: the list's words in Russian and Czech (CLDR plurals), a
		// lesson not translated shown in English with a note, a language
		// prunescope does not speak
		{"lesson-list-ru.txt", []string{"lesson", "list", "--lang", "ru"}},
		{"lesson-list-cs.txt", []string{"lesson", "list", "--lang", "cs"}},
		{"err-lesson-lang.txt", []string{"lesson", "list", "--lang", "de"}},
		{"lesson-show-ru.txt", []string{"lesson", "show", "null-move", "--lang", "ru", "--answers"}},
		{"err-lesson-unknown-ru.txt", []string{"lesson", "show", "alphabeta", "--lang", "ru"}},
		{"err-lesson-no-name-cs.txt", []string{"lesson", "run", "--lang", "cs"}},
		{"lesson-show-cs.txt", []string{"lesson", "show", "null-move", "--lang", "cs"}},
	}
	var gc []goldenCase
	for _, c := range cases {
		gc = append(gc, goldenCase{name: c.name, args: c.args})
	}
	runGolden(t, gc)
}

// TestLessonRunOut: with --out the folder is made, every drawing lands in it
// and each command is shown as it was run; without --out nothing is drawn.
func TestLessonRunOut(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "class", "week 1")
	r := run(t, "", "lesson", "run", "alpha-beta", "--out", dir)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	img := filepath.Join(dir, "alpha-beta.png")
	if st, err := os.Stat(img); err != nil || st.Size() == 0 {
		t.Errorf("%s: %v", img, err)
	}
	if want := `$ prunescope search --tree wikipedia --trace none --png "` + img + `"`; !strings.Contains(r.stdout, want+"\n") {
		t.Errorf("the command is not shown as run (%s):\n%s", want, r.stdout)
	}
	if !strings.Contains(r.stderr, "prunescope: wrote "+img) {
		t.Errorf("stderr: %q", r.stderr)
	}
	if strings.Contains(r.stdout, "left out") {
		t.Errorf("a drawing left out with --out:\n%s", r.stdout)
	}
	// Every step, then the notes and the questions, in this order.
	l, _ := lessons.Find(mustLessons(t), "alpha-beta")
	last := 0
	for i := range l.Steps {
		head := "── " + strconv.Itoa(i+1) + "/" + strconv.Itoa(len(l.Steps))
		at := strings.Index(r.stdout, head)
		if at < last {
			t.Errorf("step %d is missing or out of order", i+1)
		}
		last = at
	}
	if a, b := strings.Index(r.stdout, "What to look for"), strings.Index(r.stdout, "Questions"); a < last || b < a {
		t.Errorf("notes and questions are not at the end:\n%s", r.stdout)
	}
	if strings.Contains(r.stdout, "Answer:") {
		t.Error("lesson run printed the answers")
	}

	// Without --out, nothing is written where the class runs it.
	cwd, _ := os.Getwd()
	t.Chdir(t.TempDir())
	defer t.Chdir(cwd)
	r = run(t, "", "lesson", "run", "alpha-beta")
	if r.code != 0 || !strings.Contains(r.stdout, "(drawing alpha-beta.png left out: prunescope lesson run alpha-beta --out DIR draws it into DIR)") {
		t.Errorf("exit %d, no note about the drawing:\n%s", r.code, r.stdout)
	}
	if entries, _ := os.ReadDir("."); len(entries) > 0 {
		t.Errorf("lesson run without --out wrote %v", entries)
	}
}

// TestLessonCommandFails: a lesson whose command fails stops there, with a
// one-line error naming the lesson and the command, and exit 1.
func TestLessonCommandFails(t *testing.T) {
	src := "# Broken\n\ntechnique: t\n\ncredit: c\n\n## Explanation\n\nx\n\n## Scenario\n\n" +
		"$ prunescope search --tree aima --png ok.png\n$ prunescope search --tree \"((1 2)\"\n$ prunescope search --tree aima\n\n" +
		"## Look for\n\n- x\n\n## Questions\n\nQ: a?\nA: b.\nQ: c?\nA: d.\n\n## Checks\n\n- 1 value 3\n"
	l, err := lessons.Parse("broken", src)
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	s := &Streams{Out: &out, Err: &errOut, colorMode: "never"}
	err = runLesson(context.Background(), s, l, t.TempDir())
	if code := exitCode(err); code != 1 {
		t.Fatalf("exit %d, want 1 (%v)", code, err)
	}
	if msg := oneLine(err.Error()); !strings.HasPrefix(msg, `lesson broken, command 2 (prunescope search --tree "((1 2)"): tree:1:7: '(' at 1:1 is never closed`) {
		t.Errorf("error %q", msg)
	}
	if strings.Contains(out.String(), "── 3/3") {
		t.Error("the lesson went on after a failed command")
	}
}

func TestLessonHelpAndCompletion(t *testing.T) {
	r := run(t, "", "--help")
	if _, after, _ := strings.Cut(r.stdout, "In class:\n"); !strings.Contains(after, "\n  lesson ") && !strings.HasPrefix(after, "  lesson ") {
		t.Errorf("root help does not list lesson under In class:\n%s", r.stdout)
	}
	for _, c := range [][]string{{"lesson"}, {"lesson", "list"}, {"lesson", "show"}, {"lesson", "run"}} {
		r := run(t, "", append(c, "--help")...)
		if r.code != 0 || !strings.Contains(r.stdout, "Examples:") {
			t.Errorf("%v --help: exit %d, no examples:\n%s", c, r.code, r.stdout)
		}
	}
	r = run(t, "", "__complete", "lesson", "show", "alpha")
	if r.code != 0 || r.stdout != "alpha-beta\tAlpha-beta: two bounds, handed all the way down\n:4\n" {
		t.Errorf("completion of alpha: %q", r.stdout)
	}
	r = run(t, "", "__complete", "lesson", "run", "")
	if got := strings.Count(r.stdout, "\n"); got != len(mustLessons(t))+1 {
		t.Errorf("completion of every lesson: %d lines:\n%s", got, r.stdout)
	}
	r = run(t, "", "__complete", "lesson", "run", "pvs", "")
	if r.stdout != ":4\n" {
		t.Errorf("completion after a name: %q", r.stdout)
	}
}

func mustLessons(t *testing.T) []*lessons.Lesson {
	t.Helper()
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// TestReadmeLessons: the README's table of lessons lists every lesson, in
// teaching order, with its technique and a source its credit line names.
func TestReadmeLessons(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(data), "\n### Lessons: one per technique\n")
	section, _, _ = strings.Cut(section, "\n### ")
	var rows [][]string
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "| `") {
			rows = append(rows, strings.Split(strings.Trim(line, "| "), " | "))
		}
	}
	all := mustLessons(t)
	if len(rows) != len(all) {
		t.Fatalf("the README lists %d lessons, there are %d", len(rows), len(all))
	}
	for i, l := range all {
		r := rows[i]
		if len(r) != 3 || r[0] != "`"+l.Name+"`" || r[1] != l.Technique {
			t.Errorf("README row %d: %q, want `%s` | %s | ...", i+1, r, l.Name, l.Technique)
			continue
		}
		if author := strings.Trim(strings.Fields(r[2])[0], `",`); !strings.Contains(l.Credit, author) {
			t.Errorf("README row %d: the source %q is not in the credit %q", i+1, r[2], l.Credit)
		}
	}
}

// playsMatches says whether a lesson's scenario plays games (prunescope
// match): seconds of work, left to the whole run.
func playsMatches(l *lessons.Lesson) bool {
	for _, step := range l.Steps {
		for _, args := range step.Stages {
			if len(args) > 0 && args[0] == "match" {
				return true
			}
		}
	}
	return false
}

// TestLessonLanguageFromLocale: without --lang, the locale chooses the
// language (LC_ALL, then LC_MESSAGES, then LANG); --lang wins over it.
func TestLessonLanguageFromLocale(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		args []string
		want string
	}{
		{map[string]string{"LANG": "ru_RU.UTF-8"}, nil, "20 уроков, в порядке изучения:"},
		{map[string]string{"LANG": "cs_CZ.UTF-8"}, nil, "20 lekcí v pořadí výuky:"},
		{map[string]string{"LANG": "ru_RU.UTF-8", "LC_ALL": "C.UTF-8"}, nil, "20 lessons, in teaching order:"},
		{map[string]string{"LANG": "de_DE.UTF-8"}, nil, "20 lessons, in teaching order:"},
		{map[string]string{"LANG": "ru_RU.UTF-8"}, []string{"--lang", "cs"}, "20 lekcí v pořadí výuky:"},
	} {
		var out, errOut bytes.Buffer
		s := &Streams{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(k string) string { return c.env[k] }}
		if code := Run(context.Background(), append([]string{"lesson", "list"}, c.args...), s); code != 0 {
			t.Fatalf("%v: exit %d: %s", c.env, code, errOut.String())
		}
		if first, _, _ := strings.Cut(out.String(), "\n"); first != c.want {
			t.Errorf("%v %v: %q, want %q", c.env, c.args, first, c.want)
		}
	}
}

// TestLessonRunTranslated: a translated lesson runs the English lesson's
// commands in its language: each command's output tells the same search,
// every number, node name, window edge and move of the English output in
// it, and the lesson's own words (header, captions, notes, questions) are
// the language's too. Every
// translation has the English lesson's commands (TestTranslations), so two
// lessons, a toy tree's and a chess one's, stand for them all here (every
// lesson's commands run in TestLessonScenarios).
func TestLessonRunTranslated(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	english := map[string]result{}
	for _, lang := range []string{"ru", "cs"} {
		for _, l := range all {
			tl, ok, err := lessons.Translated(l, i18n.Lang(lang))
			if err != nil {
				t.Fatal(err)
			}
			if !ok || (l.Name != "null-move" && l.Name != "alpha-beta") || (testing.Short() && (l.Name != "alpha-beta" || lang != "ru")) {
				continue
			}
			en, done := english[l.Name]
			if !done {
				en = run(t, "", "lesson", "run", l.Name)
				english[l.Name] = en
			}
			tr := run(t, "", "lesson", "run", l.Name, "--lang", lang)
			if en.code != 0 || tr.code != 0 {
				t.Fatalf("%s %s: exit %d, %d: %s", lang, l.Name, en.code, tr.code, tr.stderr)
			}
			if !strings.HasPrefix(tr.stdout, tl.Title+"\n") {
				t.Errorf("%s %s: does not start with the translated title %q", lang, l.Name, tl.Title)
			}
			outputs := func(s string) []string { // each command's output: from its "$ " line to the next "── "
				var out []string
				for _, part := range strings.Split(s, "\n$ ")[1:] {
					if i := strings.Index(part, "\n── "); i >= 0 {
						part = part[:i]
					}
					// After the command line, the note of a drawing left
					// out is the lesson's own words: the output follows.
					if _, rest, ok := strings.Cut(part, "\n"); ok {
						part = rest
						if strings.HasPrefix(part, "(") {
							_, part, _ = strings.Cut(part, "\n")
						}
					}
					out = append(out, part)
				}
				return out
			}
			e, g := outputs(en.stdout), outputs(tr.stdout)
			if len(e) == len(l.Steps) && len(g) == len(e) { // the last runs on to the notes: up to their heading
				e[len(e)-1], _, _ = strings.Cut(e[len(e)-1], "\n"+i18n.For(i18n.En).T("lesson.section.lookfor")+"\n")
				g[len(g)-1], _, _ = strings.Cut(g[len(g)-1], "\n"+i18n.For(i18n.Lang(lang)).T("lesson.section.lookfor")+"\n")
			}
			if len(e) != len(l.Steps) || len(g) != len(e) {
				t.Errorf("%s %s: %d commands' outputs, the English lesson's %d", lang, l.Name, len(g), len(e))
				continue
			}
			for i := range e {
				// The same search told in the language: every number,
				// node name, window edge and move of the English output.
				have := i18ntest.Tokens(g[i])
				for _, k := range i18ntest.Tokens(e[i]) {
					if !slices.Contains(have, k) {
						t.Errorf("%s %s: command %d: the English output says %s, the translated one does not:\n%s", lang, l.Name, i+1, k, g[i])
						break
					}
				}
			}
		}
	}
}

// TestLessonUntranslated: a lesson with no translation in the language
// chosen is shown in English, with a note in the language chosen.
func TestLessonUntranslated(t *testing.T) {
	for _, c := range []struct {
		lang i18n.Lang
		note string
	}{
		{i18n.Ru, "prunescope: замечание: этот урок ещё не переведён на русский язык и показан по-английски\n"},
		{i18n.Cs, "prunescope: poznámka: tato lekce zatím není přeložena do češtiny, a proto je uvedena v angličtině\n"},
		{i18n.En, ""},
	} {
		var errOut bytes.Buffer
		s := &Streams{Err: &errOut, lang: i18n.For(c.lang)}
		l := &lessons.Lesson{Name: "not-yet-translated"}
		got, err := s.translated(l)
		if err != nil || got != l || errOut.String() != c.note {
			t.Errorf("%s: %v %v, note %q", c.lang, got, err, errOut.String())
		}
	}
}
