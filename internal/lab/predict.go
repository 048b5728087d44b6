package lab

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/lessons/quiz"
	"github.com/prunescope/prunescope/trace"
)

// Predict, then see: before a step of the search the page asks what the
// step will do, and grades the answer here. The questions are chosen by
// what the step is (trace/step's steps, the very steps the page shows):
//
//   - "cut": a node has its move's value and has moves left: will it cut
//     off now? (yes or no) — asked in both modes;
//   - "window": a node is about to be entered: with which window?
//     (mode "all");
//   - "returns": an inner node is about to return: which value, exact or a
//     bound? (mode "all").
//
// The answers are graded by the quiz (lessons/quiz) on the same tree with
// the same algorithm and conventions: a window or a value exactly as quiz
// --ask-windows checks it, a cut by Quiz.CheckCut; a wrong answer is
// explained with the misconception whose mistaken search gives it. Before
// it asks anything, the predictions check that the quiz's search is the
// lab's: every window and value the steps show is the quiz key's.

// Prediction is one question the page asks before step Step (from 1).
type Prediction struct {
	Step   int    `json:"step"`
	Kind   string `json:"kind"` // cut, window, returns
	Path   string `json:"path"` // the node asked about (its trace path)
	Move   string `json:"move,omitempty"`
	Prompt string `json:"prompt"`
}

// Predictions are the questions of a search, in the order the page asks
// them.
type Predictions struct {
	Error     string       `json:"error,omitempty"`
	Mode      string       `json:"mode,omitempty"`
	Steps     int          `json:"steps,omitempty"`
	Questions []Prediction `json:"questions,omitempty"`
}

// Verdict is the grade of one prediction.
type Verdict struct {
	Error    string `json:"error,omitempty"`
	Index    int    `json:"index"`
	Step     int    `json:"step"`
	Right    bool   `json:"right"`
	Given    string `json:"given,omitempty"`
	Expected string `json:"expected,omitempty"`
	// Sentence is the step's own sentence (trace/explain, as the page and
	// prunescope step say it); Explanation why the answer is right or
	// wrong, in the quiz's words; Misconception the mistake named.
	Sentence      string         `json:"sentence,omitempty"`
	Explanation   string         `json:"explanation,omitempty"`
	Misconception *Misconception `json:"misconception,omitempty"`
}

// Misconception is a misconception the quiz names.
type Misconception struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Score is the verdict on every prediction made: the line of the score and
// the wrong ones.
type Score struct {
	Error    string    `json:"error,omitempty"`
	Right    int       `json:"right"`
	Answered int       `json:"answered"`
	Asked    int       `json:"asked"`
	Line     string    `json:"line,omitempty"`
	Wrong    []Verdict `json:"wrong,omitempty"`
}

// predictRequest asks for the questions (predict.questions), the grade of
// one answer (predict: Index, Answer) or the score (predict.score: Answers,
// by the question's index).
type predictRequest struct {
	Tree    string         `json:"tree"`
	Args    []string       `json:"args"`
	Mode    string         `json:"mode"`
	Index   int            `json:"index"`
	Answer  string         `json:"answer"`
	Answers map[int]string `json:"answers"`
}

// predictor is what the predictions of one search need: the quiz on its
// tree, the questions and each step's sentence.
type predictor struct {
	q         *quiz.Quiz
	sentences []string // by step, from 1
	all, cuts []Prediction
	nodes     map[string]*tree.Node // by trace path
}

// The last predictor made, for the next call about the same search (the
// page asks one question at a time).
var lastPredictor struct {
	sync.Mutex
	key string
	p   *predictor
}

func predictorOf(ctx context.Context, treeText string, args []string) (*predictor, error) {
	// The questions, sentences and explanations are in the page's language.
	key := string(i18n.FromContext(ctx)) + "\x00" + treeText + "\x00" + strings.Join(args, "\x00")
	lastPredictor.Lock()
	defer lastPredictor.Unlock()
	if lastPredictor.p != nil && lastPredictor.key == key {
		return lastPredictor.p, nil
	}
	p, err := newPredictor(ctx, treeText, args)
	if err != nil {
		return nil, err
	}
	lastPredictor.key, lastPredictor.p = key, p
	return p, nil
}

