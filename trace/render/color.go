package render

import (
	"image/color"
	"strconv"
	"strings"
)

// parseColor reads an xdot colour: #rrggbb, #rrggbbaa, #rgb, an X11 name
// (including grayNN and greyNN), "none" or "transparent". A gradient
// ("[...]" or "(...)") yields its first stop. Unknown names are black, as in
// Graphviz. The result is not premultiplied.
func parseColor(s string) color.NRGBA {
	s = strings.TrimSpace(s)
	if s == "" {
		return color.NRGBA{A: 255}
	}
	if s[0] == '[' || s[0] == '(' {
		return gradientFirstStop(s)
	}
	if s[0] == '#' {
		if c, ok := parseHex(s[1:]); ok {
			return c
		}
		return color.NRGBA{A: 255}
	}
	name := strings.ToLower(s)
	if i := strings.LastIndexByte(name, '/'); i >= 0 { // "/x11/red", scheme prefix
		name = name[i+1:]
	}
	name = strings.ReplaceAll(name, " ", "")
	switch name {
	case "none", "transparent", "invis":
		return color.NRGBA{}
	}
	if rgb, ok := x11Colors[name]; ok {
		return color.NRGBA{R: uint8(rgb >> 16), G: uint8(rgb >> 8), B: uint8(rgb), A: 255}
	}
	for _, p := range []string{"gray", "grey"} {
		if rest, ok := strings.CutPrefix(name, p); ok {
			if n, err := strconv.Atoi(rest); err == nil && n >= 0 && n <= 100 {
				v := grayLevel(n)
				return color.NRGBA{R: v, G: v, B: v, A: 255}
			}
		}
	}
	return color.NRGBA{A: 255}
}

// grayLevel is X11's grayN: N% of 255, rounded, except the two entries that
// X11 rounds down (checked against Graphviz's table for N = 0..100).
func grayLevel(n int) uint8 {
	switch n {
	case 50:
		return 0x7f
	case 90:
		return 0xe5
	}
	return uint8((n*255*2 + 100) / 200)
}

func parseHex(h string) (color.NRGBA, bool) {
	var v [4]uint8
	v[3] = 255
	switch len(h) {
	case 3, 4:
		for i := 0; i < len(h); i++ {
			d, ok := hexDigit(h[i])
			if !ok {
				return color.NRGBA{}, false
			}
			v[i] = d * 17
		}
	case 6, 8:
		for i := 0; i < len(h)/2; i++ {
			hi, ok1 := hexDigit(h[2*i])
			lo, ok2 := hexDigit(h[2*i+1])
			if !ok1 || !ok2 {
				return color.NRGBA{}, false
			}
			v[i] = hi<<4 | lo
		}
	default:
		return color.NRGBA{}, false
	}
	return color.NRGBA{R: v[0], G: v[1], B: v[2], A: v[3]}, true
}

func hexDigit(c byte) (uint8, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// gradientFirstStop reads "[x0 y0 x1 y1 n v1 len -c1 ...]" (linear) or
// "(x0 y0 r0 x1 y1 r1 n v1 len -c1 ...)" (radial) and returns c1.
func gradientFirstStop(s string) color.NRGBA {
	radial := s[0] == '('
	sc := &scanner{s: strings.TrimRight(s[1:], "])")}
	nums := 4
	if radial {
		nums = 6
	}
	for i := 0; i < nums; i++ {
		if _, err := sc.float(); err != nil {
			return color.NRGBA{A: 255}
		}
	}
	if n, err := sc.int(); err != nil || n < 1 {
		return color.NRGBA{A: 255}
	}
	if _, err := sc.float(); err != nil {
		return color.NRGBA{A: 255}
	}
	c, err := sc.str()
	if err != nil {
		return color.NRGBA{A: 255}
	}
	return parseColor(c)
}

// x11Colors holds the X11 colours a diagram is likely to name, with the values
// Graphviz uses (its X11 scheme: gray is #c0c0c0, green is #00ff00).
var x11Colors = map[string]uint32{
	"black":        0x000000,
	"white":        0xffffff,
	"gray":         0xc0c0c0,
	"grey":         0xc0c0c0,
	"red":          0xff0000,
	"blue":         0x0000ff,
	"green":        0x00ff00,
	"darkgreen":    0x006400,
	"orange":       0xffa500,
	"purple":       0xa020f0,
	"gold":         0xffd700,
	"lightgray":    0xd3d3d3,
	"lightgrey":    0xd3d3d3,
	"firebrick":    0xb22222,
	"royalblue":    0x4169e1,
	"forestgreen":  0x228b22,
	"darkorange":   0xff8c00,
	"steelblue":    0x4682b4,
	"dimgray":      0x696969,
	"dimgrey":      0x696969,
	"lightyellow":  0xffffe0,
	"lavender":     0xe6e6fa,
	"mistyrose":    0xffe4e1,
	"honeydew":     0xf0fff0,
	"aliceblue":    0xf0f8ff,
	"whitesmoke":   0xf5f5f5,
	"yellow":       0xffff00,
	"cyan":         0x00ffff,
	"magenta":      0xff00ff,
	"brown":        0xa52a2a,
	"pink":         0xffc0cb,
	"navy":         0x000080,
	"darkred":      0x8b0000,
	"darkblue":     0x00008b,
	"lightblue":    0xadd8e6,
	"lightgreen":   0x90ee90,
	"lightpink":    0xffb6c1,
	"salmon":       0xfa8072,
	"tomato":       0xff6347,
	"crimson":      0xdc143c,
	"orangered":    0xff4500,
	"maroon":       0xb03060,
	"olive":        0x808000,
	"teal":         0x008080,
	"silver":       0xc0c0c0,
	"beige":        0xf5f5dc,
	"ivory":        0xfffff0,
	"khaki":        0xf0e68c,
	"coral":        0xff7f50,
	"gainsboro":    0xdcdcdc,
	"slategray":    0x708090,
	"slategrey":    0x708090,
	"darkgray":     0xa9a9a9,
	"darkgrey":     0xa9a9a9,
	"lightcyan":    0xe0ffff,
	"palegreen":    0x98fb98,
	"seagreen":     0x2e8b57,
	"indigo":       0x4b0082,
	"violet":       0xee82ee,
	"orchid":       0xda70d6,
	"tan":          0xd2b48c,
	"wheat":        0xf5deb3,
	"skyblue":      0x87ceeb,
	"deepskyblue":  0x00bfff,
	"dodgerblue":   0x1e90ff,
	"limegreen":    0x32cd32,
	"chartreuse":   0x7fff00,
	"turquoise":    0x40e0d0,
	"plum":         0xdda0dd,
	"sienna":       0xa0522d,
	"chocolate":    0xd2691e,
	"goldenrod":    0xdaa520,
	"darkviolet":   0x9400d3,
	"lemonchiffon": 0xfffacd,
	"linen":        0xfaf0e6,
	"snow":         0xfffafa,
	"azure":        0xf0ffff,
	"mintcream":    0xf5fffa,
	"cornsilk":     0xfff8dc,
}
