package quiz

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// Kind is what a question asks.
type Kind uint8

const (
	Value  Kind = iota // the root's value
	Best               // the best root move
	Never              // the leaves never evaluated
	Window             // the window a node is searched with
	At                 // the value a node returns (exact, or a bound)
)

// Question is one question of a quiz: a kind, and the node it is about for
// Window and At.
type Question struct {
	Kind Kind
	Node *tree.Node
}

// ID names the question as answers and reports write it: value, best,
// never, window 2, at 2.
func (q Question) ID() string {
	switch q.Kind {
	case Value:
		return "value"
	case Best:
		return "best"
	case Never:
		return "never"
	case Window:
		return "window " + label(q.Node)
	}
	return "at " + label(q.Node)
}

// TitleIn is Title in p's language.
func (q Question) TitleIn(p *i18n.Printer) string {
	switch q.Kind {
	case Value:
		return p.T("quiz.title.value")
	case Best:
		return p.T("quiz.title.best")
	case Never:
		return p.T("quiz.title.never")
	case Window:
		return p.T("quiz.title.window", "Node", label(q.Node))
	}
	return p.T("quiz.title.at", "Node", label(q.Node))
}

// Title names the question in a report line.
func (q Question) Title() string {
	switch q.Kind {
	case Value:
		return "root value"
	case Best:
		return "best move"
	case Never:
		return "never evaluated"
	case Window:
		return "window of " + label(q.Node)
	}
	return "value of " + label(q.Node)
}

// Answer is a student's answer to one question.
type Answer struct {
	Question
	Text string // as written

	Num        int64       // Value and At: the number, raw (see numOff)
	Bound      score.Bound // Value and At: Exact for a plain number, Upper for <=, Lower for >=
	Alpha      int64       // Window
	Beta       int64       // Window
	Unsearched bool        // Window and At: "the node is never searched"
	Move       *tree.Node  // Best
	Nodes      []*tree.Node

	// numOff, alphaOff and betaOff hold a number as written when it is no
	// whole number of the tree's raw units (15/2 in a tree whose values
	// are thirds); Num, Alpha or Beta is then 0 and means nothing. No value
	// or window edge a search of the tree gives is such a number, but the
	// answer is read and graded all the same (a plain average may be one).
	numOff, alphaOff, betaOff *big.Rat
}

// numIs reports whether the answer's number is v (raw units).
func (a *Answer) numIs(v int64) bool { return a.numOff == nil && a.Num == v }

// windowIs reports whether the answer's window is (alpha, beta).
func (a *Answer) windowIs(alpha, beta int64) bool {
	return a.alphaOff == nil && a.betaOff == nil && a.Alpha == alpha && a.Beta == beta
}

// numRat is the answer's number exactly, in the tree's values (not raw
// units); nil for an infinity.
func (q *Quiz) numRat(a *Answer) *big.Rat {
	if a.numOff != nil {
		return a.numOff
	}
	if score.IsInf(a.Num) {
		return nil
	}
	return big.NewRat(a.Num, q.scale())
}

// Answers are a student's answers, at most one per question.
type Answers struct {
	List []*Answer
}

// Get returns the answer to q, or nil.
func (a *Answers) Get(q Question) *Answer {
	if a == nil {
		return nil
	}
	for _, x := range a.List {
		if x.Kind == q.Kind && x.Node == q.Node {
			return x
		}
	}
	return nil
}

func (a *Answers) add(x *Answer, at place) error {
	if a.Get(x.Question) != nil {
		return errorAt(at, "%s is answered twice", x.ID())
	}
	a.List = append(a.List, x)
	return nil
}

