package lessons

import (
	"github.com/prunescope/prunescope/internal/i18n"
	"path/filepath"
	"strings"
)

// Step is one command of a scenario.
type Step struct {
	Caption string     // what the command is for ("" if the file gives none)
	Line    string     // the command line as written, after "$ "
	Stages  [][]string // the prunescope commands piped into each other, each without "prunescope"
}

// drawingFlags are the flags that name a drawing file, with the extension the
// file must have.
var drawingFlags = map[string]string{"--svg": ".svg", "--png": ".png", "--dot": ".dot"}

// parseCommand splits a scenario command line into the argument lists of its
// stages. Words are separated by spaces; double or single quotes group words;
// a lone | pipes one prunescope command into the next.
func parseCommand(line string) ([][]string, error) {
	words, err := splitWords(line)
	if err != nil {
		return nil, err
	}
	var stages [][]string
	var cur []string
	flush := func() error {
		if len(cur) == 0 || cur[0] != "prunescope" {
			return i18n.Error(`every command of a pipeline starts with "prunescope"`)
		}
		if len(cur) == 1 {
			return i18n.Error("prunescope without a command")
		}
		stages = append(stages, cur[1:])
		cur = nil
		return nil
	}
	for _, w := range words {
		if w.pipe {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		cur = append(cur, w.text)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return stages, nil
}

type word struct {
	text string
	pipe bool // an unquoted |
}

func splitWords(s string) ([]word, error) {
	var out []word
	var b strings.Builder
	have, quoted := false, false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				b.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote, have, quoted = r, true, true
		case r == ' ' || r == '\t':
			if have {
				out = append(out, word{text: b.String(), pipe: !quoted && b.String() == "|"})
				b.Reset()
				have, quoted = false, false
			}
		default:
			b.WriteRune(r)
			have = true
		}
	}
	if quote != 0 {
		return nil, i18n.Errorf("unclosed %c quote", quote)
	}
	if have {
		out = append(out, word{text: b.String(), pipe: !quoted && b.String() == "|"})
	}
	return out, nil
}

// drawingArg reports whether args[i] is a drawing flag, returning the file it
// names and how many arguments the flag takes (1 for --png=F, 2 for --png F).
func drawingArg(args []string, i int) (file, ext string, n int, ok bool) {
	a := args[i]
	if name, val, eq := strings.Cut(a, "="); eq {
		if ext, ok := drawingFlags[name]; ok {
			return val, ext, 1, true
		}
		return "", "", 0, false
	}
	ext, ok = drawingFlags[a]
	if !ok {
		return "", "", 0, false
	}
	if i+1 >= len(args) {
		return "", ext, 1, true
	}
	return args[i+1], ext, 2, true
}

// checkDrawings makes sure every drawing flag names a bare file with the
// flag's extension.
func checkDrawings(stages [][]string) error {
	for _, args := range stages {
		for i := 0; i < len(args); i++ {
			file, ext, n, ok := drawingArg(args, i)
			if !ok {
				continue
			}
			switch {
			case file == "" || file == "-":
				return i18n.Errorf("%s needs a file name (standard output is not a drawing for the class)", args[i])
			case strings.ContainsAny(file, `/\`) || file != filepath.Base(file):
				return i18n.Errorf("%s %s: name a file without a folder (lesson run --out DIR chooses the folder)", args[i], file)
			case filepath.Ext(file) != ext:
				return i18n.Errorf("%s %s: the file must end in %s", args[i], file, ext)
			}
			i += n - 1
		}
	}
	return nil
}

// Drawings lists the drawing files the step writes.
func (s Step) Drawings() []string {
	var out []string
	for _, args := range s.Stages {
		for i := 0; i < len(args); i++ {
			if file, _, n, ok := drawingArg(args, i); ok {
				out = append(out, file)
				i += n - 1
			}
		}
	}
	return out
}

// Prepare returns the argument lists to run for the step, and the command
// line to show for them. With an out folder each drawing goes into it; without
// one the drawing flags are left out, and left names the drawings not made.
func (s Step) Prepare(out string) (stages [][]string, line string, left []string) {
	shown := make([]string, 0, len(s.Stages))
	for _, args := range s.Stages {
		var run []string
		for i := 0; i < len(args); i++ {
			file, _, n, ok := drawingArg(args, i)
			if !ok {
				run = append(run, args[i])
				continue
			}
			flag, _, _ := strings.Cut(args[i], "=")
			if out == "" {
				left = append(left, file)
			} else {
				run = append(run, flag, filepath.Join(out, file))
			}
			i += n - 1
		}
		stages = append(stages, run)
		shown = append(shown, "prunescope "+quoteArgs(run))
	}
	return stages, strings.Join(shown, " | "), left
}

// quoteArgs writes arguments as a shell would need them: words with spaces
// or shell characters in quotes.
func quoteArgs(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = quoteArg(a)
	}
	return strings.Join(out, " ")
}

func quoteArg(a string) string {
	if a != "" && !strings.ContainsAny(a, " \t()[]{}<>|&;$`\\\"'*?!#~=") {
		return a
	}
	if strings.HasPrefix(a, "--") && !strings.ContainsAny(a, " \t()[]{}<>|&;$`\\\"'*?!#~") {
		return a // --flag=value
	}
	if !strings.ContainsAny(a, "\"$`\\!") {
		return `"` + a + `"`
	}
	return "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
}
