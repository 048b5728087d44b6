package cmd

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/match"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
)

// The lists and tools in Russian and Czech (issue 23): tree list's and
// positions' descriptions and counts, perft's and match's counts and
// progress, a student's search's name, version's notice. Goldens of a few;
// for all, nothing of their own left in English and every number of the
// English output kept.

func TestGoldenLists(t *testing.T) {
	runGolden(t, []goldenCase{
		{"lang-ru-tree-list.txt", "", []string{"--lang", "ru", "tree", "list"}},
		{"lang-cs-tree-list.txt", "", []string{"--lang", "cs", "tree", "list"}},
		{"lang-ru-positions.txt", "", []string{"--lang", "ru", "positions"}},
		{"lang-cs-positions.txt", "", []string{"--lang", "cs", "positions"}},
	})
}

// listsEnglish are the English words of the lists' and tools' output that
// a Russian or Czech one must not have.
var listsEnglish = regexp.MustCompile(`(?i)\b(the|of|and|an|in|at|with|from|its|is|are|that|which|where|when|every|each|another|other|node|nodes|leaf|leaves|ply|plies|deep|deeper|shallower|move|moves|search|searched|prune|prunes|try|fails|blocked|condition|quiet|check|capture|recapture|promotion|promotions|threat|detection|reductions?|reduced|missed|best|root|front|lead|table|answers|orders|position|positions|initial|castling|passant|pins|within|few|mates|mating|line|back|rank|fork|forks|king|queen|knight|wins|win|draw|draws|loss|losses|white|black|ending|opposition|decides|holds|passes|misjudges|figure|illustration|article|cure|horizon|effect|hopeless|evaluation|null|game|games|opening|openings|colours|score|difference|sample|pair|pairs|scored|variance|needed|endings|checkmate|stalemate|repetition|rule|material|cap|bounds|accepted|continue|interrupted|planned|ended|per|depth|most|counts|checked|mismatch|mismatches|skipped|over|expected|got|yours|children|right|left|page|pictures|board|chess)\b`)

// listsKept are what stays English in every language: flags, spec names,
// the tree's text and a FEN, Kornilov's English names of techniques
// (futility pruning, razoring, LMR), Kiwipete, the English titles of an
// article and a book that have no translation, Graphviz's and the pieces'
// licence notices.
var listsKept = regexp.MustCompile(`--[a-z-]+|\S*[:+\[(/]\S*|futility pruning|razoring|Kiwipete|Alpha–beta pruning|Artificial Intelligence: A Modern Approach|zugzwang\.\d+`)

// checkLanguages runs args in English, Russian and Czech: the translations
// must have no word of listsEnglish outside listsKept in their lines as
// own leaves them (nil: whole; "": a line that is not the command's own),
// and the numbers of the English output.
func checkLanguages(t *testing.T, stdin string, own func(line string) string, args ...string) {
	t.Helper()
	en := run(t, stdin, args...)
	want := i18ntest.Numbers(en.stdout + en.stderr)
	for _, l := range []string{"ru", "cs"} {
		got := run(t, stdin, append([]string{"--lang", l}, args...)...)
		if got.code != en.code {
			t.Errorf("%s %v: exit %d, English's %d: %s", l, args, got.code, en.code, got.stderr)
			continue
		}
		for _, line := range strings.Split(got.stdout+got.stderr, "\n") {
			if own != nil {
				line = own(line)
			}
			if w := listsEnglish.FindString(listsKept.ReplaceAllString(line, "")); w != "" {
				t.Errorf("%s %v: %q left in English in %q", l, args, w, line)
			}
		}
		if n := i18ntest.Numbers(got.stdout + got.stderr); !slices.Equal(n, want) {
			t.Errorf("%s %v: numbers %v, English's %v\n%s", l, args, n, want, got.stdout+got.stderr)
		}
	}
}

// listed is a line of a list of names (tree list, positions) without its
// name, and without the tree's text or the FEN on the next line.
func listed(line string) string {
	if !strings.HasPrefix(line, " ") {
		_, line, _ = strings.Cut(line, " ")
		return line
	}
	if i := strings.Index(line, ": ("); i >= 0 {
		return line[:i]
	}
	return ""
}

func TestListsLanguages(t *testing.T) {
	checkLanguages(t, "", listed, "tree", "list")
	checkLanguages(t, "", listed, "positions")
	// compare --epd's title (its table is compare's own words)
	epd := filepath.Join(t.TempDir(), "two.epd")
	os.WriteFile(epd, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bm e4; id \"start\";\n6k1/pp1q1p1p/8/8/4N3/8/PP3PPP/6K1 w - - 0 1 bm Nf6+; id \"fork\";\n"), 0o644)
	titles := 0
	checkLanguages(t, "", func(line string) string {
		if title, ok := strings.CutPrefix(line, epd+": "); ok {
			titles++
			return title
		}
		return ""
	}, "compare", "--epd", epd, "--depth", "2", "--algos", "minimax,alphabeta")
	if titles != 2 {
		t.Errorf("compare --epd: %d titles in Russian and Czech", titles)
	}
	if r := run(t, "", "compare", "--epd", epd, "--depth", "2"); !strings.HasPrefix(r.stdout, epd+": 2 positions · depth 2 · eval pst · centipawns from the side to move's point of view\n") {
		t.Errorf("compare --epd's English title: %s", r.stdout)
	}
}

