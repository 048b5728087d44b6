// Package dot writes a scene (trace/scene) as Graphviz DOT text, in the
// textbook conventions: MAX nodes as upward triangles, MIN nodes as downward
// ones, leaves as boxes, each node with its value (≤v an upper bound, ≥v a
// lower bound) and the window it was entered with, edges labelled with moves
// in the order they were searched. Every mark is drawn in its look
// (scene.LookOf): the node where a cutoff happened has a vermillion double
// outline with the reason inside; the branches it never searched are grey
// and dashed with a ✂ where they were cut; the principal variation is bold;
// a legend under the picture explains what it shows.
//
// What to draw — the part of the search, the depth limit and the boxes that
// summarise the rest, the marks, the legend — is trace/scene's choice;
// this package only writes it (Write). Build, BuildDiff and the helpers
// below are kept for the callers that draw a recording in one call.
package dot

import (
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/scene"
)

// Options tune the drawing: see scene.Options.
type Options = scene.Options

// Stats says what a drawing shows: see scene.Stats.
type Stats = scene.Stats

// FocusError reports a focus path that names no searched node.
type FocusError = scene.FocusError

// IterationError reports an iteration the recording does not have.
type IterationError = scene.IterationError

// Styles are the values Options.Style takes.
var Styles = scene.Styles

// The page's placeholders and budgets: see trace/scene.
const (
	PageCut         = scene.PageCut
	PageNoteSize    = scene.PageNoteSize
	DefaultMaxNodes = scene.DefaultMaxNodes
	DefaultMaxWidth = scene.DefaultMaxWidth
	MaxNodesLimit   = scene.MaxNodesLimit
	MaxWidthLimit   = scene.MaxWidthLimit
)

// Build returns the DOT text of a recording: its scene (scene.Build),
// written.
func Build(rec *record.Recording, opt Options) ([]byte, Stats, error) {
	sc, err := scene.Build(rec, opt)
	if err != nil {
		return nil, Stats{}, err
	}
	return Write(sc), sc.Stats, nil
}

// Forwards to trace/scene, where the drawing's words are made.
var (
	PageValue     = scene.PageValue
	PageWindow    = scene.PageWindow
	IsPageValue   = scene.IsPageValue
	IsPageWindow  = scene.IsPageWindow
	Tops          = scene.Tops
	Find          = scene.Find
	Height        = scene.Height
	SubtreeHeight = scene.SubtreeHeight
	Value         = scene.Value
	Window        = scene.Window
	CutReason     = scene.CutReason
	Range         = scene.Range
	WrittenOrder  = scene.WrittenOrder
	Visit         = scene.Visit
	FewMoves      = scene.FewMoves
	MoveWithP     = scene.MoveWithP
	MoveWithPIn   = scene.MoveWithPIn
	NegamaxNote   = scene.NegamaxNote
	WindowLabel   = scene.WindowLabel
	IterationHead = scene.IterationHead
)

// Notes are the lines a drawing writes in n for the selective techniques
// that acted there: see scene.Notes.
func Notes(info *trace.Info, n *record.Node, drawn func(id int64) bool, flip bool) []Note {
	return scene.Notes(info, n, drawn, flip)
}

// Note is a line a drawing writes in a node for a technique: scene.Note.
type Note = scene.Note

// NoteStyle is the look family of a note: scene.NoteStyle.
type NoteStyle = scene.NoteStyle

// The styles of notes.
const (
	NoteNull     = scene.NoteNull
	NoteExtend   = scene.NoteExtend
	NoteRazor    = scene.NoteRazor
	NoteQS       = scene.NoteQS
	NoteInfo     = scene.NoteInfo
	NoteTT       = scene.NoteTT
	NoteCut      = scene.NoteCut
	NoteLeaf     = scene.NoteLeaf
	NoteResearch = scene.NoteResearch
)
