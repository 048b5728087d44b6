package tree

import (
	"strconv"
	"unicode"
)

// isNameStart reports whether r may begin a name.
func isNameStart(r rune) bool { return r == '_' || unicode.IsLetter(r) }

// isNameRune reports whether r may continue a name.
func isNameRune(r rune) bool {
	return isNameStart(r) || ('0' <= r && r <= '9') || r == '.' || r == '\'' || r == '-'
}

// validName reports whether s is a valid explicit name: a letter or an
// underscore, then letters, digits, underscores, dots, apostrophes or hyphens.
// Names never look like a number or a path.
func validName(s string) bool {
	for i, r := range s {
		if (i == 0 && !isNameStart(r)) || !isNameRune(r) {
			return false
		}
	}
	return s != ""
}

// nameRule explains what a name may look like, for error messages.
const nameRule = "a name starts with a letter or '_' and continues with letters, digits, '_', '.', ''' or '-'"

// canonicalKey returns the canonical form of a transposition key: a name as
// it is, an integer in decimal without '+' or leading zeros (so that "+07" and
// "7" are one key). ok is false when k is neither.
func canonicalKey(k string) (string, bool) {
	if validName(k) {
		return k, true
	}
	if len(k) > 0 && (k[0] == '+' || k[0] == '-' || '0' <= k[0] && k[0] <= '9') {
		if n, err := strconv.ParseInt(k, 10, 64); err == nil {
			return strconv.FormatInt(n, 10), true
		}
	}
	return "", false
}

// keyRule explains what a key may look like, for error messages.
const keyRule = "a key is a name or an integer"
