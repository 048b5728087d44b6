// Package pieces holds the chess pieces the page draws its board with:
// Colin M.L. Burnett's set (GPLv2+, see NOTICE.txt), one SVG drawing a
// piece on a 45×45 square.
package pieces

import (
	"embed"
	"strings"
)

//go:embed cburnett/*.svg
var files embed.FS

// Notice is the set's author, source and licence (NOTICE.txt), for
// prunescope version --notices.
//
//go:embed NOTICE.txt
var Notice string

// Letters are the pieces as FEN writes them: white upper case, black lower.
const Letters = "KQRBNPkqrbnp"

// withoutOuter is a drawing without its own <svg> element (the start tag
// after any space, the end tag before any), which the page replaces.
func withoutOuter(s string) string {
	const space = "\t\n\f\r "
	if rest, ok := strings.CutPrefix(strings.TrimLeft(s, space), "<svg"); ok {
		if end := strings.IndexByte(rest, '>'); end >= 0 {
			s = rest[end+1:]
		}
	}
	if rest, ok := strings.CutSuffix(strings.TrimRight(s, space), "</svg>"); ok {
		s = rest
	}
	return s
}

// Inner is the drawing of the piece FEN writes as letter (one of Letters),
// without its outer <svg> element: to be put in an element whose viewBox is
// 0 0 45 45. It is "" for any other letter.
func Inner(letter byte) string {
	if strings.IndexByte(Letters, letter) < 0 {
		return ""
	}
	color := "w"
	if letter >= 'a' {
		color = "b"
	}
	b, err := files.ReadFile("cburnett/" + color + strings.ToUpper(string(letter)) + ".svg")
	if err != nil {
		return "" // not reached: every letter has its file (TestEveryPiece)
	}
	return withoutOuter(string(b))
}

// All is every piece's drawing by its letter (Inner).
func All() map[string]string {
	out := make(map[string]string, len(Letters))
	for i := 0; i < len(Letters); i++ {
		out[Letters[i:i+1]] = Inner(Letters[i])
	}
	return out
}
