package lessons

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/prunescope/prunescope/internal/i18n"
	wraptext "github.com/prunescope/prunescope/internal/wrap"
)

// Measure is the widest a line of a lesson's prose is wrapped to, however
// wide the terminal: lines longer than that are hard to read. A narrower
// width (Width) wraps it narrower.
const Measure = 78

// Width is the width the prose is wrapped to for a terminal of the given
// width: Measure at most; 0 (no wrapping) stays 0.
func Width(terminal int) int {
	if terminal <= 0 {
		return 0
	}
	return min(terminal, Measure)
}

// page is a lesson being written: where to, the width its prose is
// wrapped to (0: not wrapped), and the language of its words.
type page struct {
	*bufio.Writer
	width int
	p     *i18n.Printer
}

// WriteList writes the lessons in teaching order: for each its number, name
// and technique, and its title under the technique.
func WriteList(w io.Writer, all []*Lesson, p *i18n.Printer) error {
	width := 0
	for _, l := range all {
		width = max(width, len(l.Name))
	}
	b := bufio.NewWriter(w)
	b.WriteString(p.N("lesson.list.head", int64(len(all))) + "\n\n")
	for i, l := range all {
		fmt.Fprintf(b, "%2d  %-*s  %s\n", i+1, width, l.Name, l.Technique)
		fmt.Fprintf(b, "    %-*s  %s\n", width, "", l.Title)
	}
	b.WriteString("\n" + p.T("lesson.list.foot") + "\n")
	return b.Flush()
}

// WriteShow writes the whole lesson as text for a terminal: the header, the
// explanation, the scenario's commands, what to look for and the questions,
// with their answers when answers is true. The prose is wrapped at width
// columns (0: not wrapped; see Width); commands never are, so that they can
// be copied.
func WriteShow(w io.Writer, l *Lesson, answers bool, width int, p *i18n.Printer) error {
	b := &page{bufio.NewWriter(w), width, p}
	writeHeader(b, l)
	section(b, p.T("lesson.section.explanation"))
	for i, blk := range l.Explanation {
		// Items of one list stay together; other blocks are set apart.
		if i > 0 && !(blk.Bullet && l.Explanation[i-1].Bullet) {
			b.WriteString("\n")
		}
		switch {
		case blk.Pre:
			for _, line := range strings.Split(blk.Text, "\n") {
				b.WriteString("      " + line + "\n")
			}
		case blk.Bullet:
			wrap(b, blk.Text, "  • ", "    ")
		default:
			wrap(b, blk.Text, "  ", "  ")
		}
	}
	section(b, p.T("lesson.section.scenario"))
	for i, s := range l.Steps {
		if i > 0 {
			b.WriteString("\n")
		}
		// Commands are never wrapped, so that they can be copied.
		if s.Caption == "" {
			fmt.Fprintf(b, "  %d. $ %s\n", i+1, s.Line)
			continue
		}
		wrap(b, fmt.Sprintf("%d. %s", i+1, s.Caption), "  ", "     ")
		b.WriteString("     $ " + s.Line + "\n")
	}
	b.WriteString("\n")
	if d := l.Drawings(); len(d) > 0 {
		wrap(b, p.T("lesson.runs", "Name", l.Name, "Drawings", strings.Join(d, ", ")), "  ", "  ")
	} else {
		wrap(b, p.T("lesson.runs.nodrawing", "Name", l.Name), "  ", "  ")
	}
	writeNotes(b, l, answers)
	if !answers {
		b.WriteString("\n" + p.T("lesson.answers.hint", "Name", l.Name) + "\n")
	}
	return b.Flush()
}

// WriteRunHeader writes what lesson run prints before the first command.
func WriteRunHeader(w io.Writer, l *Lesson, width int, p *i18n.Printer) error {
	b := &page{bufio.NewWriter(w), width, p}
	writeHeader(b, l)
	return b.Flush()
}

// WriteStep writes the lines before a command's output: its number and
// caption, the command line as run, and a note for drawings left out.
func WriteStep(w io.Writer, l *Lesson, i int, line string, left []string, width int, p *i18n.Printer) error {
	b := &page{bufio.NewWriter(w), width, p}
	head := fmt.Sprintf("── %d/%d", i+1, len(l.Steps))
	if c := l.Steps[i].Caption; c != "" {
		head += " " + c
	}
	b.WriteString("\n")
	wrap(b, head, "", "   ")
	b.WriteString("$ " + line + "\n")
	if len(left) > 0 {
		b.WriteString(p.T("lesson.drawing.left", "Files", strings.Join(left, ", "), "Name", l.Name) + "\n")
	}
	return b.Flush()
}

// WriteRunEnd writes what lesson run prints after the last command: what to
// look for, and the questions without their answers.
func WriteRunEnd(w io.Writer, l *Lesson, width int, p *i18n.Printer) error {
	b := &page{bufio.NewWriter(w), width, p}
	writeNotes(b, l, false)
	b.WriteString("\n" + p.T("lesson.answers.hint", "Name", l.Name) + "\n")
	return b.Flush()
}

func writeHeader(b *page, l *Lesson) {
	b.WriteString(l.Title + "\n")
	b.WriteString(strings.Repeat("═", utf8.RuneCountInString(l.Title)) + "\n")
	labels := []string{b.p.T("lesson.header.lesson"), b.p.T("lesson.header.technique"), b.p.T("lesson.header.source")}
	w := 0
	for _, s := range labels {
		w = max(w, utf8.RuneCountInString(s))
	}
	indent := strings.Repeat(" ", w+2)
	pad := func(s string) string { return s + strings.Repeat(" ", w+2-utf8.RuneCountInString(s)) }
	wrap(b, l.Name, pad(labels[0]), indent)
	wrap(b, l.Technique, pad(labels[1]), indent)
	wrap(b, l.Credit, pad(labels[2]), indent)
}

func writeNotes(b *page, l *Lesson, answers bool) {
	section(b, b.p.T("lesson.section.lookfor"))
	for _, n := range l.LookFor {
		wrap(b, n, "  • ", "    ")
	}
	section(b, b.p.T("lesson.section.questions"))
	for i, q := range l.Questions {
		if i > 0 {
			b.WriteString("\n")
		}
		wrap(b, fmt.Sprintf("%d. %s", i+1, q.Q), "  ", "     ")
		if answers {
			wrap(b, b.p.T("lesson.answer")+" "+q.A, "     ", "     ")
		}
	}
}

func section(b *page, title string) {
	b.WriteString("\n" + title + "\n")
}

// wrap writes text wrapped to the page's width, the first line after
// first, the others after rest. A word longer than the line stays whole, and
// so do a `code span` and a window "(3, +∞)", so that a formula or a window
// is never cut in two (package wrap).
func wrap(b *page, text, first, rest string) {
	lines := wraptext.Text(text, b.width-utf8.RuneCountInString(first), b.width-utf8.RuneCountInString(rest))
	for i, l := range lines {
		if i == 0 {
			b.WriteString(first + l + "\n")
		} else {
			b.WriteString(rest + l + "\n")
		}
	}
}