// Syntax explains the answer syntax, for help texts.
const Syntax = `Answers are clauses separated by ';' or new lines, each a question and its
answer; ':' or '=' after the question is optional:
  value 3                  the root's value
  best 1                   the best root move (its path, or its name)
  never 2.2 2.3            the leaves never evaluated, by path or name, spaces
                           or commas between them; none when every leaf is;
                           a subtree never searched may be named by its root
                           instead of its leaves (never 3.2: all of 3.2's)
  window 2: (3, +inf)      the window (α, β) node 2 is searched with;
                           inf, +inf, ∞, -inf, −∞ are infinities
  at 2: <=3                the value node 2 returns: 3 exact, <=3 (≤3, at most 3)
                           an upper bound, >=5 (≥5, at least 5) a lower bound;
                           a leaf's value is exact, whatever its window
  window 2.2: -            "-" or "not searched" for a node never searched
A number may be whole (3), a decimal (-2.5) or a fraction (15/2, -7/3)
wherever a value is asked; it is read exactly. Also accepted: "root value",
"best move", "never evaluated", "pruned", "value at 2", "returns 2". The
root is "root". A window or value of a node the quiz did not ask about may
be added: it is checked and scored too.`

// ParseAnswers reads answers in the answer syntax (see Syntax). where names
// the input in errors (e.g. "--answer").
func (q *Quiz) ParseAnswers(text, where string) (*Answers, error) {
	a := &Answers{}
	for i, clause := range splitClauses(text) {
		clause = strings.TrimSpace(clause)
		w := place{src: where, clause: i + 1, text: clause}
		if clause == "" {
			continue
		}
		x, err := q.parseClause(clause, nil, w)
		if err != nil {
			return nil, err
		}
		if err := a.add(x, w); err != nil {
			return nil, err
		}
	}
	if len(a.List) == 0 {
		return nil, errorf(where, "no answer given (%s)", q.Example())
	}
	return a, nil
}

// ParseLines reads answers one per line, in the order of the questions: a
// line without a question word answers the question of its rank, a line with
// one answers that question. Empty lines leave a question unanswered; lines
// starting with # are comments. where names the input in errors.
func (q *Quiz) ParseLines(r io.Reader, where string) (*Answers, error) {
	a := &Answers{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	line, rank := 0, 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(text, "#") {
			continue
		}
		rank++
		if text == "" {
			continue
		}
		w := place{src: where, line: line}
		for i, clause := range splitClauses(text) {
			if strings.TrimSpace(clause) == "" {
				continue
			}
			var def *Question
			if i == 0 && rank <= len(q.Questions) {
				def = &q.Questions[rank-1]
			}
			x, err := q.parseClause(clause, def, w)
			if err != nil {
				return nil, err
			}
			if err := a.add(x, w); err != nil {
				return nil, err
			}
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, errorAt(place{src: where, line: line + 1}, "longer than 1 MiB")
		}
		return nil, errorf(where, "%v", err)
	}
	return a, nil
}

// Ask puts the questions to a student one at a time on out and reads each
// answer from in; an answer it cannot read is explained and asked again, an
// empty one skips the question. It returns what was answered when in ends.
// echo writes each answer after its prompt, as a terminal would show it
// typed, for answers that come from a pipe.
func (q *Quiz) Ask(in io.Reader, out io.Writer, echo bool) (*Answers, error) {
	a := &Answers{}
	sc := bufio.NewScanner(in)
	for i := range q.Questions {
		qu := q.Questions[i]
		for {
			fmt.Fprintf(out, "%d. %s\n> ", i+1, q.Prompt(qu))
			if !sc.Scan() {
				fmt.Fprintln(out)
				return a, sc.Err()
			}
			text := strings.TrimSpace(sc.Text())
			if echo {
				fmt.Fprintln(out, text)
			}
			if text == "" {
				break
			}
			x, err := q.parseClause(text, &qu, place{})
			if err == nil && (x.Kind != qu.Kind || x.Node != qu.Node) {
				err = errorf("", "that answers %q, but the question is %q", x.ID(), qu.ID())
			}
			if err != nil {
				fmt.Fprintln(out, q.p().T("quiz.ask.again", "Error", err))
				continue
			}
			a.List = append(a.List, x)
			break
		}
	}
	return a, nil
}

