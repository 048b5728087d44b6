package cmd

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prunescope/prunescope/engine/tree"
)

// refused checks that r is a refusal: exit 2, nothing on standard output, and
// one line on standard error that starts with prefix and holds every want.
func refused(t *testing.T, what string, r result, prefix string, want ...string) {
	t.Helper()
	line := strings.TrimSuffix(r.stderr, "\n")
	if r.code != exitUsage || r.stdout != "" || strings.Contains(line, "\n") || !strings.HasPrefix(line, prefix) {
		t.Errorf("%s: want exit 2 and one line starting %q, got %s", what, prefix, r)
		return
	}
	for _, w := range want {
		if !strings.Contains(line, w) {
			t.Errorf("%s: %q does not say %q", what, line, w)
		}
	}
}

// TestDepthRefused: every command that takes a depth refuses one past its
// maximum, up to the largest int (which panicked in the engine), with one
// line naming the flag, exit 2, before any work: the input is not even read.
func TestDepthRefused(t *testing.T) {
	big := []string{fmt.Sprint(math.MaxInt), fmt.Sprint(math.MaxInt32), "1001"}
	cases := []struct {
		name   string
		args   []string // the depth is appended
		prefix string
		want   string
	}{
		{"search tree", []string{"search", "--tree", "aima", "--depth"}, "prunescope: --depth: ", "1000"},
		{"search unread tree", []string{"search", "--tree", "/nonexistent/tree.txt", "--depth"}, "prunescope: --depth: ", "1000"},
		{"search tictactoe", []string{"search", "--game", "tictactoe", "--depth"}, "prunescope: --depth: ", "1000"},
		{"search chess", []string{"search", "--fen", "start", "--depth"}, "prunescope: --depth: ", "1000"},
		{"search iterative", []string{"search", "--fen", "start", "--iterative", "--depth"}, "prunescope: --depth: ", "1000"},
		{"compare", []string{"compare", "--tree", "aima", "--depth"}, "prunescope: --depth: ", "1000"},
		{"compare epd", []string{"compare", "--epd", "/nonexistent/bk.epd", "--depth"}, "prunescope: --depth: ", "1000"},
		{"step", []string{"step", "--fen", "start", "--depth"}, "prunescope: --depth: ", "1000"},
		{"diff", []string{"diff", "--game", "tictactoe", "alphabeta", "minimax", "--depth"}, "prunescope: --depth: ", "1000"},
		{"quiz horizon", []string{"quiz", "--tree", "aima", "--horizon"}, "prunescope: --horizon: ", "1000"},
		{"quiz check horizon", []string{"quiz", "check", "--tree", "aima", "--answer", "value 3", "--horizon"}, "prunescope: --horizon: ", "1000"},
		{"quiz generated depth", []string{"quiz", "--depth"}, "prunescope: --", "1000 leaves"},
		{"perft", []string{"perft", "--fen", "start", "--depth"}, "prunescope: --depth: ", "between 1 and 12"},
		{"tree random", []string{"tree", "random", "--depth"}, "prunescope: --depth: ", "between 0 and 12"},
		{"tree ordered", []string{"tree", "ordered", "--depth"}, "prunescope: --depth: ", "between 0 and 12"},
		{"tree worst", []string{"tree", "worst", "--depth"}, "prunescope: --depth: ", "between 0 and 12"},
	}
	for _, tc := range cases {
		for _, d := range big {
			start := time.Now()
			r := run(t, "", append(append([]string(nil), tc.args...), d)...)
			refused(t, tc.name+" "+d, r, tc.prefix, tc.want)
			if el := time.Since(start); el > 2*time.Second {
				t.Errorf("%s %s: refused after %v: work was done first", tc.name, d, el)
			}
		}
	}
}

// TestNegativeDepthRefused: a negative --depth is refused with one line
// naming the flag, -1 too (it once stood for "not given" and searched the
// tree to its end), in every command that takes a depth.
func TestNegativeDepthRefused(t *testing.T) {
	for _, args := range [][]string{
		{"search", "--tree", "aima"},
		{"search", "--fen", "start"},
		{"search", "--game", "tictactoe"},
		{"step", "--tree", "aima", "--plain"},
		{"compare", "--tree", "aima"},
		{"compare", "--epd", "/nonexistent/bk.epd"},
		{"diff", "alphabeta", "minimax", "--tree", "aima"},
		{"perft", "--fen", "start"},
		{"quiz", "--print"},
		{"tree", "random"},
	} {
		for _, d := range [][]string{{"--depth", "-1"}, {"--depth", "-2"}, {"--depth=-1"}} {
			line := append(append([]string(nil), args...), d...)
			value := strings.TrimPrefix(d[len(d)-1], "--depth=")
			refused(t, strings.Join(line, " "), run(t, "", line...), "prunescope: --depth: ", value)
		}
	}
}

