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

// A tree with chance nodes holds values in units finer than hundredths: a
// value is shown as a decimal when it has a finite one, else as a reduced
// fraction, and read back from either exactly.
func TestNumberFinerUnits(t *testing.T) {
	cases := []struct {
		v, scale int64
		want     string
	}{
		{15, 2, "7.5"}, {20, 3, "20/3"}, {-20, 6, "-10/3"}, {300, 300, "1"}, {-75, 300, "-0.25"},
		{1, 8, "0.125"}, {0, 3, "0"}, {12, 4, "3"},
	}
	for _, c := range cases {
		got := Number(c.v, c.scale, 0)
		if got != c.want {
			t.Errorf("Number(%d, %d) = %q, want %q", c.v, c.scale, got, c.want)
		}
		if back, err := ParseNumber(got, c.scale); err != nil || back != c.v {
			t.Errorf("ParseNumber(%q, %d) = %d, %v; want %d", got, c.scale, back, err, c.v)
		}
	}
	if got := string(AppendJSON(nil, 20, 3)); got != `"20/3"` {
		t.Errorf("AppendJSON(20/3) = %s, want a quoted fraction", got)
	}
	if got := string(AppendJSON(nil, 15, 2)); got != `7.5` {
		t.Errorf("AppendJSON(15/2) = %s, want 7.5", got)
	}
	for _, bad := range []string{"1/7", "0.1", "1/0", "1/-3", "x/3"} {
		if _, err := ParseNumber(bad, 6); err == nil {
			t.Errorf("ParseNumber(%q, 6): no error", bad)
		}
	}
	if v, err := ParseNumber("0.5", 6); err != nil || v != 3 {
		t.Errorf("ParseNumber(0.5, 6) = %d, %v; want 3", v, err)
	}
}
