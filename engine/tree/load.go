package tree

import (
	"bytes"
	"errors"
	"github.com/prunescope/prunescope/internal/i18n"
	"io"
	"io/fs"
	"os"
	"strings"
)

// inlineSource names inline tree text in errors.
const inlineSource = "tree"

// Load reads the tree a user named with --tree. value is, in this order of
// precedence:
//   - a built-in tree's name (see BuiltinNames);
//   - "-": the tree is read from stdin, as JSON when its first non-space byte
//     is '{', else as text;
//   - the path of an existing file: JSON when the name ends in ".json", a
//     CS188 game tree test when it has that test's fields (cs188.go), else
//     text; the tree's Source is the path as given;
//   - tree text itself (Source "tree") when it holds '(' or '{' or starts like
//     a number, e.g. "((3 12 8) (2 4 6))" or "5".
func Load(value string, stdin io.Reader) (*Tree, error) {
	if t, ok := Builtin(value); ok {
		return t, nil
	}
	if value == "-" {
		if stdin == nil {
			return nil, i18n.Error("stdin: no standard input to read the tree from")
		}
		data, err := readAll(stdin)
		if err != nil {
			return nil, i18n.Errorf("stdin: %w", err)
		}
		return parseAny("stdin", data, looksLikeJSON(data))
	}
	if info, err := os.Stat(value); err == nil {
		if info.IsDir() {
			return nil, i18n.Errorf("tree file %s: is a directory", value)
		}
		f, err := os.Open(value)
		if err != nil {
			return nil, i18n.Errorf("tree file %s: %w", value, pathErr(err))
		}
		defer f.Close()
		data, err := readAll(f)
		if err != nil {
			return nil, i18n.Errorf("tree file %s: %w", value, err)
		}
		return parseAny(value, data, strings.HasSuffix(strings.ToLower(value), ".json"))
	}
	if looksLikeTree(value) {
		return parseAny(inlineSource, []byte(value), looksLikeJSON([]byte(value)))
	}
	return nil, i18n.Errorf("no built-in tree, file or tree text named %q (built-in trees: %s)", value, strings.Join(BuiltinNames(), ", "))
}

// pathErr strips the operation and path from a file error, which the caller
// names itself.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// readAll reads r up to MaxInputBytes: one byte more says the input is too
// large, and nothing past it is read.
func readAll(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInputBytes+1))
	if err != nil {
		return nil, i18n.Errorf("read: %w", err)
	}
	if len(data) > MaxInputBytes {
		return nil, i18n.Errorf("input larger than %d MiB, the most a toy tree may take", MaxInputBytes>>20)
	}
	return data, nil
}

func parseAny(source string, data []byte, isJSON bool) (*Tree, error) {
	if isJSON {
		return ParseJSON(source, data)
	}
	if source != inlineSource && LooksLikeCS188(data) {
		return ParseCS188(source, string(data)) // a test of CS188's multi-agent project (cs188.go)
	}
	return Parse(source, string(data))
}

// looksLikeJSON reports whether the first non-space byte of data is '{'.
func looksLikeJSON(data []byte) bool {
	data = bytes.TrimLeft(data, " \t\r\n\ufeff")
	return len(data) > 0 && data[0] == '{'
}

// looksLikeTree reports whether s is meant as tree text rather than a name: it
// holds a parenthesis or a brace, or starts like a number, or is a named
// leaf (NAME:5).
func looksLikeTree(s string) bool {
	if strings.ContainsAny(s, "(){") {
		return true
	}
	s = strings.TrimSpace(s)
	if name, rest, ok := strings.Cut(s, ":"); ok && validName(name) {
		s = strings.TrimSpace(rest)
	}
	s = strings.TrimLeft(s, "+-")
	return s != "" && (('0' <= s[0] && s[0] <= '9') || s[0] == '.')
}
