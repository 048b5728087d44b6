package colourvision

import (
	"math"
	"testing"
)

// TestKnownColours: white and black are L* 100 and 0 for every vision; red
// and green, far apart to normal vision, come close to a deuteranope (the
// reason for the Okabe–Ito palette), and vermillion and blue stay apart.
func TestKnownColours(t *testing.T) {
	p := func(c string) [3]float64 {
		v, err := Parse(c)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, v := range All {
		if l := v.Lab(p("#fff")); math.Abs(l[0]-100) > 0.5 {
			t.Errorf("%s: white is L* %.1f", v.Name, l[0])
		}
		if l := v.Lab(p("#000000")); math.Abs(l[0]) > 0.01 {
			t.Errorf("%s: black is L* %.1f", v.Name, l[0])
		}
	}
	red, green := p("#b22222"), p("#006400")
	if d := Normal.DeltaE(red, green); d < 50 {
		t.Errorf("firebrick and dark green are only %.1f apart to normal vision", d)
	}
	if Deuteranopia.DeltaE(red, green) > Normal.DeltaE(red, green)/2 {
		t.Errorf("deuteranopia does not bring firebrick and dark green together: %.1f", Deuteranopia.DeltaE(red, green))
	}
	if d := Deuteranopia.DeltaE(p("#D55E00"), p("#0072B2")); d < 30 {
		t.Errorf("vermillion and blue only %.1f apart to a deuteranope", d)
	}
	for _, bad := range []string{"", "red", "#12345", "#GGGGGG"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}