// place is where in the answers a clause stands, as an error names it
// ("--answer: clause 2 \"best 9\"", "stdin line 3"), in every language:
// the clause's words are the student's, the rest the language's.
type place struct {
	src    string // the input: --answer, stdin
	clause int    // ParseAnswers: the clause's rank from 1 (0: none), and its text
	text   string
	line   int // ParseLines: the line from 1 (0: none)
}

// String is the place in English.
func (pl place) String() string {
	switch {
	case pl.clause > 0:
		return fmt.Sprintf("%s: clause %d %q", pl.src, pl.clause, pl.text)
	case pl.line > 0:
		return fmt.Sprintf("%s line %d", pl.src, pl.line)
	}
	return pl.src
}

// in is the place in p's language: the input named as it is (a flag),
// but standard input in words.
func (pl place) in(p *i18n.Printer) string {
	switch {
	case pl.clause > 0:
		return p.T("quiz.where.clause", "Where", pl.src, "Clause", pl.clause, "Text", strconv.Quote(pl.text))
	case pl.line > 0 && pl.src == "stdin":
		return p.T("quiz.where.stdin", "Line", pl.line)
	case pl.line > 0:
		return p.T("quiz.where.line", "Where", pl.src, "Line", pl.line)
	}
	return pl.src
}

// splitClauses splits answers on ';' and new lines.
func splitClauses(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return r == ';' || r == '\n' || r == '\r' })
}

// keywords maps the words that open a clause to the question they answer,
// longest first so that "root value" is not read as "root".
var keywords = []struct {
	word string
	kind Kind
}{
	{"never evaluated", Never}, {"never-evaluated", Never}, {"not evaluated", Never}, {"not-evaluated", Never},
	{"root value", Value}, {"root-value", Value}, {"best move", Best}, {"best-move", Best},
	{"value at", At}, {"value of", At}, {"window of", Window}, {"window at", Window},
	{"unevaluated", Never}, {"pruned", Never}, {"never", Never}, {"leaves", Never},
	{"bestmove", Best}, {"best", Best}, {"move", Best},
	{"window", Window}, {"returns", At}, {"return", At}, {"at", At},
	{"value", Value}, {"root", Value},
}

// AnswerWords are the words that open an answer's clause (value, best,
// never, window, at, ...): typed in every language, so names an error keeps
// in every language.
func AnswerWords() []string {
	out := make([]string, len(keywords))
	for i, k := range keywords {
		out[i] = k.word
	}
	return out
}

// keyword splits a clause into its question word, if it has one, and the rest.
func keyword(clause string) (Kind, string, bool) {
	lower := strings.ToLower(clause)
	for _, k := range keywords {
		if !strings.HasPrefix(lower, k.word) {
			continue
		}
		rest := clause[len(k.word):]
		if r, _ := firstRune(rest); r != 0 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || r == '.') {
			continue // a longer word, or a node name that starts like one
		}
		if k.word == "root" && !looksNumeric(rest) {
			continue // "root" alone is the root node, as in "best root"
		}
		return k.kind, rest, true
	}
	return 0, clause, false
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, 1
	}
	return 0, 0
}

// looksNumeric reports whether s, after separators, starts like a value.
func looksNumeric(s string) bool {
	s = strings.TrimLeft(s, " \t:=")
	r, _ := firstRune(s)
	return r != 0 && (unicode.IsDigit(r) || strings.ContainsRune("+-−∞<>≤≥", r) || strings.HasPrefix(strings.ToLower(s), "inf"))
}

