package lessons

import (
	"fmt"
	"github.com/prunescope/prunescope/internal/i18n"
	"regexp"
	"strings"
)

// The sections of a lesson file, in the order they must come.
var sections = []string{"Explanation", "Scenario", "Look for", "Questions", "Checks"}

var lessonName = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

// Limits of a lesson, as the class sees it.
const (
	maxSteps     = 4
	minQuestions = 2
	maxQuestions = 3
)

// parseError is an error at a line of a lesson file.
func parseError(line int, format string, args ...any) error {
	return i18n.Errorf("line %d: %s", line, fmt.Sprintf(format, args...))
}

// Parse reads a lesson file (see the package documentation for the format)
// and checks that the lesson is complete.
func Parse(name, src string) (*Lesson, error) {
	if !lessonName.MatchString(name) {
		return nil, i18n.Errorf("lesson name %q: use lower-case words joined by hyphens", name)
	}
	l := &Lesson{Name: name}
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "# ") || strings.TrimSpace(lines[0][2:]) == "" {
		return nil, parseError(1, "a lesson starts with its title: # TITLE")
	}
	l.Title = strings.TrimSpace(lines[0][2:])

	// Header fields, up to the first section.
	i := 1
	for ; i < len(lines) && !strings.HasPrefix(lines[i], "## "); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		val = strings.TrimSpace(val)
		var field *string
		switch strings.ToLower(strings.TrimSpace(key)) {
		case "technique":
			field = &l.Technique
		case "credit":
			field = &l.Credit
		}
		if !ok || field == nil {
			return nil, parseError(i+1, "before the first section only technique: and credit: lines may come, not %q", line)
		}
		if *field != "" {
			return nil, parseError(i+1, "%s is given twice", strings.ToLower(key))
		}
		if val == "" {
			return nil, parseError(i+1, "%s: is empty", strings.ToLower(key))
		}
		*field = val
	}
	if l.Technique == "" {
		return nil, i18n.Errorf("the lesson has no technique: line")
	}
	if l.Credit == "" {
		return nil, i18n.Errorf("the lesson has no credit: line (say where the ideas come from)")
	}

	// The sections, each once and in order.
	next := 0
	for i < len(lines) {
		title := strings.TrimSpace(lines[i][3:])
		at := i + 1
		if next >= len(sections) || title != sections[next] {
			want := "no more sections"
			if next < len(sections) {
				want = "## " + sections[next]
			}
			return nil, parseError(at, "section %q: expected %s (sections: %s, in this order)", title, want, strings.Join(sections, ", "))
		}
		next++
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "## ") {
			j++
		}
		body, first := lines[i+1:j], i+2
		var err error
		switch title {
		case "Explanation":
			l.Explanation = parseBlocks(body)
		case "Scenario":
			l.Steps, err = parseScenario(body, first)
		case "Look for":
			l.LookFor, err = parseBullets(body, first)
		case "Questions":
			l.Questions, err = parseQuestions(body, first)
		case "Checks":
			var items []string
			if items, err = parseBullets(body, first); err == nil {
				for _, it := range items {
					c, cerr := parseCheck(it)
					if cerr != nil {
						return nil, cerr
					}
					l.Checks = append(l.Checks, c)
				}
			}
		}
		if err != nil {
			return nil, err
		}
		i = j
	}
	if next < len(sections) {
		return nil, i18n.Errorf("the lesson has no ## %s section", sections[next])
	}
	return l, l.validate()
}

// validate checks what every lesson must have.
func (l *Lesson) validate() error {
	switch {
	case len(l.Explanation) == 0:
		return i18n.Errorf("the explanation is empty")
	case len(l.Steps) == 0 || len(l.Steps) > maxSteps:
		return i18n.Errorf("the scenario has %d commands: give 1 to %d", len(l.Steps), maxSteps)
	case len(l.Drawings()) == 0:
		return i18n.Errorf("the scenario draws nothing: give one command --svg NAME.svg or --png NAME.png")
	case len(l.LookFor) == 0:
		return i18n.Errorf("nothing to look for: say what the output shows")
	case len(l.Questions) < minQuestions || len(l.Questions) > maxQuestions:
		return i18n.Errorf("%d questions: give %d or %d", len(l.Questions), minQuestions, maxQuestions)
	}
	hasValue := false
	for _, c := range l.Checks {
		if c.Step > len(l.Steps) {
			return i18n.Errorf("check %q: the scenario has %d commands", c.Text, len(l.Steps))
		}
		hasValue = hasValue || c.Kind == "value"
	}
	if !hasValue {
		return i18n.Errorf("no check of a root value: add one such as \"- 1 value 3\"")
	}
	return nil
}

