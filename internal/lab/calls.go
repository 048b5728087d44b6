package lab

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/internal/i18n"
)

// The page asks the engine (this package compiled to WebAssembly, see
// wasm/) by name: each call takes its request as JSON and answers JSON. An
// answer that is an error is {"error": "the one line prunescope prints"}.
// Calls are registered by the file that implements them (search.go:
// "search"), so that each of the lab's parts is one file here and one
// script in the page.
var calls = map[string]func(ctx context.Context, req []byte) (any, error){}

// register adds a call; a name is registered once.
func register(name string, f func(ctx context.Context, req []byte) (any, error)) {
	if _, dup := calls[name]; dup {
		panic("lab: call " + name + " registered twice")
	}
	calls[name] = f
}

// CallNames lists the calls the page can make.
func CallNames() []string {
	var out []string
	for n := range calls {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Call answers the page's call name with the request req (JSON), in the
// language the request names ("lang": en, ru, cs; the page's, which adds
// it to every request), which it puts in ctx (i18n.WithLang) for the
// searches' words.
func Call(ctx context.Context, name string, req []byte) []byte {
	f, ok := calls[name]
	if !ok {
		return errorJSON(fmt.Errorf("no call %q in the lab's engine", name))
	}
	var lang struct {
		Lang string `json:"lang"`
	}
	if json.Unmarshal(req, &lang) == nil && lang.Lang != "" {
		if l, err := i18n.Parse(lang.Lang); err == nil {
			ctx = i18n.WithLang(ctx, l)
		}
	}
	ans, err := f(ctx, req)
	if err != nil {
		return errorJSON(errors.New(i18n.For(i18n.FromContext(ctx)).Error(err))) // in the page's language
	}
	// Not escaped for HTML: the answer goes to a script, not into a page,
	// and a drawing's every < and > as \u003c and \u003e made it a third
	// larger and slower to write and read.
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(ans); err != nil {
		return errorJSON(err)
	}
	return bytes.TrimRight(out.Bytes(), "\n")
}

func errorJSON(err error) []byte {
	js, _ := json.Marshal(map[string]string{"error": err.Error()})
	return js
}

// registerJSON adds a call whose request is read from JSON into an R (a
// request that cannot be read is said so, naming the call).
func registerJSON[R any](name string, f func(ctx context.Context, r R) (any, error)) {
	register(name, func(ctx context.Context, req []byte) (any, error) {
		var r R
		if err := decode(name, req, &r); err != nil {
			return nil, err
		}
		return f(ctx, r)
	})
}

// decode reads a call's request, naming the call in its error.
func decode(name string, req []byte, v any) error {
	if err := json.Unmarshal(req, v); err != nil {
		return fmt.Errorf("%s: the page's request cannot be read: %v", name, err)
	}
	return nil
}

// searchRequest asks for a search: the tree's text and the settings.
type searchRequest struct {
	Tree string   `json:"tree"`
	Args []string `json:"args"`
}

func init() {
	registerJSON("search", func(ctx context.Context, r searchRequest) (any, error) {
		return Search(ctx, r.Tree, r.Args), nil
	})
}

// flagInfo describes one of the lab's settings (search's flags) for the
// page's settings panel.
type flagInfo struct {
	Name    string `json:"name"`
	Kind    string `json:"kind"` // bool, int, string
	Default string `json:"default"`
	Usage   string `json:"usage"`
}

// settingsFlags are the lab's settings: search's flags but those that
// choose the input (the lab searches the tree it shows), their usage in
// English.
func settingsFlags() []flagInfo {
	var out []flagInfo
	NewFlags().fs.VisitAll(func(f *pflag.Flag) {
		if slices.Contains(inputFlags, f.Name) {
			return
		}
		kind := f.Value.Type()
		switch kind {
		case "bool", "int", "int64":
		default:
			kind = "string"
		}
		out = append(out, flagInfo{Name: f.Name, Kind: kind, Default: f.DefValue, Usage: f.Usage})
	})
	return out
}

func init() {
	register("flags", func(ctx context.Context, req []byte) (any, error) {
		return settingsFlags(), nil
	})
}
