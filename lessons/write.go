package lessons

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// lineWidth is the width the lesson text is wrapped to in a terminal.
const lineWidth = 78

// WriteList writes the lessons in teaching order: for each its number, name
// and technique, and its title under the technique.
func WriteList(w io.Writer, all []*Lesson) error {
	width := 0
	for _, l := range all {
		width = max(width, len(l.Name))
	}
	b := bufio.NewWriter(w)
	for i, l := range all {
		fmt.Fprintf(b, "%2d  %-*s  %s\n", i+1, width, l.Name, l.Technique)
		fmt.Fprintf(b, "    %-*s  %s\n", width, "", l.Title)
	}
	b.WriteString("\nprunescope lesson show NAME tells a lesson, prunescope lesson run NAME runs it.\n")
	return b.Flush()
}

// WriteShow writes the whole lesson as text for a terminal: the header, the
// explanation, the scenario's commands, what to look for and the questions,
// with their answers when answers is true.
func WriteShow(w io.Writer, l *Lesson, answers bool) error {
	b := bufio.NewWriter(w)
	writeHeader(b, l)
	section(b, "What it is and why")
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
	section(b, "Scenario")
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
	wrap(b, fmt.Sprintf("prunescope lesson run %s runs these; with --out DIR it draws %s into DIR.", l.Name, strings.Join(l.Drawings(), ", ")), "  ", "  ")
	writeNotes(b, l, answers)
	if !answers {
		fmt.Fprintf(b, "\n(answers: prunescope lesson show %s --answers)\n", l.Name)
	}
	return b.Flush()
}

// WriteRunHeader writes what lesson run prints before the first command.
func WriteRunHeader(w io.Writer, l *Lesson) error {
	b := bufio.NewWriter(w)
	writeHeader(b, l)
	return b.Flush()
}

// WriteStep writes the lines before a command's output: its number and
// caption, the command line as run, and a note for drawings left out.
func WriteStep(w io.Writer, l *Lesson, i int, line string, left []string) error {
	b := bufio.NewWriter(w)
	head := fmt.Sprintf("── %d/%d", i+1, len(l.Steps))
	if c := l.Steps[i].Caption; c != "" {
		head += " " + c
	}
	b.WriteString("\n")
	wrap(b, head, "", "   ")
	b.WriteString("$ " + line + "\n")
	if len(left) > 0 {
		fmt.Fprintf(b, "(drawing %s left out: prunescope lesson run %s --out DIR draws it into DIR)\n", strings.Join(left, ", "), l.Name)
	}
	return b.Flush()
}

// WriteRunEnd writes what lesson run prints after the last command: what to
// look for, and the questions without their answers.
func WriteRunEnd(w io.Writer, l *Lesson) error {
	b := bufio.NewWriter(w)
	writeNotes(b, l, false)
	fmt.Fprintf(b, "\n(answers: prunescope lesson show %s --answers)\n", l.Name)
	return b.Flush()
}

func writeHeader(b *bufio.Writer, l *Lesson) {
	b.WriteString(l.Title + "\n")
	b.WriteString(strings.Repeat("═", utf8.RuneCountInString(l.Title)) + "\n")
	const indent = "           "
	wrap(b, l.Name, "lesson     ", indent)
	wrap(b, l.Technique, "technique  ", indent)
	wrap(b, l.Credit, "source     ", indent)
}

func writeNotes(b *bufio.Writer, l *Lesson, answers bool) {
	section(b, "What to look for")
	for _, n := range l.LookFor {
		wrap(b, n, "  • ", "    ")
	}
	section(b, "Questions")
	for i, q := range l.Questions {
		if i > 0 {
			b.WriteString("\n")
		}
		wrap(b, fmt.Sprintf("%d. %s", i+1, q.Q), "  ", "     ")
		if answers {
			wrap(b, "Answer: "+q.A, "     ", "     ")
		}
	}
}

func section(b *bufio.Writer, title string) {
	b.WriteString("\n" + title + "\n")
}

// wrap writes text wrapped to lineWidth, the first line after first, the
// others after rest. A word longer than the line stays whole, and so does a
// `code span`, so that a formula or a window is never cut in two.
func wrap(b *bufio.Writer, text, first, rest string) {
	prefix := first
	line := prefix
	n := utf8.RuneCountInString(line)
	empty := true
	for _, word := range words(text) {
		wl := utf8.RuneCountInString(word)
		if !empty && n+1+wl > lineWidth {
			b.WriteString(line + "\n")
			prefix = rest
			line, n, empty = prefix, utf8.RuneCountInString(prefix), true
		}
		if !empty {
			line += " "
			n++
		}
		line += word
		n += wl
		empty = false
	}
	b.WriteString(line + "\n")
}

// words splits text at spaces, except inside `code spans`.
func words(text string) []string {
	var out []string
	var cur strings.Builder
	code := false
	for _, r := range text {
		switch {
		case r == '`':
			code = !code
			cur.WriteRune(r)
		case (r == ' ' || r == '\t' || r == '\n') && !code:
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}
