package render

import (
	"image/color"
	"reflect"
	"strings"
	"testing"
)

func TestParseOpsEveryOperation(t *testing.T) {
	src := "E 1 2 3 4 e -5.5 6 7 8.25 P 3 0 0 10 0 5 8 p 2 1 1 2 2 L 3 0 0 1 1 2 0 " +
		"B 4 0 0 1 2 3 4 5 6 b 4 0 0 1 1 2 2 0 0 T 10 20 -1 33.5 5 -hello t 7 " +
		"C 7 -#ff0000 c 9 -#00ff0080 F 14 11 -Times-Roman S 6 -dashed S 15 -setlinewidth(2) " +
		"I 1 2 3 4 7 -pic.png "
	ops, err := parseOps(src)
	if err != nil {
		t.Fatal(err)
	}
	want := []op{
		{Kind: 'E', Pts: []point{{1, 2}, {3, 4}}},
		{Kind: 'e', Pts: []point{{-5.5, 6}, {7, 8.25}}},
		{Kind: 'P', Pts: []point{{0, 0}, {10, 0}, {5, 8}}},
		{Kind: 'p', Pts: []point{{1, 1}, {2, 2}}},
		{Kind: 'L', Pts: []point{{0, 0}, {1, 1}, {2, 0}}},
		{Kind: 'B', Pts: []point{{0, 0}, {1, 2}, {3, 4}, {5, 6}}},
		{Kind: 'b', Pts: []point{{0, 0}, {1, 1}, {2, 2}, {0, 0}}},
		{Kind: 'T', X: 10, Y: 20, Just: -1, W: 33.5, Str: "hello"},
		{Kind: 't', Flags: 7},
		{Kind: 'C', Str: "#ff0000"},
		{Kind: 'c', Str: "#00ff0080"},
		{Kind: 'F', Size: 14, Str: "Times-Roman"},
		{Kind: 'S', Str: "dashed"},
		{Kind: 'S', Str: "setlinewidth(2)"},
		{Kind: 'I', Pts: []point{{1, 2}, {3, 4}}, Str: "pic.png"},
	}
	if !reflect.DeepEqual(ops, want) {
		t.Fatalf("parseOps:\n got %+v\nwant %+v", ops, want)
	}
}

func TestParseOpsStringByteCounts(t *testing.T) {
	cases := []struct {
		src  string
		want string
	}{
		// ✂ is 3 bytes, β and α 2, ∞ 3: counts are bytes, not runes.
		{"T 0 0 0 10 10 -✂ β-cut ", "✂ β-cut"},
		{"T 0 0 0 10 18 -MIN ✂ ≥ ∞ α T 1 1 0 1 1 -x", "MIN ✂ ≥ ∞ α"},
		// The string may hold blanks, dashes and digits that look like fields.
		{"T 0 0 1 10 9 -a - 3 -b  ", "a - 3 -b "},
		{"T 0 0 0 0 0 - ", ""},
		{"T 0 0 0 5 2 -\\\"", "\\\""},
	}
	for _, c := range cases {
		ops, err := parseOps(c.src)
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if ops[0].Str != c.want {
			t.Errorf("%q: text %q, want %q", c.src, ops[0].Str, c.want)
		}
	}
	// The second T in the second case follows right after the counted bytes.
	ops, _ := parseOps(cases[1].src)
	if len(ops) != 2 || ops[1].Str != "x" {
		t.Errorf("operation after a multibyte string: %+v", ops)
	}
}

func TestParseOpsErrors(t *testing.T) {
	for _, src := range []string{
		"T 0 0 0 10 50 -short",  // count overruns
		"P 3 0 0 1 1",           // too few points
		"Q 1 2",                 // unknown operation
		"E 1 2 x 4",             // bad number
		"T 0 0 0 10 3 abc",      // no '-'
		"C -1 -x",               // negative length
		"Pz 1 0 0",              // operation letter glued to junk
		"F 12 9 -Helvetica T 1", // truncated
	} {
		if _, err := parseOps(src); err == nil {
			t.Errorf("%q: no error", src)
		} else if !strings.HasPrefix(err.Error(), "xdot: ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %q is not one line starting with xdot:", src, err)
		}
	}
}

