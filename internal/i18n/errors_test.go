package i18n

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var errorsTemplate = flag.String("errors.template", "", "write the English error formats to translate (id: format) to this file")

// aliases are variables naming a formatter of another package.
var aliases = map[string]string{"badInputf": "BadInputf"} // cmd: setup.BadInputf

// usedErrorFormats finds every error format the module's code gives i18n:
// the literal format of each call of i18n.Errorf or i18n.Error, or of a
// formatter, by file and line. A formatter is a function with a string
// parameter named format that it passes on to i18n.Errorf or Error (or to
// another formatter); only a formatter may call them with a format that is
// not a literal.
func usedErrorFormats(t *testing.T) map[string]string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	type file struct {
		rel string
		f   *ast.File
	}
	var all []file
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		all = append(all, file{rel, f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// formatters: "i18n.Errorf", "i18n.Error", and by directory and name
	// (exported ones by name alone too) the format's index.
	// (Methods of one name may take the format at different places: each
	// place is tried, the first with a literal or a format passed on wins.)
	formatters := map[string][]int{"i18n.Errorf": {0}, "i18n.Error": {0}}
	callee := func(f file, call *ast.CallExpr) (int, string, bool) {
		name := ""
		switch fun := call.Fun.(type) {
		case *ast.Ident:
			name = fun.Name
			if f.f.Name.Name == "i18n" && (name == "Errorf" || name == "Error") {
				name = "i18n." + name
			}
		case *ast.SelectorExpr:
			name = fun.Sel.Name
			if x, ok := fun.X.(*ast.Ident); ok && x.Name == "i18n" {
				name = "i18n." + name
			}
		}
		if a, ok := aliases[name]; ok {
			name = a
		}
		for _, k := range []string{name, filepath.Dir(f.rel) + " " + name} {
			is, ok := formatters[k]
			if !ok || (k == name && !strings.HasPrefix(k, "i18n.") && !ast.IsExported(k)) {
				continue
			}
			for _, i := range is {
				if i < len(call.Args) {
					if _, lit := literal(call.Args[i]); lit {
						return i, name, true
					}
					if id, isID := call.Args[i].(*ast.Ident); isID && id.Name == "format" {
						return i, name, true
					}
				}
			}
			return is[0], name, len(call.Args) > is[0]
		}
		return 0, name, false
	}
	formatParam := func(fn *ast.FuncDecl) int {
		i := 0
		for _, fl := range fn.Type.Params.List {
			for _, n := range fl.Names {
				if n.Name == "format" {
					return i
				}
				i++
			}
			if len(fl.Names) == 0 {
				i++
			}
		}
		return -1
	}
	for changed := true; changed; {
		changed = false
		for _, f := range all {
			for _, decl := range f.f.Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok || fn.Body == nil {
					continue
				}
				key := filepath.Dir(f.rel) + " " + fn.Name.Name
				idx := formatParam(fn)
				if idx < 0 || slices.Contains(formatters[key], idx) {
					continue
				}
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					if i, _, ok := callee(f, call); ok {
						if id, isID := call.Args[i].(*ast.Ident); isID && id.Name == "format" {
							formatters[key] = append(formatters[key], idx)
							if ast.IsExported(fn.Name.Name) {
								formatters[fn.Name.Name] = append(formatters[fn.Name.Name], idx)
							}
							changed = true
						}
					}
					return true
				})
			}
		}
	}
	used := map[string]string{}
	for _, f := range all {
		for _, decl := range f.f.Decls {
			fn, _ := decl.(*ast.FuncDecl)
			ast.Inspect(decl, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				i, name, ok := callee(f, call)
				if !ok {
					return true
				}
				pos := f.rel + ":" + strconv.Itoa(fset.Position(call.Pos()).Line)
				if s, ok := literal(call.Args[i]); ok {
					used[s] = pos
				} else if id, isID := call.Args[i].(*ast.Ident); !isID || id.Name != "format" || fn == nil || formatParam(fn) < 0 {
					t.Errorf("%s: %s's format is not a literal", pos, name)
				}
				return true
			})
		}
	}
	return used
}

// literal is a string literal's value, or a sum of them.
func literal(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			s, err := strconv.Unquote(e.Value)
			return s, err == nil
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			a, ok1 := literal(e.X)
			b, ok2 := literal(e.Y)
			return a + b, ok1 && ok2
		}
	case *ast.ParenExpr:
		return literal(e.X)
	}
	return "", false
}

var verb = regexp.MustCompile(`%[-+# 0]*(\[\d+\])?(\d+|\*)?(\.(\d+|\*)?)?[a-zA-Z%]`)

// verbs are a format's verbs in order (%% left out).
func verbs(format string) []string {
	var out []string
	for _, v := range verb.FindAllString(format, -1) {
		if v != "%%" {
			out = append(out, v)
		}
	}
	return out
}

