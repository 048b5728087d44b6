// Package i18ntest holds what the tests of the three languages share: the
// numbers, node names and moves a sentence carries, which must read the
// same in every language whatever the words around them.
package i18ntest

import (
	"regexp"
	"slices"
	"sort"
	"strings"
)

// decimalComma is a decimal comma as Russian and Czech prose write it (3,5):
// a node's name (1.2) never has one, and a list (1, 2) has a space.
var decimalComma = regexp.MustCompile(`(\d),(\d)`)

// Prose is text with its decimal commas read back as the points the numbers
// are formatted with.
func Prose(text string) string { return decimalComma.ReplaceAllString(text, "$1.$2") }

// token is a number, a node's name, a window's edge or a move.
var token = regexp.MustCompile(`[+−-]?(?:[A-Za-z]*[0-9][0-9A-Za-z.=+#]*|∞)`)

// Tokens are text's numbers, node names, windows' edges and moves, as a set
// in the order met (decimal commas read as points).
func Tokens(text string) []string {
	var out []string
	for _, m := range token.FindAllString(Prose(text), -1) {
		m = strings.TrimRight(m, ".")
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}

// number is a number or a node's name (digits and points, or a decimal
// comma), or an infinite edge.
var number = regexp.MustCompile(`[0-9]+(?:[.,][0-9]+)*|[+−-]∞`)

// Numbers are text's numbers and node names, once each, sorted (a decimal
// comma read as the point).
func Numbers(text string) []string {
	var out []string
	for _, m := range number.FindAllString(text, -1) {
		m = strings.ReplaceAll(m, ",", ".")
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	sort.Strings(out)
	return out
}
