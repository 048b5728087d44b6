package tree

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// Parse reads a tree in the text form:
//
//	((3 12 8) (2 4 6) (14 5 2))              nested lists: a number is a leaf
//	A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))      NAME: names any node or leaf (a:3)
//
// Whitespace or commas separate children and '#' starts a comment to the end of
// the line. A bracket suffix after a node's body annotates it:
// [eval=N capture check promotion pass key=K min max chance p=W]: [min] or
// [max] on the root says who moves first, on any other node who moves there
// (players alternate at unmarked nodes); [chance] makes a node a chance node
// and [p=0.25] or [p=1/3] gives a child of one its probability.
// source names the input in errors ("tree" for inline text, a file name,
// "stdin") and becomes the tree's Source. Errors are *SyntaxError values that
// name the line and column.
func Parse(source, text string) (*Tree, error) {
	t, err := parseText(source, text)
	if err != nil {
		return nil, err
	}
	if err := finish(t, source, textPlace); err != nil {
		return nil, err
	}
	return t, nil
}

// parseText reads the text form's syntax (Parse and ParseDraft), before
// the rules that span several nodes and the values' scale.
func parseText(source, text string) (*Tree, error) {
	text = strings.TrimPrefix(text, "\ufeff")
	p := &parser{source: source, src: text, line: 1, col: 1}
	p.skipSpace()
	root, err := p.node(0)
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if !p.eof() {
		return nil, p.errorf(p.line, p.col, "unexpected %q after the end of the tree", p.peek())
	}
	return &Tree{Root: root, RootMin: p.rootMin, Source: source, Depth: p.depth}, nil
}

// textPlace places a node by where it starts in the text.
func textPlace(n *Node) (line, col int, where string) { return n.Line, n.Col, "" }

// parser reads the text form by recursive descent, one rune at a time.
type parser struct {
	source    string
	src       string
	off       int // byte offset of the next rune
	line, col int // position of the next rune, 1-based; col counts runes
	rootMin   bool
	depth     int // [depth=N] on the root
	nodes     int // nodes read so far
}

func (p *parser) errorf(line, col int, format string, args ...any) *SyntaxError {
	return syntaxError(SyntaxError{Source: p.source, Line: line, Col: col}, i18n.Errorf(format, args...))
}

func (p *parser) eof() bool { return p.off >= len(p.src) }

// peek returns the next rune, or -1 at the end of the input.
func (p *parser) peek() rune {
	if p.eof() {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.off:])
	return r
}

// next moves past the next rune.
func (p *parser) next() {
	r, w := utf8.DecodeRuneInString(p.src[p.off:])
	p.off += w
	if r == '\n' {
		p.line++
		p.col = 1
	} else {
		p.col++
	}
}

// skipSpace moves past whitespace, commas and comments.
func (p *parser) skipSpace() {
	for !p.eof() {
		switch r := p.peek(); {
		case r == ',' || unicode.IsSpace(r):
			p.next()
		case r == '#':
			for !p.eof() && p.peek() != '\n' {
				p.next()
			}
		default:
			return
		}
	}
}

// word reads the longest run of runes for which stop is false.
func (p *parser) word(stop func(rune) bool) string {
	start := p.off
	for !p.eof() && !stop(p.peek()) {
		p.next()
	}
	return p.src[start:p.off]
}

// endsWord reports whether r ends a name or a number.
func endsWord(r rune) bool {
	return unicode.IsSpace(r) || strings.ContainsRune(",()[]:#", r)
}

// endsItem reports whether r ends an annotation item.
func endsItem(r rune) bool {
	return unicode.IsSpace(r) || strings.ContainsRune(",()[]#", r)
}

// isNumberStart reports whether r may begin a value: a digit, a sign (the
// minus sign − too, as in −∞), a point, or ∞.
func isNumberStart(r rune) bool {
	return ('0' <= r && r <= '9') || r == '+' || r == '-' || r == '.' || r == '−' || r == '∞'
}

