package engine_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
)

// FuzzParseSpec: an algorithm spec (--algo, the lists of compare and diff)
// never makes ParseSpec panic; a refused one gets a one-line error; an
// accepted one is written back by Spec as a spec that reads as the same
// options.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{
		"alphabeta", "alphabeta:soft:gt", "alphabeta:f2+null-move+quiescence", "pvs+tt+order+iterative+aspiration",
		"mtdf+tt", "branch-bound:gt", "bb:soft", "minimax", "negamax:hard", "alphabeta+selective", "ab+null+qs+id",
		"alphabeta:hard:hard", "alphabeta:", "+tt", "alphabeta++", "mtd(f)", "negascout:ge", "minimax+tt", "pvs+bogus",
		" alphabeta:soft ", "alphabeta:soft\n+tt",
	} {
		f.Add(s)
	}
	def := engine.Options{Sel: engine.DefaultSelective(engine.Units{Pawn: 100})}
	f.Fuzz(func(t *testing.T, spec string) {
		o, err := engine.ParseSpec(spec, def)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("%q: the error spans lines: %q", spec, err)
			}
			return
		}
		back := o.Spec()
		o2, err := engine.ParseSpec(back, def)
		if err != nil || !reflect.DeepEqual(o, o2) {
			t.Fatalf("%q reads as %+v, written %q, which reads as %+v (%v)", spec, o, back, o2, err)
		}
	})
}
