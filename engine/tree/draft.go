package tree

import ()

// ParseDraft reads a tree in the text form as Parse does, with the same
// syntax and the same errors for it, but without the rules that span
// several nodes (unique names, pass children, chance nodes and their
// probabilities) and without scaling: every value is held in hundredths
// (Scale 100). It is for an editor, which must keep working on a tree
// that breaks such a rule for a moment (a chance node whose children's
// probabilities are given one at a time): Format and FormatIndented print
// a draft as it was written, and Parse then says what is wrong with it.
func ParseDraft(source, text string) (*Tree, error) {
	t, err := parseText(source, text)
	if err != nil {
		return nil, err
	}
	link(t.Root)
	t.Scale = 100
	return t, nil
}

// ParseValue reads a value as the text form writes it ("3", "-2", "0.75":
// at most two decimals, at most a billion in magnitude; or inf, -inf, ∞,
// −∞) and returns it in hundredths (an infinity as ±score.Inf); the error
// says what is wrong, as Parse says it of a leaf.
func ParseValue(s string) (centi int64, err error) {
	v, msg := parseValue(s)
	if msg != nil {
		return 0, msg
	}
	return v, nil
}

// FormatValue writes a value of a tree whose values are held at the scale
// as the text form writes it: inf or -inf for an infinity, else the
// number in its shortest decimal form ("3", "-2", "0.75").
func FormatValue(v, scale int64) string { return string(appendValue(nil, v, scale)) }

// Relink gives every node of t its parent and its index among its
// parent's children again, after an editor moved, added or removed
// children, so that Path, Label and Find see the tree as it now is.
func (t *Tree) Relink() {
	if t != nil && t.Root != nil {
		link(t.Root)
	}
}

// ParseWeight reads a probability as [p=W] writes it ("0.25", "1/3") and
// returns it as a reduced fraction; the error says what is wrong, as Parse
// says it of [p=W].
func ParseWeight(s string) (num, den int64, err error) {
	num, den, msg := parseWeight(s)
	if msg != nil {
		return 0, 0, msg
	}
	return num, den, nil
}