// parseClause reads one clause. def is the question a clause without a
// question word answers (nil: the word is required).
func (q *Quiz) parseClause(clause string, def *Question, where place) (*Answer, error) {
	clause = strings.TrimSpace(clause)
	kind, rest, ok := keyword(clause)
	if !ok {
		if def == nil {
			return nil, errorAt(where, "start with the question it answers: value, best, never, window NODE or at NODE (e.g. %s)", q.Example())
		}
		kind = def.Kind
	}
	x := &Answer{Question: Question{Kind: kind}, Text: clause}
	rest = trimSep(rest)
	var err error
	switch kind {
	case Value:
		err = q.parseValue(x, rest)
	case Best:
		err = q.parseBest(x, rest)
	case Never:
		err = q.parseNever(x, rest)
	case Window, At:
		if q.ix.chance {
			return nil, errorAt(where, "a quiz on chance nodes asks for the root's value, the best move and the leaves never evaluated, not for the windows or values of nodes")
		}
		if def != nil && def.Kind == kind && def.Node != nil {
			// Positional: the whole line may be the answer about def's node.
			x.Node = def.Node
			if q.parseNodeAnswer(x, rest) == nil {
				return x, nil
			}
		}
		var node *tree.Node
		if node, rest, err = q.splitNode(rest, def, kind); err == nil {
			x.Node = node
			if kind == Window {
				err = q.parseWindow(x, rest)
			} else {
				err = q.parseAt(x, rest)
			}
		}
	}
	if err != nil {
		return nil, errorAt(where, "%v", err)
	}
	return x, nil
}

func (q *Quiz) parseNodeAnswer(x *Answer, rest string) error {
	if x.Kind == Window {
		return q.parseWindow(x, rest)
	}
	return q.parseAt(x, rest)
}

// trimSep removes the separator people put after a question word or a node,
// ':' or '=', but not the '=' of a bound mark (=<3, =>5).
func trimSep(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimSpace(strings.TrimPrefix(s, ":"))
	if rest, ok := strings.CutPrefix(s, "="); ok && !strings.HasPrefix(rest, "<") && !strings.HasPrefix(rest, ">") {
		s = strings.TrimSpace(rest)
	}
	return s
}

func (q *Quiz) parseValue(x *Answer, rest string) error {
	if rest == "" {
		return i18n.Errorf("value: give the root's value, e.g. value 3")
	}
	num, b, unsearched, err := q.parseBounded(rest)
	if err != nil {
		return i18n.Errorf("value: %v", err)
	}
	if unsearched {
		return i18n.Errorf("value: the root is always searched: give its value, e.g. value 3")
	}
	x.Num, x.numOff, x.Bound = num.raw, num.off, b
	return nil
}

func (q *Quiz) parseBest(x *Answer, rest string) error {
	fields := strings.Fields(strings.NewReplacer(",", " ").Replace(rest))
	switch len(fields) {
	case 0:
		return i18n.Errorf("best: name the best root move, e.g. best 1")
	case 1:
	default:
		return i18n.Errorf("best: give one move, not %d (%s)", len(fields), rest)
	}
	n := q.ix.find(fields[0])
	if n == nil {
		return q.noNode("best", fields[0])
	}
	x.Move = n
	return nil
}

func (q *Quiz) parseNever(x *Answer, rest string) error {
	fields := strings.Fields(strings.NewReplacer(",", " ", "{", " ", "}", " ", "[", " ", "]", " ").Replace(rest))
	if len(fields) == 0 {
		return i18n.Errorf("never: list the leaves never evaluated, or write none")
	}
	if len(fields) == 1 {
		switch strings.ToLower(fields[0]) {
		case "none", "-", "nothing", "no", "∅":
			return nil
		}
	}
	seen := map[*tree.Node]bool{}
	for _, f := range fields {
		if strings.EqualFold(f, "and") {
			continue
		}
		n := q.ix.find(f)
		if n == nil {
			return q.noNode("never", f)
		}
		if !seen[n] {
			seen[n] = true
			x.Nodes = append(x.Nodes, n)
		}
	}
	slices.SortFunc(x.Nodes, func(a, b *tree.Node) int { return q.ix.order[a] - q.ix.order[b] })
	return nil
}

