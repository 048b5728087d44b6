package page

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/prunescope/prunescope/internal/pieces"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/step"
)

// The neighbourhood of the current node (neighbourhood.js) is what a page
// whose drawing is summarised (a chess or tic-tac-toe search, any large
// search without --focus) draws instead of the summary: at every step the
// current node's line from the root, the moves entered so far beside each
// node of the line a few plies around the current node, and its children,
// each with its window, value, marks and the counts of what has been
// searched below it so far — never totals from steps not yet shown.

// leavesOut says whether the drawing leaves out a node the page enters (a
// summarised drawing): the page then draws the neighbourhood. The nodes
// open before the page's first step (the line to a --focus) do not count.
func leavesOut(d *data, sh Shapes) bool {
	for _, n := range d.Nodes[d.opened:] {
		if id, ok := n[0].(int64); ok && !sh.Searched[id] {
			return true
		}
	}
	return false
}

// noteCuts adds the cutoffs and prunes of the player's current step, page
// step i (from 1), to the page's data: [step, node, kind, moves never
// searched] (data.Cuts).
func (d *data) noteCuts(p *step.Player, i int) {
	for _, e := range p.Events() {
		if !e.Kind.Spec().CutsAt(e) {
			continue
		}
		moves := e.Pruned
		if moves == nil {
			moves = []string{}
		}
		d.Cuts = append(d.Cuts, []any{i, e.Node, e.Kind.String(), moves})
	}
}

// Grown is what the neighbourhood says of a node at a step: how many nodes
// have been entered below it so far (itself not counted) and how many
// cutoffs and prunes happened at it or below it so far.
type Grown struct {
	Below, Cuts int
}

// GrownAt is what the neighbourhood of the page of the trace in rs, built
// with opt (its Draw.Focus, From and Steps matter), must say at the page's
// step n (0: before the first) of every node entered from the page's first
// step to step n, by id. It is computed from the step-through player's
// events, apart from the page's script: a node entered is counted below
// each of its ancestors, a step that cuts or prunes at a node (the event's
// own node) at that node and each of its ancestors.
func GrownAt(rs io.ReadSeeker, opt Options, n int) (map[int64]Grown, error) {
	rec, err := recordingOf(rs)
	if err != nil {
		return nil, err
	}
	sp, err := spanOf(rec, opt)
	if err != nil {
		return nil, err
	}
	p, err := step.Open(rs, "trace")
	if err != nil {
		return nil, err
	}
	parent := map[int64]int64{}
	entered := map[int64]bool{} // entered from the page's first step
	out := map[int64]Grown{}
	up := func(id int64, f func(g *Grown)) {
		for a, ok := parent[id]; ok && a >= 0; a, ok = parent[a] {
			if entered[a] {
				g := out[a]
				f(&g)
				out[a] = g
			}
		}
	}
	shown := 0
	var last int64 = -1
	for shown < n {
		if shown > 0 && sp.over(last) {
			break
		}
		ok, err := p.Next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		st := p.State()
		for _, e := range p.Events() {
			if e.Kind != trace.Enter {
				continue
			}
			if _, ok := parent[e.Node]; ok {
				continue // a node entered again is one node
			}
			parent[e.Node] = parentOf(st, e)
		}
		last = max(last, lastSeq(p))
		if sp.before(p.Index(), lastSeq(p)) {
			continue
		}
		shown++
		for _, e := range p.Events() {
			switch {
			case e.Kind == trace.Enter && !entered[e.Node]:
				entered[e.Node] = true
				out[e.Node] = out[e.Node]
				up(e.Node, func(g *Grown) { g.Below++ })
			case e.Kind.Spec().CutsAt(e):
				if entered[e.Node] {
					g := out[e.Node]
					g.Cuts++
					out[e.Node] = g
				}
				up(e.Node, func(g *Grown) { g.Cuts++ })
			}
		}
		if opt.Steps > 0 && shown >= opt.Steps {
			break
		}
	}
	if shown < n {
		return nil, fmt.Errorf("trace: the page has %d steps, not %d", shown, n)
	}
	return out, nil
}

