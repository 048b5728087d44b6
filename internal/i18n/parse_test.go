package i18n

import (
	"encoding/json"
	"maps"
	"strings"
	"testing"
)

// TestParseCatalogIsJSON: the catalogs' own reader gives every file the
// messages encoding/json reads in it, and refuses what is not a catalog.
func TestParseCatalogIsJSON(t *testing.T) {
	entries, err := files.ReadDir("locales")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "errors.") {
			continue
		}
		data, err := files.ReadFile("locales/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]Forms{}
		if err := parseCatalog(data, got); err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatal(err)
		}
		if len(raw) != len(got) {
			t.Errorf("%s: %d messages, encoding/json %d", e.Name(), len(got), len(raw))
		}
		for id, v := range raw {
			want := Forms{}
			var s string
			if json.Unmarshal(v, &s) == nil {
				want["other"] = s
			} else if err := json.Unmarshal(v, &want); err != nil {
				t.Fatal(err)
			}
			delete(want, "hash")
			delete(want, "description")
			if !maps.Equal(got[id], want) {
				t.Errorf("%s: %s: read %q, encoding/json %q", e.Name(), id, got[id], want)
			}
		}
	}
	for _, c := range []struct{ in, want string }{
		{`{"a.b": "x \"q\" \\ \n \u00e9 \ud83d\ude00"}`, "x \"q\" \\ \n é 😀"},
		{` { "a.b" : { "one" : "1", "other" : "n", "hash": "h" } } `, "n"},
	} {
		got := map[string]Forms{}
		if err := parseCatalog([]byte(c.in), got); err != nil || got["a.b"]["other"] != c.want || got["a.b"]["hash"] != "" {
			t.Errorf("%s: %q, %v", c.in, got, err)
		}
	}
	for _, bad := range []string{``, `{`, `{"a": }`, `{"a": "x"`, `{"a": "x",}`, `{"a": {"one": "1"}}`, `{"a": "x"} x`, `{"a": "\q"}`, `{"a": "\u12"}`, `["a"]`} {
		if err := parseCatalog([]byte(bad), map[string]Forms{}); err == nil {
			t.Errorf("%s: read as a catalog", bad)
		}
	}
}
