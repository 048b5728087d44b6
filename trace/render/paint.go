package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// Painting: the builtin PNG renderer lets Graphviz (in go-graphviz) lay the
// graph out as xdot, then paints the xdot operations with fogleman/gg and the Go
// fonts. go-graphviz's own PNG renderer draws no edges and no node outlines
// (upstream issue #106), so it is not used.

const (
	// defaultDPI and defaultZoom give the pixels per point: 96/72 × 1.5 = 2,
	// crisp text on a projector and on a high-density screen.
	defaultDPI  = 96.0
	defaultZoom = 1.5
	// padPoints is the margin Graphviz leaves around a drawing (its pad default).
	padPoints = 4.0
	// maxSide and maxPixels cap the image; a larger drawing is scaled down.
	maxSide   = 16384
	maxPixels = 40 << 20
	// scissors stands for a cutoff in the diagrams. The Go fonts have no
	// glyph for it, so it is painted as a small vector icon.
	scissors = "✂"
)

// fontVariant picks one of the embedded Go fonts.
type fontVariant uint8

const (
	fontRegular fontVariant = iota
	fontBold
	fontItalic
	fontBoldItalic
	fontMono
	fontMonoBold
	numFontVariants
)

var (
	fontsOnce sync.Once
	fonts     [numFontVariants]*truetype.Font
	fontsErr  error
)

func loadFonts() error {
	fontsOnce.Do(func() {
		ttfs := [numFontVariants][]byte{goregular.TTF, gobold.TTF, goitalic.TTF, gobolditalic.TTF, gomono.TTF, gomonobold.TTF}
		for i, ttf := range ttfs {
			f, err := truetype.Parse(ttf)
			if err != nil {
				fontsErr = fmt.Errorf("render: go fonts: %v", err)
				return
			}
			fonts[i] = f
		}
	})
	return fontsErr
}

// pickVariant maps a Graphviz font name and t flags to a Go font.
func pickVariant(name string, flags int) fontVariant {
	n := strings.ToLower(name)
	bold := flags&flagBold != 0 || strings.Contains(n, "bold") || strings.Contains(n, "black") || strings.Contains(n, "heavy")
	italic := flags&flagItalic != 0 || strings.Contains(n, "italic") || strings.Contains(n, "oblique")
	if strings.Contains(n, "mono") || strings.Contains(n, "courier") || strings.Contains(n, "consol") {
		if bold {
			return fontMonoBold
		}
		return fontMono
	}
	switch {
	case bold && italic:
		return fontBoldItalic
	case bold:
		return fontBold
	case italic:
		return fontItalic
	}
	return fontRegular
}

type faceKey struct {
	v    fontVariant
	size int // 1/8 pixel
}

// painter paints xdot operations onto an image.
type painter struct {
	dc    *gg.Context
	img   *image.RGBA
	scale float64 // pixels per point
	bb    rect
	faces map[faceKey]font.Face
}

// state is the xdot drawing state, fresh for each attribute.
type state struct {
	pen, fill color.NRGBA
	width     float64   // points
	dash      []float64 // points
	invis     bool
	fontName  string
	fontSize  float64 // points
	flags     int
}

func freshState() state {
	black := color.NRGBA{A: 255}
	return state{pen: black, fill: black, width: 1, fontName: "Times-Roman", fontSize: 14}
}

// imageScale returns the pixels per point and the image size for a bounding box.
func imageScale(bb rect, zoom float64) (scale float64, w, h int) {
	wp := bb.URX - bb.LLX + 2*padPoints
	hp := bb.URY - bb.LLY + 2*padPoints
	if wp < 1 {
		wp = 1
	}
	if hp < 1 {
		hp = 1
	}
	scale = defaultDPI / 72 * defaultZoom * zoom
	if s := maxSide / wp; s < scale {
		scale = s
	}
	if s := maxSide / hp; s < scale {
		scale = s
	}
	if s := math.Sqrt(maxPixels / (wp * hp)); s < scale {
		scale = s
	}
	w = int(math.Ceil(wp * scale))
	h = int(math.Ceil(hp * scale))
	return scale, max(w, 1), max(h, 1)
}

// paintPNG paints a parsed layout and encodes it as PNG.
func paintPNG(l *layout, zoom float64) ([]byte, error) {
	img, err := paint(l, zoom)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("render: png: %v", err)
	}
	return buf.Bytes(), nil
}

// paint paints a parsed layout on a white image.
func paint(l *layout, zoom float64) (*image.RGBA, error) {
	if err := loadFonts(); err != nil {
		return nil, err
	}
	scale, w, h := imageScale(l.BB, zoom)
	dc := gg.NewContext(w, h)
	dc.SetColor(color.White)
	dc.Clear()
	p := &painter{dc: dc, img: dc.Image().(*image.RGBA), scale: scale, bb: l.BB, faces: map[faceKey]font.Face{}}
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	for i := range l.Items {
		for _, a := range l.Items[i].Attrs {
			p.paintOps(a.Ops)
		}
	}
	return p.img, nil
}

