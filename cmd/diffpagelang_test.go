package cmd

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDiffPageLang: diff's page in Russian and Czech names the kinds of
// difference, the root and the badges beside the nodes ("+ B only", "✂ A
// only") in its language; in English as before.
func TestDiffPageLang(t *testing.T) {
	badge := regexp.MustCompile(`[+✂] [AB] only`)
	for _, c := range []struct{ lang, only, root string }{{"en", "+ B only", `"label":"root"`}, {"ru", "+ только B", `"label":"корень"`}, {"cs", "+ jen B", `"label":"kořen"`}} {
		file := filepath.Join(t.TempDir(), "d.html")
		r := run(t, "", "--lang", c.lang, "diff", "alphabeta", "alphabeta+iterative+aspiration+tt+order", "--tree", "iterative", "--html", file)
		if r.code != 0 {
			t.Fatalf("%s: %s", c.lang, r)
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		page := html.UnescapeString(html.UnescapeString(string(b)))
		if !strings.Contains(page, c.only) || !strings.Contains(page, c.root) {
			t.Errorf("%s: the page has no %q or no %s", c.lang, c.only, c.root)
		}
		if c.lang != "en" {
			if m := badge.FindString(page); m != "" {
				t.Errorf("%s: an English badge %q", c.lang, m)
			}
			if strings.Contains(page, `"label":"root"`) || strings.Contains(page, `"word":"window"`) || strings.Contains(page, `"word":"B only"`) {
				t.Errorf("%s: the differences' words are English", c.lang)
			}
		}
	}
}

// TestRootTooltipLang: a drawing's tooltip names the root in the
// drawing's language ("узел 0: корень", not "root").
func TestRootTooltipLang(t *testing.T) {
	for _, c := range []struct{ lang, want string }{{"en", "node 0: root"}, {"ru", "узел 0: корень"}, {"cs", "uzel 0: kořen"}} {
		file := filepath.Join(t.TempDir(), "a.svg")
		if r := run(t, "", "--lang", c.lang, "search", "--tree", "aima", "--trace", "none", "--svg", file, "--renderer", "builtin"); r.code != 0 {
			t.Fatalf("%s: %s", c.lang, r)
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(html.UnescapeString(string(b)), c.want) {
			t.Errorf("%s: the drawing has no tooltip %q", c.lang, c.want)
		}
	}
}
