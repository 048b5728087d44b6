package lab

import (
	"bytes"
	"context"
	"strings"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/trace/diff"
	"github.com/prunescope/prunescope/trace/explain"
)

// Changes is what a change of the settings changed in the search of one
// tree, as prunescope diff says it: its text (the two searches, then one
// line per difference, node by node), and the nodes where something
// differs, by trace path, for the page to mark in its drawing.
type Changes struct {
	Text  []string `json:"text"`
	Paths []string `json:"paths"`
	// Differences counts the differences (0: the change changed nothing
	// the searches show).
	Differences int `json:"differences"`
}

// maxChanges is the most differences listed; the totals count them all.
const maxChanges = 30

// ChangesOf compares the searches of tree with the settings before (A) and
// after (B), as prunescope diff compares two searches.
func ChangesOf(ctx context.Context, treeText string, before, after []string) (*Changes, error) {
	a, err := rerun(ctx, treeText, before)
	if err != nil {
		return nil, err
	}
	b, err := rerun(ctx, treeText, after)
	if err != nil {
		return nil, err
	}
	var runs [2]*diff.Run
	for i, r := range []*run{a, b} {
		root, err := diff.Pick(r.rec, 0, 0)
		if err != nil {
			return nil, setup.Failed(err)
		}
		runs[i] = &diff.Run{Name: "AB"[i : i+1], Spec: r.opt.Spec(), Conventions: conventions(r.opt), Rec: r.rec, Root: root}
	}
	res := diff.Compare(runs[0], runs[1])
	var text bytes.Buffer
	if err := diff.WriteText(&text, res, diff.Plain(), diff.TextOptions{Max: maxChanges, More: "(prunescope diff lists them all)"}); err != nil {
		return nil, setup.Failed(err)
	}
	out := &Changes{Text: strings.Split(strings.TrimRight(text.String(), "\n"), "\n"), Paths: []string{}}
	seen := map[string]bool{}
	for _, d := range diff.List(res.Root) {
		out.Differences++
		if p := d.Node.Path; !seen[p] {
			seen[p] = true
			out.Paths = append(out.Paths, p)
		}
	}
	return out, nil
}

// conventions are a search's conventions in words, as diff names them.
func conventions(opt engine.Options) string {
	return explain.Conventions(opt.Algo.String(), opt.Fail.String(), opt.Cutoff.String())
}

// changesRequest asks what a change of the settings changed.
type changesRequest struct {
	Tree   string   `json:"tree"`
	Before []string `json:"before"`
	After  []string `json:"after"`
}

func init() {
	registerJSON("changes", func(ctx context.Context, r changesRequest) (any, error) {
		return ChangesOf(ctx, r.Tree, r.Before, r.After)
	})
}
