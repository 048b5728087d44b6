package job

import (
	"os"
	"strings"

	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/step"
)

// StepBoards gives the terminal player the position at each node of a
// chess search (nil for other games), replaying the moves of the node's
// path from the input the trace names, as the page's board does.
func StepBoards(info *trace.Info) (func(path string) (step.Board, error), error) {
	if info == nil || info.Game != "chess" {
		return nil, nil
	}
	boards, err := chessBoards(info.Input)
	if err != nil {
		return nil, err
	}
	return func(path string) (step.Board, error) {
		b, err := boards(path)
		return step.Board{FEN: b.FEN, From: b.From, To: b.To}, err
	}, nil
}

// UnicodeLocale reports whether the terminal's character set is UTF-8, as
// the locale says it (LC_ALL, else LC_CTYPE, else LANG): a locale that is
// set and names another character set (C, POSIX, en_US.ISO-8859-1) is not.
// With none set, the terminal is taken to be UTF-8, as the rest of the
// screen (▲ ▼ ├ ✂) takes it.
func UnicodeLocale() bool {
	for _, name := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v := os.Getenv(name); v != "" {
			v = strings.ToLower(v)
			return strings.Contains(v, "utf-8") || strings.Contains(v, "utf8")
		}
	}
	return true
}
