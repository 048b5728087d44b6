package tree

import (
	"errors"
	"strings"
	"testing"
)

// goodInputs are texts Parse accepts, with the tree each describes (see dump).
var goodInputs = []struct {
	name, text, want string
}{
	{"aima", "((3 12 8) (2 4 6) (14 5 2))", `
		scale=1 root=max
		root inner @1:1
		1 inner @1:2
		1.1 leaf=3 @1:3
		1.2 leaf=12 @1:5
		1.3 leaf=8 @1:8
		2 inner @1:11
		2.1 leaf=2 @1:12
		2.2 leaf=4 @1:14
		2.3 leaf=6 @1:16
		3 inner @1:19
		3.1 leaf=14 @1:20
		3.2 leaf=5 @1:23
		3.3 leaf=2 @1:25`},
	{"names", "A:(B:(3 12) C:(2 4))", `
		scale=1 root=max
		root name=A inner @1:1
		1 name=B inner @1:4
		1.1 leaf=3 @1:7
		1.2 leaf=12 @1:9
		2 name=C inner @1:13
		2.1 leaf=2 @1:16
		2.2 leaf=4 @1:18`},
	{"named leaves and name characters", "(a:3 _b:-4 c.d:5 e'f:6 g-h:7 é:8)", `
		scale=1 root=max
		root inner @1:1
		1 name=a leaf=3 @1:2
		2 name=_b leaf=-4 @1:6
		3 name=c.d leaf=5 @1:12
		4 name=e'f leaf=6 @1:18
		5 name=g-h leaf=7 @1:24
		6 name=é leaf=8 @1:30`},
	{"comments commas newlines", "# AIMA 5.2\n(\n  (3, 12,8),  # first\n\n\t(2 4 6)\n) # done", `
		scale=1 root=max
		root inner @2:1
		1 inner @3:3
		1.1 leaf=3 @3:4
		1.2 leaf=12 @3:7
		1.3 leaf=8 @3:10
		2 inner @5:2
		2.1 leaf=2 @5:3
		2.2 leaf=4 @5:5
		2.3 leaf=6 @5:7`},
	{"space around the colon", "A : ( 1 , 2 )", `
		scale=1 root=max
		root name=A inner @1:1
		1 leaf=1 @1:7
		2 leaf=2 @1:11`},
	{"decimals", "(3 -3.01 +2.5 0.75 -0.5)", `
		scale=100 root=max
		root inner @1:1
		1 leaf=300 @1:2
		2 leaf=-301 @1:4
		3 leaf=250 @1:10
		4 leaf=75 @1:15
		5 leaf=-50 @1:20`},
	{"zero decimals are integers", "(3.0 4.00 -0 +5 007)", `
		scale=1 root=max
		root inner @1:1
		1 leaf=3 @1:2
		2 leaf=4 @1:6
		3 leaf=0 @1:11
		4 leaf=5 @1:14
		5 leaf=7 @1:17`},
	{"trailing zeros past two decimals", "(4.500 1)", `
		scale=100 root=max
		root inner @1:1
		1 leaf=450 @1:2
		2 leaf=100 @1:8`},
	{"a decimal eval scales the leaves", "((1 2)[eval=0.5] 3)", `
		scale=100 root=max
		root inner @1:1
		1 inner eval=50 @1:2
		1.1 leaf=100 @1:3
		1.2 leaf=200 @1:5
		2 leaf=300 @1:18`},
	{"largest values", "(1000000000 -1000000000 999999999.99)", `
		scale=100 root=max
		root inner @1:1
		1 leaf=100000000000 @1:2
		2 leaf=-100000000000 @1:13
		3 leaf=99999999999 @1:25`},
	{"root min", "((1 2) (3 4))[min]", `
		scale=1 root=min
		root inner @1:1
		1 inner @1:2
		1.1 leaf=1 @1:3
		1.2 leaf=2 @1:5
		2 inner @1:8
		2.1 leaf=3 @1:9
		2.2 leaf=4 @1:11`},
	{"root max, space before the bracket", "(1 2) [max]", `
		scale=1 root=max
		root inner @1:1
		1 leaf=1 @1:2
		2 leaf=2 @1:4`},
	{"root annotations", "root:(1 2)[eval=3, min key=r]", `
		scale=1 root=min
		root name=root inner eval=3 key=r @1:1
		1 leaf=1 @1:7
		2 leaf=2 @1:9`},
	{"every annotation", "A:((3 12)[eval=5] 12[capture] (1 2)[eval=-1 check] (5 6)[pass] (1 2)[key=p1] 7[promotion] 8[x + = key=+07] 9[promo key=-3])", `
		scale=1 root=max
		root name=A inner @1:1
		1 inner eval=5 @1:4
		1.1 leaf=3 @1:5
		1.2 leaf=12 @1:7
		2 leaf=12 capture @1:19
		3 inner eval=-1 check @1:31
		3.1 leaf=1 @1:32
		3.2 leaf=2 @1:34
		4 inner pass @1:52
		4.1 leaf=5 @1:53
		4.2 leaf=6 @1:55
		5 inner key=p1 @1:64
		5.1 leaf=1 @1:65
		5.2 leaf=2 @1:67
		6 leaf=7 promotion @1:78
		7 leaf=8 capture check promotion key=7 @1:91
		8 leaf=9 promotion key=-3 @1:108`},
	{"player marks", "(((3 5)[min] (2 9)[min])[min] ((8 1)[min] (6 7)[max, eval=1])[min])", `
		scale=1 root=max
		root inner @1:1
		1 inner player=min @1:2
		1.1 inner player=min @1:3
		1.1.1 leaf=3 @1:4
		1.1.2 leaf=5 @1:6
		1.2 inner player=min @1:14
		1.2.1 leaf=2 @1:15
		1.2.2 leaf=9 @1:17
		2 inner player=min @1:31
		2.1 inner player=min @1:32
		2.1.1 leaf=8 @1:33
		2.1.2 leaf=1 @1:35
		2.2 inner eval=1 player=max @1:43
		2.2.1 leaf=6 @1:44
		2.2.2 leaf=7 @1:46`},
	{"a pass child counts in the paths", "((3 4) (5 6)[pass] (7 8))", `
		scale=1 root=max
		root inner @1:1
		1 inner @1:2
		1.1 leaf=3 @1:3
		1.2 leaf=4 @1:5
		2 inner pass @1:8
		2.1 leaf=5 @1:9
		2.2 leaf=6 @1:11
		3 inner @1:20
		3.1 leaf=7 @1:21
		3.2 leaf=8 @1:23`},
	{"a pass leaf", "(1 2[pass])", `
		scale=1 root=max
		root inner @1:1
		1 leaf=1 @1:2
		2 leaf=2 pass @1:4`},
	{"shared keys", "((1 2)[key=t] (3 (1 2)[key=t]))", `
		scale=1 root=max
		root inner @1:1
		1 inner key=t @1:2
		1.1 leaf=1 @1:3
		1.2 leaf=2 @1:5
		2 inner @1:15
		2.1 leaf=3 @1:16
		2.2 inner key=t @1:18
		2.2.1 leaf=1 @1:19
		2.2.2 leaf=2 @1:21`},
	{"empty annotations", "(1 2)[]", `
		scale=1 root=max
		root inner @1:1
		1 leaf=1 @1:2
		2 leaf=2 @1:4`},
	{"a single leaf", "  5  ", `
		scale=1 root=max
		root leaf=5 @1:3`},
	{"a named single leaf with a byte order mark", "\ufeffa:-2.5", `
		scale=100 root=max
		root name=a leaf=-250 @1:1`},
	{"infinite leaves in every spelling, with decimals, names and an eval", "(inf +inf -inf ∞ +∞ −∞ -∞ a:inf inf:2 b:-∞ 1.5 inf[x] (1)[eval=-inf])", `
		scale=100 root=max
		root inner @1:1
		1 leaf=1125899906842624 @1:2
		2 leaf=1125899906842624 @1:6
		3 leaf=-1125899906842624 @1:11
		4 leaf=1125899906842624 @1:16
		5 leaf=1125899906842624 @1:18
		6 leaf=-1125899906842624 @1:21
		7 leaf=-1125899906842624 @1:24
		8 name=a leaf=1125899906842624 @1:27
		9 name=inf leaf=200 @1:33
		10 name=b leaf=-1125899906842624 @1:39
		11 leaf=150 @1:44
		12 leaf=1125899906842624 capture @1:48
		13 inner eval=-1125899906842624 @1:55
		13.1 leaf=100 @1:56`},
	{"an infinite root", "-inf", `
		scale=1 root=max
		root leaf=-1125899906842624 @1:1`},
	{"windows line ends", "(1\r\n 2)", `
		scale=1 root=max
		root inner @1:1
		1 leaf=1 @1:2
		2 leaf=2 @2:2`},
}