func newPredictor(ctx context.Context, treeText string, args []string) (*predictor, error) {
	r, err := rerun(ctx, treeText, args)
	if err != nil {
		return nil, err
	}
	in, opt, lim := r.in, r.opt, r.lim
	if err := predictable(opt); err != nil {
		return nil, err
	}
	spec := quiz.Spec{Tree: in.Tree, Opt: opt, AskWindows: true, RightToLeft: r.flags.input.OrderChildren == "rtl"}
	if lim.Depth < in.Tree.Height() {
		spec.Horizon = lim.Depth // the search stops above some leaves
	}
	q, err := quiz.New(ctx, spec)
	if err != nil {
		return nil, setup.BadInputf("predict: %v", err)
	}
	q.Lang = i18n.FromContext(ctx) // the page's language (Call): the questions and the explanations
	pl, err := r.player()
	if err != nil {
		return nil, setup.Failed(err)
	}
	pl.Info().Lang = string(q.Lang) // the steps' sentences, as the page's (page.Make)
	p := &predictor{q: q, sentences: []string{""}, nodes: map[string]*tree.Node{}}
	paths := map[int64]string{} // trace path by node id
	var last *trace.Event       // the exit that ended the last step
	for i := 1; ; i++ {
		ok, err := pl.Next()
		if err != nil {
			return nil, setup.Failed(err)
		}
		if !ok {
			break
		}
		if i > MaxSteps {
			return nil, setup.BadInputf("the lab shows at most %d steps of a search, and this one has more: make the tree smaller", MaxSteps)
		}
		p.sentences = append(p.sentences, pl.State().Sentence)
		evs := pl.Events()
		// The cut: the step after a move's value, at a node with moves left.
		if last != nil && last.Has&trace.HasParent != 0 {
			at, ok := paths[last.Parent]
			n, by := p.nodes[at], p.nodes[last.Path]
			if ok && n != nil && by != nil && q.MovesLeft(n, by) {
				p.add(Prediction{Step: i, Kind: "cut", Path: at, Move: last.Path, Prompt: q.CutPrompt(n, by)}, true)
			}
		}
		last = nil
		if e := evs[0]; e.Kind == trace.Enter {
			n := q.Find(nameOf(e.Path))
			if n == nil || q.Key.Visits[n] == nil {
				return nil, predictDiffers(e.Path, "the quiz never enters it")
			}
			v := q.Key.Visits[n]
			if e.Has&trace.HasWindow != 0 && (!v.HasWindow || v.Alpha != e.Alpha || v.Beta != e.Beta) {
				return nil, predictDiffers(e.Path, fmt.Sprintf("window %d %d, the quiz's %v %d %d", e.Alpha, e.Beta, v.HasWindow, v.Alpha, v.Beta))
			}
			p.nodes[e.Path], paths[e.Node] = n, e.Path
			if e.Path != "" && v.HasWindow {
				p.add(Prediction{Step: i, Kind: "window", Path: e.Path, Prompt: q.PredictPrompt(quiz.Question{Kind: quiz.Window, Node: n})}, false)
			}
		}
		if x := evs[len(evs)-1]; x.Kind == trace.Exit {
			n := p.nodes[x.Path]
			if n == nil || q.Key.Visits[n] == nil || q.Key.Visits[n].Value != x.Value {
				return nil, predictDiffers(x.Path, fmt.Sprintf("value %d", x.Value))
			}
			if len(evs) == 1 { // an inner node returns (a leaf's step enters it and returns too)
				p.add(Prediction{Step: i, Kind: "returns", Path: x.Path, Prompt: q.PredictPrompt(quiz.Question{Kind: quiz.At, Node: n})}, false)
			}
			last = x
		}
	}
	return p, nil
}

// nameOf is the name the quiz finds a node by: its trace path, "root" for
// the root.
func nameOf(path string) string {
	if path == "" {
		return "root"
	}
	return path
}

func predictDiffers(path, how string) error {
	return setup.Failed(fmt.Errorf("predict: the quiz's search of the tree differs from the lab's at %s (%s)", nameOf(path), how))
}