// TestDepthAtTheMaximum: a search to engine.MaxDepth on a small tree starts
// at once and finishes; memory is not reserved for the plies it does not
// reach.
func TestDepthAtTheMaximum(t *testing.T) {
	for _, args := range [][]string{
		{"search", "--tree", "(1 2)", "--depth", "1000", "--trace", "none"},
		{"compare", "--tree", "((1 2) (3 4))", "--depth", "1000"},
		{"diff", "--tree", "((1 2) (3 4))", "--depth", "1000", "alphabeta", "minimax"},
		{"search", "--game", "tictactoe", "--board", "xo./xo./...", "--depth", "1000", "--trace", "none"},
		{"quiz", "--tree", "aima", "--horizon", "1000"},
	} {
		start := time.Now()
		r := run(t, "", args...)
		if r.code != exitOK {
			t.Errorf("%s: %s", strings.Join(args, " "), r)
		}
		if el := time.Since(start); el > 2*time.Second {
			t.Errorf("%s: took %v", strings.Join(args, " "), el)
		}
	}
}

// TestLimitFlagsRefused: negative and overflowing limits are refused with one
// line naming the flag.
func TestLimitFlagsRefused(t *testing.T) {
	cases := []struct {
		args   []string
		prefix string
	}{
		{[]string{"search", "--tree", "aima", "--nodes", "-5"}, "prunescope: --nodes: -5 is negative"},
		{[]string{"search", "--tree", "aima", "--time", "-1s"}, "prunescope: --time: -1s is negative"},
		{[]string{"search", "--tree", "aima", "--nodes", "99999999999999999999"}, `prunescope: invalid argument "99999999999999999999" for "--nodes" flag`},
		{[]string{"search", "--tree", "aima", "--depth", "99999999999999999999"}, `prunescope: invalid argument "99999999999999999999" for "--depth" flag`},
		{[]string{"search", "--tree", "aima", "--tt", "--tt-mb", "4097"}, "prunescope: --tt-mb: 4097 must be between 1 and 1024"},
		{[]string{"search", "--tree", "aima", "--tt", "--tt-mb", "4096"}, "prunescope: --tt-mb: 4096 must be between 1 and 1024"},
		{[]string{"search", "--tree", "aima", "--tt", "--tt-mb", "1025"}, "prunescope: --tt-mb: 1025 must be between 1 and 1024"},
		{[]string{"compare", "--fen", "start", "--algos", "alphabeta+tt", "--tt-mb", "2048"}, "prunescope: --tt-mb: 2048 must be between 1 and 1024"},
		{[]string{"search", "--fen", "start", "--algo", "pvs+tt", "--tt-mb", "0"}, "prunescope: --tt-mb: 0 must be between 1 and 1024"},
		{[]string{"search", "--fen", "tactic", "--extensions", "--ext-limit", "17"}, "prunescope: --ext-limit: 17 must be between 0 and 16"},
		{[]string{"step", "--fen", "tactic", "--extensions", "--ext-limit", "1000000"}, "prunescope: --ext-limit: 1000000 must be between 0 and 16"},
		{[]string{"diff", "alphabeta", "alphabeta+extensions", "--fen", "tactic", "--ext-limit", "99"}, "prunescope: --ext-limit: 99 must be between 0 and 16"},
		{[]string{"step", "--tree", "aima", "--nodes", "-1"}, "prunescope: --nodes: -1 is negative"},
		{[]string{"perft", "--epd", "x.epd", "--max-nodes", "-1"}, "prunescope: --max-nodes: -1 must be at least 1"},
		{[]string{"compare", "--tree", "aima", "--algos", "alphabeta:soft:ge:gt"}, "prunescope: --algos: alphabeta:soft:ge:gt: names two cutoff conventions, ge and gt: give one"},
		{[]string{"compare", "--tree", "aima", "--algos", "minimax,alphabeta:hard:soft"}, "prunescope: --algos: alphabeta:hard:soft: names two fail conventions, hard and soft: give one"},
		{[]string{"search", "--tree", "aima", "--algo", "pvs:gt:gt"}, "prunescope: --algo: pvs:gt:gt: names the cutoff convention gt twice: give it once"},
		{[]string{"diff", "alphabeta", "alphabeta:soft:f2", "--tree", "aima"}, "prunescope: spec B: alphabeta:soft:f2: names two fail conventions, soft and f2: give one"},
		{[]string{"tree", "random", "--transpositions", "-2"}, "prunescope: --transpositions: -2 must be at least 0"},
		{[]string{"tree", "ordered", "--transpositions", "-1"}, "prunescope: --transpositions: -1 must be at least 0"},
	}
	for _, tc := range cases {
		refused(t, strings.Join(tc.args, " "), run(t, "", tc.args...), tc.prefix)
	}
	// The maxima themselves are taken.
	for _, args := range [][]string{
		{"search", "--tree", "transpositions", "--tt", "--tt-mb", "1024", "--trace", "none"},
		{"search", "--tree", "extensions", "--extensions", "--ext-limit", "16", "--trace", "none"},
	} {
		if r := run(t, "", args...); r.code != 0 {
			t.Errorf("%v: %s", args, r)
		}
	}
}

