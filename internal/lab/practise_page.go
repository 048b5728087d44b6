//go:build !(js && wasm)

package lab

import (
	"context"
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
		params["q"] = commandLine(q)
	}
	return Start{Tree: p.Tree, Args: p.Search, Hold: true, Params: params}, nil
}
