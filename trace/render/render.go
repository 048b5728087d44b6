// Package render turns DOT source into SVG or PNG images.
//
// It is the only package of the project that imports go-graphviz. Two engines
// do the work: Builtin runs Graphviz compiled to WebAssembly inside
// github.com/goccy/go-graphviz (no installation needed), Dot runs a native
// `dot` executable. Auto takes the native one when it is on PATH.
//
// Builtin SVG is go-graphviz's SVG output. Builtin PNG is not go-graphviz's PNG
// output, which draws no edges and no node outlines (upstream issue #106): the
// graph is laid out as xdot by go-graphviz and painted here with fogleman/gg and
// the Go fonts, at 2 pixels per point (96 dpi × zoom 1.5). Native PNG asks dot
// for the same 144 dpi unless the graph sets its own dpi. Either way a PNG is
// capped in size (16384 pixels a side, 40 Mpx in all): a larger drawing is
// drawn at a lower resolution (native.go lays it out first to know).
//
// go-graphviz v0.2.10 is not safe for concurrent use (upstream #117): every call
// into it is serialised by one mutex here, and one instance is made lazily and
// reused. It ignores context deadlines: Render checks the context before a
// layout, and callers limit the size of the graphs they pass.
//
// go-graphviz is the copy in internal/gographviz, whose WebAssembly is
// compiled only when Builtin first draws (upstream compiles it when the
// program starts, whatever the program does). The compiled code is kept in
// the cache folder internal/gvcache chooses; an entry of that cache that is
// damaged, or fails to load, is removed and compiled again, with one warning
// (see Warn).
package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"

	graphviz "github.com/prunescope/prunescope/internal/gographviz"
	"github.com/prunescope/prunescope/internal/gvcache"
)

// Warn receives the warnings of the builtin renderer (a damaged compilation
// cache, rebuilt), one line each, without a prefix. The program sets it to
// print them on its standard error.
var Warn = func(msg string) { fmt.Fprintln(os.Stderr, "warning: "+msg) }

// Format is an image format.
type Format int

// The image formats.
const (
	SVG Format = iota
	PNG
)

func (f Format) String() string {
	switch f {
	case SVG:
		return "svg"
	case PNG:
		return "png"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ParseFormat reads "svg" or "png".
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "svg":
		return SVG, nil
	case "png":
		return PNG, nil
	}
	return 0, fmt.Errorf("unknown image format %q (choose svg or png)", s)
}

// Engine chooses who lays out and draws the graph.
type Engine int

// The engines.
const (
	Auto    Engine = iota // Dot when a dot executable is on PATH, else Builtin
	Builtin               // Graphviz in WebAssembly, inside the binary
	Dot                   // the native dot executable
)

func (e Engine) String() string {
	switch e {
	case Auto:
		return "auto"
	case Builtin:
		return "builtin"
	case Dot:
		return "dot"
	}
	return fmt.Sprintf("Engine(%d)", int(e))
}

// ParseEngine reads "auto", "builtin" or "dot".
func ParseEngine(s string) (Engine, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "auto":
		return Auto, nil
	case "builtin":
		return Builtin, nil
	case "dot":
		return Dot, nil
	}
	return 0, fmt.Errorf("unknown renderer %q (choose auto, builtin or dot)", s)
}

// Render lays out dot and returns the image. Auto uses a native `dot`
// executable when one is on PATH, else Builtin. Errors are one line, prefixed
// "render: ".
func Render(ctx context.Context, dot []byte, f Format, e Engine) ([]byte, error) {
	return Scaled(ctx, dot, f, e, 1)
}

// MaxScale is the largest scale Scaled takes (a PNG is capped in size
// whatever the scale).
const MaxScale = 8

// Scaled is Render at scale times the usual size: a PNG's pixels, an SVG's
// width and height (its viewBox, the drawing's own units, unchanged).
func Scaled(ctx context.Context, dot []byte, f Format, e Engine, scale float64) ([]byte, error) {
	if !(scale > 0 && scale <= MaxScale) {
		return nil, fmt.Errorf("render: scale %g is not between 0 and %d", scale, MaxScale)
	}
	out, err := render(ctx, dot, f, e, scale)
	if err != nil || f != SVG || scale == 1 {
		return out, err
	}
	return scaleSVG(out, scale), nil
}

var svgSize = regexp.MustCompile(`(<svg\b[^>]*?\s)width="([\d.]+)pt" height="([\d.]+)pt"`)

// scaleSVG multiplies the width and height of an SVG in points.
func scaleSVG(svg []byte, scale float64) []byte {
	return svgSize.ReplaceAllFunc(svg, func(m []byte) []byte {
		p := svgSize.FindSubmatch(m)
		w, _ := strconv.ParseFloat(string(p[2]), 64)
		h, _ := strconv.ParseFloat(string(p[3]), 64)
		return []byte(fmt.Sprintf(`%swidth="%.2fpt" height="%.2fpt"`, p[1], w*scale, h*scale))
	})
}

