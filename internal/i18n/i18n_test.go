package i18n

import (
	"bytes"
	"encoding/json"
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

func TestChoose(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		flag string
		env  func(string) string
		want Lang
		err  string
	}{
		{"", env(), En, ""},
		{"", env("LANG", "ru_RU.UTF-8"), Ru, ""},
		{"", env("LANG", "cs_CZ.UTF-8"), Cs, ""},
		{"", env("LANG", "cs"), Cs, ""},
		{"", env("LANG", "de_DE.UTF-8"), En, ""},
		{"", env("LANG", "C"), En, ""},
		{"", env("LANG", "ru_RU.UTF-8", "LC_MESSAGES", "cs_CZ"), Cs, ""},
		{"", env("LANG", "ru_RU.UTF-8", "LC_MESSAGES", "cs_CZ", "LC_ALL", "C.UTF-8"), En, ""},
		{"", env("LC_ALL", "ru_UA.KOI8-U@euro"), Ru, ""},
		{"cs", env("LANG", "ru_RU.UTF-8"), Cs, ""},
		{"RU", env(), Ru, ""},
		{"de", env(), "", `"de" is not a language prunescope speaks: en (English), ru (русский) or cs (čeština)`},
	} {
		got, err := Choose(c.flag, c.env)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("Choose(%q): error %v, want %s", c.flag, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Choose(%q, %v): %q %v, want %q", c.flag, c.env("LANG"), got, err, c.want)
		}
	}
}

// TestPlurals: each language's CLDR plural forms, as its readers count.
func TestPlurals(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		n    int64
		want string
	}{
		{En, 1, "1 lesson, in teaching order:"},
		{En, 2, "2 lessons, in teaching order:"},
		{Ru, 1, "1 урок, в порядке изучения:"},
		{Ru, 2, "2 урока, в порядке изучения:"},
		{Ru, 5, "5 уроков, в порядке изучения:"},
		{Ru, 11, "11 уроков, в порядке изучения:"},
		{Ru, 21, "21 урок, в порядке изучения:"},
		{Ru, 22, "22 урока, в порядке изучения:"},
		{Ru, 112, "112 уроков, в порядке изучения:"},
		{Cs, 1, "1 lekce v pořadí výuky:"},
		{Cs, 3, "3 lekce v pořadí výuky:"},
		{Cs, 5, "5 lekcí v pořadí výuky:"},
		{Cs, 21, "21 lekcí v pořadí výuky:"},
	} {
		if got := For(c.lang).N("lesson.list.head", c.n); got != c.want {
			t.Errorf("%s %d: %q, want %q", c.lang, c.n, got, c.want)
		}
	}
	if got := For(Ru).Decimal("3.5"); got != "3,5" {
		t.Errorf("Russian decimal: %q", got)
	}
	if got := For(En).Decimal("3.5"); got != "3.5" {
		t.Errorf("English decimal: %q", got)
	}
}

// catalog reads a language's messages, from all its files but the names'
// (LANG.json, DOMAIN.LANG.json): each message's forms, by id.
func catalog(t *testing.T, l Lang) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	for id, f := range catalogOnly(t, l) {
		out[id] = f
	}
	return out
}

// catalogOnly is what l's own files hold (Catalog fills in English).
func catalogOnly(t *testing.T, l Lang) map[string]map[string]string {
	t.Helper()
	entries, err := files.ReadDir("locales")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]string{}
	for _, e := range entries {
		name := e.Name()
		if name != string(l)+".json" && !(strings.HasSuffix(name, "."+string(l)+".json") && !strings.HasPrefix(name, "names.") && !strings.HasPrefix(name, "errors.")) {
			continue
		}
		data, err := files.ReadFile("locales/" + name)
		if err != nil {
			t.Fatal(err)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for id, v := range raw {
			if _, dup := out[id]; dup {
				t.Errorf("%s: %s is in another of %s's files too", name, id, l)
			}
			var s string
			if json.Unmarshal(v, &s) == nil {
				out[id] = map[string]string{"other": s}
				continue
			}
			var forms map[string]string
			if err := json.Unmarshal(v, &forms); err != nil {
				t.Fatalf("%s: %s: %v", name, id, err)
			}
			out[id] = forms
		}
	}
	return out
}

// pluralForms are the CLDR cardinal forms each language's messages with a
// number must give.
var pluralForms = map[Lang][]string{En: {"one", "other"}, Ru: {"few", "many", "one", "other"}, Cs: {"few", "many", "one", "other"}}

var placeholder = regexp.MustCompile(`{{\s*\.(\w+)\s*}}`)

// TestCatalogs: every message the code asks for is in every language's
// catalog, and nothing else is: each language has English's ids, with the
// same placeholders, and a message with a number has the language's every
// plural form.
func TestCatalogs(t *testing.T) {
	used := usedIDs(t)
	en := catalog(t, En)
	var ids []string
	for id := range en {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if _, ok := used[id]; !ok {
			t.Errorf("en.json: %s: no code asks for it", id)
		}
	}
	for id, where := range used {
		if _, ok := en[id]; !ok {
			t.Errorf("%s asks for %s, which en.json does not have", where, id)
		}
	}
	for _, l := range Langs {
		c := catalogOnly(t, l)
		for _, id := range ids {
			forms, ok := c[id]
			if !ok {
				t.Errorf("%s.json: %s is missing", l, id)
				continue
			}
			plural := len(en[id]) > 1
			for _, f := range pluralForms[l] {
				if plural && forms[f] == "" {
					t.Errorf("%s.json: %s has no %q form", l, id, f)
				}
			}
			want := names(en[id]["other"])
			for f, text := range forms {
				if got := names(text); !slices.Equal(got, want) {
					t.Errorf("%s.json: %s (%s) fills %v, English %v", l, id, f, got, want)
				}
			}
		}
		for id := range c {
			if _, ok := en[id]; !ok {
				t.Errorf("%s.json: %s is not in en.json", l, id)
			}
		}
	}
}

func names(text string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		if m[1] != "Count" && !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
}

var (
	scriptID   = regexp.MustCompile(`\btn?\(\s*"([a-z][\w-]*\.[\w.-]+)"`)
	templateID = regexp.MustCompile(`{{-?\s*[TN]\s+"([a-z][\w-]*\.[\w.-]+)"`)
)

// usedIDs finds the message ids the module's code asks a Printer for:
// the first argument of every call of T or N that is a string literal
// starting "lesson.", ... (every catalog id has a dot), by file and line.
func usedIDs(t *testing.T) map[string]string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]string{}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		if strings.HasSuffix(p, ".js") || strings.HasSuffix(p, ".html") {
			// the page's script (t("id"), tn("id", n)) and its
			// templates ({{T "id"}})
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			for _, re := range []*regexp.Regexp{scriptID, templateID} {
				for _, m := range re.FindAllSubmatchIndex(src, -1) {
					line := 1 + bytes.Count(src[:m[0]], []byte("\n"))
					used[string(src[m[2]:m[3]])] = rel + ":" + strconv.Itoa(line)
				}
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "T" && sel.Sel.Name != "N" && sel.Sel.Name != "t" && sel.Sel.Name != "n") {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			id, _ := strconv.Unquote(lit.Value)
			if strings.Contains(id, ".") && !strings.ContainsAny(id, " /") {
				rel, _ := filepath.Rel(root, p)
				used[id] = rel + ":" + strconv.Itoa(fset.Position(lit.Pos()).Line)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return used
}
