package trace

import (
	"strings"
	"unicode/utf8"
)

// nodeName is the name of the node an event is about: its path, "root" at the root.
func nodeName(e *Event) string {
	if e.Path == "" {
		return "root"
	}
	return e.Path
}

// RefNames remembers the paths of the nodes that stored table entries, so
// that a transposition can name where its entry came from. The zero value is
// ready; it keeps at most a million paths (then hits fall back to node ids).
//
// A hit is named only by a store that comes before it in the trace, and a
// node by its first store: a player that went ahead and came back (and so
// noted later stores already) says at every event what it said the first
// time.
type RefNames struct {
	paths map[int64]stored
}

type stored struct {
	path string
	seq  int64
}

// Note records e's path if e stores an entry (a tt_store), and fills
// RefPath if e names an entry (a tt_hit) whose storing node it knows: the
// Ref column of the table of kinds.
func (r *RefNames) Note(e *Event) {
	switch e.Kind.Spec().Ref {
	case RefStore:
		if r.paths == nil {
			r.paths = map[int64]stored{}
		}
		if _, ok := r.paths[e.Node]; !ok && len(r.paths) < 1<<20 {
			r.paths[e.Node] = stored{nodeName(e), e.Seq}
		}
	case RefUse:
		if e.Has&HasRef != 0 && e.RefPath == "" {
			if s, ok := r.paths[e.Ref]; ok && s.seq < e.Seq {
				e.RefPath = s.path
			}
		}
	}
}

// Wrap breaks s into lines of at most width characters, at spaces (a word
// longer than width gets a line of its own).
func Wrap(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
