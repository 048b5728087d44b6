package cmd

import (
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// checkChart checks that data is an SVG chart: well-formed XML with a
// viewBox 1,920 wide, scaled to its container, with its legend and the
// principal variation outlined, holding every one of want.
func checkChart(t *testing.T, what string, data []byte, want ...string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(string(data)))
	first := true
	legend := false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s: not XML: %v", what, err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attrs := map[string]string{}
		for _, a := range el.Attr {
			attrs[a.Name.Local] = a.Value
		}
		if first {
			first = false
			if el.Name.Local != "svg" || !strings.HasPrefix(attrs["viewBox"], "0 0 1920 ") || attrs["width"] != "100%" {
				t.Errorf("%s: root element %s %v", what, el.Name.Local, attrs)
			}
		}
		legend = legend || attrs["id"] == "legend"
	}
	text := string(data)
	if !legend || !strings.Contains(text, `<rect class="pv"`) {
		t.Errorf("%s: legend %v, principal variation outlined %v", what, legend, strings.Contains(text, `<rect class="pv"`))
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s: the chart does not say %q", what, w)
		}
	}
}

// TestSearchOverview: search --overview writes the chart whole, says so on
// standard error, and leaves the report where it was; - puts the chart
// alone on standard output, the report on standard error.
func TestSearchOverview(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "aima.svg")
	r := run(t, "", "search", "--tree", "aima", "--overview", file)
	if r.code != 0 || !strings.Contains(r.stdout, "✂ α-cutoff at MIN node 2") || r.stderr != "prunescope: wrote "+file+"\n" {
		t.Fatalf("search --overview: %s", r)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	checkChart(t, "aima", data, "tree aima · root MAX · depth 2", "nodes 11 · leaves 7 · cutoff 1", "value 3 · best move 1 · PV 1 1.1")

	r = run(t, "", "search", "--tree", "aima", "--overview", "-")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "<?xml") || !strings.HasSuffix(r.stdout, "</svg>\n") || !strings.Contains(r.stderr, "nodes 11 · leaves 7 · cutoff 1") {
		t.Fatalf("search --overview -: %s", r)
	}
	if r.stdout != string(data) {
		t.Error("the chart on standard output differs from the file's")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left in the folder: %v", entries)
	}
}

