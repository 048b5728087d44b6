package score

import "testing"

func TestNumber(t *testing.T) {
	cases := []struct {
		v, scale, mate int64
		want           string
	}{
		{3, 1, 0, "3"}, {-301, 100, 0, "-3.01"}, {50, 100, 0, "0.5"}, {-5, 100, 0, "-0.05"},
		{Inf, 1, 0, "+∞"}, {-Inf, 100, 0, "−∞"},
		{99997, 1, 100000, "#2"}, {-99996, 1, 100000, "#-2"}, {99999, 1, 100000, "#1"}, {120, 1, 100000, "120"},
	}
	for _, c := range cases {
		if got := Number(c.v, c.scale, c.mate); got != c.want {
			t.Errorf("Number(%d, %d, %d) = %q, want %q", c.v, c.scale, c.mate, got, c.want)
		}
	}
}
