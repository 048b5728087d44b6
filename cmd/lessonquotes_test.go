package cmd

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/lessons"
)

// TestLessonQuotes: what a translated lesson quotes of the program's output
// is what the program prints in the lesson's language. Every quotation of
// the prose, the notes, the questions and the answers of a Russian («…») or
// Czech („…“) lesson that looks like output (a symbol of the trace, a
// window, a node path or a "label: value" beside a word) must be in the
// output of the lesson's commands run in that language (lesson run --lang),
// "…" in a quotation standing for what it leaves out of one line, the text
// of the lesson's drawings (drawn as SVG) counting as output. A quotation
// in Latin letters only must not be a piece of the English output that the
// translated output lacks (a word of the program left in English). So a
// quotation that drifts from the program, or is left in English, fails.
// Each lesson's commands run once per language (under -short, not those of
// a lesson that plays matches).
func TestLessonQuotes(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	english := map[string]string{}
	for li, lang := range []i18n.Lang{i18n.Ru, i18n.Cs} {
		for i, l := range all {
			if testing.Short() && i%4 != li {
				continue // -short: a lesson in four in Russian, another in Czech
			}
			tl, ok, err := lessons.Translated(l, lang)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				continue
			}
			quotes, words := outputQuotes(tl, lang)
			if len(quotes)+len(words) == 0 || (testing.Short() && playsMatches(l)) {
				continue
			}
			out := lessonOutput(t, l, lang)
			en, done := english[l.Name]
			if !done && len(words) > 0 {
				en = lessonOutput(t, l, i18n.En)
				english[l.Name] = en
			}
			for _, q := range quotes {
				if !quoteIn(q, out) {
					t.Errorf("%s %s: the lesson quotes %q, its commands do not print it", lang, l.Name, q)
				}
			}
			for _, q := range words {
				if quoteIn(q, en) && !quoteIn(q, out) {
					t.Errorf("%s %s: the lesson quotes %q, which the commands print in English, not in %s", lang, l.Name, q, lang)
				}
			}
		}
	}
}

// lessonOutput returns what the lesson's commands print in the language
// (lesson run --lang), and the words of their drawings: each drawing is
// drawn as SVG, its text one line of the output.
func lessonOutput(t *testing.T, l *lessons.Lesson, lang i18n.Lang) string {
	t.Helper()
	r := run(t, "", "lesson", "run", l.Name, "--lang", string(lang))
	if r.code != 0 {
		t.Fatalf("%s %s: exit %d: %s", lang, l.Name, r.code, r.stderr)
	}
	out := commandsOutput(r.stdout, i18n.For(lang).T("lesson.section.lookfor"))
	dir := t.TempDir()
	for _, step := range l.Steps {
		if len(step.Drawings()) == 0 {
			continue
		}
		stages, _, _ := step.Prepare(dir)
		stdin := ""
		for _, args := range stages {
			args = slices.Clone(args)
			for i, a := range args {
				if a == "--png" && i+1 < len(args) {
					args[i], args[i+1] = "--svg", strings.TrimSuffix(args[i+1], ".png")+".svg"
				}
			}
			r := run(t, stdin, append(args, "--lang", string(lang))...)
			if r.code != 0 {
				t.Fatalf("%s %s: %v: exit %d: %s", lang, l.Name, args, r.code, r.stderr)
			}
			stdin = r.stdout
		}
	}
	svgs, err := filepath.Glob(filepath.Join(dir, "*.svg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range svgs {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range drawingText.FindAllStringSubmatch(string(b), -1) {
			if s := strings.TrimSpace(html.UnescapeString(m[1])); s != "" {
				out += s + "\n"
			}
		}
	}
	return out
}

var (
	// What makes a quotation look like output: a symbol of the trace, a
	// window "(a, b)", a node path (2.1.3) or "label: number", beside a word.
	outputSymbol = regexp.MustCompile(`[✂Ø≤≥≡↻↓↑→×]|\([^(),]+, [^(),]+\)`)
	outputPath   = regexp.MustCompile(`\d\.\d|\pL: [-−+]?\d`)
	anyWord      = regexp.MustCompile(`\pL\pL`)
	spaces       = regexp.MustCompile(`[ \t]+`)
	latinOnly    = regexp.MustCompile(`^[(]?[A-Za-z][A-Za-z -]*[A-Za-z0-9?)]$|^[(][a-z]+ \d+[)]$`)
	drawingText  = regexp.MustCompile(`>([^<>]+)<`)
)

// outputQuotes returns the quotations of the lesson's prose, notes,
// questions and answers that look like the program's output, and those in
// Latin letters only (a word of the output left in English, or a name).
func outputQuotes(l *lessons.Lesson, lang i18n.Lang) (quotes, words []string) {
	var texts []string
	for _, b := range l.Explanation {
		if !b.Pre {
			texts = append(texts, b.Text)
		}
	}
	texts = append(texts, l.LookFor...)
	for _, q := range l.Questions {
		texts = append(texts, q.Q, q.A)
	}
	open, close := "«", "»"
	if lang == i18n.Cs {
		open, close = "„", "“"
	}
	for _, s := range texts {
		for _, q := range quotations(s, open, close) {
			q = strings.TrimSpace(spaces.ReplaceAllString(strings.ReplaceAll(q, "\n", " "), " "))
			switch {
			case outputSymbol.MatchString(q) || (outputPath.MatchString(q) && anyWord.MatchString(q)):
				quotes = append(quotes, q)
			case latinOnly.MatchString(q):
				words = append(words, q)
			}
		}
	}
	return quotes, words
}

// quotations returns what stands between open and close in s, the
// outermost quotation of nested ones.
func quotations(s, open, close string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); {
		switch {
		case strings.HasPrefix(s[i:], open) && open != close:
			if depth == 0 {
				start = i + len(open)
			}
			depth++
			i += len(open)
		case strings.HasPrefix(s[i:], close) && depth > 0:
			depth--
			if depth == 0 {
				out = append(out, s[start:i])
			}
			i += len(close)
		default:
			i++
		}
	}
	return out
}

// commandsOutput returns what the commands of a lesson run printed, one
// command's output after another: from each "$ " line (the line itself and
// the note of a drawing left out excluded) to the next caption, the last up
// to the notes' heading.
func commandsOutput(s, lookFor string) string {
	s, _, _ = strings.Cut(s, "\n"+lookFor+"\n")
	var b strings.Builder
	for _, part := range strings.Split(s, "\n$ ")[1:] {
		if i := strings.Index(part, "\n── "); i >= 0 {
			part = part[:i]
		}
		if _, rest, ok := strings.Cut(part, "\n"); ok {
			part = rest
			if strings.HasPrefix(part, "(") {
				_, part, _ = strings.Cut(part, "\n")
			}
		}
		b.WriteString(part + "\n")
	}
	return b.String()
}

// quoteIn tells whether the quotation q is on one line of out (spaces
// compared as one), "…" standing for anything on that line; a quotation of
// whole words must not be the middle of a word.
func quoteIn(q, out string) bool {
	var parts []string
	for _, p := range strings.Split(q, "…") {
		parts = append(parts, regexp.QuoteMeta(strings.TrimSpace(p)))
	}
	re := regexp.MustCompile(`(?m)(^|[^\pL\pN])` + strings.Join(parts, `.*?`) + `($|[^\pL\pN])`)
	return re.MatchString(spaces.ReplaceAllString(out, " "))
}