// splitNode takes the node off the front of a window or at clause: before a
// colon, or the first word when more follows. Without one the clause is about
// the node of def.
func (q *Quiz) splitNode(rest string, def *Question, kind Kind) (*tree.Node, string, error) {
	word := "at"
	if kind == Window {
		word = "window"
		if !q.Opt.Algo.Prunes() {
			return nil, "", i18n.Errorf("window: %s searches without windows; ask for the value with at NODE", q.Opt.Algo)
		}
	}
	name, after := "", rest
	if before, a, ok := strings.Cut(rest, ":"); ok && !strings.ContainsAny(before, "([") {
		name, after = strings.TrimSpace(before), a
	} else if f := strings.Fields(rest); len(f) > 1 && q.ix.find(strings.TrimRight(f[0], "=")) != nil {
		name, after = strings.TrimRight(f[0], "="), strings.TrimSpace(rest[strings.Index(rest, f[0])+len(f[0]):])
	} else if eq, a, ok := strings.Cut(rest, "="); ok && q.ix.find(strings.TrimSpace(eq)) != nil {
		name, after = strings.TrimSpace(eq), a
	} else if len(f) == 1 && q.ix.find(f[0]) != nil && (def == nil || def.Kind != kind) {
		name, after = f[0], ""
	}
	if name == "" {
		if def != nil && def.Kind == kind && def.Node != nil {
			return def.Node, trimSep(after), nil
		}
		return nil, "", i18n.Errorf("%s: name the node, e.g. %s", word, exampleFor(kind))
	}
	n := q.ix.find(name)
	if n == nil {
		return nil, "", q.noNode(word, name)
	}
	return n, trimSep(after), nil
}

func exampleFor(k Kind) string {
	if k == Window {
		return "window 2: (3, +inf)"
	}
	return "at 2: <=3"
}

func (q *Quiz) parseWindow(x *Answer, rest string) error {
	if isUnsearched(rest) {
		x.Unsearched = true
		return nil
	}
	s := closeSlashes(strings.TrimSpace(rest))
	s = strings.TrimLeft(s, "([]")
	s = strings.TrimRight(s, ")[]")
	fields := strings.Fields(strings.ReplaceAll(s, ",", " "))
	var vals [2]number
	var set [2]bool
	pos := 0
	for _, f := range fields {
		slot := -1
		if name, v, ok := strings.Cut(f, "="); ok {
			switch strings.ToLower(name) {
			case "α", "alpha", "a":
				slot = 0
			case "β", "beta", "b":
				slot = 1
			default:
				return i18n.Errorf("window of %s: %q: write the window as (α, β), e.g. (3, +inf)", label(x.Node), f)
			}
			f = v
		}
		if slot < 0 {
			slot = pos
			pos++
		}
		if slot > 1 || set[slot] {
			return i18n.Errorf("window of %s: %q: a window is two numbers, (α, β)", label(x.Node), rest)
		}
		v, err := q.parseNumber(f)
		if err != nil {
			return i18n.Errorf("window of %s: %v", label(x.Node), err)
		}
		vals[slot], set[slot] = v, true
	}
	if !set[0] || !set[1] {
		return i18n.Errorf("window of %s: %q: a window is two numbers, (α, β), e.g. (3, +inf)", label(x.Node), rest)
	}
	x.Alpha, x.alphaOff, x.Beta, x.betaOff = vals[0].raw, vals[0].off, vals[1].raw, vals[1].off
	return nil
}

func (q *Quiz) parseAt(x *Answer, rest string) error {
	if rest == "" {
		return i18n.Errorf("at %s: give the value it returns, e.g. 3, <=3 or >=5", label(x.Node))
	}
	num, b, unsearched, err := q.parseBounded(rest)
	if err != nil {
		return i18n.Errorf("at %s: %v", label(x.Node), err)
	}
	x.Num, x.numOff, x.Bound, x.Unsearched = num.raw, num.off, b, unsearched
	return nil
}

