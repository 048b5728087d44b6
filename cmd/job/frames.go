package job

import (
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/render"
	"github.com/prunescope/prunescope/trace/step"
)

// maxFrames is the most frames --frames-max allows: a deck of 10,000
// drawings is already far more than a lesson shows.
const maxFrames = 10_000

// FrameFlags ask step for one drawing per step (--frames DIR), for slides.
type FrameFlags struct {
	Look
	Dir    string
	Format string
	Every  int
	Max    int
}

// Add wires the flags.
func (f *FrameFlags) Add(fs *pflag.FlagSet) {
	fs.StringVar(&f.Dir, "frames", "", "write one SVG per step into `DIR` (created if missing), with an index.html")
	fs.StringVar(&f.Format, "frames-format", "svg", "with --frames: svg, or png (for slide programs that take pictures only)")
	fs.IntVar(&f.Every, "frames-every", 1, "with --frames: draw every `K`-th step (and the last)")
	fs.IntVar(&f.Max, "frames-max", 300, "with --frames: refuse to write more than `N` frames (at most 10000)")
	fs.IntVar(&f.MaxDraw, "max-draw", dot.DefaultMaxNodes, "with --frames or --html: the most shapes in one frame or page; bigger searches are summarised")
	fs.IntVar(&f.DrawDepth, "draw-depth", 0, "with --frames or --html: draw at most this many plies (0: as the budget allows)")
	fs.BoolVar(&f.Ranges, "ranges", false, "with --frames: "+rangesUsage+"; each frame shows them as known at its step")
	fs.StringVar(&f.View, "view", "max", "with --frames: values from MAX's point of view (max) or the side to move's (negamax; the captions, the steps' sentences, stay in MAX's and say so); the --html page is always in MAX's")
	fs.StringVar(&f.Renderer, "renderer", "auto", "with --frames: builtin (Graphviz inside prunescope), dot (a native Graphviz) or auto (dot when installed); the --html page lays its tree out itself, without Graphviz, the same on every machine")
}

// Check validates the flags, when frames are asked for, before any work is
// done (the folder is checked by cmd, with the other files).
func (f *FrameFlags) Check() error {
	if f.Dir == "" {
		return nil
	}
	if err := setup.CheckInt("frames-every", f.Every, 1); err != nil {
		return err
	}
	if err := setup.CheckRange("frames-max", f.Max, 1, maxFrames); err != nil {
		return err
	}
	if err := f.check(); err != nil {
		return err
	}
	if f.Format != "svg" && f.Format != "png" {
		return setup.BadInputf("--frames-format: %q is not svg or png", f.Format)
	}
	return nil
}

// CheckLook validates the flags of how to draw, for --html (Check does it
// for --frames).
func (f *FrameFlags) CheckLook() error { return f.check() }

// Frames are the frames of a trace to draw: which steps, and the whole
// search recorded once, so that each frame draws it up to its step and the
// layout is the same in every frame.
type Frames struct {
	flags *FrameFlags
	p     *step.Player
	rec   *record.Recording
	last  int   // the last step of the trace
	Picks []int // the steps drawn
}

// PlanFrames records the trace (open gives it from its start; name names
// it) and picks the steps to draw: from the player's current one (--from),
// every K-th, the last one too, at most steps of them (0: no limit); counted
// before anything is written, and refused when more than --frames-max.
func PlanFrames(ctx context.Context, f *FrameFlags, p *step.Player, open func() io.ReadSeeker, name string, from int64, steps int, limit int64) (*Frames, error) {
	rec, err := ReadRecording(ctx, open(), name, limit, "")
	if err != nil {
		return nil, err
	}
	if rec.Root == nil {
		return nil, setup.BadInputf("%s: the trace has no searched nodes to draw", name)
	}
	first := max(p.Index(), 1)
	counter, err := step.Open(open(), name)
	if err != nil {
		return nil, setup.BadInput("", err)
	}
	if err := counter.End(); err != nil {
		return nil, setup.TraceError(err)
	}
	last := counter.Steps()
	var picks []int
	for i := first; i <= last; i += f.Every {
		picks = append(picks, i)
		if f.Every > last-i {
			break // the next would be past the last (or overflow)
		}
	}
	if len(picks) > 0 && picks[len(picks)-1] != last {
		picks = append(picks, last)
	}
	if steps > 0 && len(picks) > steps {
		picks = picks[:steps]
	}
	if len(picks) == 0 {
		return nil, setup.BadInputf("--from: event %d is past the last step", from)
	}
	if len(picks) > f.Max {
		every := (last - first + 1 + f.Max - 2) / max(f.Max-1, 1)
		return nil, setup.BadInputf("--frames: %d frames to draw (%d steps), more than --frames-max %d: use --frames-every %d, fewer steps (--steps, --from), or raise --frames-max",
			len(picks), last-first+1, f.Max, every)
	}
	return &Frames{flags: f, p: p, rec: rec, last: last, Picks: picks}, nil
}

// Frame is one drawn frame: its file name (step-0001.svg, …), image and
// caption.
type Frame struct {
	File    string
	Image   []byte
	Caption string
}

