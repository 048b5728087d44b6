package page

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/diff"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
)

// pairCase is two searches of one tree compared by diff's page.
type pairCase struct {
	name   string
	tree   string // a built-in tree or a tree in the text form
	a, b   string // specs
	bounds [2]int64
	depth  int
	focus  string // diff --focus: the differences below this node, on pages of its subtree
}

var pairCases = []pairCase{
	{name: "wikipedia minimax/alphabeta", tree: "wikipedia", a: "minimax", b: "alphabeta"},
	{name: "wikipedia hard-ge/soft-gt", tree: "wikipedia", a: "alphabeta:hard:ge", b: "alphabeta:soft:gt"},
	{name: "aima alphabeta/pvs", tree: "aima", a: "alphabeta", b: "pvs"},
	{name: "wikipedia alphabeta/pvs", tree: "wikipedia", a: "alphabeta", b: "pvs"},
	{name: "nullmove", tree: "nullmove", a: "alphabeta", b: "alphabeta+null-move"},
	{name: "transpositions", tree: "transpositions", a: "alphabeta", b: "alphabeta+tt"},
	{name: "reductions", tree: "reductions", a: "alphabeta", b: "alphabeta+reductions"},
	{name: "quiescence", tree: "quiescence", a: "alphabeta", b: "alphabeta+quiescence", depth: 1},
	{name: "iterative", tree: "iterative", a: "alphabeta", b: "alphabeta+iterative+aspiration+tt+order"},
	{name: "chance expectimax/star2", tree: "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])", a: "expectimax", b: "star2", bounds: [2]int64{-2, 2}},
	{name: "chance star1/star2", tree: "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])", a: "star1:soft", b: "star2:soft", bounds: [2]int64{-2, 2}},
	{name: "same search", tree: "aima", a: "alphabeta", b: "alphabeta"},
	{name: "wikipedia minimax/alphabeta, focus 1.1", tree: "wikipedia", a: "minimax", b: "alphabeta", focus: "1.1"},
	{name: "wikipedia hard/soft, focus 2", tree: "wikipedia", a: "alphabeta:hard:ge", b: "alphabeta:soft:gt", focus: "2"},
}

// pairRun is one side of a case: its trace and its recording.
type pairRun struct {
	trace []byte
	rec   *record.Recording
	spec  string
}

func runPairSide(t *testing.T, c pairCase, spec string) pairRun {
	t.Helper()
	tr, ok := tree.Builtin(c.tree)
	if !ok {
		var err error
		if tr, err = tree.Parse(c.name, c.tree); err != nil {
			t.Fatal(err)
		}
	}
	opt, err := engine.ParseSpec(spec, engine.Options{Sel: engine.DefaultSelective(engine.Units{})})
	if err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	if c.bounds != [2]int64{} {
		opt.Bounds = engine.Bounds{Lo: c.bounds[0] * tr.Scale, Hi: c.bounds[1] * tr.Scale, On: true}
	}
	depth := c.depth
	if depth == 0 {
		depth = tr.Height()
	}
	var buf bytes.Buffer
	w := jsonl.NewWriter(&buf)
	r := record.NewRecorder()
	if _, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: depth, Nodes: 100_000}, opt, trace.Tee(r.Hooks(), w.Hooks())); err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return pairRun{trace: buf.Bytes(), rec: r.Recording(), spec: spec}
}