// parseBlocks turns lines into paragraphs, list items and preformatted
// blocks. A list item continues on the lines after it, indented or not, until
// a blank line or the next item.
func parseBlocks(lines []string) []Block {
	var out []Block
	var para []string
	var pre []string
	bullet := false
	flush := func() {
		if len(para) > 0 {
			out = append(out, Block{Text: strings.Join(para, " "), Bullet: bullet})
			para, bullet = nil, false
		}
		if len(pre) > 0 {
			out = append(out, Block{Text: strings.Join(pre, "\n"), Pre: true})
			pre = nil
		}
	}
	for _, line := range lines {
		switch {
		case strings.TrimSpace(line) == "":
			flush()
		case strings.HasPrefix(line, "    ") && !bullet:
			if len(para) > 0 {
				flush()
			}
			pre = append(pre, strings.TrimRight(line[4:], " "))
		case strings.HasPrefix(line, "- "):
			flush()
			para, bullet = []string{strings.TrimSpace(line[2:])}, true
		default:
			if len(pre) > 0 {
				flush()
			}
			para = append(para, strings.TrimSpace(line))
		}
	}
	flush()
	return out
}

// parseScenario reads the commands ("$ prunescope ...") and their captions
// ("# ..."); code fences are ignored.
func parseScenario(lines []string, first int) ([]Step, error) {
	var steps []Step
	caption := ""
	for k, raw := range lines {
		line := strings.TrimSpace(raw)
		at := first + k
		switch {
		case line == "" || strings.HasPrefix(line, "```"):
		case strings.HasPrefix(line, "# "):
			if caption != "" {
				return nil, parseError(at, "two captions for one command")
			}
			caption = strings.TrimSpace(line[2:])
		case strings.HasPrefix(line, "$ "):
			cmd := strings.TrimSpace(line[2:])
			stages, err := parseCommand(cmd)
			if err != nil {
				return nil, parseError(at, "%s: %v", cmd, err)
			}
			if err := checkDrawings(stages); err != nil {
				return nil, parseError(at, "%v", err)
			}
			st := Step{Caption: caption, Line: cmd, Stages: stages}
			for _, d := range st.Drawings() {
				if hasDrawing(steps, d) {
					return nil, parseError(at, "%s is drawn twice", d)
				}
			}
			steps = append(steps, st)
			caption = ""
		default:
			return nil, parseError(at, "a scenario holds commands ($ prunescope ...) and captions (# ...), not %q", line)
		}
	}
	if caption != "" {
		return nil, i18n.Errorf("the caption %q has no command after it", caption)
	}
	return steps, nil
}

// parseBullets reads a list of "- " items; an item continues on the lines
// after it until a blank line or the next item.
func parseBullets(lines []string, first int) ([]string, error) {
	var out []string
	open := false
	for k, raw := range lines {
		line := strings.TrimSpace(raw)
		switch {
		case line == "":
			open = false
		case strings.HasPrefix(line, "- "):
			out = append(out, strings.TrimSpace(line[2:]))
			open = true
		case open:
			out[len(out)-1] += " " + line
		default:
			return nil, parseError(first+k, "expected a bullet (- ...), got %q", line)
		}
	}
	return out, nil
}

// parseQuestions reads "Q: ..." and "A: ..." pairs, each possibly continued
// on the following lines.
func parseQuestions(lines []string, first int) ([]Question, error) {
	var out []Question
	var cur *string
	for k, raw := range lines {
		line := strings.TrimSpace(raw)
		at := first + k
		switch {
		case line == "":
		case strings.HasPrefix(line, "Q: "):
			if n := len(out); n > 0 && out[n-1].A == "" {
				return nil, parseError(at, "the question before this one has no answer (A: ...)")
			}
			out = append(out, Question{Q: strings.TrimSpace(line[3:])})
			cur = &out[len(out)-1].Q
		case strings.HasPrefix(line, "A: "):
			if len(out) == 0 || out[len(out)-1].A != "" {
				return nil, parseError(at, "an answer without its question (Q: ...)")
			}
			out[len(out)-1].A = strings.TrimSpace(line[3:])
			cur = &out[len(out)-1].A
		case cur != nil:
			*cur += " " + line
		default:
			return nil, parseError(at, "expected Q: or A:, got %q", line)
		}
	}
	for _, q := range out {
		if q.Q == "" || q.A == "" {
			return nil, i18n.Errorf("the question %q has no answer (A: ...)", q.Q)
		}
	}
	return out, nil
}
