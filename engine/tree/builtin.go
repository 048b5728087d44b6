package tree

import "fmt"

// aimaText is Figure 5.2 of Russell and Norvig, "Artificial Intelligence: A
// Modern Approach" (3rd ed.): a two-ply game tree whose minimax value is 3,
// best move the first. It is left unnamed so that every node is called by its
// path, as in ../shared/data/trees.md: alpha-beta never evaluates 2.2 and 2.3.
const aimaText = `((3 12 8) (2 4 6) (14 5 2))`

// wikipediaText is the illustration of the Wikipedia article "Alpha–beta
// pruning": a four-ply tree whose minimax value is 6, best move the second.
const wikipediaText = `((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))`

// builtin is a tree that comes with the program.
type builtin struct {
	text  string // the tree in the text form
	about string // where it comes from, for people
}

// lookupBuiltin returns the built-in tree called name.
func lookupBuiltin(name string) (builtin, bool) {
	switch name {
	case "aima":
		return builtin{aimaText, "Russell & Norvig, Artificial Intelligence: A Modern Approach, Figure 5.2"}, true
	case "wikipedia":
		return builtin{wikipediaText, `Wikipedia, "Alpha–beta pruning", the illustration of the article`}, true
	}
	return builtin{}, false
}

// BuiltinNames lists the names of the built-in trees, sorted.
func BuiltinNames() []string { return []string{"aima", "wikipedia"} }

// BuiltinSource tells where the built-in tree called name comes from (a book
// and figure, an article), or returns "" when there is no such tree.
func BuiltinSource(name string) string {
	b, _ := lookupBuiltin(name)
	return b.about
}

// Builtin returns a fresh copy of the built-in tree called name; its Source is
// the name. ok is false when there is no such tree.
func Builtin(name string) (t *Tree, ok bool) {
	b, ok := lookupBuiltin(name)
	if !ok {
		return nil, false
	}
	t, err := Parse(name, b.text)
	if err != nil { // a bug in the constants above, caught by the tests
		panic(fmt.Sprintf("built-in tree %s: %v", name, err))
	}
	return t, true
}
