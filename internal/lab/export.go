package lab

import (
	"bytes"
	"context"
	"strings"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine/tree"
)

// Export is the lab's tree in the forms prunescope reads (the share tab
// offers them as files): the text on one line, the text indented, and
// JSON; and the commands that make the same search and the same lab.
type Export struct {
	Text     string `json:"text"`
	Indented string `json:"indented"`
	JSON     string `json:"json"`
	Search   string `json:"search"`
	Lab      string `json:"lab"`
}

// ExportOf is the export of a tree (its text, or a built-in tree's name)
// searched with the settings args.
func ExportOf(treeText string, args []string) (*Export, error) {
	t, err := tree.Load(treeText, strings.NewReader(""))
	if err != nil {
		return nil, setup.BadInput("", err)
	}
	var js bytes.Buffer
	if err := tree.WriteJSON(&js, t); err != nil {
		return nil, setup.BadInput("", err)
	}
	text := tree.Format(t)
	return &Export{
		Text: text, Indented: tree.FormatIndented(t), JSON: js.String(),
		Search: Command(text, args),
		Lab:    strings.Replace(Command(text, args), "prunescope search ", "prunescope lab ", 1) + " --out lab.html",
	}, nil
}

func init() {
	registerJSON("export", func(ctx context.Context, r searchRequest) (any, error) {
		return ExportOf(r.Tree, r.Args)
	})
}