func TestParseColor(t *testing.T) {
	cases := map[string]color.NRGBA{
		"#ff0000":       {255, 0, 0, 255},
		"#00FF0080":     {0, 255, 0, 128},
		"#fffffe00":     {255, 255, 254, 0},
		"#abc":          {0xaa, 0xbb, 0xcc, 255},
		"black":         {0, 0, 0, 255},
		"white":         {255, 255, 255, 255},
		"gray":          {0xc0, 0xc0, 0xc0, 255},
		"Grey":          {0xc0, 0xc0, 0xc0, 255},
		"gray0":         {0, 0, 0, 255},
		"gray1":         {3, 3, 3, 255},
		"gray10":        {0x1a, 0x1a, 0x1a, 255},
		"gray40":        {0x66, 0x66, 0x66, 255},
		"gray50":        {0x7f, 0x7f, 0x7f, 255},
		"grey60":        {0x99, 0x99, 0x99, 255},
		"gray70":        {0xb3, 0xb3, 0xb3, 255},
		"gray90":        {0xe5, 0xe5, 0xe5, 255},
		"gray100":       {255, 255, 255, 255},
		"red":           {255, 0, 0, 255},
		"green":         {0, 255, 0, 255},
		"darkgreen":     {0, 0x64, 0, 255},
		"lightgrey":     {0xd3, 0xd3, 0xd3, 255},
		"firebrick":     {0xb2, 0x22, 0x22, 255},
		"royalblue":     {0x41, 0x69, 0xe1, 255},
		"dimgray":       {0x69, 0x69, 0x69, 255},
		"lightyellow":   {0xff, 0xff, 0xe0, 255},
		"mistyrose":     {0xff, 0xe4, 0xe1, 255},
		"/x11/red":      {255, 0, 0, 255},
		"none":          {},
		"transparent":   {},
		"no-such-color": {0, 0, 0, 255},
		"#12345":        {0, 0, 0, 255},
		"[0 0 10 10 2 0 7 -#00ff00 1 7 -#0000ff]":     {0, 255, 0, 255},
		"(0 0 1 10 10 5 2 0 7 -#0000ff 1 7 -#ff0000)": {0, 0, 255, 255},
	}
	for in, want := range cases {
		if got := parseColor(in); got != want {
			t.Errorf("parseColor(%q) = %v, want %v", in, got, want)
		}
	}
	for _, name := range []string{"black", "white", "gray", "grey", "red", "blue", "green", "darkgreen", "orange", "purple", "gold",
		"lightgray", "lightgrey", "firebrick", "royalblue", "forestgreen", "darkorange", "steelblue", "dimgray",
		"lightyellow", "lavender", "mistyrose", "honeydew", "aliceblue", "whitesmoke"} {
		if _, ok := x11Colors[name]; !ok {
			t.Errorf("colour %s missing", name)
		}
	}
}

const xdotSample = `digraph "g 1" {
	graph [_draw_="c 9 -#fffffe00 C 7 -#ffffff P 4 0 0 0 100 200 100 200 0 ",
		bb="0,0,200,100",
		xdotversion=1.7
	];
	node [label="\N"];
	subgraph cluster_x {
		graph [_draw_="S 6 -dashed c 7 -#000000 p 4 1 1 1 50 50 50 50 1 ",
			_ldraw_="F 14 11 -Times-Roman c 7 -#000000 T 25 40 0 10 2 -cl ",
			bb="1,1,50,50"
		];
		"a b"	[_draw_="c 7 -#000000 e 27 18 27 18 ",
			_ldraw_="F 14 11 -Times-Roman c 7 -#000000 T 27 14 0 60 26 -q\"uote \\ back ✂ and \
more ",
			pos="27,18"];
	}
	c	[_draw_="c 7 -#000000 C 7 -#ffcc00 P 3 0 0 10 0 5 8 ",
		label=<<b>x</b> &lt; <i>y</i>>];
	"a b":s -> c:n:w	[_draw_="S 6 -dashed c 7 -#999999 B 4 1 2 3 4 5 6 7 8 ",
		_hdraw_="S 5 -solid c 7 -#999999 C 7 -#999999 P 3 7 8 9 9 8 10 ",
		_tdraw_="c 7 -#000000 e 1 2 2 2 ",
		_ldraw_="F 14 11 -Times-Roman c 7 -#000000 T 4 5 0 7 1 -3 ",
		label=3];
	c -> "a b";
	edge [style=dashed];
	d;
}
`

func TestParseXdot(t *testing.T) {
	l, err := parseXdot([]byte(xdotSample))
	if err != nil {
		t.Fatal(err)
	}
	if l.BB != (rect{0, 0, 200, 100}) {
		t.Errorf("bb = %+v", l.BB)
	}
	var order []string
	for _, it := range l.Items {
		var attrs []string
		for _, a := range it.Attrs {
			attrs = append(attrs, a.Name)
		}
		order = append(order, it.Name+":"+strings.Join(attrs, ","))
	}
	// Graph and clusters first, then nodes and edges in file order; edge
	// attributes in painting order whatever their order in the file.
	want := []string{
		":_draw_",
		"cluster_x:_draw_,_ldraw_",
		"a b:_draw_,_ldraw_",
		"c:_draw_",
		"a b->c:_draw_,_tdraw_,_hdraw_,_ldraw_",
	}
	if !reflect.DeepEqual(order, want) {
		t.Fatalf("items:\n got %q\nwant %q", order, want)
	}
	ab := l.find(itemNode, "a b")
	lab := ab.attr("_ldraw_")
	if len(lab) != 3 || lab[2].Str != `q"uote \ back ✂ and more` {
		t.Errorf("quoted text with escapes and a line continuation: %+v", lab)
	}
	e := l.find(itemEdge, "a b->c")
	if b := e.attr("_draw_"); len(b) != 3 || b[0].Str != "dashed" || len(b[2].Pts) != 4 {
		t.Errorf("edge body: %+v", b)
	}
	if l.find(itemCluster, "cluster_x") == nil || l.find(itemGraph, "") == nil {
		t.Error("graph or cluster missing")
	}
}

func TestParseXdotErrors(t *testing.T) {
	for _, src := range []string{
		"digraph { a [_draw_=\"c 7 -#000000\"]; }",                   // no bb
		"digraph { graph [bb=\"0,0,1\"]; }",                          // bad bb
		"digraph { graph [bb=\"0,0,1,1\"]; a [_draw_=\"Q 1\"]; }",    // bad op
		"digraph { graph [bb=\"0,0,1,1\"]; a [_draw_=\"P 1 0 0 ]; }", // unterminated string
		"digraph { graph [bb=\"0,0,1,1\"]; a [label=<x]; }",          // unterminated HTML
	} {
		if _, err := parseXdot([]byte(src)); err == nil {
			t.Errorf("%q: no error", src)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %q has several lines", src, err)
		}
	}
}
