// Package page writes the projector page: one self-contained HTML file that
// replays a search step by step, with the window, the value so far and the
// bound on every node, the step's sentence in large type, the line from the
// root and the counters, and for chess a board of the current node's
// position (board.js); a search whose drawing is summarised shows instead
// the neighbourhood of the current node (neighbourhood.js, hood.go).
//
// Windows. A node's window on the page is the window it was entered with,
// as its parent passed it, as on every other surface (the pictures, the
// text trace, the stepper): it never narrows under the node's own children.
// What changes while the node is open is written beside it, labelled
// (step.Live): its best so far and the bound that moves, "best 5 · α 5" at
// MAX, "best 3 · β 3" at MIN, and "closed: α 3 ≥ β 2 — cut" once α reaches
// β. Every event leaves a mark on the node it concerns (step.MarksOf): a
// glyph in the colour of its technique, shown from its step (marks.js).
//
// The steps are the step-through player's (trace/step), and so are the
// sentences (trace/explain, through the player): the page says nothing of
// its own. What the tree shows is the page's scene (trace/scene with
// Options.Page); the page lays it out itself, without Graphviz (draw.go):
// every node a compact box around its textbook shape (▲ MAX, ▼ MIN, ○ a
// chance node, a square a leaf, as small as its value allows) with its
// move above it, its window below it and its notes under that, placed as a
// tidy tree (trace/layout) twice, top-down and left to right. The SVG holds
// both places of everything, and the page's script (layout.js) shows the
// tree top-down unless left to right draws it 15 % larger in the browser's
// window, scaled to fill
// the room the caption, the controls and the board leave, and chooses
// again when the window changes. Every node is drawn from the start and
// hidden by the player until it is entered, so the layout never jumps; the
// numbers are not in the picture but written by the player (player.js) at
// every step from the steps' data, a compact JSON in the page. The page has
// no network access and nothing external: its style, script and font are
// embedded here. Laid out in Go with no operating-system call, the package
// builds for GOOS=js GOARCH=wasm.
//
// The page is the same whoever writes it and whoever views it: every text,
// in the picture and around it, is drawn in the font the page embeds
// (internal/pagefont: Go Regular and Go Bold, only the characters the page
// holds), with whose advances every box is measured.
//
// The page's contract with its tests is window.ps (see player.js), and
// Expected computes in Go what it must show at every step.
package page

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/scene"
	"github.com/prunescope/prunescope/trace/step"
)

//go:embed page.css
var pageCSS string

//go:embed player.js
var playerJS string

// marksJS draws what changes beside a node's window (its live state) and
// the marks the events leave on it; player.js calls it (window.psMarks).
//
//go:embed marks.js
var marksJS string

//go:embed marks.css
var marksCSS string

// The files drawn beside the player, as its hooks (they come first in the
// page's script): the neighbourhood of the current node, drawn in place of
// a summarised tree, and the chess board; hood.css is their style.
var (
	//go:embed neighbourhood.js
	hoodJS string
	//go:embed board.js
	boardJS string
	//go:embed hood.css
	hoodCSS string
)

//go:embed layout.js
var layoutJS string

// zoomJS is the drawing's gestures (wheel, drag, double click), one code
// for the player and the lab's exercise (window.psZoom).
//
//go:embed zoom.js
var zoomJS string

// DefaultMaxSteps is the most steps a page holds unless asked otherwise:
// a lesson shows far fewer, and the page stays small and quick.
const DefaultMaxSteps = 20_000

// Board is the position at a node, for a board game's diagram: its FEN and
// the squares of the move into it ("" at the root).
type Board struct {
	FEN      string
	From, To string
}

