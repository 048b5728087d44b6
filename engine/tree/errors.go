package tree

import (
	"fmt"

	"github.com/prunescope/prunescope/internal/i18n"
)

// SyntaxError reports a problem in a tree's text or JSON form: malformed
// input, or a rule that spans nodes (a name used twice, two pass children).
// Text errors carry the line and column; JSON errors carry the JSON path of the
// offending node or field in Where (and a line and column only when the JSON
// itself is malformed).
type SyntaxError struct {
	Source string // "tree" for inline text, the file name, or "stdin"
	Line   int    // 1-based; 0 when unknown
	Col    int    // 1-based, in characters; 0 when unknown
	Where  string // JSON path such as "tree.children[1].value"; "" for text
	Msg    string
	msg    error // Msg, to say in another language
}

// syntaxError is e with its message msg.
func syntaxError(e SyntaxError, msg error) *SyntaxError {
	e.Msg, e.msg = msg.Error(), msg
	return &e
}

// Error formats the error on one line: "SOURCE:LINE:COL: MSG",
// "SOURCE: WHERE: MSG" for JSON, or "SOURCE: MSG" when there is no position.
func (e *SyntaxError) Error() string {
	switch {
	case e.Where != "":
		return fmt.Sprintf("%s: %s: %s", e.Source, e.Where, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.Source, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Source, e.Msg)
}

// TranslateError is Error in p's language.
func (e *SyntaxError) TranslateError(p *i18n.Printer) string {
	msg := e.Msg
	if e.msg != nil {
		msg = p.Error(e.msg)
	}
	switch {
	case e.Where != "":
		return fmt.Sprintf("%s: %s: %s", e.Source, e.Where, msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.Source, e.Line, e.Col, msg)
	}
	return fmt.Sprintf("%s: %s", e.Source, msg)
}
