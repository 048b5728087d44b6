package lessons

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// docs/glossary.md is the translators' glossary (issue 23): every technical
// term in English, Russian and Czech, with the seed article that uses it.
// These tests keep its tables well formed; TestGlossaryQuotes also checks
// its quotes against the seed files when they are at hand.

const glossaryFile = "../docs/glossary.md"

// notInSources marks a Russian or Czech term the seed articles do not use.
const notInSources = "(not in the sources)"

// glossaryCore are the terms the glossary must have a row of its own for.
var glossaryCore = []string{
	"null move", "cutoff", "window", "alpha-beta", "fail-hard", "fail-soft",
	"transposition table", "iterative deepening", "quiescence search",
	"principal variation", "reduction", "extension", "futility pruning",
	"razoring", "expectimax", "chance node", "leaf", "node", "ply", "depth",
	"bound", "aspiration window", "zugzwang", "move ordering", "killer move",
	"history heuristic", "late move reductions", "minimax", "negamax",
	"branch and bound", "static evaluation", "horizon effect",
}

// glossaryCounted are the terms that come with numbers, whose forms the
// glossary gives.
var glossaryCounted = []string{"node", "leaf", "cutoff", "ply", "move", "search", "iteration"}

// The seeds of each language, by number.
var (
	russianSeeds = map[string]bool{"000": true, "001": true, "002": true, "004": true}
	czechSeeds   = map[string]bool{"003": true}
)

// A seed quote: "000: «…»" in Russian, "003: „…“" in Czech.
var glossaryQuote = regexp.MustCompile(`(\d{3}): (?:«([^»]*)»|„([^“]*)“)`)

// The line under a table's header.
var glossarySeparator = regexp.MustCompile(`^\|(\s*:?-+:?\s*\|)+$`)

// glossaryTable is one Markdown table of the glossary.
type glossaryTable struct {
	line   int // the header's line number
	header []string
	rows   []glossaryRow
}

type glossaryRow struct {
	line  int
	cells []string
}

// glossaryCells splits a Markdown table line into its trimmed cells.
func glossaryCells(line string) []string {
	s := strings.TrimSpace(line)
	s = strings.TrimPrefix(s, "|")
	s = strings.TrimSuffix(s, "|")
	parts := strings.Split(s, "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// readGlossaryTables returns every table of docs/glossary.md.
func readGlossaryTables(t *testing.T) []glossaryTable {
	t.Helper()
	data, err := os.ReadFile(glossaryFile)
	if err != nil {
		t.Fatalf("the glossary: %v", err)
	}
	lines := strings.Split(string(data), "\n")
	var tables []glossaryTable
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(strings.TrimSpace(lines[i]), "|") {
			continue
		}
		tb := glossaryTable{line: i + 1, header: glossaryCells(lines[i])}
		if i+1 >= len(lines) || !glossarySeparator.MatchString(strings.TrimSpace(lines[i+1])) {
			t.Errorf("glossary line %d: a table's header is not followed by its separator line", i+1)
		}
		if i+1 < len(lines) && len(glossaryCells(lines[i+1])) != len(tb.header) {
			t.Errorf("glossary line %d: the separator has %d columns, the header %d", i+2, len(glossaryCells(lines[i+1])), len(tb.header))
		}
		i += 2
		for ; i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "|"); i++ {
			tb.rows = append(tb.rows, glossaryRow{line: i + 1, cells: glossaryCells(lines[i])})
		}
		tables = append(tables, tb)
	}
	return tables
}

// isTermTable: the glossary's own tables, English, Russian, Czech, Source.
func isTermTable(tb glossaryTable) bool {
	h := tb.header
	return len(h) >= 4 && h[0] == "English" && h[1] == "Russian" && h[2] == "Czech" && h[3] == "Source"
}

// isFormsTable: the table of the forms that go with numbers.
func isFormsTable(tb glossaryTable) bool {
	h := tb.header
	return len(h) >= 3 && h[0] == "English" && strings.HasPrefix(h[1], "Russian (gender") && strings.HasPrefix(h[2], "Czech (gender")
}

// englishTerms are the term of an English cell and the other words for it:
// "null window (also: zero window)" gives "null window", "zero window".
func englishTerms(cell string) (term string, also []string) {
	cell = strings.ReplaceAll(strings.ReplaceAll(cell, "`", ""), "**", "")
	term = cell
	if i := strings.Index(cell, " (also: "); i >= 0 && strings.HasSuffix(cell, ")") {
		term = cell[:i]
		for _, a := range strings.Split(cell[i+len(" (also: "):len(cell)-1], ",") {
			also = append(also, strings.TrimSpace(a))
		}
	}
	return strings.TrimSpace(term), also
}

// seedsQuoted returns the seed numbers a Source cell quotes.
func seedsQuoted(source string) map[string]bool {
	seeds := map[string]bool{}
	for _, m := range glossaryQuote.FindAllStringSubmatch(source, -1) {
		seeds[m[1]] = true
	}
	return seeds
}

func quotesAny(quoted, of map[string]bool) bool {
	for s := range quoted {
		if of[s] {
			return true
		}
	}
	return false
}

