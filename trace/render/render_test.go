package render

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/fogleman/gg"
)

func TestParseEngineAndFormat(t *testing.T) {
	for _, e := range []Engine{Auto, Builtin, Dot} {
		got, err := ParseEngine(e.String())
		if err != nil || got != e {
			t.Errorf("ParseEngine(%q) = %v, %v", e.String(), got, err)
		}
	}
	if _, err := ParseEngine("x"); err == nil || err.Error() != `unknown renderer "x" (choose auto, builtin or dot)` {
		t.Errorf("ParseEngine(x): %v", err)
	}
	for _, f := range []Format{SVG, PNG} {
		got, err := ParseFormat(f.String())
		if err != nil || got != f {
			t.Errorf("ParseFormat(%q) = %v, %v", f.String(), got, err)
		}
	}
	if _, err := ParseFormat("gif"); err == nil || err.Error() != `unknown image format "gif" (choose svg or png)` {
		t.Errorf("ParseFormat(gif): %v", err)
	}
}

func TestBuiltinSVG(t *testing.T) {
	out, err := Render(context.Background(), []byte(sampleDOT), SVG, Builtin)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, want := range []string{"<svg", "</svg>", "stroke-dasharray", ">Symbol<", ">Meaning<", ">cutoff<", "v=3", "≤2", "✂", "α=3 β=∞", "fill=\"#add8e6\""} {
		if !strings.Contains(s, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	if n := strings.Count(s, `class="node"`); n != 11 {
		t.Errorf("SVG has %d nodes, want 11", n)
	}
	if n := strings.Count(s, `class="edge"`); n != 9 {
		t.Errorf("SVG has %d edges, want 9", n)
	}
}

// sampleLayout lays sampleDOT out as xdot, to know where things are.
func sampleLayout(t *testing.T) *layout {
	t.Helper()
	x, err := layoutBuiltin(context.Background(), []byte(sampleDOT), xdotFormat)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(x, []byte("_draw_")) || !bytes.Contains(x, []byte("xdotversion=1.7")) {
		t.Fatalf("xdot output lacks drawing attributes:\n%.500s", x)
	}
	l, err := parseXdot(x)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// pixels maps layout points to the PNG's pixels.
type pixels struct {
	img   image.Image
	bb    rect
	scale float64
}

func (p pixels) at(q point) color.RGBA {
	x := (q.X - p.bb.LLX + padPoints) * p.scale
	y := (p.bb.URY - q.Y + padPoints) * p.scale
	r, g, b, a := p.img.At(int(x), int(y)).RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

// darkNear tells whether a pixel within 2 pixels of q is dark.
func (p pixels) darkNear(q point) bool {
	for dx := -2; dx <= 2; dx++ {
		for dy := -2; dy <= 2; dy++ {
			c := p.at(point{q.X + float64(dx)/p.scale, q.Y + float64(dy)/p.scale})
			if int(c.R)+int(c.G)+int(c.B) < 3*100 {
				return true
			}
		}
	}
	return false
}

func bezierAt(p0, p1, p2, p3 point, t float64) point {
	u := 1 - t
	a, b, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
	return point{a*p0.X + b*p1.X + c*p2.X + d*p3.X, a*p0.Y + b*p1.Y + c*p2.Y + d*p3.Y}
}

func firstOp(t *testing.T, ops []op, kinds string) op {
	t.Helper()
	for _, o := range ops {
		if strings.IndexByte(kinds, o.Kind) >= 0 {
			return o
		}
	}
	t.Fatalf("no %s operation in %+v", kinds, ops)
	return op{}
}

func near(c color.RGBA, r, g, b uint8) bool {
	d := func(x, y uint8) int { return int(math.Abs(float64(x) - float64(y))) }
	return d(c.R, r) <= 8 && d(c.G, g) <= 8 && d(c.B, b) <= 8
}

func TestBuiltinPNG(t *testing.T) {
	out, err := Render(context.Background(), []byte(sampleDOT), PNG, Builtin)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	l := sampleLayout(t)
	scale, w, h := imageScale(l.BB, 1)
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Fatalf("image is %v, want %dx%d", b, w, h)
	}
	if scale != 2 || w < 600 || w > 1200 || h < 700 || h > 1400 {
		t.Errorf("scale %v, size %dx%d: outside the expected range", scale, w, h)
	}
	p := pixels{img, l.BB, scale}

	if c := p.at(point{l.BB.LLX - 1, l.BB.LLY - 1}); !near(c, 255, 255, 255) {
		t.Errorf("background %v, want white", c)
	}

	// The bold edge root -> b: its middle is dark.
	edge := l.find(itemEdge, "root->b")
	if edge == nil {
		t.Fatal("edge root->b not found")
	}
	bz := firstOp(t, edge.attr("_draw_"), "B")
	if mid := bezierAt(bz.Pts[0], bz.Pts[1], bz.Pts[2], bz.Pts[3], 0.5); !p.darkNear(mid) {
		t.Errorf("edge root->b: no dark pixel at its middle %v", mid)
	}
	// Its arrowhead, a filled polygon, is dark at its centroid.
	head := firstOp(t, edge.attr("_hdraw_"), "P")
	var cx, cy float64
	for _, q := range head.Pts {
		cx, cy = cx+q.X/3, cy+q.Y/3
	}
	if c := p.at(point{cx, cy}); int(c.R)+int(c.G)+int(c.B) > 300 {
		t.Errorf("arrowhead of root->b at (%.1f,%.1f) is %v, want dark", cx, cy, c)
	}

	// The unfilled box e: its outline is dark, its inside (away from the label) white.
	box := firstOp(t, l.find(itemNode, "e").attr("_draw_"), "pP")
	a, b := box.Pts[0], box.Pts[1]
	if !p.darkNear(point{(a.X + b.X) / 2, (a.Y + b.Y) / 2}) {
		t.Errorf("outline of node e: no dark pixel in the middle of its side %v-%v", a, b)
	}
	minX, maxX, minY, maxY := bounds(box.Pts)
	inside := point{minX + 0.12*(maxX-minX), (minY + maxY) / 2}
	if c := p.at(inside); !near(c, 255, 255, 255) {
		t.Errorf("inside of node e %v, want white", c)
	}

	// The filled box f is #add8e6 inside, and outlined in black.
	fbox := firstOp(t, l.find(itemNode, "f").attr("_draw_"), "P")
	minX, maxX, minY, maxY = bounds(fbox.Pts)
	if c := p.at(point{minX + 0.12*(maxX-minX), (minY + maxY) / 2}); !near(c, 0xad, 0xd8, 0xe6) {
		t.Errorf("fill of node f %v, want #add8e6", c)
	}
	if !p.darkNear(point{minX, (minY + maxY) / 2}) {
		t.Error("node f has no dark outline")
	}

	// The filled triangle root is #ffe4b5 inside.
	tri := firstOp(t, l.find(itemNode, "root").attr("_draw_"), "P")
	minX, maxX, minY, maxY = bounds(tri.Pts)
	if c := p.at(point{(minX + maxX) / 2, minY + 0.12*(maxY-minY)}); !near(c, 0xff, 0xe4, 0xb5) {
		t.Errorf("fill of node root %v, want #ffe4b5", c)
	}

	// The dashed grey edge c -> g: along it, grey dashes and white gaps.
	dashed := firstOp(t, l.find(itemEdge, "c->g").attr("_draw_"), "B")
	grey, white := 0, 0
	for k := 0; k <= 200; k++ {
		q := bezierAt(dashed.Pts[0], dashed.Pts[1], dashed.Pts[2], dashed.Pts[3], 0.2+0.6*float64(k)/200)
		c := p.at(q)
		switch {
		case near(c, 255, 255, 255):
			white++
		case c.R < 200 && c.R > 100 && c.R == c.G && c.G == c.B:
			grey++
		}
	}
	if grey < 40 || white < 10 {
		t.Errorf("dashed edge c->g: %d grey and %d white samples of 201, want dashes and gaps", grey, white)
	}

	// The text "5" of node e is painted: dark pixels around its anchor.
	txt := firstOp(t, l.find(itemNode, "e").attr("_ldraw_"), "T")
	if !p.darkNear(point{txt.X, txt.Y + 3}) {
		t.Errorf("label of node e not painted near %v", point{txt.X, txt.Y})
	}

	// The label "✂ β-cut": the scissors icon is painted where the text starts.
	cut := firstOp(t, l.find(itemNode, "cut").attr("_ldraw_"), "T")
	left := cut.X - cut.W/2
	red := 0
	for dx := 0.0; dx < 10; dx += 0.5 {
		for dy := 0.0; dy < 9; dy += 0.5 {
			c := p.at(point{left + dx, cut.Y + dy})
			if c.R > 120 && c.G < 120 && c.B < 120 {
				red++
			}
		}
	}
	if red < 10 {
		t.Errorf("scissors icon of node cut: %d red samples, want some", red)
	}
}

func bounds(pts []point) (minX, maxX, minY, maxY float64) {
	minX, minY = math.Inf(1), math.Inf(1)
	maxX, maxY = math.Inf(-1), math.Inf(-1)
	for _, q := range pts {
		minX, maxX = math.Min(minX, q.X), math.Max(maxX, q.X)
		minY, maxY = math.Min(minY, q.Y), math.Max(maxY, q.Y)
	}
	return
}

func TestScissorsIcon(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 100, 100))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	dc := gg.NewContextForRGBA(img)
	const x, y, size = 20.0, 70.0, 60.0
	drawScissors(dc, x, y, size, color.Black)
	sh := scissorsGeometry(x, y, size)
	dark := func(q point) bool {
		c := img.RGBAAt(int(q.X), int(q.Y))
		return c.R < 100
	}
	for _, ring := range []point{sh.ring1, sh.ring2} {
		if !dark(point{ring.X - sh.r, ring.Y}) || !dark(point{ring.X, ring.Y - sh.r}) {
			t.Errorf("ring at %v: its stroke is not dark", ring)
		}
		if dark(ring) {
			t.Errorf("ring at %v: its centre is dark, want a hole", ring)
		}
	}
	if !dark(sh.pivot) {
		t.Errorf("pivot %v is not dark", sh.pivot)
	}
	// The blades reach towards their tips, and the space between them is empty.
	for _, tip := range []point{sh.tip1, sh.tip2} {
		q := point{sh.pivot.X + 0.8*(tip.X-sh.pivot.X), sh.pivot.Y + 0.8*(tip.Y-sh.pivot.Y)}
		if !dark(q) {
			t.Errorf("blade towards %v: %v is not dark", tip, q)
		}
	}
	if dark(point{(sh.tip1.X + sh.tip2.X) / 2, (sh.tip1.Y + sh.tip2.Y) / 2}) {
		t.Error("the blades are not apart at their tips")
	}
	// Nothing is painted beyond the icon's advance.
	for yy := 0; yy < 100; yy++ {
		if c := img.RGBAAt(int(x+scissorsWidth(size))+2, yy); c.R < 250 {
			t.Fatalf("paint beyond the icon at y=%d", yy)
		}
	}
}

func TestPickVariant(t *testing.T) {
	cases := []struct {
		name  string
		flags int
		want  fontVariant
	}{
		{"Helvetica", 0, fontRegular},
		{"Times-Roman", flagBold, fontBold},
		{"Helvetica-Bold", 0, fontBold},
		{"Helvetica-BoldOblique", 0, fontBoldItalic},
		{"Times-Italic", 0, fontItalic},
		{"Helvetica", flagItalic | flagBold, fontBoldItalic},
		{"Courier", 0, fontMono},
		{"Courier-Bold", 0, fontMonoBold},
	}
	for _, c := range cases {
		if got := pickVariant(c.name, c.flags); got != c.want {
			t.Errorf("pickVariant(%q, %d) = %d, want %d", c.name, c.flags, got, c.want)
		}
	}
}

func TestImageScaleCaps(t *testing.T) {
	s, w, h := imageScale(rect{0, 0, 100, 50}, 1)
	if s != 2 || w != 216 || h != 116 {
		t.Errorf("small drawing: scale %v, %dx%d", s, w, h)
	}
	s, w, h = imageScale(rect{0, 0, 40000, 300}, 1)
	if w > maxSide || s >= 2 {
		t.Errorf("wide drawing: scale %v, %dx%d, want at most %d wide", s, w, h, maxSide)
	}
	s, w, h = imageScale(rect{0, 0, 8000, 8000}, 1)
	if w*h > maxPixels*101/100 {
		t.Errorf("large drawing: scale %v, %dx%d = %d pixels, want at most %d", s, w, h, w*h, maxPixels)
	}
}

func TestBuiltinErrors(t *testing.T) {
	ctx := context.Background()
	_, err := Render(ctx, []byte("digraph {\n a -> b;\n x y z [ ;\n}\n"), SVG, Builtin)
	if err == nil || err.Error() != "render: graphviz: syntax error in line 3 near ';'" {
		t.Errorf("syntax error: %v", err)
	}
	// Graphviz keeps working after an error.
	if _, err := Render(ctx, []byte("digraph { a -> b }"), PNG, Builtin); err != nil {
		t.Errorf("after an error: %v", err)
	}
	for _, src := range []string{"", "  \n", "// just a comment\n"} {
		_, err := Render(ctx, []byte(src), SVG, Builtin)
		if err == nil || err.Error() != "render: graphviz: the input holds no graph" {
			t.Errorf("%q: %v", src, err)
		}
	}
	_, err = Render(ctx, []byte("digraph { a -> b } digraph { c }"), SVG, Builtin)
	if err == nil || err.Error() != "render: graphviz: the input holds more than one graph" {
		t.Errorf("two graphs: %v", err)
	}
	// The second graph must not leak into the next rendering.
	out, err := Render(ctx, []byte("digraph { x -> y }"), SVG, Builtin)
	if err != nil || !strings.Contains(string(out), "<title>x</title>") {
		t.Errorf("after two graphs: %v\n%s", err, out)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Render(cctx, []byte("digraph { a }"), SVG, Builtin); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
	if _, err := Render(ctx, []byte("digraph { a }"), Format(7), Builtin); err == nil {
		t.Error("bad format: no error")
	}
	if _, err := Render(ctx, []byte("digraph { a }"), SVG, Engine(7)); err == nil {
		t.Error("bad engine: no error")
	}
}

func TestDotMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := Render(context.Background(), []byte("digraph { a }"), SVG, Dot)
	if err == nil || err.Error() != `render: dot: exec: "dot": executable file not found in $PATH` {
		t.Errorf("Dot without dot: %v", err)
	}
}

func TestNativeDot(t *testing.T) {
	if _, err := exec.LookPath("dot"); err != nil {
		t.Skip("no dot on PATH")
	}
	ctx := context.Background()
	svg, err := Render(ctx, []byte(sampleDOT), SVG, Dot)
	if err != nil || !bytes.Contains(svg, []byte("<svg")) {
		t.Fatalf("native SVG: %v", err)
	}
	pngBytes, err := Render(ctx, []byte(sampleDOT), PNG, Dot)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(pngBytes))
	if err != nil {
		t.Fatal(err)
	}
	// 144 dpi, as the builtin renderer: within 25% of its size.
	_, w, _ := imageScale(sampleLayout(t).BB, 1)
	if dx := img.Bounds().Dx(); math.Abs(float64(dx-w)) > 0.25*float64(w) {
		t.Errorf("native PNG is %d wide, builtin %d", dx, w)
	}
	_, err = Render(ctx, []byte("digraph {\n x y z [ ;\n}\n"), SVG, Dot)
	if err == nil || !strings.HasPrefix(err.Error(), "render: dot: ") || !strings.Contains(err.Error(), "syntax error in line 2") || strings.Contains(err.Error(), "\n") {
		t.Errorf("native syntax error: %v", err)
	}
	if auto, err := Render(ctx, []byte(sampleDOT), SVG, Auto); err != nil || !bytes.Equal(auto, svg) {
		t.Errorf("Auto with dot on PATH does not use it: %v", err)
	}
}

