package cmd

import "fmt"

// checkInt returns an input error when v is below lo.
func checkInt(flag string, v, lo int) error {
	if v < lo {
		return badInputf("--%s: %d must be at least %d", flag, v, lo)
	}
	return nil
}

// checkRange rejects a value of an integer flag outside lo..hi.
func checkRange(flag string, v, lo, hi int) error {
	if v < lo || v > hi {
		return badInputf("--%s: %d must be between %d and %d", flag, v, lo, hi)
	}
	return nil
}

func plural(n int64, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
