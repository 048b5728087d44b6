//go:build js

package i18n

import (
	"sync"
	"syscall/js"
)

var (
	rulesMu sync.Mutex
	rules   = map[Lang]js.Value{}
)

// pluralForm is the CLDR plural form of the whole number n ≥ 0 in l, by
// the browser's Intl.PluralRules (the same CLDR rules x/text carries,
// without its tables in the lab's WebAssembly).
func pluralForm(l Lang, n int64) string {
	rulesMu.Lock()
	r, ok := rules[l]
	if !ok {
		r = js.Global().Get("Intl").Get("PluralRules").New(string(l))
		rules[l] = r
	}
	rulesMu.Unlock()
	return r.Call("select", float64(n)).String()
}
