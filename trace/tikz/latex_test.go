package tikz

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/sinktest"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/record"
)

// chessFEN is a position whose picture holds what LaTeX is particular
// about: castling (O-O), checks (Rh8+), mate scores (#-1) in values and
// windows, negative numbers, and the root's (−∞, +∞).
const chessFEN = "1k6/8/8/8/8/1q6/r7/4K2R w K - 0 1"

// chessRecording searches chessFEN two plies deep and records it.
func chessRecording(t *testing.T) *record.Recording {
	t.Helper()
	b, err := chess.ParseFEN(chessFEN)
	if err != nil {
		t.Fatal(err)
	}
	r := record.NewRecorder()
	if _, err := engine.Search(context.Background(), chess.NewPosition(b, chess.EvalPST), engine.Limits{Depth: 2},
		engine.Options{Algo: engine.AlphaBeta}, r.Hooks()); err != nil {
		t.Fatal(err)
	}
	return r.Recording()
}

// TestChessText: moves keep their hyphens and pluses, mate scores their
// sign and #, infinities become math.
func TestChessText(t *testing.T) {
	tex, _, err := Build(chessRecording(t), Options{DrawDepth: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"[{O-O}, ps move", "[{Rh8+}, ps move", `\#\ensuremath{-}1`, `(\ensuremath{-\infty}, \ensuremath{+\infty})`, `\textbf{\ensuremath{-}910}`} {
		if !bytes.Contains(tex, []byte(want)) {
			t.Errorf("the chess picture lacks %s", want)
		}
	}
}

// TestEscape: every character LaTeX reserves, and the symbols of
// prunescope's words, come out as LaTeX prints them.
func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		`# $ % & _ { } ~ ^ \`: `\# \$ \% \& \_ \{ \} \textasciitilde{} \textasciicircum{} \textbackslash{}`,
		"(−∞, +∞)":            `(\ensuremath{-\infty}, +\ensuremath{\infty})`,
		"≤−925":               `\ensuremath{\le}\ensuremath{-}925`,
		"✂ 2 ≤ α":             `\psCut{} 2 \ensuremath{\le} \ensuremath{\alpha}`,
		"O-O":                 "O-O",
		"née\x01γ€":           `née\ensuremath{\gamma}?`,
	} {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %s, want %s", in, got, want)
		}
	}
	if got, want := Number("#-1 (−∞, -3.01)"), `\#\ensuremath{-}1 (\ensuremath{-\infty}, \ensuremath{-}3.01)`; got != want {
		t.Errorf("Number = %s, want %s", got, want)
	}
}

// TestLaTeX compiles pictures with pdflatex when it is installed, two
// documents at once: an article that \inputs the aima picture twice (the
// macros and the library load again without harm) and the wikipedia
// exercise, and the chess picture as a standalone document.
func TestLaTeX(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the LaTeX pictures are compiled by go test without -short")
	}
	pdflatex, err := exec.LookPath("pdflatex")
	if err == nil {
		// pdflatex alone is not enough: the pictures need forest, and the
		// standalone document its class.
		err = exec.Command("kpsewhich", "forest.sty", "standalone.cls").Run()
	}
	if err != nil {
		t.Skip("no pdflatex with forest and standalone: install texlive-latex-base, texlive-pictures and texlive-latex-extra to compile the pictures")
	}
	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	aima, _, err := Build(sinktest.Search{Name: "aima", Tree: "aima", Spec: "alphabeta"}.Record(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	write("aima.tex", aima)
	ex, err := Blank(sinktest.Exercise("wikipedia"), &trace.Info{Game: "tree", Input: "wikipedia", Algo: "alphabeta", Fail: "hard", Cutoff: "ge", Root: "max", Scale: 1}, 0, Options{})
	if err != nil {
		t.Fatal(err)
	}
	write("exercise.tex", ex)
	write("article.tex", []byte(`\documentclass{article}
\usepackage{forest}
\begin{document}
\begin{figure}\centering\input{aima}\caption{aima}\end{figure}
\begin{figure}\centering\resizebox{\linewidth}{!}{\input{exercise}}\caption{exercise}\end{figure}
\begin{figure}\centering\input{aima}\caption{aima again}\end{figure}
\end{document}
`))
	ch, _, err := Build(chessRecording(t), Options{DrawDepth: 1, Standalone: true})
	if err != nil {
		t.Fatal(err)
	}
	write("chess.tex", ch)
	var wg sync.WaitGroup
	for _, doc := range []string{"article", "chess"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", doc+".tex")
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Errorf("pdflatex %s.tex: %v\n%s", doc, err, errorLines(out))
				return
			}
			if st, err := os.Stat(filepath.Join(dir, doc+".pdf")); err != nil || st.Size() == 0 {
				t.Errorf("pdflatex %s.tex made no PDF: %v", doc, err)
			}
		}()
	}
	wg.Wait()
}