// px and py turn Graphviz points (y up) into pixels (y down).
func (p *painter) px(x float64) float64 { return (x - p.bb.LLX + padPoints) * p.scale }
func (p *painter) py(y float64) float64 { return (p.bb.URY - y + padPoints) * p.scale }

func (p *painter) paintOps(ops []op) {
	st := freshState()
	for _, o := range ops {
		switch o.Kind {
		case 'c':
			st.pen = parseColor(o.Str)
		case 'C':
			st.fill = parseColor(o.Str)
		case 'S':
			st.applyStyle(o.Str)
		case 'F':
			st.fontSize, st.fontName = o.Size, o.Str
		case 't':
			st.flags = o.Flags
		case 'E', 'e':
			if st.invis {
				continue
			}
			p.dc.NewSubPath()
			p.dc.DrawEllipse(p.px(o.Pts[0].X), p.py(o.Pts[0].Y), math.Abs(o.Pts[1].X)*p.scale, math.Abs(o.Pts[1].Y)*p.scale)
			p.finish(&st, o.Kind == 'E')
		case 'P', 'p', 'L':
			if st.invis || len(o.Pts) < 2 {
				continue
			}
			p.dc.MoveTo(p.px(o.Pts[0].X), p.py(o.Pts[0].Y))
			for _, q := range o.Pts[1:] {
				p.dc.LineTo(p.px(q.X), p.py(q.Y))
			}
			if o.Kind != 'L' {
				p.dc.ClosePath()
			}
			p.finish(&st, o.Kind == 'P')
		case 'B', 'b':
			if st.invis || len(o.Pts) < 2 {
				continue
			}
			p.dc.MoveTo(p.px(o.Pts[0].X), p.py(o.Pts[0].Y))
			k := 1
			for ; k+2 < len(o.Pts); k += 3 {
				c1, c2, q := o.Pts[k], o.Pts[k+1], o.Pts[k+2]
				p.dc.CubicTo(p.px(c1.X), p.py(c1.Y), p.px(c2.X), p.py(c2.Y), p.px(q.X), p.py(q.Y))
			}
			for ; k < len(o.Pts); k++ { // malformed tail: straight lines
				p.dc.LineTo(p.px(o.Pts[k].X), p.py(o.Pts[k].Y))
			}
			if o.Kind == 'b' {
				p.dc.ClosePath()
			}
			p.finish(&st, o.Kind == 'b')
		case 'T':
			if !st.invis {
				p.text(&st, o)
			}
		}
	}
}

func (st *state) applyStyle(s string) {
	s = strings.TrimSpace(s)
	switch {
	case s == "dashed":
		st.dash = []float64{5, 2}
	case s == "dotted":
		st.dash = []float64{1, 5}
	case s == "solid":
		st.dash = nil
	case s == "bold":
		st.width = 2
	case s == "invis" || s == "invisible":
		st.invis = true
	case strings.HasPrefix(s, "setlinewidth(") && strings.HasSuffix(s, ")"):
		var w float64
		if _, err := fmt.Sscanf(s[len("setlinewidth("):len(s)-1], "%g", &w); err == nil && w >= 0 {
			st.width = w
		}
	}
}

// finish fills (with the fill colour) and strokes (with the pen) the current
// path, as xdot's filled shapes are both filled and outlined.
func (p *painter) finish(st *state, filled bool) {
	dc := p.dc
	if filled && st.fill.A > 0 {
		dc.SetColor(st.fill)
		dc.FillPreserve()
	}
	if st.pen.A > 0 && st.width > 0 {
		dc.SetColor(st.pen)
		dc.SetLineWidth(max(st.width*p.scale, 0.8))
		if st.dash != nil {
			d := make([]float64, len(st.dash))
			for i, v := range st.dash {
				d[i] = v * p.scale
			}
			dc.SetDash(d...)
		} else {
			dc.SetDash()
		}
		dc.StrokePreserve()
	}
	dc.ClearPath()
}

func (p *painter) face(v fontVariant, sizePx float64) font.Face {
	k := faceKey{v, int(math.Round(sizePx * 8))}
	if f, ok := p.faces[k]; ok {
		return f
	}
	f := truetype.NewFace(fonts[v], &truetype.Options{Size: float64(k.size) / 8, DPI: 72, Hinting: font.HintingNone})
	p.faces[k] = f
	return f
}

// textWidth measures s in face, counting each scissors as iconWidth.
func textWidth(face font.Face, s string, iconWidth float64) float64 {
	w := 0.0
	for i, seg := range strings.Split(s, scissors) {
		if i > 0 {
			w += iconWidth
		}
		w += fixedToFloat(font.MeasureString(face, seg))
	}
	return w
}

func fixedToFloat(x fixed.Int26_6) float64 { return float64(x) / 64 }

