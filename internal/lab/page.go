//go:build !(js && wasm)

package lab

import (
	"bytes"
	"context"
	"embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"html/template"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/internal/i18n"
	_ "github.com/prunescope/prunescope/internal/i18n/help" // the flags' help in Russian and Czech: flagHelp
	"github.com/prunescope/prunescope/internal/pagefont"
	"github.com/prunescope/prunescope/trace/page"
)

// The page's files: its HTML, its style, its scripts (the core, lab.js,
// first; then each part's, in the order of its tabs), the engine
// (engine.wasm.gz, built by gen) and Go's loader for it.
var (
	//go:embed lab.html
	labHTML string
	//go:embed lab.css
	labCSS string
	//go:embed lab.js
	labJS string
	//go:embed parts/*.js
	partFiles embed.FS
	//go:embed engine.wasm.gz
	engineGz []byte
	//go:embed wasm_exec.js
	wasmExecJS string
)

// parts are the scripts of the lab's parts (parts/NN-name.js), after the
// core, each adding its tab to the side panel, in the order of their
// numbers.
var parts = func() []string {
	names, err := fs.Glob(partFiles, "parts/*.js")
	if err != nil {
		panic(err)
	}
	sort.Strings(names)
	var out []string
	for _, n := range names {
		b, err := partFiles.ReadFile(n)
		if err != nil {
			panic(err)
		}
		out = append(out, string(b))
	}
	return out
}()

var labTmpl = template.Must(template.New("lab").Funcs(page.Funcs(i18n.En)).Parse(labHTML))

// Start is what the lab opens on: the tree, the settings (search's flags)
// and the step.
type Start struct {
	Tree string
	Args []string
	Step int
	// Params are the address's parameters the page opens with where its
	// link gives none (a part's: tab=practise, q=…).
	Params map[string]string
	// Hold leaves the search out of the page and undrawn until a part or
	// the reader asks for it (practise: nothing of the answer before
	// Check); it is still made here, to refuse bad input.
	Hold bool
}

// Page writes the lab: one self-contained HTML file holding the engine,
// opened on start's search, which is made here first (bad input is refused
// before any page is written, in the words of prunescope search).
func Page(ctx context.Context, start Start) ([]byte, error) {
	r := Search(ctx, start.Tree, start.Args)
	if r.Error != "" {
		return nil, &setup.InputError{Err: errors.New(r.Error)}
	}
	firstMap := map[string]any{"tree": r.Tree, "args": start.Args, "step": start.Step, "result": r, "params": start.Params}
	if start.Hold {
		delete(firstMap, "result")
		firstMap["hold"] = true
	}
	first, err := json.Marshal(firstMap)
	if err != nil {
		return nil, err
	}
	lang := i18n.FromContext(ctx)
	var js strings.Builder
	js.WriteString(page.PlayerScript())
	js.WriteString(labJS)
	for _, p := range parts {
		js.WriteString(p)
	}
	values := map[string]any{
		"CSS":    template.CSS(page.Style("default") + labCSS),
		"Loader": wasmExecJS, // a string in the script: the engine's worker runs it
		"JS":     template.JS(js.String()),
		"First":  template.JS(strings.ReplaceAll(string(first), "</", `<\/`)),
		"Engine": template.HTML(engineText()), // base64 needs no escaping
		"Font":   template.CSS(""),
		"Bar":    template.HTML(page.Bar(lang)),
		"Lang":   string(lang),
		"Words":  template.JS(page.Words(lang, labWords...)),
		"Langs":  template.HTML(page.LangSwitch(lang)),
		"Flags":  template.JS(flagHelp()),
	}
	css, err := fontCSS()
	if err != nil {
		return nil, err
	}
	values["Font"] = template.CSS(css)
	var out bytes.Buffer
	tmpl, err := labTmpl.Clone()
	if err != nil {
		return nil, err
	}
	if err := tmpl.Funcs(page.Funcs(lang)).Execute(&out, values); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// labWords are the messages the lab's page writes, by prefix: its own, and
// those of the projector page's that its player and help use (not the
// chess board's nor diff's page's: the page stays small).
var labWords = []string{"lab.", "page.bar.", "page.hood.", "page.where.", "page.counters", "page.marks.", "page.live.", "page.lang.title", "page.root",
	"page.keys.next", "page.keys.back", "page.keys.cut", "page.keys.ends", "page.keys.digits", "page.keys.full",
	"page.keys.fit.key", "page.keys.help", "page.keys.zoom.key"}

// flagHelp is the help of the lab's settings (search's flags, as the
// engine lists them: settingsFlags) in Russian and Czech, from the
// commands' help catalogs (internal/i18n/help), by language and flag, as
// JSON safe inside a <script>: the engine answers "flags" with the English
// (the catalogs stay out of its WebAssembly for size), and the page shows
// each flag's help in the language it is shown in. Made once.
var flagHelp = sync.OnceValue(func() string {
	help := map[i18n.Lang]map[string]string{}
	for _, l := range i18n.Langs {
		if l == i18n.En {
			continue
		}
		help[l] = map[string]string{}
		for _, f := range settingsFlags() {
			if s, ok := i18n.For(l).Translation("flag.search." + f.Name); ok {
				help[l][f.Name] = s
			}
		}
	}
	js, err := json.Marshal(help)
	if err != nil {
		panic(err) // strings only
	}
	return strings.ReplaceAll(string(js), "</", `<\/`)
})

// fontCSS is the page's font: every character the page can show (the lab
// writes what the engine answers, whatever the tree), measured as the
// engine measures it. The same for every page: made once.
var fontCSS = sync.OnceValues(func() (string, error) { return pagefont.CSS(fontText) })

// engineText is the engine as the page holds it, base64: made once.
var engineText = sync.OnceValue(func() string { return base64.StdEncoding.EncodeToString(engineGz) })

// fontText holds every character the lab's font must have: every one the
// page's fonts have (pagefont.Mapped), for the lab writes whatever tree a
// student types, and its engine measures every one of them.
var fontText = pagefont.Mapped() + "✂" // ✂: drawn by pagefont itself