// TestEPDLimits: an EPD line longer than chess.MaxEPDLine is refused by perft
// and compare without being read whole (perft said "token too long" and
// exited 1; compare read any file whole); compare reads at most 16 MiB; a
// perft count deeper than perft runs is skipped, not started.
func TestEPDLimits(t *testing.T) {
	dir := t.TempDir()
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	long := filepath.Join(dir, "long.epd")
	os.WriteFile(long, []byte(start+" ;D1 20\n"+start+` ;c0 "`+strings.Repeat("x", 100<<10)+"\"\n"), 0o644)
	refused(t, "compare long line", run(t, "", "compare", "--epd", long, "--depth", "1"), "prunescope: --epd: "+long+":2: a line longer than 64 KiB")
	r := run(t, "", "perft", "--epd", long) // perft reports each record as it goes
	if r.code != exitUsage || r.stdout != long+":1 ok        D1 20\n" || r.stderr != "prunescope: --epd: "+long+":2: a line longer than 64 KiB, longer than any EPD record\n" {
		t.Errorf("perft long line: %s", r)
	}
	huge := filepath.Join(dir, "huge.epd")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(start + " ;D1 20\n")
	f.Truncate(16<<20 + 1) // sparse: nothing is written, nothing need be read
	f.Close()
	refused(t, "compare huge", run(t, "", "compare", "--epd", huge, "--depth", "1"), "prunescope: --epd: "+huge+": larger than 16 MiB")
	if _, err := os.Stat("/dev/zero"); err == nil {
		refused(t, "compare /dev/zero", run(t, "", "compare", "--epd", "/dev/zero", "--depth", "1"), "prunescope: --epd: /dev/zero:1: a line longer than 64 KiB")
	}
	deep := filepath.Join(dir, "deep.epd")
	os.WriteFile(deep, []byte(start+" ;D1 20 ;D13 1\n"), 0o644)
	r = run(t, "", "perft", "--epd", deep)
	if r.code != 0 || !strings.Contains(r.stdout, deep+":1 ok        D1 20 (D13 skipped: deeper than 12 plies)") {
		t.Errorf("deep count: %s", r)
	}
}

