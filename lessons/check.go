package lessons

import (
	"github.com/prunescope/prunescope/internal/i18n"
	"regexp"
	"strconv"
	"strings"
)

// Check is a claim about what one scenario command prints, in a form a test
// can verify (see the package documentation for the syntax).
type Check struct {
	Step  int      // the scenario command, from 1
	Row   string   // a compare table's row (its algorithm column); "" for a search summary
	Kind  string   // a field name, or "shows", "lacks", "searched", "never"
	Want  string   // the field's value, or the text for shows and lacks
	Nodes []string // for searched and never
	Text  string   // the check as written
}

var fieldName = regexp.MustCompile(`^[a-z][a-z-]*$`)

// parseCheck reads one check line (without its bullet).
func parseCheck(s string) (Check, error) {
	c := Check{Text: s}
	step, rest, _ := strings.Cut(strings.TrimSpace(s), " ")
	n, err := strconv.Atoi(step)
	if err != nil || n < 1 {
		return c, i18n.Errorf("check %q: it starts with the number of a scenario command", s)
	}
	c.Step = n
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, "@") {
		c.Row, rest, _ = strings.Cut(rest[1:], " ")
		if c.Row == "" {
			return c, i18n.Errorf("check %q: @ names a row of a compare table", s)
		}
		rest = strings.TrimSpace(rest)
	}
	kind, arg, _ := strings.Cut(rest, " ")
	arg = strings.TrimSpace(arg)
	c.Kind = kind
	switch {
	case kind == "shows" || kind == "lacks":
		if arg == "" {
			return c, i18n.Errorf("check %q: %s needs the text to find", s, kind)
		}
		c.Want = arg
	case kind == "searched" || kind == "never":
		if c.Row != "" {
			return c, i18n.Errorf("check %q: %s reads a text trace, not a compare row", s, kind)
		}
		c.Nodes = strings.Fields(arg)
		if len(c.Nodes) == 0 {
			return c, i18n.Errorf("check %q: %s needs node names", s, kind)
		}
	case fieldName.MatchString(kind):
		if arg == "" {
			return c, i18n.Errorf("check %q: %s needs the expected value", s, kind)
		}
		c.Want = arg
	default:
		return c, i18n.Errorf("check %q: %q is not a field, shows, lacks, searched or never", s, kind)
	}
	return c, nil
}

// Verify checks the claim against what the command printed (standard output,
// then standard error).
func (c Check) Verify(out string) error {
	switch c.Kind {
	case "shows", "lacks":
		if strings.TrimSpace(out) == "" {
			return i18n.Error("the command printed nothing")
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.Contains(line, c.Want) {
				if c.Kind == "lacks" {
					return i18n.Errorf("a line shows %q: %s", c.Want, line)
				}
				return nil
			}
		}
		if c.Kind == "lacks" {
			return nil
		}
		return i18n.Errorf("no line shows %q", c.Want)
	case "searched", "never":
		return c.verifyTrace(out)
	}
	var fields map[string]string
	var err error
	if c.Row != "" {
		fields, err = compareRow(out, c.Row)
	} else {
		fields, err = summary(out)
	}
	if err != nil {
		return err
	}
	got, ok := fields[c.Kind]
	if !ok {
		return i18n.Errorf("the output has no %s", c.Kind)
	}
	if got != c.Want {
		return i18n.Errorf("%s is %s, the lesson says %s", c.Kind, got, c.Want)
	}
	return nil
}

