package cmd

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/i18n/help"
)

var helpTemplate = flag.String("help.template", "", "write the commands' help as a catalog to translate (id: hash and English) to this file")

// helpHash is the hash a translation keeps of the English it translates.
func helpHash(english string) string {
	h := sha256.Sum256([]byte(english))
	return "sha256-" + hex.EncodeToString(h[:6])
}

// englishHelp is every help text of the commands, by id.
func englishHelp() map[string]string {
	root := newRoot(&Streams{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &bytes.Buffer{}})
	out := map[string]string{}
	helpTexts(root, func(id, english string, _ func(string)) { out[id] = english })
	return out
}

// backquoted finds a flag usage's `NAME`s, which pflag shows as the value's
// name: a translation keeps them.
var backquoted = regexp.MustCompile("`[^`]+`")

// TestHelpCatalogs: each language's translation of the help has every
// command's and flag's text, the English it translates unchanged since (its
// hash), the same `NAME`s, and no text no command has. With -help.template
// FILE it writes the catalog to translate.
func TestHelpCatalogs(t *testing.T) {
	en := englishHelp()
	if *helpTemplate != "" {
		type entry struct {
			Hash  string `json:"hash"`
			Other string `json:"other"`
		}
		m := map[string]entry{}
		for id, s := range en {
			m[id] = entry{helpHash(s), s}
		}
		data, _ := json.MarshalIndent(m, "", "  ")
		if err := os.WriteFile(*helpTemplate, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(en) < 100 {
		t.Fatalf("only %d help texts found", len(en))
	}
	for _, lang := range i18n.Langs[1:] {
		data, err := help.Files().ReadFile("locales/help." + string(lang) + ".json")
		if err != nil {
			t.Errorf("%s: no translation of the help: %v", lang, err)
			continue
		}
		var cat map[string]struct {
			Hash  string `json:"hash"`
			Other string `json:"other"`
		}
		if err := json.Unmarshal(data, &cat); err != nil {
			t.Fatalf("help.%s.json: %v", lang, err)
		}
		var ids []string
		for id := range en {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			e, ok := cat[id]
			switch {
			case !ok:
				t.Errorf("help.%s.json: %s is missing", lang, id)
			case e.Hash != helpHash(en[id]):
				t.Errorf("help.%s.json: %s translates an English text that has changed since (hash %s, now %s)", lang, id, e.Hash, helpHash(en[id]))
			case strings.HasSuffix(id, ".example") && !slices.Equal(commandLines(e.Other), commandLines(en[id])):
				t.Errorf("help.%s.json: %s: its commands are not the English's", lang, id)
			case !strings.HasSuffix(id, ".example") && e.Other == en[id] && len(en[id]) > 12:
				t.Errorf("help.%s.json: %s is the English", lang, id)
			case !slices.Equal(backquoted.FindAllString(e.Other, -1), backquoted.FindAllString(en[id], -1)):
				t.Errorf("help.%s.json: %s: its `NAME`s %v are not the English's %v", lang, id, backquoted.FindAllString(e.Other, -1), backquoted.FindAllString(en[id], -1))
			}
		}
		for id := range cat {
			if _, ok := en[id]; !ok {
				t.Errorf("help.%s.json: %s is no command's or flag's help", lang, id)
			}
		}
	}
}

// commandLines are an example's lines that are not comments: the commands,
// which a translation keeps as they are (its comments are the language's).
func commandLines(example string) []string {
	var out []string
	for _, l := range strings.Split(example, "\n") {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			out = append(out, t)
		}
	}
	return out
}

// TestHelpLanguages: --help in Russian and Czech, chosen by --lang or by
// the locale; English's as it always was.
func TestHelpLanguages(t *testing.T) {
	runGolden(t, []goldenCase{
		{"help-ru.txt", "", []string{"--help", "--lang", "ru"}},
		{"help-search-cs.txt", "", []string{"search", "--help", "--lang=cs"}},
		{"help-check-ru.txt", "", []string{"check", "--help", "--lang", "ru"}},
		{"help-lesson-run-cs.txt", "", []string{"lesson", "run", "--help", "--lang", "cs"}},
	})
	for _, c := range []struct {
		env  map[string]string
		args []string
		want string
	}{
		{map[string]string{"LANG": "cs_CZ.UTF-8"}, []string{"lesson", "--help"}, "\nPoužití:\n"},
		{map[string]string{"LC_MESSAGES": "ru_RU.UTF-8"}, []string{"step", "--help"}, "\nИспользование:\n"},
		{map[string]string{"LANG": "ru_RU.UTF-8"}, []string{"step", "--help", "--lang", "en"}, "\nUsage:\n"},
		{map[string]string{}, []string{"step", "--help"}, "\nUsage:\n"},
	} {
		var out, errOut bytes.Buffer
		s := &Streams{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(k string) string { return c.env[k] }}
		if code := Run(context.Background(), c.args, s); code != 0 || !strings.Contains(out.String(), c.want) {
			t.Errorf("%v %v: exit %d, no %q in\n%s", c.env, c.args, code, c.want, out.String())
		}
	}
}