// Fluid makes an SVG scale to its container: width and height 100%, so that
// a browser shows the whole drawing in its window (the viewBox keeps its
// proportions), at most at its own size.
func Fluid(svg []byte) []byte {
	return svgSize.ReplaceAllFunc(svg, func(m []byte) []byte {
		p := svgSize.FindSubmatch(m)
		return []byte(fmt.Sprintf(`%swidth="100%%" height="100%%" style="max-width:%spt;max-height:%spt"`, p[1], p[2], p[3]))
	})
}

func render(ctx context.Context, dot []byte, f Format, e Engine, scale float64) ([]byte, error) {
	if f != SVG && f != PNG {
		return nil, fmt.Errorf("render: unknown image format %v", f)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	switch e {
	case Auto:
		if path := nativeDot(); path != "" {
			return renderNative(ctx, path, dot, f, scale)
		}
		return renderBuiltin(ctx, dot, f, scale)
	case Builtin:
		return renderBuiltin(ctx, dot, f, scale)
	case Dot:
		return renderNative(ctx, "dot", dot, f, scale)
	}
	return nil, fmt.Errorf("render: unknown renderer %v", e)
}

var (
	dotOnce sync.Once
	dotPath string
)

// nativeDot returns the path of a dot executable on PATH, looked up once.
func nativeDot() string {
	dotOnce.Do(func() {
		if p, err := exec.LookPath("dot"); err == nil {
			dotPath = p
		}
	})
	return dotPath
}

// firstLine returns the first non-blank line of s, trimmed.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}

// oneLine joins the lines of an error message.
func oneLine(s string) string {
	var parts []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, "; ")
}

var (
	gvMu     sync.Mutex // serialises every call into go-graphviz
	gvLoaded bool       // Graphviz's WebAssembly is compiled and loaded
	gvApp    *graphviz.Graphviz
)

// loadGraphviz compiles Graphviz's WebAssembly, or loads it from the
// compilation cache, once. Entries of the cache that cannot be trusted are
// removed first (gvcache.Check); if loading from the cache fails all the
// same, the cache is cleared and Graphviz compiled again into it, and failing
// that, in memory. The user hears of a damaged cache in one warning. The
// caller holds gvMu.
func loadGraphviz() error {
	if gvLoaded {
		return nil
	}
	ctx := context.Background()
	dir := gvcache.Dir()
	warned := false
	warn := func(format string, args ...any) {
		if !warned {
			warned = true
			Warn(fmt.Sprintf(format, args...))
		}
	}
	if dir != "" {
		damaged, err := gvcache.Check(dir)
		switch {
		case err != nil:
			warn("the drawing cache in %s cannot be checked (%s); Graphviz is compiled without it", dir, oneLine(err.Error()))
			dir = ""
		case len(damaged) > 0:
			warn("the drawing cache in %s held a damaged entry; it was removed and Graphviz compiled again", dir)
		}
	}
	err := graphviz.Load(ctx, dir)
	if err != nil && dir != "" {
		warn("the drawing cache in %s could not be loaded (%s); it was cleared and Graphviz compiled again", dir, oneLine(err.Error()))
		gvcache.Clear(dir)
		if err = graphviz.Load(ctx, dir); err != nil {
			dir = ""
			err = graphviz.Load(ctx, "")
		}
	}
	if err != nil {
		return err
	}
	if dir != "" {
		gvcache.Seal(dir) // a cache that takes no checksum is checked again, and rebuilt, next time
	}
	gvLoaded = true
	return nil
}

// layoutBuiltin runs go-graphviz on dot and returns its output in format
// ("svg" or "xdot"), holding the mutex throughout.
func layoutBuiltin(ctx context.Context, dot []byte, format graphviz.Format) (out []byte, err error) {
	gvMu.Lock()
	defer gvMu.Unlock()
	out, err = layoutOnce(ctx, dot, format)
	if errors.Is(err, errTrapped) {
		// Graphviz's module trapped (it reads or writes outside its
		// memory: seen on the fifth PNG in a row of some drawings, whatever
		// the memory it holds), and it is left unusable: every drawing
		// after it failed, "the input holds no graph". A new module draws
		// it: once more on one.
		recycle(true)
		out, err = layoutOnce(ctx, dot, format)
		if errors.Is(err, errTrapped) {
			recycle(true)
		}
	}
	return out, err
}

// errTrapped marks an error of layoutOnce that Graphviz's module trapped
// with (a WebAssembly runtime error): the module must be made anew.
var errTrapped = errors.New("graphviz's module trapped")

// trappedError is a failure Graphviz's module trapped with: its message,
// and errTrapped wrapped in it.
type trappedError struct{ msg string }

func (e *trappedError) Error() string { return e.msg }
func (e *trappedError) Unwrap() error { return errTrapped }

// gvError is the error "render: graphviz: " + what go-graphviz said,
// marked as a trap when the module trapped.
func gvError(err error) error {
	msg := "render: graphviz: " + oneLine(err.Error())
	if strings.Contains(err.Error(), "wasm error:") {
		return &trappedError{msg}
	}
	return errors.New(msg)
}