func TestParse(t *testing.T) {
	for _, tc := range goodInputs {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := Parse("tree", tc.text)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.text, err)
			}
			if got, want := dump(tr, true), trimDump(tc.want); got != want {
				t.Errorf("Parse(%q):\n%s\nwant:\n%s", tc.text, got, want)
			}
			if tr.Source != "tree" {
				t.Errorf("Source = %q, want %q", tr.Source, "tree")
			}
		})
	}
}

// badInputs are texts Parse rejects, with the exact error.
var badInputs = []struct {
	name, text, want string
}{
	{"empty", "", "tree:1:1: unexpected end of the input: expected a number, '(' or NAME:"},
	{"only a comment", "# nothing\n", "tree:2:1: unexpected end of the input: expected a number, '(' or NAME:"},
	{"empty list", "()", "tree:1:1: a node needs at least one child"},
	{"inf run into digits", "(inf5 2)", `tree:1:2: expected ':' after the name "inf5" (a leaf is a number, inf or -inf)`},
	{"two infinities", "(1 ∞∞)", `tree:1:4: malformed value "∞∞": write an integer or a decimal such as 3, -2 or 0.75, or inf or -inf`},
	{"two signs on inf", "(+-inf 1)", `tree:1:2: malformed value "+-inf": write an integer or a decimal such as 3, -2 or 0.75, or inf or -inf`},
	{"infinity spelt out", "(1 a:infinity)", `tree:1:6: malformed value "infinity": write an integer or a decimal such as 3, -2 or 0.75, or inf or -inf`},
	{"inf named again", "(1 a:inf:3)", `tree:1:6: a node has one name: "inf" after a: names it again`},
	{"infinity as a name", "(1 ∞:3)", `tree:1:4: invalid name "∞": ` + nameRule},
	{"infinite leaf below a chance node", "((3 (1 -inf))[chance] 2)", "tree:1:8: leaf 1.2.2 is −∞ below chance node 1: a chance node's value is an average, infinite with an infinite outcome and undefined with +∞ and −∞: give it a finite value"},
	{"infinite eval below a chance node", "((3 (1 2)[eval=inf])[chance] 2)", "tree:1:5: the evaluation of node 1.2 is +∞ below chance node 1: a chance node's value is an average, infinite with an infinite outcome and undefined with +∞ and −∞: give it a finite value"},
	{"inner empty list", "(1 ( ))", "tree:1:4: a node needs at least one child"},
	{"unclosed", "(3 4", "tree:1:5: '(' at 1:1 is never closed"},
	{"unclosed outer", "((3 4)\n", "tree:2:1: '(' at 1:1 is never closed"},
	{"unclosed inner", "(1 (3 4", "tree:1:8: '(' at 1:4 is never closed"},
	{"extra paren", "(3 4))", "tree:1:6: unexpected ')' after the end of the tree"},
	{"trailing leaf", "(3 4) 5", "tree:1:7: unexpected '5' after the end of the tree"},
	{"two roots", "(1)\n(2)", "tree:2:1: unexpected '(' after the end of the tree"},
	{"stray close", ")", "tree:1:1: unexpected ')': expected a number, '(' or NAME:"},
	{"stray bracket", "(1 ]", "tree:1:4: unexpected ']': expected a number, '(' or NAME:"},
	{"three decimals", "(3.001 4)", "tree:1:2: value 3.001 has more than two decimals"},
	{"three decimals on line 2", "(1\n  -3.001)", "tree:2:3: value -3.001 has more than two decimals"},
	{"too large", "(1000000001)", "tree:1:2: value 1000000001 is out of range: at most 1000000000 in magnitude"},
	{"too large by a fraction", "(-1000000000.01)", "tree:1:2: value -1000000000.01 is out of range: at most 1000000000 in magnitude"},
	{"very long number", "(123456789012345678901234567890)", "tree:1:2: value 123456789012345678901234567890 is out of range: at most 1000000000 in magnitude"},
	{"point without decimals", "(3. 4)", `tree:1:2: malformed value "3.": write an integer or a decimal such as 3, -2 or 0.75, or inf or -inf`},
	{"point without integer part", "(.5)", `tree:1:2: malformed value ".5": write an integer or a decimal such as 3, -2 or 0.75, or inf or -inf`},
	{"letters after digits", "(3x)", `tree:1:2: malformed value "3x": write an integer or a decimal such as 3, -2 or 0.75, or inf or -inf`},
	{"lone sign", "(1 -)", `tree:1:4: malformed value "-": write an integer or a decimal such as 3, -2 or 0.75, or inf or -inf`},
	{"two signs", "(--1)", `tree:1:2: malformed value "--1": write an integer or a decimal such as 3, -2 or 0.75, or inf or -inf`},
	{"word without colon", "(a b)", `tree:1:2: expected ':' after the name "a" (a leaf is a number, inf or -inf)`},
	{"name before list without colon", "A(1 2)", `tree:1:1: expected ':' after the name "A" (a leaf is a number, inf or -inf)`},
	{"numeric name", "(3:4)", `tree:1:2: invalid name "3": a name starts with a letter or '_' and continues with letters, digits, '_', '.', ''' or '-'`},
	{"bad name character", "(a$b:3)", `tree:1:2: invalid name "a$b": a name starts with a letter or '_' and continues with letters, digits, '_', '.', ''' or '-'`},
	{"name without body", "A:", "tree:1:3: unexpected end of the input: expected a number, '(' or NAME:"},
	{"unexpected character", "(1 @)", "tree:1:4: unexpected '@': expected a number, '(' or NAME:"},
	{"duplicate name", "A:(1 A:2)", `tree:1:6: name "A" is already used at 1:1`},
	{"duplicate name on later lines", "(B:1\n (C:2 B:3))", `tree:2:7: name "B" is already used at 1:2`},
	{"columns count characters", "(é:1 é:2)", `tree:1:6: name "é" is already used at 1:2`},
	{"reserved name", "(root:1 2)", `tree:1:2: the name "root" is reserved for the root`},
	{"eval on a leaf", "(1[eval=3] 2)", "tree:1:4: eval on a leaf: a leaf's value is its evaluation"},
	{"eval with three decimals", "((1 2)[eval=1.234] 3)", "tree:1:13: value 1.234 has more than two decimals"},
	{"eval without value", "((1)[eval] 2)", "tree:1:6: eval needs a value: eval=..."},
	{"eval not a number", "((1)[eval=high] 2)", `tree:1:11: malformed value "high": write an integer or a decimal such as 3, -2 or 0.75, or inf or -inf`},
	{"capture on the root", "(1 2)[capture]", "tree:1:7: capture on the root: no move leads into the root"},
	{"check alias on the root", "(1 2)[+]", "tree:1:7: check on the root: no move leads into the root"},
	{"promotion on the root", "(1 2)[=]", "tree:1:7: promotion on the root: no move leads into the root"},
	{"pass on the root", "(1 2)[pass]", "tree:1:7: pass on the root: only a child can be its parent's pass"},
	{"min on a pass", "((1) 2[pass min])", "tree:1:13: min on a pass: a pass always hands the move to the other player"},
	{"pass on a marked node", "((1) (2 3)[max pass])", "tree:1:16: pass on a node marked max: a pass always hands the move to the other player"},
	{"player twice", "((1) 2[min max])", "tree:1:12: min or max given twice"},
	{"unknown annotation", "(1 2[foo])", `tree:1:6: unknown annotation "foo" (known: eval=N, capture, check, promotion, pass, key=K, min, max, chance, p=W, depth=N)`},
	{"unknown annotation with value", "(1 2[weight=3])", `tree:1:6: unknown annotation "weight=3" (known: eval=N, capture, check, promotion, pass, key=K, min, max, chance, p=W, depth=N)`},
	{"key not a name", "((1)[key=3.5] 2)", `tree:1:10: invalid key "3.5": a key is a name or an integer`},
	{"empty key", "((1)[key=] 2)", `tree:1:10: invalid key "": a key is a name or an integer`},
	{"annotation twice", "(1 2[capture x])", "tree:1:14: capture given twice"},
	{"min and max", "(1 2)[min max]", "tree:1:11: min or max given twice"},
	{"two pass children", "((1)[pass] (2)[pass] 3)", "tree:1:12: a node has at most one pass child; the first is at 1:2"},
	{"only a pass child", "(1 ((1)[pass]))", "tree:1:4: a node needs at least one child that is not a pass"},
	{"unclosed annotations", "(1 2[capture", "tree:1:13: '[' at 1:5 is never closed"},
	{"parenthesis in annotations", "(1 2[(])", "tree:1:6: unexpected '(' in the annotations"},
	{"nested too deep", strings.Repeat("(", 1002) + "1" + strings.Repeat(")", 1002), "tree:1:1002: the tree is nested more than 1000 levels deep"},
}