// TestRenderBoundsWhatItKeeps: render keeps at most recordLimit nodes of a
// trace, read an event at a time, and the drawing's note says how many were
// not kept (render kept every node: a 1.78 GB trace took 3.4 GB); a line
// longer than maxTraceLine is refused without being read whole.
func TestRenderBoundsWhatItKeeps(t *testing.T) {
	defer func(l int64, m int) { recordLimit, maxTraceLine = l, m }(recordLimit, maxTraceLine)
	recordLimit, maxTraceLine = 2000, 1<<20
	dir := t.TempDir()
	tr, err := tree.Worst(4, 6, 1, 99999, 1) // 5,461 nodes, every one searched
	if err != nil {
		t.Fatal(err)
	}
	treeFile, traceFile := filepath.Join(dir, "t.txt"), filepath.Join(dir, "t.jsonl")
	os.WriteFile(treeFile, []byte(tree.Format(tr)), 0o644)
	if r := run(t, "", "search", "--tree", treeFile, "--trace", "json", "--trace-out", traceFile); r.code != 0 {
		t.Fatal(r)
	}
	r := run(t, "", "render", traceFile, "--dot", "-")
	want := "nodes below ply 5 counted in boxes"
	if r.code != 0 || !strings.Contains(r.stderr, "prunescope: note: ") || !strings.Contains(r.stderr, want) || !strings.Contains(r.stdout, want) {
		t.Errorf("render of a trace past the limit: the note does not say %q: %s", want, r)
	}
	// Nothing is lost: the boxes count every node not drawn.
	drawn := strings.Count(r.stdout, "tooltip=\"node ")
	below := 0
	for _, m := range regexp.MustCompile(`\+(\d+) (?:searched below|more moves? searched)`).FindAllStringSubmatch(r.stdout, -1) {
		n, _ := strconv.Atoi(m[1])
		below += n
	}
	if drawn+below < 5461 {
		t.Errorf("%d nodes drawn and %d counted in boxes, of 5461 searched", drawn, below)
	}
	// --focus draws any part whole, however deep: the subtree is recorded
	// in full, from the trace as from a search.
	for _, args := range [][]string{
		{"render", traceFile, "--dot", "-", "--focus", "4.4.4.4.4"},
		{"search", "--tree", treeFile, "--trace", "none", "--dot", "-", "--focus", "4.4.4.4.4"},
	} {
		r := run(t, "", args...)
		if r.code != 0 || strings.Contains(r.stdout, "counted in boxes") || strings.Contains(r.stdout, "searched below") || !strings.Contains(r.stdout, ">4.4.4.4.4.4</font>") {
			t.Errorf("%s: the focused subtree is not drawn whole: %v", strings.Join(args, " "), r)
		}
	}
	long := filepath.Join(dir, "long.jsonl")
	os.WriteFile(long, append(bytes.Repeat([]byte(" "), 2<<20), '\n'), 0o644)
	refused(t, "render a long line", run(t, "", "render", long, "--dot", "-"), "prunescope: "+long+": line 1: longer than 1 MiB")
}

// TestWideRootDrawn: a root with 20,000 children is drawn within --max-draw,
// whatever the branching: at most the budget's shapes, the moves past it
// counted in a box (it took 77 s and 669 MB with --max-draw 1: the first ply
// was drawn whole).
func TestWideRootDrawn(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("(")
	for i := range 20000 {
		fmt.Fprintf(&b, "(%d %d) ", i%7, (i*3)%11)
	}
	b.WriteString(")")
	file := filepath.Join(dir, "wide.txt")
	os.WriteFile(file, []byte(b.String()), 0o644)
	for _, md := range []int{50, 1} {
		svg := filepath.Join(dir, fmt.Sprintf("wide-%d.svg", md))
		r := run(t, "", "search", "--tree", file, "--trace", "none", "--max-draw", fmt.Sprint(md), "--dot", "-", "--svg", svg, "--renderer", "builtin")
		shapes := strings.Count(r.stdout, "shape=") - 1 // not the legend
		if r.code != 0 || shapes > max(md, 4) || !strings.Contains(r.stdout, "more moves searched") || !strings.Contains(r.stderr, "the others counted in boxes") {
			t.Errorf("--max-draw %d: %d shapes: %s", md, shapes, r.stderr)
		}
		t.Logf("--max-draw %d: %d shapes", md, shapes)
	}
}

// TestStepTraceBounded: step's own search stops when its trace reaches
// stepTraceLimit, saying so on standard error and at the last step (a chess
// search at depth 100 wrote 2.8 GB in 20 s), and a search whose first
// --steps are all that is printed stops once the trace holds them.
func TestStepTraceBounded(t *testing.T) {
	defer func(old int64) { stepTraceLimit = old }(stepTraceLimit)
	stepTraceLimit = 1 << 20

	r := run(t, "", "step", "--fen", "start", "--depth", "100", "--plain", "--cuts")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || !strings.Contains(r.stderr, "its trace reached 1 MiB") || len(lines) < 4 {
		t.Fatalf("depth 100: %s", r)
	}
	r = run(t, "", "step", "--fen", "start", "--depth", "100", "--plain", "--from", "1000000")
	if r.code != 0 || !strings.Contains(r.stdout, "The search stopped (trace limit) before it found a value") {
		t.Errorf("the last step does not say the trace limit stopped the search: %s", r)
	}

	// Three steps printed: the search stops long before the limit, and the
	// steps are those of the whole search.
	r = run(t, "", "step", "--fen", "start", "--depth", "100", "--steps", "3")
	if r.code != 0 || r.stderr != "" || strings.Count(r.stdout, "[step ") != 3 || !strings.Contains(r.stdout, "[step 3 · event 3 ") {
		t.Errorf("--steps 3: %s", r)
	}
	full := run(t, "", "step", "--tree", "wikipedia", "--from", "7", "--steps", "40")
	stepsOnly := run(t, "", "step", "--tree", "wikipedia", "--from", "7", "--steps", "4")
	if full.code != 0 || stepsOnly.code != 0 || !strings.HasPrefix(full.stdout, stepsOnly.stdout) || strings.Count(stepsOnly.stdout, "[step ") != 4 {
		t.Errorf("--from 7 --steps 4 is not the start of --steps 40:\n%s\n%s", stepsOnly, full)
	}
}