// layoutOnce is layoutBuiltin's one try. The caller holds gvMu.
func layoutOnce(ctx context.Context, dot []byte, format graphviz.Format) (out []byte, err error) {
	// go-graphviz panics on some failures inside the WebAssembly module:
	// report them as errors rather than end the program, and start the
	// module afresh.
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, errors.New("render: graphviz: internal error: "+oneLine(fmt.Sprint(r)))
			recycle(true)
		}
	}()
	defer recycle(false)
	// Waiting for the mutex may have taken a while.
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	if gvApp == nil {
		if err := loadGraphviz(); err != nil {
			return nil, errors.New("render: graphviz: " + oneLine(err.Error()))
		}
		g, err := graphviz.New(context.Background())
		if err != nil {
			return nil, errors.New("render: graphviz: " + oneLine(err.Error()))
		}
		gvApp = g
	}
	// An empty input fails without an error message of its own, and
	// go-graphviz would report the last one Graphviz ever gave.
	if len(bytes.TrimSpace(dot)) == 0 {
		return nil, errors.New("render: graphviz: the input holds no graph")
	}
	sentinel := plantSentinelError()
	graph, err := graphviz.ParseBytes(dot)
	if graph == nil || err != nil {
		if err == nil || err.Error() == sentinel {
			// Graphviz failed without saying why: no graph in the text
			// (comments only, for example).
			return nil, errors.New("render: graphviz: the input holds no graph")
		}
		return nil, gvError(err)
	}
	defer graph.Close()
	if drainParser() {
		return nil, errors.New("render: graphviz: the input holds more than one graph")
	}
	var buf bytes.Buffer
	if err := gvApp.Render(ctx, graph, format, &buf); err != nil {
		return nil, gvError(err)
	}
	if buf.Len() == 0 {
		return nil, errors.New("render: graphviz: no output")
	}
	return buf.Bytes(), nil
}

// GraphvizMemoryLimit is the most memory Graphviz's WebAssembly module may
// keep between two drawings (a variable so that tests can lower it). The
// module's memory only grows, and go-graphviz leaks some of it at every
// drawing (about 250 KB for a drawing of 400 shapes: 6,600 frames of step
// --frames took 3.5 GB): past the limit the module is made anew, which
// takes a few milliseconds, so that any number of drawings runs in bounded
// memory (1,500 frames: 295 MB at most with 64 MiB, 540 MB with 128 MiB).
var GraphvizMemoryLimit uint64 = 64 << 20

// restarts counts the times the module was made anew (for the tests).
var restarts int

// recycle makes Graphviz's module anew when its memory has passed
// GraphvizMemoryLimit, or when force is set (a panic inside it may have
// left it in any state). If that fails, the module is loaded again at the
// next drawing. The caller holds gvMu.
func recycle(force bool) {
	if !gvLoaded || (!force && graphviz.MemorySize() <= GraphvizMemoryLimit) {
		return
	}
	if gvApp != nil {
		func() {
			defer func() { recover() }() // the instance is let go all the same
			gvApp.Close()
		}()
		gvApp = nil
	}
	restarts++
	if err := graphviz.Restart(context.Background()); err != nil {
		gvLoaded = false
	}
}

// drainParser empties Graphviz's DOT scanner, which keeps whatever followed the
// first graph of an input and serves it to the next ParseBytes: without this, a
// text holding two graphs makes the next, unrelated Render draw the second one
// (measured with go-graphviz v0.2.10). It reports whether another graph was
// left. Trailing junk that is no graph ends in a syntax error, after which
// Graphviz flushes the scanner; that error cannot be told from a stale one
// (go-graphviz reports Graphviz's last error message, which is never reset), so
// it is ignored. The caller holds gvMu.
func drainParser() bool {
	left := false
	for range 16 {
		g, _ := graphviz.ParseBytes(nil)
		if g == nil {
			return left
		}
		g.Close()
		left = true
	}
	return left
}

// sentinelDOT fails to parse with a message no real input is likely to give.
var sentinelDOT = []byte(strings.Repeat("\n", 8190) + "} prunescope")

// plantSentinelError makes Graphviz's last error message a known one and
// returns it. go-graphviz reports Graphviz's last error message when a parse
// fails, and that message is never reset: a failure without a message of its
// own would otherwise be reported with an old, unrelated one. The syntax error
// also flushes Graphviz's scanner. The caller holds gvMu.
func plantSentinelError() string {
	g, err := graphviz.ParseBytes(sentinelDOT)
	if g != nil {
		g.Close()
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// xdotFormat makes Graphviz write xdot 1.7: DOT with _draw_ attributes.
const xdotFormat graphviz.Format = "xdot"

func renderBuiltin(ctx context.Context, dot []byte, f Format, scale float64) ([]byte, error) {
	if f == SVG {
		return layoutBuiltin(ctx, dot, graphviz.SVG)
	}
	x, err := layoutBuiltin(ctx, dot, xdotFormat)
	if err != nil {
		return nil, err
	}
	l, err := parseXdot(x)
	if err != nil {
		return nil, fmt.Errorf("render: %v", err)
	}
	return paintPNG(l, scale)
}