func TestParseErrors(t *testing.T) {
	for _, tc := range badInputs {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := Parse("tree", tc.text)
			if err == nil {
				t.Fatalf("Parse(%q) = %s, want error %q", tc.text, Format(tr), tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("Parse(%q) error:\n got %s\nwant %s", tc.text, err, tc.want)
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Errorf("error %T is not a *SyntaxError", err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans lines: %q", err)
			}
		})
	}
}

func TestSyntaxErrorSource(t *testing.T) {
	_, err := Parse("trees/x.txt", "(1 2")
	if want := "trees/x.txt:1:5: '(' at 1:1 is never closed"; err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}

func TestLabelsAndFind(t *testing.T) {
	tr, err := Parse("tree", "(A:(1 2) (3 b:4))")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		find, label, path string
	}{
		{"root", "root", ""},
		{"", "root", ""},
		{"A", "A", "1"},
		{"1", "A", "1"},
		{"1.2", "1.2", "1.2"},
		{"2", "2", "2"},
		{"b", "b", "2.2"},
		{"2.2", "b", "2.2"},
	}
	for _, tc := range tests {
		n := tr.Find(tc.find)
		if n == nil {
			t.Errorf("Find(%q) = nil", tc.find)
			continue
		}
		if n.Label() != tc.label || n.Path() != tc.path {
			t.Errorf("Find(%q): label %q path %q, want %q %q", tc.find, n.Label(), n.Path(), tc.label, tc.path)
		}
	}
	for _, missing := range []string{"3", "1.3", "B", "2.2.1"} {
		if n := tr.Find(missing); n != nil {
			t.Errorf("Find(%q) = %s, want nil", missing, n.Label())
		}
	}
}