// Options say how to build a page.
type Options struct {
	// Draw says what the tree shows (trace/scene; its Page, Until, Current
	// and Caption are the page's own business and are set here).
	Draw scene.Options
	// Boards gives the position at a node from its path (moves from the
	// root joined by spaces), for a chess search; nil for other games.
	Boards func(path string) (Board, error)
	// From is the first step the page shows (from 1; 0 as 1) and Steps the
	// most it shows (0: to the end).
	From, Steps int
	// MaxSteps refuses a page of more steps (0: DefaultMaxSteps).
	MaxSteps int
	// Title names the page (the browser's tab); "" names it by the input.
	Title string
	// Diff makes the page a side of diff's page (Pair): the tree fitted to
	// its half, the differences marked (nil: a page of its own).
	Diff *DiffSide
	// Lang is the language of the page's words and of the steps'
	// sentences (en, ru, cs; trace.Info.Lang): "" keeps the player's
	// (Build: the context's, i18n.FromContext).
	Lang string
	// others are the languages the steps' sentences are told in too, for
	// the page's switch (Build: the other two), up to LangSteps steps.
	others []string
}

// TooManySteps is the error of a page over Options.MaxSteps: nothing is
// built.
type TooManySteps struct {
	Steps, Max int // Steps: at least this many (the count stops past Max)
}

func (e *TooManySteps) Error() string {
	return fmt.Sprintf("more than %d steps to show (at least %d)", e.Max, e.Steps)
}

// data is the page's steps as the player reads them (the JSON in
// <script id="ps-data">).
type data struct {
	Title string `json:"title"`
	Algo  string `json:"algo"`
	Input string `json:"input"`
	// First is the number of the trace's step shown as the page's step 1.
	First int `json:"first"`
	// Nodes names the nodes entered: [id, move, player (1 MAX, 0 MIN, 2 a
	// chance node), parent id or -1].
	Nodes [][]any `json:"nodes"`
	// Init is the state before the page's first step: its node changes,
	// line and counters, as a step has them.
	Init  stepData   `json:"init"`
	Steps []stepData `json:"steps"`
	// PV are the nodes of the principal variation, bold at the last step.
	PV []int64 `json:"pv"`
	// Boards: for chess, the FEN and last move at each node entered, by id.
	Boards map[string][3]string `json:"boards,omitempty"`
	// opened counts the first Nodes, open before the page's first step.
	opened int
	// End says whether the last step is the search's (the principal
	// variation is then bold there).
	End bool `json:"end"`
	// Ranges: each node shows its range [lo, hi] where it shows its window
	// elsewhere (--ranges).
	Ranges bool `json:"ranges,omitempty"`
	// Note says what the drawing summarised ("" when it shows every node).
	Note string `json:"note,omitempty"`
	// Marks are the looks of the marks a node may show, in the order of
	// step.AllMarks: [name, glyph, words, colour].
	Marks [][4]string `json:"marks"`
	// Cutoff is the search's convention, "ge" (ties cut) or "gt" (they do
	// not), "" where none applies: when the live numbers close a window.
	Cutoff string `json:"cutoff,omitempty"`
	// NodesOnly: the trace tells only the nodes a search entered and their
	// values (a student's search): the page counts no cutoffs.
	NodesOnly bool `json:"nodesOnly,omitempty"`
	// Hood says the drawing leaves out nodes the page enters: the page
	// draws the neighbourhood of the current node instead (hood.go).
	Hood bool `json:"hood,omitempty"`
	// HoodMarks: on a page that draws the neighbourhood, the lines of the
	// selective techniques of each node entered, by id: [step shown from,
	// style, text] (hood.go).
	HoodMarks map[string][][3]any `json:"hoodMarks,omitempty"`
	// Cuts are the cutoffs and prunes of the page's steps, in order:
	// [step, node id, kind, moves never searched] (hood.go).
	Cuts [][]any `json:"cuts,omitempty"`
	// Notes: the step from which each line of a node's selective
	// techniques is shown, in the order of its lines, by node id (0: from
	// the start; past the last step: not in this page).
	Notes map[string][]int `json:"notes,omitempty"`
	// Fit keeps the whole tree in view: the view never follows the
	// current node unless the reader asks (a side of diff's page).
	Fit bool `json:"fit,omitempty"`
	// Diff: on a side of diff's page, the differences it marks (pairdiff.go).
	Diff *sideData `json:"diff,omitempty"`
	// Langs: the steps' sentences and the header in the page's other
	// languages, by language, for its switch (lang.go); LangsLeft says they
	// were left out, the page having more steps than LangSteps.
	Langs     map[string]*langData `json:"langs,omitempty"`
	LangsLeft bool                 `json:"langsLeft,omitempty"`
}

