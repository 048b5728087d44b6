package page

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/step"
)

// searches are the toy searches the page is checked on (sinktest's: the
// textbook trees and the techniques with events of their own), and a few
// more: minimax, null move on a tree that prunes, quiescence.
var searches = append(append([]sinktest.Search{}, sinktest.Searches...),
	sinktest.Search{Name: "aima-minimax", Tree: "aima", Spec: "minimax"},
	sinktest.Search{Name: "quiescence", Tree: "quiescence", Spec: "alphabeta+quiescence"},
	sinktest.Search{Name: "reductions", Tree: "reductions", Spec: "alphabeta+reductions"},
)

// traceOf runs a search and returns its JSON Lines trace.
func traceOf(t *testing.T, s sinktest.Search) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := jsonl.NewWriter(&buf)
	s.Run(t, w.Hooks())
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// search is the search of the list named name.
func search(t *testing.T, name string) sinktest.Search {
	for _, s := range searches {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no search %s", name)
	return sinktest.Search{}
}

// build builds the page of a trace.
func build(t *testing.T, tr []byte, opt Options) ([]byte, error) {
	t.Helper()
	r := record.NewRecorder()
	if err := jsonl.ReadAll(bytes.NewReader(tr), "trace", func(e *trace.Event) error { r.Add(e); return nil }); err != nil {
		t.Fatal(err)
	}
	open := func() io.ReadSeeker { return bytes.NewReader(tr) }
	return Build(context.Background(), open, "trace", r.Recording(), opt)
}

// pageAndExpected builds the page of a trace with opt and returns its data
// and what ExpectedWith says it must show.
func pageAndExpected(t *testing.T, tr []byte, opt Options) ([]byte, *data, []StepState) {
	t.Helper()
	html, err := build(t, tr, opt)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ExpectedWith(bytes.NewReader(tr), opt)
	if err != nil {
		t.Fatal(err)
	}
	return html, pageData(t, html), want
}

var dataRE = regexp.MustCompile(`(?s)<script id="ps-data" type="application/json">(.*?)</script>`)

// pageData is the steps' data of a page.
func pageData(t *testing.T, html []byte) *data {
	t.Helper()
	m := dataRE.FindSubmatch(html)
	if m == nil {
		t.Fatal("the page has no ps-data script")
	}
	var d data
	if err := json.Unmarshal(m[1], &d); err != nil {
		t.Fatal(err)
	}
	return &d
}

// replay plays the page's data as player.js does (node changes forward;
// back, the values they replaced) and returns the state of every node at
// every step, then checks that going back step by step gives the same.
func replay(t *testing.T, d *data) []map[float64][]any {
	t.Helper()
	type undo struct {
		id  float64
		old []any
		had bool
	}
	st := map[float64][]any{}
	apply := func(chs [][]any, u *[]undo) {
		for _, c := range chs {
			id := c[0].(float64)
			if u != nil {
				old, had := st[id]
				*u = append(*u, undo{id, old, had})
			}
			st[id] = c[1:]
		}
	}
	clone := func() map[float64][]any {
		c := map[float64][]any{}
		for k, v := range st {
			c[k] = v
		}
		return c
	}
	apply(d.Init.Changes, nil)
	states := []map[float64][]any{clone()}
	undos := make([][]undo, len(d.Steps))
	for i, s := range d.Steps {
		apply(s.Changes, &undos[i])
		states = append(states, clone())
	}
	for i := len(d.Steps) - 1; i >= 0; i-- {
		u := undos[i]
		for k := len(u) - 1; k >= 0; k-- {
			if u[k].had {
				st[u[k].id] = u[k].old
			} else {
				delete(st, u[k].id)
			}
		}
		if !reflect.DeepEqual(st, states[i]) {
			t.Fatalf("back to step %d: %v, forward it was %v", i, st, states[i])
		}
	}
	return states
}

// TestDataAgreesWithExpected replays each page's data as the player does
// and checks every node the page draws, at every step, against Expected,
// which follows the step-through player.
func TestDataAgreesWithExpected(t *testing.T) {
	for _, c := range searches {
		t.Run(c.Name, func(t *testing.T) { dataAgrees(t, c, Options{}) })
		// With --ranges: each node's range, read from the recording.
		t.Run(c.Name+"-ranges", func(t *testing.T) { dataAgrees(t, c, Options{Draw: dot.Options{Ranges: true}}) })
	}
}

// dataAgrees is TestDataAgreesWithExpected for one search and page options.
func dataAgrees(t *testing.T, c sinktest.Search, opt Options) {
	tr := traceOf(t, c)
	_, d, want := pageAndExpected(t, tr, opt)
	if len(want) != len(d.Steps)+1 {
		t.Fatalf("%d steps in the page, Expected has %d", len(d.Steps), len(want)-1)
	}
	states := replay(t, d)
	for i, w := range want {
		if i > 0 {
			s := d.Steps[i-1]
			if s.Sentence != w.Caption || w.Node == nil || s.Node != *w.Node {
				t.Fatalf("step %d: page says node %d %q, Expected node %v %q", i, s.Node, s.Sentence, w.Node, w.Caption)
			}
		}
		for key, n := range w.Nodes {
			if strings.HasPrefix(key, "u") {
				continue
			}
			var id float64
			fmt.Sscan(key, &id)
			got, ok := states[i][id]
			if ok != n.Visible {
				t.Fatalf("step %d node %s: entered in the page %v, Expected %v", i, key, ok, n.Visible)
			}
			if !ok {
				continue
			}
			want := []any{n.Alpha, n.Beta, n.Value, n.Bound, float64(map[bool]int{false: 0, true: 1}[n.Cut])}
			rng := ""
			if len(got) == 10 && got[5] != "" {
				rng = fmt.Sprintf("[%v, %v]", got[5], got[6])
			}
			if len(got) != 10 || !reflect.DeepEqual(got[:5], want) || rng != n.Range {
				t.Fatalf("step %d node %s: page %v, Expected %v and range %q", i, key, got, want, n.Range)
			}
			if live := []any{n.Best, n.Live, n.Marks}; !reflect.DeepEqual(got[7:], live) {
				t.Fatalf("step %d node %s: page's best, live and marks %q, Expected %q", i, key, got[7:], live)
			}
		}
	}
}

// TestExpectedFollowsThePlayer checks Expected's numbers against the
// player's frames: an open node's window is the one it was entered with;
// beside it, its best so far and, labelled, the live bound: an open MAX
// node's α is its entry α raised to its best so far, a MIN node's β lowered
// to it, and once α reaches β the window is said closed; the caption is the
// player's sentence; the principal variation is bold at the last step only.
func TestExpectedFollowsThePlayer(t *testing.T) {
	tr := traceOf(t, search(t, "wikipedia-f2"))
	want, err := Expected(bytes.NewReader(tr))
	if err != nil {
		t.Fatal(err)
	}
	p, err := step.Open(bytes.NewReader(tr), "trace")
	if err != nil {
		t.Fatal(err)
	}
	in := p.Info()
	for i := 1; i < len(want); i++ {
		if ok, err := p.Next(); err != nil || !ok {
			t.Fatalf("step %d: %v", i, err)
		}
		st := p.State()
		if want[i].Caption != st.Sentence {
			t.Fatalf("step %d: caption %q, the player says %q", i, want[i].Caption, st.Sentence)
		}
		for _, f := range st.Stack {
			n, ok := want[i].Nodes[fmt.Sprint(f.Node)]
			if !ok {
				continue
			}
			if n.Alpha != in.Format(f.Alpha) || n.Beta != in.Format(f.Beta) || !n.Visible {
				t.Fatalf("step %d node %d: window (%s, %s), the frame was entered with (%s, %s)", i, f.Node, n.Alpha, n.Beta, in.Format(f.Alpha), in.Format(f.Beta))
			}
			a, b := f.Alpha, f.Beta
			if f.HasBest && f.Max {
				a = max(a, f.Best)
			}
			if f.HasBest && !f.Max {
				b = min(b, f.Best)
			}
			var live string
			switch {
			case !f.HasBest:
			case a >= b:
				live = "closed: α " + in.Format(a) + " ≥ β " + in.Format(b) + " — cut"
			case f.Max:
				live = "best " + in.Format(f.Best) + " · α " + in.Format(a)
			default:
				live = "best " + in.Format(f.Best) + " · β " + in.Format(b)
			}
			best := ""
			if f.HasBest {
				best = in.Format(f.Best)
			}
			if n.Live != live || n.Best != best {
				t.Fatalf("step %d node %d: best %q, live %q; the frame's best is %q, so %q", i, f.Node, n.Best, n.Live, best, live)
			}
		}
		pv := false
		for _, n := range want[i].Nodes {
			pv = pv || n.PV
		}
		if pv != (i == len(want)-1) {
			t.Fatalf("step %d: principal variation bold %v", i, pv)
		}
	}
	if ok, _ := p.Next(); ok {
		t.Fatal("the player has more steps than Expected")
	}
}

// TestSelfContained checks that the page fetches nothing: no URL at all, no
// external script, style, font or image; the only url() are the two
// embedded fonts' data.
func TestSelfContained(t *testing.T) {
	for _, c := range searches {
		html, err := build(t, traceOf(t, c), Options{})
		if err != nil {
			t.Fatal(err)
		}
		lower := bytes.ToLower(html)
		for _, bad := range []string{"http://", "https://", "<script src", "<link", "@import", "<img", "xlink:href"} {
			if i := bytes.Index(lower, []byte(bad)); i >= 0 {
				t.Errorf("%s: the page holds %q: …%s…", c.Name, bad, html[max(i-60, 0):min(i+60, len(html))])
			}
		}
		if n, data := bytes.Count(lower, []byte("url(")), bytes.Count(lower, []byte("url(data:font/woff;base64,")); n != 2 || data != 2 {
			t.Errorf("%s: %d url(), %d of them a font's data; want the two fonts'", c.Name, n, data)
		}
	}
}

// TestAimaSize keeps the page of the textbook tree small enough to mail.
func TestAimaSize(t *testing.T) {
	html, err := build(t, traceOf(t, search(t, "aima")), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(html) >= 300_000 {
		t.Errorf("the aima page is %d bytes, more than 300 KB", len(html))
	}
}

// TestShapes checks the SVG the player works on: every node drawn has the
// group n<ID> with its value slot, the edge into it e<ID>, every
// never-searched shape the node of its cutoff, and no placeholder is left.
func TestShapes(t *testing.T) {
	tr := traceOf(t, search(t, "wikipedia-f2"))
	html, err := build(t, tr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := Expected(bytes.NewReader(tr))
	if err != nil {
		t.Fatal(err)
	}
	for key := range want[0].Nodes {
		if strings.HasPrefix(key, "u") {
			if !regexp.MustCompile(`<g id="` + key + `" class="node unsearched" data-cut="\d+"`).Match(html) {
				t.Errorf("no never-searched group %s with data-cut", key)
			}
			continue
		}
		g := regexp.MustCompile(`(?s)<g id="n` + key + `" class="node"[^>]*>.*?class="ps-v"`)
		if !g.Match(html) {
			t.Errorf("no group n%s with a value slot", key)
		}
		if key != "0" && !bytes.Contains(html, []byte(`<g id="e`+key+`" class="edge">`)) {
			t.Errorf("no edge e%s", key)
		}
	}
	if len(want[0].Nodes) < 20 {
		t.Errorf("only %d shapes drawn", len(want[0].Nodes))
	}
	if bytes.Contains(html, []byte("00000")) {
		t.Error("a placeholder is left in the page")
	}
}

// TestStepLimit refuses a page over its limit before building it, and a
// part of the search (From, Steps) opens on the state before its first step.
func TestStepLimit(t *testing.T) {
	tr := traceOf(t, search(t, "wikipedia-f2"))
	_, err := build(t, tr, Options{MaxSteps: 10})
	var many *TooManySteps
	if !errors.As(err, &many) || many.Max != 10 {
		t.Fatalf("a page of more than 10 steps: %v", err)
	}
	html, err := build(t, tr, Options{From: 12, Steps: 10})
	if err != nil {
		t.Fatal(err)
	}
	d := pageData(t, html)
	want, err := ExpectedWith(bytes.NewReader(tr), Options{From: 12, Steps: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Steps) != 10 || len(want) != 11 || d.First != 12 || d.End {
		t.Fatalf("%d steps from %d (end %v), Expected %d", len(d.Steps), d.First, d.End, len(want)-1)
	}
	states := replay(t, d)
	entered := 0
	for key, n := range want[0].Nodes {
		var id float64
		fmt.Sscan(key, &id)
		if _, ok := states[0][id]; ok != n.Visible && !strings.HasPrefix(key, "u") {
			t.Fatalf("before the first step, node %s entered %v, Expected %v", key, ok, n.Visible)
		}
		if n.Visible {
			entered++
		}
	}
	if entered == 0 {
		t.Fatal("the part opens on an empty tree")
	}
}

// TestNotesAtTheirEvent checks that a technique's line on a node is shown
// from the step of its event, not when the node returns: on the null-move
// tree the null move's outcome at 2.1.1.2 is shown while the node is still
// open, and the page's data agrees with Expected on every node's count of
// lines shown at every step (the browser tests check the page's script
// against Expected).
func TestNotesAtTheirEvent(t *testing.T) {
	for _, name := range []string{"nullmove", "transpositions-tt", "iterative-aspiration"} {
		t.Run(name, func(t *testing.T) {
			tr := traceOf(t, search(t, name))
			html, d, want := pageAndExpected(t, tr, Options{})
			if len(d.Notes) == 0 {
				t.Fatal("no technique lines in the page's data")
			}
			early := 0
			for key, steps := range d.Notes {
				for i := range want {
					shown := 0
					for _, s := range steps {
						if i >= s {
							shown++
						}
					}
					n := want[i].Nodes[key]
					if !n.Visible {
						shown = 0
					}
					if shown != n.Notes {
						t.Fatalf("step %d node %s: the data shows %d lines, Expected %d", i, key, shown, n.Notes)
					}
					// A line shown while its node is still open.
					if n.Notes > 0 && n.Bound == "" && n.Visible {
						early++
					}
				}
			}
			if name == "nullmove" && early == 0 {
				t.Error("no technique line is shown before its node returns")
			}
			placed := 0
			for _, s := range d.Notes {
				placed += len(s)
			}
			if got := len(regexp.MustCompile(`class="ps-note[" ]`).FindAllIndex(html, -1)); got != placed {
				t.Errorf("%d lines in the picture, the data places %d", got, placed)
			}
		})
	}
}

// TestFocus checks a page of one subtree (Options.Draw.Focus): its steps
// are those of the node's visit, from the step that enters it to the step
// it returns in, it opens on the tree as it stood, and it agrees with
// ExpectedWith at every step; a path that names no searched node is refused.
func TestFocus(t *testing.T) {
	tr := traceOf(t, search(t, "wikipedia-f2"))
	r := record.NewRecorder()
	if err := jsonl.ReadAll(bytes.NewReader(tr), "trace", func(e *trace.Event) error { r.Add(e); return nil }); err != nil {
		t.Fatal(err)
	}
	rec := r.Recording()
	for _, focus := range []string{"2", "1.1", "3.1.1"} {
		t.Run(focus, func(t *testing.T) {
			opt := Options{}
			opt.Draw.Focus = focus
			_, d, want := pageAndExpected(t, tr, opt)
			if len(want) != len(d.Steps)+1 {
				t.Fatalf("%d steps in the page, ExpectedWith has %d", len(d.Steps), len(want)-1)
			}
			n, err := dot.Find(rec, focus)
			if err != nil {
				t.Fatal(err)
			}
			firstStep, lastStep := d.Steps[0], d.Steps[len(d.Steps)-1]
			if firstStep.Node != n.ID || lastStep.Node != n.ID {
				t.Errorf("the steps go from node %d to node %d, want both %d (%s)", firstStep.Node, lastStep.Node, n.ID, focus)
			}
			if d.End {
				t.Errorf("a subtree's page ends the search")
			}
			for i, s := range d.Steps {
				if w := want[i+1]; w.Node == nil || *w.Node != s.Node || w.Caption != s.Sentence {
					t.Fatalf("step %d: page node %d %q, ExpectedWith %v %q", i+1, s.Node, s.Sentence, w.Node, w.Caption)
				}
			}
			if d.First <= 1 || len(d.Init.Changes) == 0 {
				t.Errorf("the page opens at trace step %d with %d nodes known, want the tree as it stood", d.First, len(d.Init.Changes))
			}
		})
	}
	opt := Options{}
	opt.Draw.Focus = "9.9"
	var fe *dot.FocusError
	if _, err := build(t, tr, opt); !errors.As(err, &fe) {
		t.Errorf("focus 9.9: %v, want a FocusError", err)
	}
}