// scissorsWidth is the advance of the scissors icon for a font size in pixels.
func scissorsWidth(sizePx float64) float64 { return sizePx }

// text paints a T operation: the string, anchored as Graphviz placed it,
// shrunk when the Go font is wider than the width Graphviz computed.
func (p *painter) text(st *state, o op) {
	if st.pen.A == 0 || strings.TrimSpace(o.Str) == "" || st.fontSize <= 0 {
		return
	}
	v := pickVariant(st.fontName, st.flags)
	size := st.fontSize * p.scale
	face := p.face(v, size)
	w := textWidth(face, o.Str, scissorsWidth(size))
	// The Go fonts are not the fonts Graphviz measured with: allow a little
	// overflow, shrink beyond that (but not below 70%).
	if target := o.W * p.scale * 1.08; target > 0 && w > target {
		f := math.Max(target/w, 0.7)
		size *= f
		face = p.face(v, size)
		w = textWidth(face, o.Str, scissorsWidth(size))
	}
	x := p.px(o.X)
	switch {
	case o.Just == 0:
		x -= w / 2
	case o.Just > 0:
		x -= w
	}
	y := p.py(o.Y)
	src := image.NewUniform(st.pen)
	d := &font.Drawer{Dst: p.img, Src: src, Face: face}
	cx := x
	for i, seg := range strings.Split(o.Str, scissors) {
		if i > 0 {
			drawScissors(p.dc, cx, y, size, st.pen)
			cx += scissorsWidth(size)
		}
		d.Dot = fixed.Point26_6{X: fixed.Int26_6(math.Round(cx * 64)), Y: fixed.Int26_6(math.Round(y * 64))}
		d.DrawString(seg)
		cx = float64(d.Dot.X) / 64
	}
	lw := math.Max(size/16, 1)
	line := func(dy float64) {
		p.dc.SetColor(st.pen)
		p.dc.SetLineWidth(lw)
		p.dc.SetDash()
		p.dc.DrawLine(x, y+dy, x+w, y+dy)
		p.dc.Stroke()
	}
	if st.flags&flagUnderline != 0 {
		line(size * 0.12)
	}
	if st.flags&flagStrike != 0 {
		line(-size * 0.3)
	}
	if st.flags&flagOverline != 0 {
		line(-size * 0.8)
	}
}

// scissorsShape locates the parts of a scissors icon.
type scissorsShape struct {
	ring1, ring2 point   // centres of the upper and lower rings (the handles)
	r            float64 // ring radius
	pivot        point   // where the blades cross
	tip1, tip2   point   // ends of the blades from ring1 and ring2
}

// scissorsGeometry lays out an icon whose left edge is at x on the baseline y,
// for a font of size pixels.
func scissorsGeometry(x, y, size float64) scissorsShape {
	u := size
	cy := y - 0.33*u
	return scissorsShape{
		ring1: point{x + 0.2*u, cy - 0.2*u},
		ring2: point{x + 0.2*u, cy + 0.2*u},
		r:     0.13 * u,
		pivot: point{x + 0.52*u, cy},
		tip1:  point{x + 0.98*u, cy + 0.27*u},
		tip2:  point{x + 0.98*u, cy - 0.27*u},
	}
}

// drawScissors paints ✂ as vector art: two rings (the handles) on the left and
// two blades crossing at a pivot, pointing right, in colour c.
func drawScissors(dc *gg.Context, x, y, size float64, c color.Color) {
	u := size
	sh := scissorsGeometry(x, y, size)
	dc.SetColor(c)
	dc.SetDash()
	dc.SetLineWidth(math.Max(0.075*u, 1))
	for _, ring := range []point{sh.ring1, sh.ring2} {
		dc.NewSubPath()
		dc.DrawCircle(ring.X, ring.Y, sh.r)
		dc.Stroke()
	}
	// Each blade runs from its ring through the pivot to its tip: narrow at
	// the ring, widest at the pivot, pointed at the tip.
	blade := func(ring, tip point) {
		pv := sh.pivot
		dx, dy := pv.X-ring.X, pv.Y-ring.Y
		l := math.Hypot(dx, dy)
		ux, uy := dx/l, dy/l
		start := point{ring.X + ux*sh.r, ring.Y + uy*sh.r}
		nx, ny := -uy, ux
		wHandle, wPivot := 0.035*u, 0.07*u
		dc.MoveTo(start.X+nx*wHandle, start.Y+ny*wHandle)
		dc.LineTo(pv.X+nx*wPivot, pv.Y+ny*wPivot)
		dc.LineTo(tip.X, tip.Y)
		dc.LineTo(pv.X-nx*wPivot, pv.Y-ny*wPivot)
		dc.LineTo(start.X-nx*wHandle, start.Y-ny*wHandle)
		dc.ClosePath()
		dc.Fill()
	}
	blade(sh.ring1, sh.tip1)
	blade(sh.ring2, sh.tip2)
}