// parseBounded reads a value with an optional bound mark: 3, =3, <=3, ≤3,
// at most 3, >=5, ≥5, at least 5; or that the node is never searched.
func (q *Quiz) parseBounded(s string) (number, score.Bound, bool, error) {
	if isUnsearched(s) {
		return number{}, score.NoBound, true, nil
	}
	t := closeSlashes(strings.TrimSpace(s))
	lower := strings.ToLower(t)
	b := score.Exact
	for _, p := range []struct {
		mark  string
		bound score.Bound
	}{
		{"<=", score.Upper}, {"=<", score.Upper}, {"≤", score.Upper}, {"at most", score.Upper},
		{">=", score.Lower}, {"=>", score.Lower}, {"≥", score.Lower}, {"at least", score.Lower},
		{"exactly", score.Exact}, {"exact", score.Exact}, {"=", score.Exact},
	} {
		if strings.HasPrefix(lower, p.mark) {
			b, t = p.bound, strings.TrimSpace(t[len(p.mark):])
			break
		}
	}
	if strings.HasPrefix(t, "<") || strings.HasPrefix(t, ">") {
		return number{}, 0, false, i18n.Errorf("%q: write <= for an upper bound and >= for a lower bound (a search proves ≤ or ≥, never < or >)", s)
	}
	v, err := q.parseNumber(t)
	if err != nil {
		return number{}, 0, false, err
	}
	return v, b, false, nil
}

// number is a number read from an answer: raw, in the tree's raw units,
// when it is a whole number of them, else off, the number exactly.
type number struct {
	raw int64
	off *big.Rat
}

// parseNumber reads a number, or an infinity: a whole number, a decimal
// (-2.5) or a fraction (15/2, -7/3), exactly. A number that is no whole
// number of the tree's raw units is read all the same (number.off): it is
// no value of the tree, but it may be a student's answer.
func (q *Quiz) parseNumber(s string) (number, error) {
	t := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(s, "−", "-")))
	switch t {
	case "inf", "+inf", "∞", "+∞", "infinity", "+infinity":
		return number{raw: score.Inf}, nil
	case "-inf", "-∞", "-infinity":
		return number{raw: -score.Inf}, nil
	case "":
		return number{}, i18n.Errorf("a number is missing")
	}
	if !isExact(t) {
		return number{}, i18n.Errorf("%q is not a number (write 3, -2.5 or a fraction such as 15/2)", s)
	}
	r, ok := new(big.Rat).SetString(strings.TrimPrefix(t, "+"))
	if !ok {
		return number{}, i18n.Errorf("%q is not a number (write 3, -2.5 or a fraction such as 15/2)", s)
	}
	if !r.Num().IsInt64() || !r.Denom().IsInt64() {
		return number{}, i18n.Errorf("%q has too many digits", s)
	}
	raw := new(big.Rat).Mul(r, new(big.Rat).SetInt64(q.scale()))
	if !raw.IsInt() {
		return number{off: r}, nil
	}
	if !raw.Num().IsInt64() || score.IsInf(raw.Num().Int64()) || !score.Sane(raw.Num().Int64()) {
		return number{}, i18n.Errorf("%q is too large", s)
	}
	return number{raw: raw.Num().Int64()}, nil
}

// ratText formats an exact number as people read it: a decimal when it has
// a finite one (7.5), else a fraction (20/3).
func ratText(r *big.Rat) string {
	return string(score.AppendDecimal(nil, r.Num().Int64(), r.Denom().Int64()))
}

func isUnsearched(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "-", "—", "none", "not searched", "never searched", "unsearched", "pruned", "never", "not visited":
		return true
	}
	return false
}

func (q *Quiz) noNode(word, name string) error {
	return i18n.Errorf("%s: the tree has no node %q (name nodes by path, such as 2.1, by name, or root)", word, name)
}

// Example is an answer in the syntax, with the quiz's own questions and made-up
// values, for messages and help.
func (q *Quiz) Example() string {
	var parts []string
	for _, qu := range q.Questions {
		switch qu.Kind {
		case Value:
			parts = append(parts, "value V")
		case Best:
			parts = append(parts, "best MOVE")
		case Never:
			parts = append(parts, "never LEAF LEAF ...")
		case Window:
			parts = append(parts, "window "+label(qu.Node)+": (A, B)")
		case At:
			parts = append(parts, "at "+label(qu.Node)+": V")
		}
	}
	return strings.Join(parts, "; ")
}