// stepData is one step: its node and main event's kind, the sentence, the
// line from the root (node ids), the counters (nodes, leaves, cutoffs and
// prunes), whether it cuts or prunes, and the nodes whose state changed:
// [id, α, β, value, bound, cut (1/0), range lo, range hi, best so far,
// live label, marks (names, space-separated)].
type stepData struct {
	Node     int64    `json:"n"`
	Kind     string   `json:"k"`
	Sentence string   `json:"s"`
	Line     []int64  `json:"l"`
	Counts   [3]int64 `json:"c"`
	Cut      bool     `json:"x,omitempty"`
	Changes  [][]any  `json:"d"`
}

// changes are the node changes of a step as the data has them.
func changes(t *tracker, ids []int64) [][]any {
	out := make([][]any, 0, len(ids))
	for _, id := range ids {
		n := t.nodes[id]
		cut := 0
		if n.Cut {
			cut = 1
		}
		out = append(out, []any{id, n.Alpha, n.Beta, n.Value, n.Bound, cut, n.Lo, n.Hi, n.Best, n.Live, strings.Join(n.Marks.Names(), " ")})
	}
	return out
}

// line is the path from the root to the current node, as ids.
func line(st *step.State) []int64 {
	out := make([]int64, 0, len(st.Stack))
	for i := range st.Stack {
		out = append(out, st.Stack[i].Node)
	}
	if len(out) == 0 && st.Root != nil {
		out = append(out, st.Root.Node)
	}
	return out
}

// layout makes the page's scene of the recording (trace/scene with
// Options.Page), the shapes it draws and the note of what it summarised.
func layout(rec *record.Recording, opt scene.Options) (*scene.Scene, Shapes, string, error) {
	opt.Page, opt.Until, opt.HasCurrent, opt.Caption = true, 0, false, ""
	sc, err := scene.Build(rec, opt)
	var ie *scene.IterationError
	if errors.As(err, &ie) {
		opt.Iteration = 0
		sc, err = scene.Build(rec, opt)
	}
	if err != nil {
		return nil, Shapes{}, "", err
	}
	sh := shapesOf(sc)
	sh.Notes = sc.Stats.Notes
	return sc, sh, sc.Stats.Note, nil
}

// pv is the principal variation of the last root visit drawn.
func pv(rec *record.Recording) []int64 {
	var out []int64
	root := rec.Root
	if len(rec.Roots) > 0 {
		root = rec.Roots[len(rec.Roots)-1]
	}
	for _, n := range rec.PVFrom(root) {
		out = append(out, n.ID)
	}
	return out
}

// name adds a node entered to the table of nodes (once), with its board
// for a board game.
func (d *data) name(named map[int64]bool, boards func(string) (Board, error), id int64, move, path string, isMax, chance bool, parent int64) error {
	if named[id] {
		return nil
	}
	named[id] = true
	mx := 0
	switch {
	case chance:
		mx = 2
	case isMax:
		mx = 1
	}
	d.Nodes = append(d.Nodes, []any{id, move, mx, parent})
	if boards == nil {
		return nil
	}
	b, err := boards(path)
	if err != nil {
		return fmt.Errorf("node %d (%s): %w", id, explain.NodeName(path), err)
	}
	if d.Boards == nil {
		d.Boards = map[string][3]string{}
	}
	d.Boards[fmt.Sprint(id)] = [3]string{b.FEN, b.From, b.To}
	return nil
}

// Content is what a page shows of one search, apart from the page around it
// (its controls, script and font): the lab (internal/lab) puts it in place
// at every search, the projector page once.
type Content struct {
	Title, Algo, Input string
	// Data is the steps as the player reads them (JSON), SVG the drawing.
	Data []byte
	SVG  string
	// CSS is the drawing's style: the looks' custom properties, the
	// picture's colours from them, then the page's rules.
	CSS   string
	Chess bool
	d     *data
}