func (p *predictor) add(x Prediction, cut bool) {
	if cut {
		p.cuts = append(p.cuts, x)
	}
	p.all = append(p.all, x)
}

// predictable refuses settings whose search the quiz does not make: the
// plain algorithms only, with no technique, root window or iterations.
func predictable(opt engine.Options) error {
	switch {
	case !quiz.Supported(opt.Algo) || opt.Algo.ForChance():
		return setup.BadInputf("predict: --algo %s: predict asks about alphabeta, minimax, negamax or branch-bound, as the quiz does", opt.Algo)
	case len(opt.Techniques()) > 0:
		return setup.BadInputf("predict: %s: predict asks about the plain algorithms, as the quiz does; switch it off in the settings", strings.Join(opt.Techniques(), ", "))
	case opt.Iterative:
		return setup.BadInputf("predict: --iterative: predict asks about one search of the tree, as the quiz does")
	case opt.Window.On:
		return setup.BadInputf("predict: --window: predict asks about a search of the root with (−∞, +∞), as the quiz does")
	}
	return nil
}

// questions are the questions of the mode.
func (p *predictor) questions(mode string) ([]Prediction, error) {
	switch mode {
	case "cuts":
		return p.cuts, nil
	case "all":
		return p.all, nil
	}
	return nil, setup.BadInputf("predict: mode %q is not cuts or all", mode)
}

// grade grades the answer to question i of the mode.
func (p *predictor) grade(ctx context.Context, mode string, i int, answer string) (*Verdict, error) {
	qs, err := p.questions(mode)
	if err != nil {
		return nil, err
	}
	if i < 0 || i >= len(qs) {
		return nil, setup.BadInputf("predict: no question %d (this search has %d)", i+1, len(qs))
	}
	x := qs[i]
	q := p.q
	v := &Verdict{Index: i, Step: x.Step, Given: strings.TrimSpace(answer), Sentence: p.sentences[x.Step]}
	given := strconv.Quote(v.Given)
	where := i18n.Phrase{En: "answer " + given, In: func(p *i18n.Printer) string { return p.T("labpredict.answer", "Answer", given) }}
	if x.Kind == "cut" {
		// yes or no, in English or in the words of the page's language,
		// which its question asks for (да или нет, ano, nebo ne).
		pr := i18n.For(q.Lang)
		var yes bool
		switch a := strings.ToLower(v.Given); {
		case a == "yes" || a == "y" || a == pr.T("labpredict.yes"):
			yes = true
		case a == "no" || a == "n" || a == pr.T("labpredict.no"):
		default:
			return nil, setup.BadInputf("predict: %s: write yes or no", where)
		}
		cv, err := q.CheckCut(ctx, p.nodes[x.Path], p.nodes[x.Move], yes)
		if err != nil {
			return nil, setup.Failed(err)
		}
		v.Right, v.Expected, v.Explanation = cv.Correct, yesNo(pr, cv.Cuts), cv.Why
		if cv.Mistake != nil {
			v.Explanation = cv.Mistake.Text
			v.Misconception = misconceptionOf(q.Lang, cv.Mistake.Misconception)
		}
		return v, nil
	}
	kind := quiz.Window
	if x.Kind == "returns" {
		kind = quiz.At
	}
	if v.Given == "" {
		return nil, setup.BadInputf("predict: the answer is empty: type one, or skip the question")
	}
	it, err := q.CheckOne(ctx, quiz.Question{Kind: kind, Node: p.nodes[x.Path]}, v.Given, where)
	if err != nil {
		return nil, setup.BadInputf("predict: %v", err)
	}
	v.Right, v.Expected, v.Given = it.Correct, it.Expected, it.Given
	v.Explanation = it.Note
	if len(it.Mistakes) > 0 {
		v.Explanation = it.Mistakes[0].Text
		v.Misconception = misconceptionOf(q.Lang, it.Mistakes[0].Misconception)
	}
	return v, nil
}

// yesNo is yes or no in p's language.
func yesNo(p *i18n.Printer, b bool) string {
	if b {
		return p.T("labpredict.yes")
	}
	return p.T("labpredict.no")
}