// node reads a node: an optional NAME:, a body (a number or a parenthesised
// list of nodes) and an optional bracket suffix.
func (p *parser) node(depth int) (*Node, error) {
	if depth > maxNesting {
		return nil, p.errorf(p.line, p.col, "the tree is nested more than %d levels deep", maxNesting)
	}
	if p.nodes++; p.nodes > MaxNodes {
		return nil, p.errorf(p.line, p.col, "the tree has more than %d nodes, the most a toy tree may have", MaxNodes)
	}
	n := &Node{Line: p.line, Col: p.col}
	if isNameStart(p.peek()) {
		name := p.word(endsWord)
		if !validName(name) {
			return nil, p.errorf(n.Line, n.Col, "invalid name %q: %s", name, nameRule)
		}
		p.skipSpace()
		if v, ok := score.ParseInf(name); ok && p.peek() != ':' {
			// inf is a leaf, as -inf is; inf: names a node, as before.
			n.Leaf, n.Value = true, v
			return p.suffix(n, depth)
		}
		if p.peek() != ':' {
			return nil, p.errorf(n.Line, n.Col, "expected ':' after the name %q (a leaf is a number, inf or -inf)", name)
		}
		p.next()
		p.skipSpace()
		n.Name = strings.Clone(name) // not a slice of the input, which can then go
	}
	line, col := p.line, p.col
	switch r := p.peek(); {
	case r == '(':
		p.next()
		for {
			p.skipSpace()
			if p.eof() {
				return nil, p.errorf(p.line, p.col, "'(' at %d:%d is never closed", line, col)
			}
			if p.peek() == ')' {
				p.next()
				break
			}
			c, err := p.node(depth + 1)
			if err != nil {
				return nil, err
			}
			n.Children = append(n.Children, c)
		}
		if len(n.Children) == 0 {
			return nil, p.errorf(line, col, "a node needs at least one child")
		}
	case isNumberStart(r):
		text := p.word(endsWord)
		v, msg := parseValue(text)
		if msg != nil {
			return nil, p.errorf(line, col, "%s", msg)
		}
		n.Leaf, n.Value = true, v
		p.skipSpace()
		if p.peek() == ':' {
			return nil, p.errorf(line, col, "invalid name %q: %s", text, nameRule)
		}
	case r == 'i' && strings.HasPrefix(p.src[p.off:], "inf"):
		// a named leaf worth inf (a:inf); inf alone was read above
		text := p.word(endsWord)
		v, ok := score.ParseInf(text)
		if !ok {
			return nil, p.errorf(line, col, "malformed value %q: write an integer or a decimal such as 3, -2 or 0.75, or inf or -inf", text)
		}
		n.Leaf, n.Value = true, v
		p.skipSpace()
		if p.peek() == ':' {
			return nil, p.errorf(line, col, "a node has one name: %q after %s: names it again", text, n.Name)
		}
	case p.eof():
		return nil, p.errorf(line, col, "unexpected end of the input: expected a number, '(' or NAME:")
	default:
		return nil, p.errorf(line, col, "unexpected %q: expected a number, '(' or NAME:", r)
	}
	return p.suffix(n, depth)
}

// suffix reads the bracket suffix of n, at the given depth, if it has one.
func (p *parser) suffix(n *Node, depth int) (*Node, error) {
	p.skipSpace()
	if p.peek() == '[' {
		if err := p.annotations(n, depth == 0); err != nil {
			return nil, err
		}
	}
	return n, nil
}

// Annotation items, as bits of a set so that each is given at most once.
const (
	itemEval = 1 << iota
	itemCapture
	itemCheck
	itemPromotion
	itemPass
	itemKey
	itemSide
	itemDepth
	itemChance
	itemWeight
)

// annotations reads the bracket suffix of n, which is the root when root is
// true.
func (p *parser) annotations(n *Node, root bool) error {
	line, col := p.line, p.col
	p.next() // '['
	seen := 0
	for {
		p.skipSpace()
		if p.eof() {
			return p.errorf(p.line, p.col, "'[' at %d:%d is never closed", line, col)
		}
		if p.peek() == ']' {
			p.next()
			return nil
		}
		iline, icol := p.line, p.col
		item := p.word(endsItem)
		if item == "" {
			return p.errorf(iline, icol, "unexpected %q in the annotations", p.peek())
		}
		bit, err := p.annotate(n, root, item, iline, icol)
		if err != nil {
			return err
		}
		if seen&bit != 0 {
			return p.errorf(iline, icol, "%s given twice", itemName(bit))
		}
		seen |= bit
	}
}