func TestConcurrentRenders(t *testing.T) {
	ctx := context.Background()
	src := []byte(sampleDOT)
	wantSVG, err := Render(ctx, src, SVG, Builtin)
	if err != nil {
		t.Fatal(err)
	}
	wantPNG, err := Render(ctx, src, PNG, Builtin)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := 0; g < 6; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < 2; k++ {
				f, want := SVG, wantSVG
				if (g+k)%2 == 1 {
					f, want = PNG, wantPNG
				}
				got, err := Render(ctx, src, f, Builtin)
				if err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(got, want) {
					errs <- errors.New(f.String() + " differs from the sequential rendering")
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestNotices(t *testing.T) {
	n := Notices()
	for _, want := range []string{
		"Graphviz", "Eclipse Public License", "Eclipse Public License - v 1.0",
		"go-graphviz", "Masaaki Goshima", "MIT",
		"wazero", "Apache License", "Version 2.0",
		"fogleman/gg", "Michael Fogleman",
		"freetype", "The FreeType Project",
		"Go fonts", "Bigelow & Holmes",
		"Expat", "wasi-libc",
	} {
		if !strings.Contains(n, want) {
			t.Errorf("Notices() lacks %q", want)
		}
	}
	for _, c := range components {
		for _, f := range c.files {
			if b, err := noticeFiles.ReadFile("notices/" + f); err != nil || len(b) < 40 {
				t.Errorf("notice file %s: %v", f, err)
			}
		}
	}
}