// Make builds the content of the page of the search that play opens a
// player on from its start (name names it in errors), recorded in rec: a
// player on its trace (step.Open) or on its events kept in memory
// (step.OpenEvents: the lab, which plays a search at every change).
func Make(ctx context.Context, play func() (*step.Player, error), name string, rec *record.Recording, opt Options) (*Content, error) {
	if rec.Root == nil {
		return nil, fmt.Errorf("%s: the trace has no searched nodes to draw", name)
	}
	p, err := play()
	if err != nil {
		return nil, err
	}
	limit := opt.MaxSteps
	if limit <= 0 {
		limit = DefaultMaxSteps
	}
	sp, err := spanOf(rec, opt)
	if err != nil {
		return nil, err
	}
	if n := sp.leastSteps(rec); n > int64(limit) && (opt.Steps == 0 || opt.Steps > limit) {
		// Refused before the steps are played: every node entered is a
		// step of its own.
		return nil, &TooManySteps{Steps: int(min(n, int64(maxInt))), Max: limit}
	}
	// The steps before the page's first are played to know the state it
	// opens on, but what the page holds of them is what it shows: the
	// nodes drawn, and the line of open nodes with their windows. The
	// others are let go as they return, so that a page of the end of a
	// long search (--from, --focus) holds no more than one of its start.
	// (Found once a step before the page's is played: a page from the
	// search's start has none, and builds its scene once.)
	var keep map[int64]bool
	var initLine []lineFrame // the open nodes before the page's first step
	in := p.Info()
	if opt.Lang != "" {
		in.Lang = opt.Lang
	}
	d := &data{Algo: explain.Describe(in), Input: explain.InputLine(in), PV: pv(rec), Marks: markLooks(in.Lang)}
	// The other languages' sentences, told in the same pass (Player.SayAlso).
	var lds []*langData
	if len(opt.others) > 0 {
		p.SayAlso(opt.others...)
		for _, k := range opt.others {
			o := *in
			o.Lang = k
			lds = append(lds, &langData{Algo: explain.Describe(&o), Input: explain.InputLine(&o)})
		}
	}
	d.Cutoff = in.Cutoff
	d.NodesOnly = in.NodesOnly
	d.Title = opt.Title
	if d.Title == "" {
		d.Title = "prunescope · " + d.Input
	}
	t := newTracker(in)
	if opt.Draw.Ranges {
		t.withRanges(rec)
		d.Ranges = true
	}
	named := map[int64]bool{}
	// The sequence number of the last event before the page's first step,
	// and of each of its steps: a technique's line is shown from the step
	// of its event.
	var before int64 = -1
	var ends []int64
	for {
		if opt.Steps > 0 && len(d.Steps) >= opt.Steps {
			break
		}
		if len(d.Steps) > 0 && sp.over(ends[len(ends)-1]) {
			break // the focused node has returned
		}
		ok, err := p.Next()
		if err != nil {
			return nil, err
		}
		if !ok {
			d.End = true
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		last := lastSeq(p)
		shown := !sp.before(p.Index(), last)
		if shown && len(d.Steps) == 0 {
			// The page's first step: the page opens on the state before it.
			d.First = p.Index()
			if p.Index() > 1 {
				ids := make([]int64, 0, len(t.nodes))
				for id := range t.nodes {
					ids = append(ids, id)
				}
				slices.Sort(ids)
				d.Init.Changes = changes(t, ids)
			}
		}
		ids := t.step(p)
		st := p.State()
		if !shown {
			if keep == nil {
				if keep, err = drawnNodes(rec, opt.Draw); err != nil {
					return nil, err
				}
			}
			t.forget(p, keep)
			initLine = initLine[:0]
			for _, f := range st.Stack {
				initLine = append(initLine, lineFrame{f.Node, f.Move, f.Path, f.Max, f.Chance})
			}
			d.Init = stepData{Node: st.Node, Line: line(st), Counts: t.counts}
			before = max(before, last)
			continue
		}
		if len(d.Steps) == 0 {
			for i, f := range initLine {
				parent := int64(-1)
				if i > 0 {
					parent = initLine[i-1].node
				}
				if err := d.name(named, opt.Boards, f.node, f.move, f.path, f.max, f.chance, parent); err != nil {
					return nil, fmt.Errorf("%s: %w", name, err)
				}
			}
			d.opened = len(d.Nodes)
		}
		for i, f := range st.Stack {
			parent := int64(-1)
			if i > 0 {
				parent = st.Stack[i-1].Node
			}
			if err := d.name(named, opt.Boards, f.Node, f.Move, f.Path, f.Max, f.Chance, parent); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
		}
		for _, e := range p.Events() {
			if e.Kind != trace.Enter {
				continue
			}
			// A leaf is entered and left in one step: its parent is open.
			parent := int64(-1)
			if n := len(st.Stack); n > 0 {
				parent = st.Stack[n-1].Node
			}
			if err := d.name(named, opt.Boards, e.Node, e.Move, e.Path, e.Max, e.Chance, parent); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
		}
		d.noteCuts(p, len(d.Steps)+1)
		ends = append(ends, max(last, before))
		if len(d.Steps) >= limit {
			return nil, &TooManySteps{Steps: len(d.Steps) + 1, Max: limit}
		}
		d.Steps = append(d.Steps, stepData{
			Node: st.Node, Kind: st.Kind.String(), Sentence: st.Sentence, Line: line(st),
			Counts: t.counts, Cut: p.IsCut(), Changes: changes(t, ids),
		})
		if lds != nil {
			if len(d.Steps) > LangSteps {
				// Too long to carry them: the switch says so.
				lds, d.LangsLeft = nil, true
				p.SayAlso()
			} else {
				for i, o := range st.Others {
					lds[i].S = append(lds[i].S, o)
				}
			}
		}
	}
	for i, ld := range lds {
		if len(ld.S) != len(d.Steps) {
			return nil, fmt.Errorf("%s: the page's steps in %s: %d sentences for %d steps", name, opt.others[i], len(ld.S), len(d.Steps))
		}
		if d.Langs == nil {
			d.Langs = map[string]*langData{}
		}
		d.Langs[opt.others[i]] = ld
	}
	if len(d.Steps) == 0 {
		return nil, fmt.Errorf("%s: no step to show from step %d", name, max(opt.From, 1))
	}
	draw := opt.Draw
	draw.PageWidths = t.widths
	sc, shapes, note, err := layout(rec, draw)
	if err != nil {
		return nil, err
	}
	d.Note = note
	d.Hood = leavesOut(d, shapes)
	if d.Hood {
		d.HoodMarks = marksOf(rec, in, d, before, ends)
	}
	d.Notes = noteSteps(shapes.Notes, before, ends)
	d.Diff, d.Fit = opt.Diff.data(before, ends), opt.Diff != nil
	// Laid out here, by the page's own tidy-tree layout (draw.go), both
	// ways: no Graphviz, the same on every machine.
	picture, err := pictureOfScene(sc)
	if err != nil {
		return nil, err
	}
	pic, err := drawSVG(picture)
	if err != nil {
		return nil, err
	}
	js, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	return &Content{
		Title: d.Title, Algo: d.Algo, Input: d.Input, Data: js, SVG: string(pic),
		CSS:   Style(draw.Style),
		Chess: d.Boards != nil, d: d,
	}, nil
}

// barHTML is the player's controls (the page's and the lab's): the buttons,
// the speed, the scrubber, the step and the counters, with the ids the
// player finds them by.
//
//go:embed bar.html
var barHTML string

// PlayerScript is the projector page's player for a page that puts its
// content in place itself (the lab): the marks beside the nodes (marks.js),
// the layout's chooser (layout.js), the drawing's gestures (zoom.js) and
// the player (player.js), started by the page with psLayoutMount and
// psPlay.
func PlayerScript() string { return i18nJS + marksJS + layoutJS + zoomJS + playerJS }

// Style is the style of a page's drawing in a look (--style: default,
// projector, paper): the looks' custom properties (--ps-cut, …), the
// picture's colours from them, then the page's rules.
func Style(style string) string {
	return scene.CSS(style) + lookCSS(style) + pageCSS + marksCSS + hoodCSS
}

// markLooks are the looks of every mark, in order, for the page's script,
// their words in the language lang.
func markLooks(lang string) [][4]string {
	var out [][4]string
	for _, m := range step.AllMarks() {
		l := m.LookIn(lang)
		out = append(out, [4]string{m.Name(), l.Glyph, l.Words, l.Colour})
	}
	return out
}

// lineFrame is what the page's data names of an open node (data.Nodes).
type lineFrame struct {
	node        int64
	move, path  string
	max, chance bool
}

const maxInt = int(^uint(0) >> 1)

// drawnNodes are the ids of the nodes whose state the page's drawing
// shows: the searched nodes drawn, and those whose cutoff or boxes hang
// in it (ps-cut, ps-of).
func drawnNodes(rec *record.Recording, opt scene.Options) (map[int64]bool, error) {
	sc, sh, _, err := layout(rec, opt)
	if err != nil {
		return nil, err
	}
	keep := sh.Searched
	for _, cut := range sh.Unsearched {
		keep[cut] = true
	}
	for _, n := range sc.Nodes {
		keep = owners(keep, n.CutFrom, n.Of)
	}
	for _, e := range sc.Edges {
		keep = owners(keep, e.CutFrom, e.Of)
	}
	return keep, nil
}

// owners adds to keep the nodes a shape or edge hangs from (-1: none).
func owners(keep map[int64]bool, ids ...int64) map[int64]bool {
	for _, id := range ids {
		if id >= 0 {
			keep[id] = true
		}
	}
	return keep
}

// leastSteps is a lower bound of the steps a page shows (before --steps
// cuts it short): every node entered in its span is a step of its own. It
// is 0 when the page starts later (From), where the recording cannot say.
func (sp span) leastSteps(rec *record.Recording) int64 {
	if sp.from > 1 {
		return 0
	}
	if sp.focus {
		n := rec.Node(sp.id)
		if n == nil {
			return 0
		}
		return 1 + n.Under().Nodes
	}
	if rec.Summary != nil {
		return rec.Summary.Nodes
	}
	return 0
}

// span is the part of a trace a page shows: from step from (from 1), and
// with a focus (scene.Options.Focus) only the steps of the focused node's visit,
// from the step that enters it to the step it returns in.
type span struct {
	from     int
	seq, end int64 // the focused node's enter and exit events (0, 0: no focus; end 0: open to the end)
	focus    bool
	id       int64 // the focused node
}

// spanOf is the span of a page built with opt.
func spanOf(rec *record.Recording, opt Options) (span, error) {
	sp := span{from: max(opt.From, 1)}
	if opt.Draw.Focus == "" {
		return sp, nil
	}
	n, err := scene.Find(rec, opt.Draw.Focus)
	if err != nil {
		return span{}, err
	}
	sp.focus, sp.seq, sp.end, sp.id = true, n.Seq, n.End, n.ID
	return sp, nil
}

// before says whether the step with number index, whose last event is last,
// comes before the span.
func (sp span) before(index int, last int64) bool {
	return index < sp.from || (sp.focus && last < sp.seq)
}

// over says whether the span ends with a step whose last event is last.
func (sp span) over(last int64) bool {
	return sp.focus && sp.end > 0 && last >= sp.end
}

// lastSeq is the sequence number of the last event of the player's step.
func lastSeq(p *step.Player) int64 {
	var last int64 = -1
	for _, e := range p.Events() {
		last = max(last, e.Seq)
	}
	return last
}

// noteSteps turns the events of the techniques' lines into the steps they
// are shown from: 0 for an event at or before before (the last event before
// the page's first step), i for an event of step i (ends: the last event of
// each step), one past the last step for an event after it.
func noteSteps(notes map[int64][]int64, before int64, ends []int64) map[string][]int {
	if len(notes) == 0 {
		return nil
	}
	out := make(map[string][]int, len(notes))
	for id, seqs := range notes {
		steps := make([]int, len(seqs))
		for i, seq := range seqs {
			if seq > before {
				steps[i] = sort.Search(len(ends), func(k int) bool { return ends[k] >= seq }) + 1
			}
		}
		out[fmt.Sprint(id)] = steps
	}
	return out
}

// safeJSON keeps JSON inside a <script> element: no "</" can close it.
func safeJSON(js []byte) string {
	return strings.ReplaceAll(string(js), "</", `<\/`)
}
