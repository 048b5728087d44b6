package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestRefusalOffersParts checks the refusal of a page over --html-max-steps
// (issue 19, item 4): one line that says the commands making a page of each
// subtree instead, each with the steps of its page, and that those commands
// work: each (of a chess search's 34, every fourth and the last), run as
// said, writes a page of exactly that many steps, within
// the limit unless the line says it is not, and the parts together hold the
// search's steps (the steps between the parts' visits are the parents'
// enters and returns).
func TestRefusalOffersParts(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name  string
		args  []string
		limit int
		every int // the page of every every-th part offered is made, and the last
	}{
		{"chess", []string{"search", "--fen", "tactic", "--depth", "3", "--null-move", "--trace", "none"}, 200, 4},
		{"tree", []string{"step", "--tree", "wikipedia"}, 12, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "chess" && testing.Short() {
				t.Skip("34 pages of a chess search: not with -short")
			}
			file := filepath.Join(dir, c.name+".html")
			args := append(append([]string{}, c.args...), "--html", file, "--html-max-steps", strconv.Itoa(c.limit))
			r := run(t, "", args...)
			if r.code != 2 || strings.Count(r.stderr, "\n") != 1 {
				t.Fatalf("a page over the limit: %v", r)
			}
			if _, err := os.Stat(file); err == nil {
				t.Error("a refused page left a file")
			}
			m := offer.FindStringSubmatch(r.stderr)
			if m == nil {
				t.Fatalf("the refusal says no command: %s", r.stderr)
			}
			total, _ := strconv.Atoi(m[1])
			first := shellSplit(t, m[2])
			if first[0] != "prunescope" {
				t.Fatalf("the command %q does not start with prunescope", m[2])
			}
			base := first[1 : len(first)-3] // without --focus=X --html FILE
			parts := part.FindAllStringSubmatch(r.stderr, -1)
			if len(parts) < 2 {
				t.Fatalf("only %d parts offered: %s", len(parts), r.stderr)
			}
			sum := 0
			for i, p := range parts {
				focus := shellSplit(t, p[1])[0]
				html := shellSplit(t, p[2])[0]
				steps, _ := strconv.Atoi(p[3])
				sum += steps
				if p[4] == "" && steps > c.limit {
					t.Errorf("--focus=%s: %d steps, over the limit %d, not said", focus, steps, c.limit)
				}
				if i%c.every != 0 && i != len(parts)-1 {
					continue // the pages of a sample of the parts are made (each a search)
				}
				cmd := append(append([]string{}, base...), "--focus="+focus, "--html", html)
				if r := run(t, "", cmd...); r.code != 0 {
					t.Errorf("prunescope %s: %v", strings.Join(cmd, " "), r)
					continue
				}
				if got := pageSteps(t, html); got != steps {
					t.Errorf("--focus=%s: the page holds %d steps, the refusal said %d", focus, got, steps)
				}
			}
			if sum >= total || sum < total/2 {
				t.Errorf("the parts hold %d steps of the search's %d", sum, total)
			}
		})
	}
}

var (
	offer = regexp.MustCompile(`--html: more than --html-max-steps \d+ steps to show \((\d+)\): make a page of each subtree with --focus instead: (prunescope .*? --focus=\S+ --html \S+) \(\d+ steps`)
	part  = regexp.MustCompile(`--focus=('[^']*'|\S+) --html ('[^']*'|\S+) \((\d+) steps(, still more than the limit)?\)`)
)

// shellSplit splits a command line as a POSIX shell does words in single
// quotes or none.
func shellSplit(t *testing.T, line string) []string {
	t.Helper()
	var out []string
	var w strings.Builder
	in, any := false, false
	for _, r := range line {
		switch {
		case r == '\'':
			in, any = !in, true
		case r == ' ' && !in:
			if any {
				out = append(out, w.String())
			}
			w.Reset()
			any = false
		default:
			w.WriteRune(r)
			any = true
		}
	}
	if in {
		t.Fatalf("unclosed quote in %q", line)
	}
	if any {
		out = append(out, w.String())
	}
	return out
}

// pageSteps is the number of steps of the page in file.
func pageSteps(t *testing.T, file string) int {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)<script id="ps-data" type="application/json">(.*?)</script>`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("%s: no data", file)
	}
	var d struct {
		Steps []json.RawMessage `json:"steps"`
	}
	if err := json.Unmarshal(m[1], &d); err != nil {
		t.Fatal(err)
	}
	return len(d.Steps)
}

// TestRefusalOffersPartsInLanguages: the refusal that offers the parts is
// said in Russian and Czech too, one whole message for each variant (some
// parts still over the limit or none), its commands, flags and numbers
// those of the English.
func TestRefusalOffersPartsInLanguages(t *testing.T) {
	dir := t.TempDir()
	commands := regexp.MustCompile(`prunescope [^;()]*`)
	own := map[string]bool{}
	for _, w := range strings.Fields("steps same still limit page subtree instead those deep raise less part each make show than more too long with") {
		own[w] = true
	}
	for _, limit := range []string{"4", "12"} {
		file := filepath.Join(dir, "w"+limit+".html")
		args := []string{"step", "--tree", "wikipedia", "--html", file, "--html-max-steps", limit}
		en := run(t, "", args...)
		if en.code != 2 || !strings.Contains(en.stderr, "the same with") {
			t.Fatalf("English: %v", en)
		}
		if (limit == "4") != strings.Contains(en.stderr, "still more than the limit") {
			t.Fatalf("--html-max-steps %s: not the variant wanted: %s", limit, en.stderr)
		}
		for _, lang := range []string{"ru", "cs"} {
			r := run(t, "", append([]string{"--lang", lang}, args...)...)
			if r.code != 2 || strings.Count(r.stderr, "\n") != 1 {
				t.Fatalf("%s: %v", lang, r)
			}
			rest := flagWord.ReplaceAllString(commands.ReplaceAllString(r.stderr, ""), "")
			for _, w := range letters.FindAllString(strings.ReplaceAll(rest, dir, ""), -1) {
				if englishWords[w] || own[w] {
					t.Errorf("%s --html-max-steps %s: English %q left in %s", lang, limit, w, r.stderr)
					break
				}
			}
			want := strings.ReplaceAll(en.stderr, "prunescope step", "prunescope --lang "+lang+" step")
			for _, x := range append(flagWord.FindAllString(want, -1), numberWord.FindAllString(want, -1)...) {
				if !strings.Contains(r.stderr, x) {
					t.Errorf("%s --html-max-steps %s: %s of the English is missing from %s", lang, limit, x, r.stderr)
				}
			}
			for _, c := range commands.FindAllString(want, -1) {
				if strings.Contains(c, "--focus=") && !strings.Contains(r.stderr, strings.TrimSpace(c)) {
					t.Errorf("%s --html-max-steps %s: the command %q is missing from %s", lang, limit, c, r.stderr)
				}
			}
		}
	}
}