// Draw draws the k-th frame picked. Rendering is not cancelled by ctx: the
// caller checks ctx between frames.
func (fs *Frames) Draw(ctx context.Context, k int) (*Frame, error) {
	i := fs.Picks[k]
	p := fs.p
	if err := p.Goto(i); err != nil {
		return nil, setup.TraceError(err)
	}
	st := p.State()
	evs := p.Events()
	until := evs[len(evs)-1].Seq
	pr := explain.Printer(p.Info())
	caption := pr.T("frames.caption", "Step", i, "Last", fs.last, "Event", p.Seq(), "Sentence", st.Sentence)
	if fs.flags.View == "negamax" {
		// The sentences are MAX's, as every sentence is; the nodes' numbers
		// here are the side to move's: the caption says whose it is.
		caption = pr.T("frames.caption.negamax", "Step", i, "Last", fs.last, "Event", p.Seq(), "Sentence", st.Sentence)
	}
	it := st.Iteration + 1
	if st.Kind == trace.Iter || st.Summary != nil || it > max(fs.rec.LastIteration(), 1) {
		it = max(st.Iteration, 1)
	}
	opt := fs.flags.Options()
	opt.Until, opt.Current, opt.HasCurrent, opt.Caption, opt.Iteration = until, st.Node, true, caption, it
	src, err := frameDOT(fs.rec, opt)
	if err != nil {
		return nil, setup.Failed(err)
	}
	format := render.SVG
	if fs.flags.Format == "png" {
		format = render.PNG
	}
	img, err := render.Render(PastInterrupt(ctx), src, format, fs.flags.engine())
	if err != nil {
		return nil, setup.Failed(err)
	}
	return &Frame{File: fmt.Sprintf("step-%04d.%s", i, fs.flags.Format), Image: img, Caption: caption}, nil
}

// frameDOT draws a frame: the whole search if it fits down to the node of
// the step, else the subtree of the highest ancestor of that node that does
// (a chess search is too big to draw whole, and the frame must show where
// the search is).
func frameDOT(rec *record.Recording, opt dot.Options) ([]byte, error) {
	src, st, err := dot.Build(rec, opt)
	var ie *dot.IterationError
	if errors.As(err, &ie) {
		opt.Iteration = 0 // earlier iterations were not kept: draw what was
		src, st, err = dot.Build(rec, opt)
	}
	cur := rec.Node(opt.Current)
	if err != nil || cur == nil || !st.Truncated || st.Depth >= cur.Ply {
		return src, err
	}
	var path []*record.Node
	for n := cur; n != nil; n = n.Parent {
		path = append(path, n)
	}
	for i := len(path) - 2; i >= 0; i-- { // from the root's child down
		top := path[i]
		opt.FocusID, opt.HasFocusID, opt.SkipFuture = top.ID, true, true
		s, st, err := dot.Build(rec, opt)
		if err != nil {
			return nil, err
		}
		src = s
		if !st.Truncated || st.Depth >= cur.Ply-top.Ply {
			break
		}
	}
	return src, nil
}

// FramesIndex is a page that shows the frames one at a time: arrow keys or
// the buttons step through them.
func FramesIndex(p *i18n.Printer, files, captions []string) []byte {
	// In English the page it always was; in another language its words,
	// and the line that says which frame is shown, one for each.
	lang, where := "", `"frame " + (i + 1) + " of " + frames.length`
	if p.Lang() != i18n.En {
		lang, where = ` lang="`+string(p.Lang())+`"`, "wheres[i]"
	}
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html>
<html` + lang + `><head><meta charset="utf-8"><title>` + html.EscapeString(p.T("frames.title")) + `</title>
<style>
html, body { height: 100%; margin: 0; }
body { display: flex; flex-direction: column; font-family: Helvetica, Arial, sans-serif; background: white; }
#bar { padding: 0.4em 1em; font-size: 18px; }
#bar button { font-size: 18px; }
#frame { flex: 1; min-height: 0; width: 100%; object-fit: contain; display: block; }
</style></head><body>
<div id="bar"><button onclick="go(-1)">` + html.EscapeString(p.T("frames.back")) + `</button> <button onclick="go(1)">` + html.EscapeString(p.T("frames.next")) + `</button> <span id="where"></span></div>
<img id="frame" alt="">
<script>
const frames = [`)
	writeList(&b, files)
	b.WriteString(`];
const captions = [`)
	writeList(&b, captions)
	if p.Lang() != i18n.En {
		b.WriteString(`];
const wheres = [`)
		wheres := make([]string, len(files))
		for i := range files {
			wheres[i] = p.T("frames.where", "Frame", i+1, "Frames", len(files))
		}
		writeList(&b, wheres)
	}
	b.WriteString(`];
let i = 0;
function show() {
  document.getElementById("frame").src = frames[i];
  document.getElementById("frame").alt = captions[i];
  document.getElementById("where").textContent = ` + where + `;
}
function go(d) { i = Math.min(Math.max(i + d, 0), frames.length - 1); show(); }
document.addEventListener("keydown", e => {
  if (e.key === "ArrowRight" || e.key === " " || e.key === "Enter" || e.key === "n") go(1);
  if (e.key === "ArrowLeft" || e.key === "b") go(-1);
  if (e.key === "Home" || e.key === "g") { i = 0; show(); }
  if (e.key === "End" || e.key === "e") { i = frames.length - 1; show(); }
});
show();
</script></body></html>
`)
	return []byte(b.String())
}

// writeList writes strings as the items of a JavaScript array.
func writeList(b *strings.Builder, items []string) {
	for i, it := range items {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(b, "%q", it)
	}
}
