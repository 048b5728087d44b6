package page

import (
	"bytes"
	"regexp"
	"strconv"
)

// Shapes are the shapes of the drawing the page's state names: the searched
// nodes drawn (by trace id) and the never-searched shapes (by SVG id, with
// the node whose cutoff left them).
type Shapes struct {
	Searched   map[int64]bool
	Unsearched map[string]int64
	// Notes are the events that made each line of a node's selective
	// techniques true (dot.Stats.Notes), by node id.
	Notes map[int64][]int64
}

var (
	// A node statement of the page's DOT: `  n5 [` or `  u3 [... class="unsearched ps-cut5"`.
	dotNode = regexp.MustCompile(`(?m)^  ([nu])(\d+) \[(.*)\];$`)
	dotCut  = regexp.MustCompile(`ps-cut(\d+)`)
)

// shapesOf lists the shapes of the page's DOT text (dot.Options.Page).
func shapesOf(src []byte) Shapes {
	sh := Shapes{Searched: map[int64]bool{}, Unsearched: map[string]int64{}}
	for _, m := range dotNode.FindAllSubmatch(src, -1) {
		if bytes.Contains(m[3], []byte("->")) {
			continue
		}
		id, err := strconv.ParseInt(string(m[2]), 10, 64)
		if err != nil {
			continue
		}
		if m[1][0] == 'n' {
			sh.Searched[id] = true
			continue
		}
		if c := dotCut.FindSubmatch(m[3]); c != nil {
			cut, _ := strconv.ParseInt(string(c[1]), 10, 64)
			sh.Unsearched["u"+string(m[2])] = cut
		}
	}
	return sh
}