// TestPerftLanguages: perft's count, its EPD report (each record's line,
// a mismatch, the depths skipped, the summary) and its speed line in
// Russian and Czech.
func TestPerftLanguages(t *testing.T) {
	checkLanguages(t, "", nil, "perft", "--fen", "start", "--depth", "2", "--divide")
	dir := t.TempDir()
	good := filepath.Join(dir, "good.epd")
	bad := filepath.Join(dir, "bad.epd")
	os.WriteFile(good, []byte("# two records\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902 ;D5 4865609 ;D13 1981066775000396239\n\n4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n"), 0o644)
	os.WriteFile(bad, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401 ;D3 8903\n"), 0o644)
	checkLanguages(t, "", nil, "perft", "--epd", good, "--max-nodes", "10000")
	checkLanguages(t, "", nil, "perft", "--epd", bad)
	for l, re := range map[string]string{
		"ru": `^prunescope: perft 2: 400 узлов за \d+,\d{3} с \(\d+,\d млн узлов/с\)\n$`,
		"cs": `^prunescope: perft 2: 400 uzlů za \d+,\d{3} s \(\d+,\d mil\. uzlů/s\)\n$`,
	} {
		r := run(t, "", "--lang", l, "perft", "--fen", "start", "--depth", "2", "--timing")
		if !regexp.MustCompile(re).MatchString(r.stderr) {
			t.Errorf("%s: the speed line %q", l, r.stderr)
		}
	}
	golden := func(l string) goldenCase {
		return goldenCase{"lang-" + l + "-perft-divide.txt", "", []string{"--lang", l, "perft", "--fen", "kiwipete", "--depth", "1", "--divide"}}
	}
	runGolden(t, []goldenCase{golden("ru"), golden("cs")})
}

// TestMatchLanguages: match's report in Russian and Czech (its limits,
// tally, score, intervals, pairs, endings and SPRT), its progress line,
// and its PGN, a file, the same in every language.
func TestMatchLanguages(t *testing.T) {
	args := []string{"match", "alphabeta+tt+order+lmr", "alphabeta+tt+order", "--games", "4", "--openings", "wide"}
	checkLanguages(t, "", nil, append(args, "--nodes", "400")...)
	checkLanguages(t, "", nil, append(args, "--nodes", "1000", "--depth-limit", "3", "--sprt", "0,50")...)
	runGolden(t, []goldenCase{
		{"lang-ru-match.txt", "", append([]string{"--lang", "ru"}, append(args, "--nodes", "400")...)},
		{"lang-cs-match-sprt.txt", "", append([]string{"--lang", "cs"}, append(args, "--nodes", "1000", "--depth-limit", "3", "--sprt", "0,50")...)},
	})
	pgn := []string{"match", "alphabeta+tt", "alphabeta+tt+order", "--games", "2", "--nodes", "300", "--pgn", "-"}
	en := run(t, "", pgn...)
	for _, l := range []string{"ru", "cs"} {
		if r := run(t, "", append([]string{"--lang", l}, pgn...)...); r.stdout != en.stdout || r.stderr == en.stderr {
			t.Errorf("%s: the PGN differs from English's, or the report does not:\n%s", l, r)
		}
	}
	for l, want := range map[string]string{
		"ru": "\r\033[K[#######.......................] партий: 5/20 · A +3 =1 −1 · 70,0 %",
		"cs": "\r\033[K[#######.......................] partií: 5/20 · A +3 =1 −1 · 70,0 %",
	} {
		var b strings.Builder
		progressBarIn(&b, i18n.For(i18n.Lang(l)), 5, 20, match.Tally{Wins: 3, Draws: 1, Losses: 1})
		if b.String() != want {
			t.Errorf("%s: %q, want %q", l, b.String(), want)
		}
	}
}

// TestYoursLanguages: a student's search is named in the language (ваш
// поиск, váš propočet; the file's name kept) wherever it is shown: the
// stepper's header, a picture's title, check's page (its title and its
// label), and a reference searched right to left is said so in the
// language in the page and in check --json's error.
func TestYoursLanguages(t *testing.T) {
	dir := t.TempDir()
	for l, yours := range map[string]string{"ru": "ваш поиск (aima-minimax.jsonl)", "cs": "váš propočet (aima-minimax.jsonl)"} {
		r := run(t, "", "--lang", l, "step", "testdata/check/aima-minimax.jsonl", "--tree", "aima", "--plain", "--steps", "1")
		if !strings.HasPrefix(r.stdout, yours+" · ") {
			t.Errorf("%s: step's header %q", l, strings.SplitN(r.stdout, "\n", 2)[0])
		}
		r = run(t, "", "--lang", l, "render", "testdata/check/aima-minimax.jsonl", "--tree", "aima", "--dot", "-")
		if !strings.Contains(r.stdout, "<b>"+yours) || strings.Contains(r.stdout, "yours") {
			t.Errorf("%s: the picture's title does not name %q:\n%s", l, yours, r.stdout)
		}
		file := filepath.Join(dir, l+".html")
		run(t, "", "--lang", l, "check", "testdata/check/aima-minimax.jsonl", "--tree", "aima", "--order-children", "rtl", "--html", file)
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		rtl := map[string]string{"ru": "alphabeta:hard:ge, дети справа налево", "cs": "alphabeta:hard:ge, potomci zprava doleva"}[l]
		for _, want := range []string{"<title>prunescope diff · A: " + yours + " · B: " + rtl + "</title>", "<b>A · " + yours + "</b>", "<b>B · " + rtl + "</b>"} {
			if !strings.Contains(string(b), want) {
				t.Errorf("%s: the page has no %q", l, want)
			}
		}
		r = run(t, "", "--lang", l, "check", "testdata/check/aima-minimax.jsonl", "--tree", "aima", "--order-children", "rtl", "--json")
		if !strings.HasSuffix(r.stderr, " "+rtl+"\n") {
			t.Errorf("%s: check --json's error %q", l, r.stderr)
		}
	}
}
