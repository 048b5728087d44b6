// Package colourvision says how far apart two colours look, to people with
// normal colour vision and to the colour-blind: the simulation of
// protanopia and deuteranopia of Machado, Oliveira and Fernandes (2009), "A
// Physiologically-based Model for Simulation of Color Vision Deficiency",
// IEEE TVCG 15(6), at severity 1.0 on linear RGB, and the CIE76 colour
// difference ΔE*ab in CIELAB (D65). The tests of the look table
// (trace/scene) and of the page's colours (internal/browser) use it.
package colourvision

import (
	"fmt"
	"math"
	"strconv"
)

// A Vision maps a colour in linear RGB to the colour seen.
type Vision struct {
	Name string
	m    [3][3]float64
}

// The visions: normal, protanopia and deuteranopia (Machado et al. 2009).
var (
	Normal     = Vision{"normal vision", [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}
	Protanopia = Vision{"protanopia", [3][3]float64{
		{0.152286, 1.052583, -0.204868},
		{0.114503, 0.786281, 0.099216},
		{-0.003882, -0.048116, 1.051998},
	}}
	Deuteranopia = Vision{"deuteranopia", [3][3]float64{
		{0.367322, 0.860646, -0.227968},
		{0.280085, 0.672501, 0.047413},
		{-0.011820, 0.042940, 0.968881},
	}}
	All = []Vision{Normal, Deuteranopia, Protanopia}
)

// Parse reads #RGB or #RRGGBB as red, green and blue in [0, 1].
func Parse(c string) ([3]float64, error) {
	if len(c) == 4 && c[0] == '#' {
		c = "#" + string([]byte{c[1], c[1], c[2], c[2], c[3], c[3]})
	}
	if len(c) != 7 || c[0] != '#' {
		return [3]float64{}, fmt.Errorf("colour %q is not #RRGGBB", c)
	}
	var out [3]float64
	for i := range 3 {
		v, err := strconv.ParseUint(c[1+2*i:3+2*i], 16, 8)
		if err != nil {
			return [3]float64{}, fmt.Errorf("colour %q is not #RRGGBB", c)
		}
		out[i] = float64(v) / 255
	}
	return out, nil
}

// linear undoes sRGB's gamma.
func linear(c float64) float64 {
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// Lab is the CIELAB (D65) of an sRGB colour (components in [0, 1]) as the
// vision sees it.
func (v Vision) Lab(rgb [3]float64) [3]float64 {
	in := [3]float64{linear(rgb[0]), linear(rgb[1]), linear(rgb[2])}
	var l [3]float64
	for i := range 3 {
		for j := range 3 {
			l[i] += v.m[i][j] * in[j]
		}
		l[i] = min(1, max(0, l[i]))
	}
	x := (0.4124*l[0] + 0.3576*l[1] + 0.1805*l[2]) / 0.95047
	y := 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
	z := (0.0193*l[0] + 0.1192*l[1] + 0.9505*l[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// DeltaE is how far apart two colours look to the vision (CIE76 ΔE*ab):
// about 2.3 is the least difference noticed side by side.
func (v Vision) DeltaE(a, b [3]float64) float64 {
	la, lb := v.Lab(a), v.Lab(b)
	return math.Sqrt((la[0]-lb[0])*(la[0]-lb[0]) + (la[1]-lb[1])*(la[1]-lb[1]) + (la[2]-lb[2])*(la[2]-lb[2]))
}
