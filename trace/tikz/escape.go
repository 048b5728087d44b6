package tikz

import (
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
)

// Text writes s for LaTeX's text mode, in the document's own fonts: the
// characters LaTeX reserves are escaped, the symbols of prunescope's words
// (−, ∞, ≤, ≥, α, β, …) become math, ✂ becomes the picture's scissors
// (\psCut), and a character no standard LaTeX setup can print becomes "?".
// A hyphen stays a hyphen (O-O).
func Text(s string) string { return escape(s, false, i18n.En) }

// Number writes a value or a window as Text does, a hyphen as a minus sign
// (-3.01, #-1).
func Number(s string) string { return escape(s, true, i18n.En) }

// TextIn is Text for a picture in language l, whose document sets the fonts
// the language needs (Preamble): Russian's Cyrillic letters print in T2A;
// Czech's letters (ě, ř, ů, č, ž, ...) print from UTF-8 input in LaTeX's
// default fonts, as Latin-1's do.
func TextIn(l i18n.Lang, s string) string { return escape(s, false, l) }

// NumberIn is Number for a picture in language l (TextIn).
func NumberIn(l i18n.Lang, s string) string { return escape(s, true, l) }

// Preamble is what a document must load for a picture in language l to
// print: "" for English and Czech, T2A's fonts for Russian.
func Preamble(l i18n.Lang) string {
	if l == i18n.Ru {
		return `\usepackage[T2A]{fontenc}`
	}
	return ""
}

// letterOf reports whether r is a letter of language l that its document
// prints (Preamble), beyond Latin-1's.
func letterOf(l i18n.Lang, r rune) bool {
	switch l {
	case i18n.Ru:
		return r >= 0x410 && r <= 0x44f || r == 'Ё' || r == 'ё'
	case i18n.Cs:
		return r >= 0x100 && r <= 0x17f
	}
	return false
}

// specials are what a character becomes in LaTeX's text mode, when it is
// not itself.
var specials = map[rune]string{
	'#': `\#`, '$': `\$`, '%': `\%`, '&': `\&`, '_': `\_`, '{': `\{`, '}': `\}`,
	'~': `\textasciitilde{}`, '^': `\textasciicircum{}`, '\\': `\textbackslash{}`, '"': `{''}`,
	'…': `\dots{}`, 'Ø': `\O{}`, '▲': `\psMax{}`, '▼': `\psMin{}`, '□': `\psLeaf{}`, '○': `\psChance{}`, 'ø': `\o{}`, '✂': `\psCut{}`, '–': `--`, '—': `---`,
	'‘': "`", '’': `'`, '“': "``", '”': `''`, '\u00a0': `~`,
}

// mathSymbols are the characters written as math, and how.
var mathSymbols = map[rune]string{
	'<': `<`, '>': `>`, '|': `|`,
	'−': `-`, '∞': `\infty`, '≤': `\le`, '≥': `\ge`, 'α': `\alpha`, 'β': `\beta`, '·': `\cdot`,
	'→': `\to`, '←': `\leftarrow`, '↕': `\updownarrow`, '≡': `\equiv`, '≈': `\approx`,
	'×': `\times`, '±': `\pm`, '≠': `\neq`, '÷': `\div`,
}

// relations are the math symbols TeX spaces as relations.
var relations = map[rune]bool{'<': true, '>': true, '≤': true, '≥': true, '≡': true, '≈': true, '≠': true}

// greek are the Greek letters a tree's names may hold, as math.
var greek = map[rune]string{
	'γ': `\gamma`, 'δ': `\delta`, 'ε': `\varepsilon`, 'ζ': `\zeta`, 'η': `\eta`, 'θ': `\theta`,
	'ι': `\iota`, 'κ': `\kappa`, 'λ': `\lambda`, 'μ': `\mu`, 'ν': `\nu`, 'ξ': `\xi`, 'π': `\pi`,
	'ρ': `\rho`, 'σ': `\sigma`, 'ς': `\varsigma`, 'τ': `\tau`, 'υ': `\upsilon`, 'φ': `\varphi`,
	'χ': `\chi`, 'ψ': `\psi`, 'ω': `\omega`, 'Γ': `\Gamma`, 'Δ': `\Delta`, 'Θ': `\Theta`,
	'Λ': `\Lambda`, 'Ξ': `\Xi`, 'Π': `\Pi`, 'Σ': `\Sigma`, 'Υ': `\Upsilon`, 'Φ': `\Phi`,
	'Ψ': `\Psi`, 'Ω': `\Omega`,
}

func escape(s string, number bool, l i18n.Lang) string {
	var b strings.Builder
	inMath := false // within \ensuremath{…}: math symbols in a row share one
	math := func(t string) {
		if !inMath {
			b.WriteString(`\ensuremath{`)
			inMath = true
		}
		b.WriteString(t)
	}
	text := func(t string) {
		if inMath {
			b.WriteByte('}')
			inMath = false
		}
		b.WriteString(t)
	}
	for _, r := range s {
		if t, ok := mathSymbols[r]; ok {
			if relations[r] {
				// A relation alone: in one math run with what follows
				// it would be spaced as in "a ≤ b" (≤ −925).
				text("")
				math(t)
				text("")
				continue
			}
			math(t)
			continue
		}
		if t, ok := greek[r]; ok {
			math(t)
			continue
		}
		if t, ok := specials[r]; ok {
			text(t)
			continue
		}
		switch {
		case (r == '-' || r == '+') && number:
			math(string(r))
		case r == '\n' || r == '\t':
			text(" ")
		case r < ' ' || r == 0x7f:
			// a control character prints nothing
		case r < 0x80, latin1Letter(r), letterOf(l, r):
			// LaTeX's UTF-8 input prints the letters of Latin-1 in its
			// default fonts
			text(string(r))
		default:
			text("?")
		}
	}
	if inMath {
		b.WriteByte('}')
	}
	return b.String()
}

// latin1Letter reports whether r is one of the letters of Latin-1 that
// LaTeX's default (OT1) fonts print from UTF-8 input: the accented letters,
// æ, ß, å; not Ð, Þ and their small forms, which need T1.
func latin1Letter(r rune) bool {
	switch r {
	case 'Ð', 'ð', 'Þ', 'þ', '×', '÷':
		return false
	}
	return r >= 0xc0 && r <= 0xff
}
