package engine

import "slices"

// choices are the words each technique parameter that takes one of a few
// words accepts, in order (choice reads them): names every language keeps.
var choices = map[string][]string{
	"aspiration-research": {"root", "move"},
	"null-window":         {"zero", "full"},
	"null-once":           {"line", "row"},
	"null-threat-rule":    {"moved", "any"},
}

// Choices are the words the technique parameters that take one of a few
// words accept, by parameter (--null-once: line or row).
func Choices() map[string][]string {
	out := make(map[string][]string, len(choices))
	for k, v := range choices {
		out[k] = slices.Clone(v)
	}
	return out
}