func TestHeightAndCount(t *testing.T) {
	tests := []struct {
		text          string
		height        int
		nodes, leaves int
	}{
		{"5", 0, 1, 1},
		{"(1 2 3)", 1, 4, 3},
		{"((3 12 8) (2 4 6) (14 5 2))", 2, 13, 9},
		{"(1 (2 (3 4)))", 3, 7, 4},
		{"((1 2) ((3 (4)))[pass])", 4, 9, 4},
	}
	for _, tc := range tests {
		tr, err := Parse("tree", tc.text)
		if err != nil {
			t.Fatal(err)
		}
		nodes, leaves := tr.Count()
		if h := tr.Height(); h != tc.height || nodes != tc.nodes || leaves != tc.leaves {
			t.Errorf("%s: height %d, count %d/%d; want %d, %d/%d", tc.text, h, nodes, leaves, tc.height, tc.nodes, tc.leaves)
		}
	}
}

func TestCheckDepth(t *testing.T) {
	tr := mustParse(t, "A:((1 2)[eval=3] B:(4 (5 6))[eval=1] (7 (8))[pass])")
	tests := []struct {
		depth int
		want  string
	}{
		{-1, "depth -1: must be 0 or more"},
		{0, "depth 0 ends the search at node A, which has no static evaluation: annotate it [eval=N] or search deeper (the tree is 3 plies deep)"},
		{1, ""},
		{2, "depth 2 ends the search at node 2.2, which has no static evaluation: annotate it [eval=N] or search deeper (the tree is 3 plies deep)"},
		{3, ""},
		{9, ""},
	}
	for _, tc := range tests {
		err := tr.CheckDepth(tc.depth)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("CheckDepth(%d) = %q, want %q", tc.depth, got, tc.want)
		}
	}
}
