package quiz

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// WriteText writes the verdicts, one line per question with ✓ or ✗ and the
// right answer, each mistake explained on a line of its own below it.
func (r *Report) WriteText(w io.Writer) {
	p := i18n.For(r.Lang)
	shown := func(s string) string { // "not searched" in the language
		if s == "not searched" {
			return p.T("quiz.notsearched")
		}
		return s
	}
	for _, it := range r.Items {
		title := it.TitleIn(p)
		if !it.Asked {
			title = p.T("quiz.report.notasked", "Title", title)
		}
		switch {
		case it.Correct:
			fmt.Fprintf(w, "✓ %s: %s\n", title, it.Given)
			if it.Note != "" {
				fmt.Fprintln(w, p.T("quiz.report.note", "Note", it.Note))
			}
		case it.Answer == nil:
			fmt.Fprintln(w, p.T("quiz.report.unanswered", "Title", title, "Expected", shown(it.Expected)))
		default:
			fmt.Fprintln(w, p.T("quiz.report.wrong", "Title", title, "Expected", shown(it.Expected), "Given", shown(it.Given)))
		}
		for _, m := range it.Mistakes {
			if m.Misconception != nil {
				fmt.Fprintf(w, "    – %s: %s\n", r.name(m.Misconception), m.Text)
			} else {
				fmt.Fprintf(w, "    – %s\n", m.Text)
			}
		}
	}
	score := p.T("quiz.report.score", "Score", r.Score, "Total", r.Total)
	if ms := r.Misconceptions(); len(ms) > 0 {
		names := make([]string, len(ms))
		for i, m := range ms {
			names[i] = r.name(m)
		}
		score = p.T("quiz.report.score.mistakes", "Score", r.Score, "Total", r.Total, "Names", strings.Join(names, "; "))
	}
	fmt.Fprint(w, score)
	fmt.Fprintln(w)
}

// jsonReport is the report for graders.
type jsonReport struct {
	Score          int              `json:"score"`
	Total          int              `json:"total"`
	AllCorrect     bool             `json:"all_correct"`
	Questions      []jsonItem       `json:"questions"`
	Misconceptions []jsonMisconcept `json:"misconceptions"`
}

type jsonItem struct {
	ID       string        `json:"id"`
	Question string        `json:"question"`
	Asked    bool          `json:"asked"`
	Answer   *string       `json:"answer"`
	Expected string        `json:"expected"`
	Correct  bool          `json:"correct"`
	Note     string        `json:"note,omitempty"`
	Mistakes []jsonMistake `json:"mistakes,omitempty"`
}

type jsonMistake struct {
	Misconception string `json:"misconception,omitempty"`
	Explanation   string `json:"explanation"`
}

type jsonMisconcept struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	How       string   `json:"how"`
	Questions []string `json:"questions"`
}

// WriteJSON writes the report as one JSON object: the score, a verdict per
// question with the answer and the right one in the answer syntax, and the
// misconceptions found.
func (r *Report) WriteJSON(w io.Writer, q *Quiz) error {
	out := jsonReport{Score: r.Score, Total: r.Total, AllCorrect: r.AllCorrect(), Questions: []jsonItem{}, Misconceptions: []jsonMisconcept{}}
	for _, it := range r.Items {
		ji := jsonItem{ID: it.ID(), Question: q.Prompt(it.Question), Asked: it.Asked, Expected: q.expectedASCII(it.Question), Correct: it.Correct, Note: it.Note}
		if it.Answer != nil {
			s := q.answerASCII(it.Answer)
			ji.Answer = &s
		}
		for _, m := range it.Mistakes {
			jm := jsonMistake{Explanation: m.Text}
			if m.Misconception != nil {
				jm.Misconception = m.Misconception.ID
			}
			ji.Mistakes = append(ji.Mistakes, jm)
		}
		out.Questions = append(out.Questions, ji)
	}
	for _, m := range r.Misconceptions() {
		jm := jsonMisconcept{ID: m.ID, Name: m.Name, How: "recognised when " + m.How, Questions: []string{}}
		for _, it := range r.Items {
			for _, x := range it.Mistakes {
				if x.Misconception == m {
					jm.Questions = append(jm.Questions, it.ID())
					break
				}
			}
		}
		out.Misconceptions = append(out.Misconceptions, jm)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// answerASCII writes an answer in the answer syntax.
func (q *Quiz) answerASCII(a *Answer) string {
	switch a.Kind {
	case Best, Never:
		return q.givenText(a)
	case Window:
		if a.Unsearched {
			return "not searched"
		}
		return q.asciiGivenWindow(a)
	}
	if a.Unsearched {
		return "not searched"
	}
	return q.asciiNum(a)
}

// jsonKey is the answer key for graders.
type jsonKey struct {
	Tree        string         `json:"tree"`
	Algo        string         `json:"algo"`
	Conventions string         `json:"conventions"`
	Depth       int            `json:"depth"`
	Seed        *uint64        `json:"seed,omitempty"`
	Answer      string         `json:"answer"`
	Questions   []jsonQuestion `json:"questions"`
	Nodes       []jsonNode     `json:"nodes"`
}

type jsonQuestion struct {
	ID       string `json:"id"`
	Question string `json:"question"`
	Expected string `json:"expected"`
}

type jsonNode struct {
	Node      string   `json:"node"`
	Path      string   `json:"path"`
	Side      string   `json:"side"`
	Leaf      bool     `json:"leaf"`
	Searched  bool     `json:"searched"`
	Window    string   `json:"window,omitempty"`
	Returns   string   `json:"returns,omitempty"`
	Bound     string   `json:"bound,omitempty"`
	Evaluated bool     `json:"evaluated"`
	CutAfter  string   `json:"cut_after,omitempty"`
	Pruned    []string `json:"pruned,omitempty"`
	Deep      bool     `json:"deep_cutoff,omitempty"`
}

// WriteKeyJSON writes the answer key as one JSON object.
func (q *Quiz) WriteKeyJSON(w io.Writer) error {
	k := q.Key
	out := jsonKey{Tree: q.Tree.Source, Algo: q.Opt.Spec(), Conventions: q.Conventions(), Depth: q.Depth, Answer: q.KeyLine()}
	if q.Generated {
		seed := q.Gen.Seed
		out.Seed = &seed
	}
	for _, qu := range q.Questions {
		out.Questions = append(out.Questions, jsonQuestion{ID: qu.ID(), Question: q.Prompt(qu), Expected: q.expectedASCII(qu)})
	}
	for _, n := range q.ix.nodes {
		jn := jsonNode{Node: label(n), Path: n.Path(), Side: strings.ToLower(q.who(n)), Leaf: n.Leaf}
		if v := k.visit(n); v != nil {
			jn.Searched, jn.Evaluated = true, v.Evaluated
			if v.HasWindow {
				jn.Window = q.asciiWindow(v.Alpha, v.Beta)
			}
			jn.Returns = q.asciiBounded(v.Value, v.Bound)
			jn.Bound = v.Bound.String()
			if v.Bound == score.NoBound {
				jn.Bound = "none"
			}
			if c := v.Cut; c != nil {
				if c.By != nil { // nil: a chance node cut before any outcome
					jn.CutAfter = label(c.By)
				}
				jn.Pruned = splitLabels(c.Pruned)
				jn.Deep = q.ix.deep(k, n)
			}
		}
		out.Nodes = append(out.Nodes, jn)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