// errorLines are the lines of a LaTeX log that say what went wrong.
func errorLines(log []byte) string {
	var out []string
	lines := strings.Split(string(log), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "!") {
			out = append(out, lines[i:min(i+4, len(lines))]...)
		}
	}
	if len(out) == 0 {
		return string(log[max(0, len(log)-2000):])
	}
	return strings.Join(out, "\n")
}

// TestLaTeXLanguages: a Russian and a Czech picture (a search, standalone,
// and a handout) lose no letter to "?" and compile with pdflatex when it is
// installed (Russian's with T2A's fonts, texlive-lang-cyrillic).
func TestLaTeXLanguages(t *testing.T) {
	for _, lang := range []string{"ru", "cs"} {
		rec := sinktest.Search{Name: "aima", Tree: "aima", Spec: "alphabeta"}.Record(t)
		rec.Info.Lang = lang
		pic, _, err := Build(rec, Options{Standalone: true})
		if err != nil {
			t.Fatal(err)
		}
		ex, err := Blank(sinktest.Exercise("wikipedia"), &trace.Info{Game: "tree", Input: "wikipedia", Algo: "alphabeta", Fail: "hard", Cutoff: "ge", Root: "max", Scale: 1, Lang: lang}, 2, Options{Standalone: true})
		if err != nil {
			t.Fatal(err)
		}
		for name, tex := range map[string][]byte{"search": pic, "handout": ex} {
			// the legend under the tree, the picture's words
			body := tex[bytes.Index(tex, []byte(`tikz+={\node`)):]
			body = body[:bytes.Index(body, []byte("};}"))]
			body = regexp.MustCompile(`\\[A-Za-z]+(\{[A-Za-z]*\})?`).ReplaceAll(body, nil) // the commands
			if bytes.ContainsRune(body, '?') {
				t.Errorf("%s %s: a letter became ?:\n%s", lang, name, body)
			}
			for _, w := range []string{"leaf", "move", "value", "node", "cutoff", "searched", "outline"} {
				if regexp.MustCompile(`\b` + w + `\b`).Match(body) {
					t.Errorf("%s %s: the picture says %q in English", lang, name, w)
				}
			}
		}
		if testing.Short() {
			continue
		}
		pdflatex, err := exec.LookPath("pdflatex")
		if err == nil {
			err = exec.Command("kpsewhich", "forest.sty", "standalone.cls").Run()
		}
		if err == nil && lang == "ru" {
			err = exec.Command("kpsewhich", "t2aenc.def").Run()
		}
		if err != nil {
			t.Logf("%s: not compiled: no pdflatex with forest, standalone (and T2A for Russian: texlive-lang-cyrillic)", lang)
			continue
		}
		dir := t.TempDir()
		// One document a language, in turn (pdflatex with forest takes
		// about a second): the search's in Russian, the handout's in
		// Czech; both write the same preamble and letters.
		compiled := map[string][]byte{"search": pic}
		if lang == "cs" {
			compiled = map[string][]byte{"handout": ex}
		}
		for name, tex := range compiled {
			if err := os.WriteFile(filepath.Join(dir, name+".tex"), tex, 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			cmd := exec.CommandContext(ctx, pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", name+".tex")
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			cancel()
			if err != nil {
				t.Errorf("pdflatex %s %s.tex: %v\n%s", lang, name, err, errorLines(out))
			}
		}
	}
}
