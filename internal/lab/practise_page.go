//go:build !(js && wasm)

package lab

import (
	"context"
	"strings"
)

// PractiseStart is what the lab opens on for a quiz (prunescope quiz
// --lab): the practise tab, on the quiz that args (quiz check's flags)
// make, its seed and conventions in the address; the quiz's search is made
// (bad input is refused before any page is written) but held out of the
// page until the student checks the answers.
func PractiseStart(ctx context.Context, args []string) (Start, error) {
	p, err := MakePractise(ctx, PractiseRequest{Args: args})
	if err != nil {
		return Start{}, err
	}
	params := map[string]string{"tab": "practise"}
	var q []string
	for i := 0; i < len(p.Args); i++ {
		if p.Args[i] == "--seed" && i+1 < len(p.Args) {
			params["seed"] = p.Args[i+1]
			i++
			continue
		}
		q = append(q, p.Args[i])
	}
	if len(q) > 0 {
		params["q"] = lineOf(q)
	}
	return Start{Tree: p.Tree, Args: p.Search, Hold: true, Params: params}, nil
}

// lineOf writes words as the page's address holds settings (psLab.line):
// a word with a space or a quote in single quotes.
func lineOf(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = shellWord(w)
	}
	return strings.Join(out, " ")
}
