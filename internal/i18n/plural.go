//go:build !js

package i18n

import (
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

var tags = map[Lang]language.Tag{En: language.English, Ru: language.Russian, Cs: language.Czech}

// pluralForm is the CLDR plural form of the whole number n ≥ 0 in l, by
// x/text's CLDR rules.
func pluralForm(l Lang, n int64) string {
	switch plural.Cardinal.MatchPlural(tags[l], int(n), 0, 0, 0, 0) {
	case plural.Zero:
		return "zero"
	case plural.One:
		return "one"
	case plural.Two:
		return "two"
	case plural.Few:
		return "few"
	case plural.Many:
		return "many"
	}
	return "other"
}