// englishWord finds a word of English left in a format (its verbs aside).
var englishWord = regexp.MustCompile(`[A-Za-z]{3,}`)

// flagName is a flag's name, which every language keeps.
var flagName = regexp.MustCompile(`--[a-z][a-z-]*`)

// TestErrorCatalogs: every error format the code has is in Russian's and
// Czech's catalogs of errors, with the same verbs in the same order, and
// nothing else is. With -errors.template FILE it writes the English formats
// to translate, by id.
func TestErrorCatalogs(t *testing.T) {
	used := usedErrorFormats(t)
	if len(used) < 300 {
		t.Errorf("only %d error formats found", len(used))
	}
	byID := map[string]string{}
	for f := range used {
		byID[ErrorID(f)] = f
	}
	if *errorsTemplate != "" {
		data, _ := json.MarshalIndent(byID, "", "  ")
		if err := os.WriteFile(*errorsTemplate, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var ids []string
	for id := range byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, l := range Langs[1:] {
		for _, id := range ids {
			en := byID[id]
			tr, ok := ErrorFormat(l, id)
			switch {
			case !ok:
				t.Errorf("errors.%s.json: %s is missing: %q (%s)", l, id, en, used[en])
			case !slices.Equal(verbs(tr), verbs(en)):
				t.Errorf("errors.%s.json: %s: verbs %v, English %v (%q)", l, id, verbs(tr), verbs(en), en)
			case tr == en && englishWord.MatchString(flagName.ReplaceAllString(verb.ReplaceAllString(en, ""), "")) && !untranslatable[en]:
				t.Errorf("errors.%s.json: %s is the English: %q", l, id, en)
			}
		}
		for id := range errorFormats(l) {
			if _, ok := byID[id]; !ok {
				t.Errorf("errors.%s.json: %s is no format of the code's", l, id)
			}
		}
	}
}

// untranslatable are formats whose words are names every language keeps.
var untranslatable = map[string]bool{
	"epd: %w": true, "stdin: %w": true, // a format's name, standard input
	// a student's trace's fields
	"%s:%d: alpha: %v": true, "%s:%d: beta: %v": true, "%s:%d: value: %v": true, "\"node\": %v": true,
	"value: %v":   true, // a quiz answer's keyword (value 3), typed in every language
	"predict: %v": true, // the lab's call
}

// TestErrorText: an error of Errorf says what fmt.Errorf says, wraps what
// it wraps, and is said in each language, its wrapped errors too.
func TestErrorText(t *testing.T) {
	base := errors.New("base")
	inner := Errorf("line %d: %w", 3, base)
	outer := Errorf("%s: %w", "--tree", inner)
	if got, want := outer.Error(), "--tree: line 3: base"; got != want {
		t.Errorf("Error() %q, want %q", got, want)
	}
	if !errors.Is(outer, base) {
		t.Error("errors.Is does not find the wrapped error")
	}
	two := Errorf("%w and %w", base, inner)
	if !errors.Is(two, base) || two.Error() != "base and line 3: base" {
		t.Errorf("two wrapped: %q", two.Error())
	}
	if got := For(En).Error(outer); got != "--tree: line 3: base" {
		t.Errorf("English: %q", got)
	}
	if got := Error("100%").Error(); got != "100%" {
		t.Errorf("Error's text: %q", got)
	}
	for _, l := range Langs[1:] {
		if got := For(l).Error(errors.New("plain")); got != "plain" {
			t.Errorf("%s: another error: %q", l, got)
		}
	}
}

// TestErrorPhrase: a Phrase an error names is its English in the error's
// text, as the string would be, and its own words in each language; one
// without words of its own (a flag's name) stays as it is.
func TestErrorPhrase(t *testing.T) {
	base := errors.New("base")
	spec := Phrase{En: "spec A", In: func(p *Printer) string { return "<" + string(p.Lang()) + " A>" }}
	err := Errorf("%s: %w", spec, Errorf("line %d: %w", 3, base))
	if got, want := err.Error(), fmt.Errorf("%s: %w", "spec A", fmt.Errorf("line %d: %w", 3, base)).Error(); got != want {
		t.Errorf("Error() %q, want %q", got, want)
	}
	if got := For(En).Error(err); got != "spec A: line 3: base" {
		t.Errorf("English: %q", got)
	}
	flag := Errorf("%s: %w", Phrase{En: "--algo"}, base)
	for _, l := range Langs[1:] {
		if got := For(l).Error(err); !strings.HasPrefix(got, "<"+string(l)+" A>: ") || strings.Contains(got, "spec") || !strings.HasSuffix(got, ": base") {
			t.Errorf("%s: %q", l, got)
		}
		if got := For(l).Error(flag); got != "--algo: base" {
			t.Errorf("%s: a flag's name: %q", l, got)
		}
	}
}
