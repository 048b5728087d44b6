package student

import (
	"fmt"

	"github.com/prunescope/prunescope/internal/i18n"
)

// stopKind is why the events of a student's trace stop (Converted.Stop).
type stopKind uint8

const (
	stopNone        stopKind = iota
	stopAfterRoot            // a line enters a node after the root returned
	stopRootAgain            // a line enters the root a second time
	stopNotMove              // a line enters a node that is no move from the node open
	stopNotSearched          // ... a move prunescope's search does not make from it
	stopReturns              // a line returns from a node other than the one open
	stopEnds                 // the trace ends with nodes open
)

// stopAt is why the events stop, and where: kept to say it in each
// language (Converted.StopIn); its English is Converted.Stop.
type stopAt struct {
	kind stopKind
	line int    // the student's line
	node string // the node the line enters or returns from, by path ("" the root)
	open string // the node open there, by path ("" the root)
	none bool   // stopReturns: no node is open there
}

// english is the stop in English, as Converted.Stop has it.
func (s stopAt) english() string {
	switch s.kind {
	case stopAfterRoot:
		return fmt.Sprintf("line %d enters %s after the root returned", s.line, nodeWords(s.node))
	case stopRootAgain:
		return fmt.Sprintf("line %d enters the root again", s.line)
	case stopNotMove:
		return fmt.Sprintf("line %d enters %s, which is not a move from %s, the node open there", s.line, nodeWords(s.node), nodeWords(s.open))
	case stopNotSearched:
		return fmt.Sprintf("line %d enters %s, which is not a move prunescope's search makes from %s", s.line, nodeWords(s.node), nodeWords(s.open))
	case stopReturns:
		open := "no node is open there"
		if !s.none {
			open = nodeWords(s.open) + " is the node open there"
		}
		return fmt.Sprintf("line %d: %s returns, but %s", s.line, nodeWords(s.node), open)
	case stopEnds:
		return fmt.Sprintf("the trace ends at line %d, %s still open", s.line, nodeWords(s.open))
	}
	return ""
}

// in is the stop in p's language: one message for each variant its
// grammar needs (the root or a node, a node open there or none).
func (s stopAt) in(p *i18n.Printer) string {
	root, openRoot := s.node == "", s.open == ""
	args := []any{"Line", s.line, "Node", s.node, "Open", s.open}
	switch s.kind {
	case stopAfterRoot:
		return p.T("student.stop.afterroot", args...)
	case stopRootAgain:
		return p.T("student.stop.rootagain", args...)
	case stopNotMove:
		if openRoot {
			return p.T("student.stop.notmove.root", args...)
		}
		return p.T("student.stop.notmove", args...)
	case stopNotSearched:
		if openRoot {
			return p.T("student.stop.notsearched.root", args...)
		}
		return p.T("student.stop.notsearched", args...)
	case stopReturns:
		switch {
		case root && s.none:
			return p.T("student.stop.returns.root.none", args...)
		case s.none:
			return p.T("student.stop.returns.none", args...)
		case root:
			return p.T("student.stop.returns.root", args...)
		case openRoot:
			return p.T("student.stop.returns.openroot", args...)
		}
		return p.T("student.stop.returns", args...)
	case stopEnds:
		if openRoot {
			return p.T("student.stop.ends.root", args...)
		}
		return p.T("student.stop.ends", args...)
	}
	return ""
}

// StopIn is Stop in p's language ("" when the events do not stop).
func (c *Converted) StopIn(p *i18n.Printer) string {
	if c.stop.kind == stopNone || p.Lang() == i18n.En {
		return c.Stop
	}
	return c.stop.in(p)
}
