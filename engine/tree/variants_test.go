package tree

import "testing"

// TestChanceVariants: a chance node made a player keeps its children's
// players and its place; probabilities dropped only where they differ.
func TestChanceVariants(t *testing.T) {
	tr, err := Parse("t", "((3[p=1/4] 5[p=3/4])[chance] ((2 8)[max] 4)[chance])")
	if err != nil {
		t.Fatal(err)
	}
	for _, toMax := range []bool{false, true} {
		c, err := tr.ChanceAsPlayer(toMax)
		if err != nil {
			t.Fatal(err)
		}
		want := TurnMin
		if toMax {
			want = TurnMax
		}
		for _, name := range []string{"1", "2"} {
			if n := c.Find(name); n.Chance || n.Turn != want || n.Children[0].PDen != 0 {
				t.Errorf("toMax %v: node %s: chance %v turn %v", toMax, name, n.Chance, n.Turn)
			}
		}
		if c.Find("2.1").Turn != TurnMax || c.RootMin || tr.Find("1").Chance != true {
			t.Errorf("toMax %v: another node changed, or the tree itself", toMax)
		}
	}
	u, err := tr.Unweighted()
	if err != nil || u == nil || u.Find("1.1").PDen != 0 {
		t.Fatalf("unweighted: %v %v", u, err)
	}
	even, _ := Parse("t", "((3 5)[chance] (2 8)[chance])")
	if u, err := even.Unweighted(); u != nil || err != nil {
		t.Errorf("equal outcomes: %v %v", u, err)
	}
}