// annotate applies one annotation item to n and returns its bit.
func (p *parser) annotate(n *Node, root bool, item string, line, col int) (int, error) {
	flag := func(bit int, f *bool) (int, error) {
		if root {
			return 0, p.errorf(line, col, "%s on the root: no move leads into the root", itemName(bit))
		}
		*f = true
		return bit, nil
	}
	switch item {
	case "capture", "x":
		return flag(itemCapture, &n.Capture)
	case "check", "+":
		return flag(itemCheck, &n.Check)
	case "promotion", "promo", "=":
		return flag(itemPromotion, &n.Promotion)
	case "pass":
		if root {
			return 0, p.errorf(line, col, "pass on the root: only a child can be its parent's pass")
		}
		if n.Turn != TurnAlternate {
			return 0, p.errorf(line, col, "pass on a node marked %s: a pass always hands the move to the other player", n.Turn)
		}
		n.Pass = true
		return itemPass, nil
	case "min", "max":
		if root {
			p.rootMin = item == "min"
			return itemSide, nil
		}
		if n.Pass {
			return 0, p.errorf(line, col, "%s on a pass: a pass always hands the move to the other player", item)
		}
		n.Turn = TurnMax
		if item == "min" {
			n.Turn = TurnMin
		}
		return itemSide, nil
	case "chance":
		if root {
			return 0, p.errorf(line, col, "chance on the root: the root is a player's choice; put the chance node below it")
		}
		n.Chance = true
		return itemChance, nil
	case "eval", "key", "depth", "p":
		return 0, p.errorf(line, col, "%s needs a value: %s=...", item, item)
	}
	name, arg, ok := strings.Cut(item, "=")
	switch {
	case ok && name == "eval":
		if n.Leaf {
			return 0, p.errorf(line, col, "eval on a leaf: a leaf's value is its evaluation")
		}
		v, msg := parseValue(arg)
		if msg != nil {
			return 0, p.errorf(line, col+len("eval="), "%s", msg)
		}
		n.Eval, n.HasEval = v, true
		return itemEval, nil
	case ok && name == "depth":
		if !root {
			return 0, p.errorf(line, col, "depth on a node that is not the root: only the root says how deep to search")
		}
		d, err := strconv.Atoi(arg)
		if err != nil || d < 1 || d > maxNesting {
			return 0, p.errorf(line, col+len("depth="), "depth %q: a number of plies from 1 to %d", arg, maxNesting)
		}
		p.depth = d
		return itemDepth, nil
	case ok && name == "p":
		if root {
			return 0, p.errorf(line, col, "p on the root: a probability belongs to a child of a chance node")
		}
		num, den, msg := parseWeight(arg)
		if msg != nil {
			return 0, p.errorf(line, col+len("p="), "%s", msg)
		}
		n.PNum, n.PDen = num, den
		return itemWeight, nil
	case ok && name == "key":
		k, valid := canonicalKey(arg)
		if !valid {
			return 0, p.errorf(line, col+len("key="), "invalid key %q: %s", arg, keyRule)
		}
		n.KeyText = strings.Clone(k)
		return itemKey, nil
	}
	return 0, p.errorf(line, col, "unknown annotation %q (known: eval=N, capture, check, promotion, pass, key=K, min, max, chance, p=W, depth=N)", item)
}

// itemName names an annotation item in messages.
func itemName(bit int) string {
	switch bit {
	case itemEval:
		return "eval"
	case itemCapture:
		return "capture"
	case itemCheck:
		return "check"
	case itemPromotion:
		return "promotion"
	case itemPass:
		return "pass"
	case itemKey:
		return "key"
	case itemDepth:
		return "depth"
	case itemChance:
		return "chance"
	case itemWeight:
		return "p"
	}
	return "min or max"
}