// misconceptionOf is the misconception m, named in l.
func misconceptionOf(l i18n.Lang, m *quiz.Misconception) *Misconception {
	if m == nil {
		return nil
	}
	name := m.Name
	if s, ok := i18n.For(l).Translation("mistake." + m.ID); ok {
		name = s
	}
	return &Misconception{ID: m.ID, Name: name}
}

// score grades every answer given (by question index) and says the score:
// "7 of 9 right (2 skipped); wrong: …".
func (p *predictor) score(ctx context.Context, mode string, answers map[int]string) (*Score, error) {
	qs, err := p.questions(mode)
	if err != nil {
		return nil, err
	}
	s := &Score{Asked: len(qs)}
	pr := i18n.For(i18n.FromContext(ctx)) // the page's language (Call)
	var wrong []string
	for i := range qs {
		a, ok := answers[i]
		if !ok {
			continue
		}
		v, err := p.grade(ctx, mode, i, a)
		if err != nil {
			return nil, err
		}
		s.Answered++
		if v.Right {
			s.Right++
			continue
		}
		s.Wrong = append(s.Wrong, *v)
		w := wrongWords(pr, qs[i].Kind, v)
		if v.Misconception != nil {
			w += " — " + v.Misconception.Name
		}
		wrong = append(wrong, w)
	}
	s.Line = pr.N("lab.predict.score", int64(s.Answered), "Right", s.Right)
	if skipped := s.Asked - s.Answered; skipped > 0 {
		s.Line += pr.N("lab.predict.skipped", int64(s.Asked), "Skipped", skipped)
	}
	if len(wrong) > 0 {
		s.Line += "; " + pr.T("labpredict.wrong", "Wrong", strings.Join(wrong, "; "))
	}
	return s, nil
}

// wrongWords names a wrong answer in the score's line, in p's language:
// "step 9 (cut: no, not yes)"; the answers as given (yes, no, (3, +inf)).
func wrongWords(p *i18n.Printer, kind string, v *Verdict) string {
	switch kind {
	case "cut":
		return p.T("labpredict.wrong.cut", "Step", v.Step, "Given", v.Given, "Expected", v.Expected)
	case "window":
		return p.T("labpredict.wrong.window", "Step", v.Step, "Given", v.Given, "Expected", v.Expected)
	}
	return p.T("labpredict.wrong.returns", "Step", v.Step, "Given", v.Given, "Expected", v.Expected)
}

// errorIn is err as the page shows it, in the language of ctx (the
// page's).
func errorIn(ctx context.Context, err error) string {
	return i18n.For(i18n.FromContext(ctx)).Error(err)
}

func init() {
	registerJSON("predict.questions", func(ctx context.Context, r predictRequest) (any, error) {
		p, err := predictorOf(ctx, r.Tree, r.Args)
		if err != nil {
			return &Predictions{Error: errorIn(ctx, err)}, nil
		}
		qs, err := p.questions(r.Mode)
		if err != nil {
			return &Predictions{Error: errorIn(ctx, err)}, nil
		}
		return &Predictions{Mode: r.Mode, Steps: len(p.sentences) - 1, Questions: qs}, nil
	})
	registerJSON("predict", func(ctx context.Context, r predictRequest) (any, error) {
		p, err := predictorOf(ctx, r.Tree, r.Args)
		if err != nil {
			return &Verdict{Error: errorIn(ctx, err)}, nil
		}
		v, err := p.grade(ctx, r.Mode, r.Index, r.Answer)
		if err != nil {
			return &Verdict{Error: errorIn(ctx, err), Index: r.Index}, nil
		}
		return v, nil
	})
	registerJSON("predict.score", func(ctx context.Context, r predictRequest) (any, error) {
		p, err := predictorOf(ctx, r.Tree, r.Args)
		if err != nil {
			return &Score{Error: errorIn(ctx, err)}, nil
		}
		s, err := p.score(ctx, r.Mode, r.Answers)
		if err != nil {
			return &Score{Error: errorIn(ctx, err)}, nil
		}
		return s, nil
	})
}