// summary reads the fields of a search's summary: the last line starting with
// "value " and the last starting with "nodes ".
func summary(out string) (map[string]string, error) {
	var result, counts string
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "value "):
			result = line
		case strings.HasPrefix(line, "nodes "):
			counts = line
		}
	}
	if result == "" || counts == "" {
		return nil, i18n.Error("the output has no search summary (value ... and nodes ... lines)")
	}
	f := map[string]string{}
	for _, part := range strings.Split(result, " · ") {
		switch {
		case strings.HasPrefix(part, "value "):
			f["value"] = strings.TrimPrefix(part, "value ")
		case strings.HasPrefix(part, "best move "):
			f["best"] = strings.TrimPrefix(part, "best move ")
		case strings.HasPrefix(part, "PV "):
			f["pv"] = strings.TrimPrefix(part, "PV ")
		}
	}
	for _, part := range strings.Split(counts, " · ") {
		i := strings.LastIndexByte(part, ' ')
		if i < 0 {
			continue
		}
		name := strings.ReplaceAll(part[:i], " ", "-")
		if name == "cutoff" {
			name = "cutoffs"
		}
		f[name] = part[i+1:]
	}
	return f, nil
}

// compareRow reads the row of a compare table whose algorithm column is row,
// cutting the cells at the columns of the header (titles are separated by two
// spaces or more; the table is aligned by characters).
func compareRow(out, row string) (map[string]string, error) {
	lines := strings.Split(out, "\n")
	head := -1
	for i, line := range lines {
		if strings.HasPrefix(line, "algorithm  ") && strings.Contains(line, "conventions") {
			head = i
			break
		}
	}
	if head < 0 {
		return nil, i18n.Error("the output has no compare table")
	}
	type column struct {
		name  string
		start int // in characters
	}
	var cols []column
	h := []rune(lines[head])
	for i := 0; i < len(h); {
		if h[i] == ' ' {
			i++
			continue
		}
		j := i
		for j < len(h) && !(h[j] == ' ' && (j+1 >= len(h) || h[j+1] == ' ')) {
			j++
		}
		cols = append(cols, column{strings.ReplaceAll(string(h[i:j]), " ", "-"), i})
		i = j
	}
	for _, line := range lines[head+1:] {
		if line == "" {
			break
		}
		r := []rune(line)
		cell := func(k int) string {
			from := min(cols[k].start, len(r))
			to := len(r)
			if k+1 < len(cols) {
				to = min(cols[k+1].start, len(r))
			}
			return strings.TrimSpace(string(r[from:to]))
		}
		if cell(0) != row {
			continue
		}
		f := map[string]string{}
		for k := range cols {
			f[cols[k].name] = cell(k)
		}
		return f, nil
	}
	return nil, i18n.Errorf("the compare table has no row %s", row)
}

// verifyTrace checks which nodes a text trace enters or evaluates.
func (c Check) verifyTrace(out string) error {
	seen := map[string]bool{}
	lines := 0
	hiddenBelow := -1 // the trace hides nodes deeper than this ply
	for _, line := range strings.Split(out, "\n") {
		if _, after, ok := strings.Cut(line, " deeper than ply "); ok && strings.HasPrefix(line, "(") {
			if n, err := strconv.Atoi(strings.TrimSuffix(after, " not shown)")); err == nil {
				hiddenBelow = n
			}
		}
		f := strings.Fields(strings.TrimLeft(line, "│ "))
		switch {
		case len(f) >= 3 && (f[0] == "▲" || f[0] == "▼") && (f[1] == "MAX" || f[1] == "MIN"):
			seen[f[2]] = true
			lines++
		case len(f) >= 3 && f[0] == "·" && (f[2] == "leaf" || f[2] == "static" || f[2] == "no"):
			seen[f[1]] = true
			lines++
		}
	}
	if lines == 0 {
		return i18n.Error("the output has no text trace to read nodes from")
	}
	for _, n := range c.Nodes {
		if c.Kind == "never" && hiddenBelow >= 0 && strings.Count(n, ".")+1 > hiddenBelow {
			return i18n.Errorf("the trace hides nodes deeper than ply %d, so it cannot show that %s is never searched", hiddenBelow, n)
		}
		if seen[n] != (c.Kind == "searched") {
			if c.Kind == "never" {
				return i18n.Errorf("node %s is searched", n)
			}
			return i18n.Errorf("node %s is never searched", n)
		}
	}
	return nil
}