// TestFlagMaxima: the drawing and frame budgets have maxima, refused by name.
func TestFlagMaxima(t *testing.T) {
	dir := t.TempDir()
	refused(t, "--frames-max", run(t, "", "step", "--tree", "aima", "--frames", filepath.Join(dir, "f"), "--frames-max", "10001"), "prunescope: --frames-max: ", "between 1 and 10000")
	refused(t, "step --max-draw", run(t, "", "step", "--tree", "aima", "--frames", filepath.Join(dir, "f"), "--max-draw", "5001"), "prunescope: --max-draw: ", "between 1 and 5000")
	refused(t, "search --max-draw", run(t, "", "search", "--tree", "aima", "--dot", "-", "--max-draw", "0"), "prunescope: --max-draw: ", "between 1 and 5000")
}

// TestTraceOutFormat: --trace-out with the default --trace writes the file
// (it wrote nothing for a game, whose default trace is none): JSON Lines for
// a .jsonl or .json name, text otherwise.
func TestTraceOutFormat(t *testing.T) {
	dir := t.TempDir()
	for name, first := range map[string]string{"t.jsonl": `{"seq":0,"ev":"start"`, "t.json": `{"seq":0,"ev":"start"`, "t.txt": "alpha-beta"} {
		for _, in := range [][]string{{"--fen", "start", "--depth", "2"}, {"--tree", "aima"}} {
			file := filepath.Join(dir, name)
			os.Remove(file)
			r := run(t, "", append([]string{"search", "--trace-out", file}, in...)...)
			b, _ := os.ReadFile(file)
			if r.code != 0 || !strings.HasPrefix(string(b), first) {
				t.Errorf("%s %v: %s\nfile starts %.60q", name, in, r, b)
			}
		}
	}
}

// TestRecordFollowsMaxDraw: the nodes kept for a drawing follow what it
// shows (--max-draw), not the size of the search: a 10-shape drawing keeps
// at most 50,000 nodes (it kept 500,000, 1.2 GB of a long chess search),
// the default budget keeps recordLimit.
func TestRecordFollowsMaxDraw(t *testing.T) {
	for _, tc := range []struct {
		maxDraw int
		want    int64
	}{{1, 50_000}, {10, 50_000}, {100, 125_000}, {400, 500_000}, {5000, 500_000}} {
		if got := recordLimitFor(tc.maxDraw); got != tc.want {
			t.Errorf("recordLimitFor(%d) = %d, want %d", tc.maxDraw, got, tc.want)
		}
	}
	if testing.Short() {
		t.Skip("two searches of 87,381 nodes: in the full suite only")
	}
	dir := t.TempDir()
	tr, err := tree.Worst(4, 8, 1, 99999, 1) // 87,381 nodes, every one searched
	if err != nil {
		t.Fatal(err)
	}
	treeFile := filepath.Join(dir, "t.txt")
	os.WriteFile(treeFile, []byte(tree.Format(tr)), 0o644)
	for _, tc := range []struct {
		maxDraw string
		folded  bool
	}{{"10", true}, {"400", false}} {
		r := run(t, "", "search", "--tree", treeFile, "--trace", "none", "--dot", "-", "--max-draw", tc.maxDraw)
		if r.code != 0 {
			t.Fatal(r)
		}
		if folded := strings.Contains(r.stdout, "counted in boxes, not kept one by one"); folded != tc.folded {
			t.Errorf("--max-draw %s: nodes folded into counts %v, want %v", tc.maxDraw, folded, tc.folded)
		}
	}
}