func TestGlossaryTables(t *testing.T) {
	tables := readGlossaryTables(t)
	terms := map[string]int{} // every English word, lower case, and its line
	primary := map[string]bool{}
	rows := 0
	for _, tb := range tables {
		for _, r := range tb.rows {
			if len(r.cells) != len(tb.header) {
				t.Errorf("glossary line %d: %d cells in a table of %d columns (a stray |?)", r.line, len(r.cells), len(tb.header))
			}
		}
		if !isTermTable(tb) {
			continue
		}
		for _, r := range tb.rows {
			if len(r.cells) < 4 {
				continue
			}
			rows++
			en, ru, cs, src := r.cells[0], r.cells[1], r.cells[2], r.cells[3]
			for i, c := range []string{en, ru, cs, src} {
				if c == "" {
					t.Errorf("glossary line %d: the %s cell is empty", r.line, tb.header[i])
				}
			}
			term, also := englishTerms(en)
			primary[term] = true
			for _, w := range append([]string{term}, also...) {
				k := strings.ToLower(w)
				if at, dup := terms[k]; dup {
					t.Errorf("glossary line %d: %q is already on line %d", r.line, w, at)
				}
				terms[k] = r.line
			}
			// A term the seeds use is shown in use: a cell without the
			// marker needs a quote from a seed in its language.
			quoted := seedsQuoted(src)
			if !strings.Contains(ru, notInSources) && !quotesAny(quoted, russianSeeds) {
				t.Errorf("glossary line %d (%s): the Russian term is neither quoted from a Russian seed nor marked %s", r.line, term, notInSources)
			}
			if !strings.Contains(cs, notInSources) && !quotesAny(quoted, czechSeeds) {
				t.Errorf("glossary line %d (%s): the Czech term is neither quoted from the Czech seed nor marked %s", r.line, term, notInSources)
			}
			for s := range quoted {
				if !russianSeeds[s] && !czechSeeds[s] {
					t.Errorf("glossary line %d (%s): seed %s is not one of the five", r.line, term, s)
				}
			}
		}
	}
	if rows < len(glossaryCore) {
		t.Fatalf("the glossary has %d term rows; want at least the %d core terms", rows, len(glossaryCore))
	}
	for _, c := range glossaryCore {
		if !primary[c] {
			t.Errorf("the glossary has no row for %q", c)
		}
	}

	forms := map[string]bool{}
	shape := regexp.MustCompile(`^\S+( \S+)? [mfn]\.: 1 .+ · 2 .+ · 5 .+$`)
	for _, tb := range tables {
		if !isFormsTable(tb) {
			continue
		}
		for _, r := range tb.rows {
			if len(r.cells) < 3 {
				continue
			}
			forms[r.cells[0]] = true
			for _, c := range r.cells[1:3] {
				if !shape.MatchString(c) {
					t.Errorf("glossary line %d: %q is not \"term gender.: 1 … · 2 … · 5 …\"", r.line, c)
				}
			}
		}
	}
	for _, c := range glossaryCounted {
		if !forms[c] {
			t.Errorf("the glossary gives no forms with numbers for %q", c)
		}
	}
}

// TestGlossaryPieces checks the letters of the pieces in SAN.
func TestGlossaryPieces(t *testing.T) {
	want := map[string][3]string{ // English, Russian, Czech
		"king":   {"K", "Кр", "K"},
		"queen":  {"Q", "Ф", "D"},
		"rook":   {"R", "Л", "V"},
		"bishop": {"B", "С", "S"},
		"knight": {"N", "К", "J"},
	}
	seen := map[string]bool{}
	for _, tb := range readGlossaryTables(t) {
		if len(tb.header) < 5 || tb.header[0] != "piece" {
			continue
		}
		for _, r := range tb.rows {
			w, ok := want[r.cells[0]]
			if !ok {
				continue
			}
			seen[r.cells[0]] = true
			if len(r.cells) < 5 {
				t.Errorf("glossary line %d: %d cells, want 5", r.line, len(r.cells))
				continue
			}
			for i, letter := range w {
				if got := strings.Fields(r.cells[i+1] + " ?")[0]; got != letter {
					t.Errorf("glossary line %d: %s in %s is %q, want %q", r.line, r.cells[0], tb.header[i+1], got, letter)
				}
			}
			if r.cells[4] == "" {
				t.Errorf("glossary line %d: %s has no source", r.line, r.cells[0])
			}
		}
	}
	for p := range want {
		if !seen[p] {
			t.Errorf("the glossary has no SAN letter row for the %s", p)
		}
	}
}

// TestGlossaryQuotes checks that every quote of a seed is in that seed,
// word for word (white space aside), and in that seed's quotation marks.
// The seed files are not part of the repository: set PRUNESCOPE_SEEDS to
// their directory; without it the test looks beside the repository, in
// ../shared/seeds, and is skipped when they are not there.
func TestGlossaryQuotes(t *testing.T) {
	dir := os.Getenv("PRUNESCOPE_SEEDS")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "seeds")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "[0-9][0-9][0-9]_*.txt"))
	if len(files) == 0 {
		t.Skipf("no seed files in %s (set PRUNESCOPE_SEEDS)", dir)
	}
	norm := func(s string) string { return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ") }
	seeds := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		seeds[filepath.Base(f)[:3]] = norm(string(b))
	}
	n := 0
	for _, tb := range readGlossaryTables(t) {
		for _, r := range tb.rows {
			for _, c := range r.cells {
				for _, m := range glossaryQuote.FindAllStringSubmatch(c, -1) {
					n++
					seed, ru, cs := m[1], m[2], m[3]
					text, ok := seeds[seed]
					if !ok {
						t.Errorf("glossary line %d: no seed file %s", r.line, seed)
						continue
					}
					q := ru + cs
					if czechSeeds[seed] != (cs != "") {
						t.Errorf("glossary line %d: %s quoted in the other language's marks: %s", r.line, seed, m[0])
					}
					if !strings.Contains(text, norm(q)) {
						t.Errorf("glossary line %d: seed %s does not say %q", r.line, seed, q)
					}
				}
			}
		}
	}
	if n == 0 {
		t.Error("the glossary quotes no seed")
	}
	t.Logf("%d quotes checked against %d seed files", n, len(seeds))
}