// compared runs both searches of a case and compares them.
func compared(t *testing.T, c pairCase) (*diff.Result, [2]pairRun) {
	t.Helper()
	runs := [2]pairRun{runPairSide(t, c, c.a), runPairSide(t, c, c.b)}
	var sides [2]*diff.Run
	for i, r := range runs {
		root, err := diff.Pick(r.rec, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		sides[i] = &diff.Run{Name: "AB"[i : i+1], Spec: r.spec, Rec: r.rec, Root: root}
	}
	return diff.Compare(sides[0], sides[1]), runs
}

// sidePage builds the page of one side of diff's page.
func sidePage(t *testing.T, r pairRun, side *DiffSide, focus string) []byte {
	t.Helper()
	open := func() io.ReadSeeker { return bytes.NewReader(r.trace) }
	opt := Options{Diff: side}
	opt.Draw.Focus = focus
	html, err := Build(context.Background(), open, "trace", r.rec, opt)
	if err != nil {
		t.Fatal(err)
	}
	return html
}

var pairDataRE = regexp.MustCompile(`(?s)<script id="pair-data" type="application/json"[^>]*>(.*?)</script>`)

// jsonDiffs are the differences diff's JSON output lists (kind, path).
func jsonDiffs(t *testing.T, r *diff.Result, top *diff.Node) [][2]string {
	var buf bytes.Buffer
	if err := diff.WriteJSON(&buf, r, top); err != nil {
		t.Fatal(err)
	}
	var out struct {
		Differences []struct {
			Kind string `json:"kind"`
			Path string `json:"path"`
		} `json:"differences"`
	}
	if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	var got [][2]string
	for _, d := range out.Differences {
		got = append(got, [2]string{d.Kind, d.Path})
	}
	return got
}

// stepStates are a side page's node rows at every step (0: before the
// first), as player.js applies them: id -> [α, β, value, bound, cut, lo, hi].
func stepStates(d *data) []map[int64][]any {
	cur := map[int64][]any{}
	apply := func(chs [][]any) {
		for _, c := range chs {
			cur[int64(c[0].(float64))] = c[1:]
		}
	}
	apply(d.Init.Changes)
	snap := func() map[int64][]any {
		m := make(map[int64][]any, len(cur))
		for k, v := range cur {
			m[k] = v
		}
		return m
	}
	out := []map[int64][]any{snap()}
	for _, s := range d.Steps {
		apply(s.Changes)
		out = append(out, snap())
	}
	return out
}

// TestPairPageHoldsTheDifferences builds diff's page for pairs of searches
// (textbook trees under different conventions, PVS, the selective
// techniques, the transposition table, iterative deepening, chance trees
// under expectimax, Star1 and Star2, a search against itself) and checks
// that its data holds exactly trace/diff's differences, in diff's order
// (the JSON output's list), and that each side marks each one on the right
// node, at the step where its page shows it: the step that enters the node
// for what it was searched with, the step of its cutoff for a cutoff, the
// step it returns in for what it decided; on the side that did not search
// the node, the node above it that did, at the step it cut or returned.
func TestPairPageHoldsTheDifferences(t *testing.T) {
	kinds := map[string]bool{}
	defer func() {
		// The cases cover the kinds of difference that need a mark of
		// their own, and others that take the text's glyph and word.
		for _, k := range []string{"value", "cutoff", "a_only", "b_only", "window", "depth", "null_move", "quiescence", "research"} {
			if !kinds[k] && !t.Failed() {
				t.Errorf("no case has a difference of kind %s", k)
			}
		}
	}()
	for _, c := range pairCases {
		t.Run(c.name, func(t *testing.T) {
			res, runs := compared(t, c)
			top := res.Root
			if c.focus != "" {
				var err error
				if top, err = res.Focus(c.focus); err != nil {
					t.Fatal(err)
				}
			}
			words, sa, sb := Diffs(res, top)
			list := diff.List(top)
			want := jsonDiffs(t, res, top)
			if len(want) != diff.Count(top).Differences || len(want) == 0 && c.a != c.b {
				t.Fatalf("diff's JSON lists %d differences, its totals count %d", len(want), diff.Count(top).Differences)
			}
			if c.a == c.b && len(want) != 0 {
				t.Fatalf("a search against itself: %d differences", len(want))
			}
			// The pair page's data, read back from the page.
			pageA, pageB := sidePage(t, runs[0], sa, c.focus), sidePage(t, runs[1], sb, c.focus)
			html, err := Pair(pageA, pageB, PairNames{A: c.a, B: c.b}, words)
			if err != nil {
				t.Fatal(err)
			}
			m := pairDataRE.FindSubmatch(html)
			if m == nil {
				t.Fatal("the pair page has no pair-data script")
			}
			var entries []PairEntry
			if err := json.Unmarshal(m[1], &entries); err != nil {
				t.Fatal(err)
			}
			if len(entries) != len(want) {
				t.Fatalf("the page holds %d differences, diff lists %d", len(entries), len(want))
			}
			for i, e := range entries {
				kinds[e.Kind] = true
				if [2]string{e.Kind, e.Path} != want[i] {
					t.Errorf("difference %d: the page has %s at %q, diff %s at %q", i+1, e.Kind, e.Path, want[i][0], want[i][1])
				}
				if e.Says != res.Says(list[i]) || !strings.HasPrefix(e.Says, "A ") && !strings.HasPrefix(e.Says, "searched by ") {
					t.Errorf("difference %d says %q", i+1, e.Says)
				}
			}
			if !strings.Contains(string(html), words.Summary) {
				t.Errorf("the page does not say %q", words.Summary)
			}
			for k, page := range [2][]byte{pageA, pageB} {
				who := byte("AB"[k])
				d := pageData(t, page)
				if d.Diff == nil || d.Diff.Side != string(who) || !d.Fit {
					t.Fatalf("side %c: not a side of diff's page: %+v fit %v", who, d.Diff, d.Fit)
				}
				if len(d.Diff.Marks) != len(list) {
					t.Fatalf("side %c marks %d differences, diff lists %d", who, len(d.Diff.Marks), len(list))
				}
				states := stepStates(d)
				for i, dd := range list {
					checkMark(t, fmt.Sprintf("side %c, difference %d (%s at %s)", who, i+1, dd.Kind, dd.Node.Label()), res, dd, who, d.Diff.Marks[i], states, d.Steps)
				}
			}
		})
	}
}

// checkMark checks one side's mark of a difference against the recordings
// and the side page's own steps.
func checkMark(t *testing.T, what string, res *diff.Result, d *diff.Difference, who byte, m markData, states []map[int64][]any, steps []stepData) {
	t.Helper()
	own := d.Node.A
	other := d.Node.B
	if who == 'B' {
		own, other = other, own
	}
	if m.At < 0 || m.At >= len(states) {
		t.Errorf("%s: at step %d of %d", what, m.At, len(states)-1)
		return
	}
	returned := func(k int, id int64) bool { r, ok := states[k][id]; return ok && r[3] != "" }
	// A cut: the node's cut flag, or a step of the node that cuts (a
	// chance cut, whose node the page does not yet flag).
	cut := func(k int, id int64) bool {
		r, ok := states[k][id]
		return ok && r[4].(float64) == 1 || k > 0 && steps[k-1].Node == id && steps[k-1].Cut && strings.Contains(steps[k-1].Kind, "cut")
	}
	entered := func(k int, id int64) bool { _, ok := states[k][id]; return ok }
	// first says whether at is the first step where f holds.
	first := func(f func(int, int64) bool, id int64) bool {
		return f(m.At, id) && (m.At == 0 || !f(m.At-1, id))
	}
	if own == nil {
		up := d.Node.Parent
		for up != nil && side(up, who) == nil {
			up = up.Parent
		}
		at := side(up, who)
		if m.Own || m.Node != at.ID || m.Badge != "" {
			t.Errorf("%s: not searched here, marked %+v, want node %d above it highlighted", what, m, at.ID)
		}
		if at.Cut != nil && !first(cut, at.ID) || at.Cut == nil && !first(returned, at.ID) {
			t.Errorf("%s: node %d above it is not decided first at step %d", what, at.ID, m.At)
		}
		return
	}
	if !m.Own || m.Node != own.ID {
		t.Errorf("%s: marked on node %d (own %v), want %d", what, m.Node, m.Own, own.ID)
	}
	badge := ""
	switch d.Kind {
	case diff.OnlyA, diff.OnlyB:
		badge = "+ " + string(who) + " only"
		if !first(entered, own.ID) {
			t.Errorf("%s: not entered first at step %d", what, m.At)
		}
	case diff.Depth, diff.Window:
		// The ring alone.
		if !first(entered, own.ID) {
			t.Errorf("%s: not entered first at step %d", what, m.At)
		}
	case diff.Cutoff:
		switch {
		case own.Cut != nil && other.Cut == nil:
			badge = "✂ " + string(who) + " only"
		case own.Cut != nil:
			badge = "✂ A ≠ B"
		}
		if own.Cut != nil && !first(cut, own.ID) || own.Cut == nil && !first(returned, own.ID) {
			t.Errorf("%s: not cut (or returned, without a cut) first at step %d", what, m.At)
		}
	case diff.Value:
		badge = "≠ A " + res.Words(d, 'A') + " · B " + res.Words(d, 'B')
		if !first(returned, own.ID) {
			t.Errorf("%s: does not return first at step %d", what, m.At)
		}
		// This side's value, as its page shows it when the node returns
		// (a leaf's own value is exact on the page; diff names the bound
		// it is for its parent, by the textbook's rule).
		r := states[m.At][own.ID]
		sign := boundSign(r[3].(string))
		if own.Leaf && sign == "" {
			sign = boundSign(own.Bound.String())
		}
		if !strings.Contains(badge+" ", " "+string(who)+" "+sign+r[2].(string)+" ") {
			t.Errorf("%s: badge %q, while the node returns %s %s", what, badge, r[3], r[2])
		}
	default:
		// What this search did, read from its recording.
		acted := map[diff.Kind]bool{
			diff.NullMove:   own.NullMove != nil,
			diff.Razoring:   own.Razored != nil,
			diff.Quiescence: own.QSRoot || own.Stand != nil,
			diff.TT:         own.TT != nil,
			diff.Futility:   len(own.Futile) > 0,
			diff.Research:   own.Research != "",
			diff.Technique:  len(own.Marks) > 0,
		}[d.Kind]
		if acted {
			badge = d.Kind.Mark() + " " + d.Kind.Word()
		}
		if !first(returned, own.ID) {
			t.Errorf("%s: does not return first at step %d", what, m.At)
		}
	}
	if m.Badge != badge {
		t.Errorf("%s: badge %q, want %q", what, m.Badge, badge)
	}
	if badge != "" && m.Width <= 0 {
		t.Errorf("%s: badge %q without a width", what, badge)
	}
}

// boundSign is the sign the page writes before a value with its bound.
func boundSign(bound string) string {
	switch bound {
	case "upper":
		return "≤"
	case "lower":
		return "≥"
	}
	return ""
}

// TestPlainPageIsNoSide: a page of its own has no marks, no fit, and not
// the side's script.
func TestPlainPageIsNoSide(t *testing.T) {
	c := pairCases[0]
	r := runPairSide(t, c, c.b)
	html := sidePage(t, r, nil, "")
	d := pageData(t, html)
	if d.Diff != nil || d.Fit {
		t.Errorf("a page of its own: diff %+v, fit %v", d.Diff, d.Fit)
	}
	if bytes.Contains(html, []byte("psDiff")) {
		t.Error("a page of its own holds the side's script")
	}
}

// TestPairPageOpens: the difference the pair page opens at when its
// address names none is in the page (data-open), 0 when none is asked.
func TestPairPageOpens(t *testing.T) {
	for _, open := range []int{0, 3} {
		html, err := Pair([]byte("a"), []byte("b"), PairNames{A: "a", B: "b"}, &PairDiff{Open: open})
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf(`<script id="pair-data" type="application/json" data-open="%d">`, open); !bytes.Contains(html, []byte(want)) {
			t.Errorf("open %d: no %s", open, want)
		}
	}
}
