package lab

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace/page"
)

// TestLabCarriesItsWords: every message the lab's scripts and HTML ask for
// by name is among the words the page carries (labWords), in each
// language; a missing one showed as its id (the line of open nodes began
// "page.root" in the lab). The note of a static page too long to carry its
// sentences in every language (page.lang.kept.*) is not the lab's.
func TestLabCarriesItsWords(t *testing.T) {
	src := page.PlayerScript() + labJS + strings.Join(parts, "") + labHTML
	asked := map[string]bool{}
	for _, re := range []*regexp.Regexp{
		regexp.MustCompile(`\b(?:t|tn)\(\s*"([a-z][\w.-]*)"`),
		regexp.MustCompile(`"data-t[ta]?"\s*:\s*"([a-z][\w.-]*)"`),
		regexp.MustCompile(`\{\{T "([a-z][\w.-]*)"\}\}`),
	} {
		for _, m := range re.FindAllStringSubmatch(src, -1) {
			asked[m[1]] = true
		}
	}
	if len(asked) < 100 {
		t.Fatalf("only %d message ids found in the lab's scripts", len(asked))
	}
	var words struct {
		Msgs map[string]map[string]json.RawMessage `json:"msgs"`
	}
	if err := json.Unmarshal([]byte(page.Words(i18n.En, labWords...)), &words); err != nil {
		t.Fatal(err)
	}
	for id := range asked {
		if strings.HasPrefix(id, "page.lang.kept.") {
			continue
		}
		for _, l := range i18n.Langs {
			if _, ok := words.Msgs[string(l)][id]; !ok {
				t.Errorf("the lab's page asks for %s, which it does not carry in %s", id, l)
			}
		}
	}
}