// TestSearchOverviewChess: a chess search's chart counts what the search
// counted, to the plies --overview-depth asks.
func TestSearchOverviewChess(t *testing.T) {
	file := filepath.Join(t.TempDir(), "c.svg")
	args := []string{"search", "--fen", "tactic", "--depth", "3", "--null-move", "--null-min-ply", "1", "--quiescence", "--overview", file, "--overview-depth", "3"}
	r := run(t, "", args...)
	if r.code != 0 {
		t.Fatalf("%s", r)
	}
	counts := regexp.MustCompile(`(?m)^nodes \d+ · leaves \d+ · .*$`).FindString(r.stdout)
	if counts == "" {
		t.Fatalf("no counts in %q", r.stdout)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	checkChart(t, "chess", data, counts, "+ null move", "+ quiescence", "ply 3", "null-move prune", "quiescence search")
	if strings.Contains(string(data), ">ply 4<") {
		t.Error("a row for ply 4 with --overview-depth 3")
	}
}

// TestOverviewRefused: bad values are refused before any work, in one line
// with exit 2, and no file is written or changed.
func TestOverviewRefused(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "kept.svg")
	if err := os.WriteFile(file, []byte("before"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args   []string
		prefix string
		want   string
	}{
		{[]string{"search", "--tree", "aima", "--overview", file, "--overview-depth", "0"}, "prunescope: --overview-depth: ", "between 1 and 32"},
		{[]string{"search", "--tree", "aima", "--overview", file, "--overview-depth", "33"}, "prunescope: --overview-depth: ", "between 1 and 32"},
		{[]string{"search", "--tree", "aima", "--overview", filepath.Join(dir, "no", "x.svg")}, "prunescope: --overview ", "does not exist"},
		{[]string{"search", "--tree", "aima", "--overview", dir}, "prunescope: --overview ", "is a folder"},
		{[]string{"search", "--tree", "aima", "--overview", "-", "--svg", "-"}, "prunescope: --", "only one can"},
		{[]string{"search", "--tree", "aima", "--overview", file, "--svg", file}, "prunescope: --", "writes the same file"},
		{[]string{"search", "--tree", "aima", "--overview", file, "--focus", "9.9"}, "prunescope: --focus: ", "9.9"},
		{[]string{"search", "--tree", "((1 2) (3", "--overview", file}, "prunescope: tree:", "never closed"},
		{[]string{"search", "--tree", "aima", "--overview", "-", "--trace", "text"}, "prunescope: --overview -: ", "standard output"},
		{[]string{"diff", "alphabeta", "minimax", "--tree", "aima", "--overview", "-", "--json"}, "prunescope: --overview -: ", "JSON"},
		{[]string{"render", filepath.Join(dir, "none.jsonl"), "--overview", file}, "prunescope: ", "none.jsonl"},
	} {
		r := run(t, "", c.args...)
		refused(t, strings.Join(c.args, " "), r, c.prefix, c.want)
	}
	if data, _ := os.ReadFile(file); string(data) != "before" {
		t.Errorf("the file was changed: %q", data)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left in the folder: %v", entries)
	}
}

// TestRenderOverview: render draws the chart of a saved trace as search
// does; a trace without a node is refused in one line, naming it.
func TestRenderOverview(t *testing.T) {
	dir := t.TempDir()
	trace := filepath.Join(dir, "w.jsonl")
	direct := filepath.Join(dir, "direct.svg")
	r := run(t, "", "search", "--tree", "wikipedia", "--trace", "json", "--trace-out", trace, "--overview", direct)
	if r.code != 0 {
		t.Fatalf("%s", r)
	}
	drawn := filepath.Join(dir, "drawn.svg")
	if r = run(t, "", "render", trace, "--overview", drawn); r.code != 0 {
		t.Fatalf("%s", r)
	}
	a, _ := os.ReadFile(direct)
	b, _ := os.ReadFile(drawn)
	if len(a) == 0 || string(a) != string(b) {
		t.Error("render --overview draws another chart than search --overview")
	}
	start := filepath.Join(dir, "start.jsonl")
	line, _, _ := strings.Cut(readString(t, trace), "\n")
	if err := os.WriteFile(start, []byte(line+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = run(t, "", "render", start, "--overview", filepath.Join(dir, "none.svg"))
	refused(t, "a trace without nodes", r, "prunescope: "+start+": ", "no node was entered")
	if _, err := os.Stat(filepath.Join(dir, "none.svg")); err == nil {
		t.Error("a chart of nothing was written")
	}
}

func readString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestDiffOverview: diff --overview draws both searches side by side, and
// the report is the diff's; searches too big to compare node by node are
// still drawn, with a note instead of the list.
func TestDiffOverview(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "d.svg")
	r := run(t, "", "diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia", "--overview", file)
	if r.code != 0 || !strings.Contains(r.stdout, "+ 2.1.2.2") || r.stderr != "prunescope: wrote "+file+"\n" {
		t.Fatalf("%s", r)
	}
	checkChart(t, "pair", []byte(readString(t, file)), "A = alphabeta:hard:ge", "B = alphabeta:soft:gt",
		"A searched 25 nodes, 96 % of B&#39;s 26", "nodes 25 · leaves 9 · cutoffs 3", "nodes 26 · leaves 10 · cutoffs 2")

	defer func(l int64) { recordLimit = l }(recordLimit)
	recordLimit = 100
	args := []string{"diff", "alphabeta", "alphabeta+null-move", "--fen", "tactic", "--depth", "3", "--null-min-ply", "1"}
	r = run(t, "", args...)
	refused(t, "too big without --overview", r, "prunescope: search A (alphabeta:hard:ge): ", "too many to compare")
	big := filepath.Join(dir, "big.svg")
	r = run(t, "", append(args, "--overview", big)...)
	if r.code != 0 || r.stdout != "" || !strings.Contains(r.stderr, "prunescope: note: search A (alphabeta:hard:ge) has more than 100 nodes") || !strings.HasSuffix(r.stderr, "prunescope: wrote "+big+"\n") {
		t.Fatalf("too big with --overview: %s", r)
	}
	checkChart(t, "big pair", []byte(readString(t, big)), "A = alphabeta:hard:ge", "B = alphabeta:hard:ge+null-move", "null-move prune")
	r = run(t, "", append(args, "--overview", filepath.Join(dir, "no.svg"), "--svg", filepath.Join(dir, "no2.svg"))...)
	refused(t, "too big with --svg", r, "prunescope: search A (alphabeta:hard:ge): ", "too many to compare")
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("in the folder: %v", entries)
	}
}

// TestReadmeOverview: the overview shown in the README is what the command
// shown above it draws today (go test ./cmd -run TestReadmeOverview -update
// draws it again).
func TestReadmeOverview(t *testing.T) {
	readme := readString(t, "../README.md")
	var line string
	for _, l := range strings.Split(readme, "\n") {
		if strings.HasPrefix(l, "prunescope ") && strings.Contains(l, "--overview docs/images/") {
			line = l
			break
		}
	}
	if line == "" {
		t.Fatal("the README shows no command that draws an overview into docs/images")
	}
	args, err := splitShell(strings.TrimPrefix(line, "prunescope "))
	if err != nil {
		t.Fatal(err)
	}
	image := ""
	out := filepath.Join(t.TempDir(), "overview.svg")
	for i, a := range args {
		if strings.HasPrefix(a, "docs/images/") {
			image, args[i] = a, out
		}
	}
	if !strings.Contains(readme, "]("+image+")") {
		t.Errorf("the README does not show %s", image)
	}
	if r := run(t, "", args...); r.code != 0 {
		t.Fatalf("%s: %s", line, r)
	}
	got := readString(t, out)
	checkChart(t, image, []byte(got))
	golden := filepath.Join("..", image)
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want := readString(t, golden); got != want {
		t.Errorf("%s is not what %q draws today (go test ./cmd -run TestReadmeOverview -update draws it again)", image, line)
	}
}