// parentOf is the parent of the node e enters in the player's step: the
// node below it on the line of open nodes, or, for a node entered and left
// in the step (a leaf), the innermost open node; -1 for the root.
func parentOf(st *step.State, e *trace.Event) int64 {
	if e.Has&trace.HasParent != 0 {
		return e.Parent
	}
	for i := range st.Stack {
		if st.Stack[i].Node == e.Node {
			if i == 0 {
				return -1
			}
			return st.Stack[i-1].Node
		}
	}
	if k := len(st.Stack); k > 0 {
		return st.Stack[k-1].Node
	}
	return -1
}

// recordingOf records the trace in rs and seeks it back to its start.
func recordingOf(rs io.ReadSeeker) (*record.Recording, error) {
	r := record.NewRecorder()
	if err := jsonl.ReadAll(rs, "trace", func(e *trace.Event) error { r.Add(e); return nil }); err != nil {
		return nil, err
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	rec := r.Recording()
	if rec.Root == nil {
		return nil, fmt.Errorf("trace: no searched nodes")
	}
	if _, err := rs.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return rec, nil
}

// scriptOf is the page's script, in order: the events' marks (marks.js),
// a side of diff's page's marks (sideScript, "" elsewhere), for a chess
// search the pieces the board draws (internal/pieces) and the board, the
// neighbourhood where the drawing is summarised, then the layout's chooser
// (layout.js), the drawing's gestures (zoom.js) and the player, whose
// hooks those before it are.
// mountJS starts a page of its own: its layout, then its player on the
// data in the page (the lab starts them itself, at every search).
const mountJS = "\nwindow.psLayoutMount();\nwindow.psPlay(JSON.parse(document.getElementById(\"ps-data\").textContent));\n"

func scriptOf(d *data, sideScript string) (string, error) {
	var b strings.Builder
	b.WriteString(i18nJS)
	b.WriteString(marksJS)
	b.WriteString(sideScript)
	if d.Boards != nil {
		js, err := json.Marshal(pieces.All())
		if err != nil {
			return "", err
		}
		b.WriteString("window.psPieces = " + safeJSON(js) + ";\n")
		b.WriteString(boardJS + "\n")
	}
	if d.Hood {
		b.WriteString(hoodJS + "\n")
	}
	b.WriteString(layoutJS)
	b.WriteString(zoomJS)
	b.WriteString(playerJS)
	b.WriteString(mountJS)
	return b.String(), nil
}

// noteStyles name the styles of the techniques' lines (dot.NoteStyle) for
// the neighbourhood's classes.
var noteStyles = [...]string{dot.NoteNull: "null", dot.NoteExtend: "extend", dot.NoteRazor: "razor", dot.NoteQS: "qs",
	dot.NoteInfo: "info", dot.NoteTT: "tt", dot.NoteCut: "cut", dot.NoteLeaf: "leaf"}

// marksOf are the lines the drawing writes in a node for the selective
// techniques that acted there (dot.Notes), for every node the page enters
// that the recording holds, by id: [step shown from (0: from the start),
// style, text]; ends are the last events of the page's steps and before
// the last event before its first (noteSteps).
func marksOf(rec *record.Recording, in *trace.Info, d *data, before int64, ends []int64) map[string][][3]any {
	texts := map[int64][]dot.Note{}
	seqs := map[int64][]int64{}
	for _, row := range d.Nodes {
		id, ok := row[0].(int64)
		if !ok {
			continue
		}
		n := rec.Node(id)
		if n == nil {
			continue
		}
		// Every node a table hit refers to counts as drawn: the lines do
		// not name nodes by their ids, which the neighbourhood never shows.
		notes := dot.Notes(in, n, func(int64) bool { return true }, false)
		if len(notes) == 0 {
			continue
		}
		texts[id] = notes
		for _, nt := range notes {
			seqs[id] = append(seqs[id], nt.Seq)
		}
	}
	steps := noteSteps(seqs, before, ends)
	out := make(map[string][][3]any, len(texts))
	for id, notes := range texts {
		at := steps[fmt.Sprint(id)]
		rows := make([][3]any, len(notes))
		for i, nt := range notes {
			style := ""
			if int(nt.Style) < len(noteStyles) {
				style = noteStyles[nt.Style]
			}
			rows[i] = [3]any{at[i], style, nt.Text}
		}
		out[fmt.Sprint(id)] = rows
	}
	return out
}
