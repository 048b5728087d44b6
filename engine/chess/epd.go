// EPD: Extended Position Description lines, a position (the first four FEN
// fields, optionally followed by the two clocks) and operations separated by
// semicolons, such as `bm Rf1; id "zugzwang.001";` or `;D1 20 ;D2 400`.

package chess

import (
	"github.com/prunescope/prunescope/internal/i18n"
	"strconv"
	"strings"
)

// EPD is one parsed EPD line.
type EPD struct {
	FEN string // the position as a full six-field FEN (clocks 0 1 when absent)
	Ops []Op   // the operations in the order they appear
}

// Op is one EPD operation: an opcode and its operands, quotes removed.
type Op struct {
	Code     string
	Operands []string
	quoted   []bool // which operands were written as quoted strings
}

// String writes the operation back as EPD text (without the semicolon).
func (o Op) String() string {
	var sb strings.Builder
	sb.WriteString(o.Code)
	for i, a := range o.Operands {
		sb.WriteByte(' ')
		if (i < len(o.quoted) && o.quoted[i]) || a == "" || strings.ContainsAny(a, " \t;\"") {
			sb.WriteString(strconv.Quote(a))
		} else {
			sb.WriteString(a)
		}
	}
	return sb.String()
}

// Op returns the first operation with the opcode.
func (e EPD) Op(code string) (Op, bool) {
	for _, o := range e.Ops {
		if o.Code == code {
			return o, true
		}
	}
	return Op{}, false
}

// Operand returns the first operand of the first operation with the opcode,
// or "" if there is none.
func (e EPD) Operand(code string) string {
	if o, ok := e.Op(code); ok && len(o.Operands) > 0 {
		return o.Operands[0]
	}
	return ""
}

// MaxEPDLine is the longest EPD record read, in bytes (64 KiB): a record is
// a position and a few operations, some hundred bytes. Readers of EPD files
// stop at a longer line instead of reading it whole.
const MaxEPDLine = 64 << 10

// ParseEPD reads one EPD line. The position is checked as ParseFEN checks it.
func ParseEPD(line string) (EPD, error) {
	if len(line) > MaxEPDLine {
		return EPD{}, i18n.Errorf("epd: a record of %d bytes: longer than %d KiB, longer than any EPD record", len(line), MaxEPDLine>>10)
	}
	rest := strings.TrimSpace(line)
	var fields []string
	for len(fields) < 4 {
		f, r := nextToken(rest)
		if f == "" {
			return EPD{}, i18n.Errorf("epd: %d position fields, expected 4", len(fields))
		}
		fields = append(fields, f)
		rest = r
	}
	// Optional clocks: two numbers before the first operation.
	clocks := []string{"0", "1"}
	if h, r1 := nextToken(rest); isNumber(h) {
		if f, r2 := nextToken(r1); isNumber(f) {
			clocks = []string{h, f}
			rest = r2
		}
	}
	fen := strings.Join(append(fields, clocks...), " ")
	if _, err := ParseFEN(fen); err != nil {
		return EPD{}, i18n.Errorf("epd: %w", err)
	}
	ops, err := parseOps(rest)
	if err != nil {
		return EPD{}, err
	}
	return EPD{FEN: fen, Ops: ops}, nil
}

// nextToken splits off the next whitespace-separated token that is not a ';'.
func nextToken(s string) (tok, rest string) {
	s = strings.TrimLeft(s, " \t")
	i := strings.IndexAny(s, " \t;")
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i:]
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// parseOps reads `code operand...;` operations; quoted strings may hold
// spaces and semicolons.
func parseOps(s string) ([]Op, error) {
	var ops []Op
	var cur Op
	var tok strings.Builder
	inTok := false
	finishTok := func(quoted bool) {
		if !inTok && !quoted {
			return
		}
		if cur.Code == "" && !quoted {
			cur.Code = tok.String()
		} else {
			cur.Operands = append(cur.Operands, tok.String())
			cur.quoted = append(cur.quoted, quoted)
		}
		tok.Reset()
		inTok = false
	}
	finishOp := func() {
		if cur.Code != "" {
			ops = append(ops, cur)
		}
		cur = Op{}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			finishTok(false)
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' && j+1 < len(s) {
					j++
				}
				tok.WriteByte(s[j])
				j++
			}
			if j >= len(s) {
				return nil, i18n.Errorf("epd: unterminated string in %q", strings.TrimSpace(s))
			}
			if cur.Code == "" {
				return nil, i18n.Errorf("epd: operation without an opcode before a string in %q", strings.TrimSpace(s))
			}
			finishTok(true)
			i = j
		case c == ';':
			finishTok(false)
			finishOp()
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			finishTok(false)
		default:
			tok.WriteByte(c)
			inTok = true
		}
	}
	finishTok(false)
	finishOp()
	return ops, nil
}

// PerftTarget is one expected perft count of an EPD record: "D5 4865609".
type PerftTarget struct {
	Depth int
	Nodes int64
}

// PerftTargets returns the perft counts an EPD record gives in its D1, D2, …
// operations, in the order written.
func (e EPD) PerftTargets() ([]PerftTarget, error) {
	var out []PerftTarget
	for _, o := range e.Ops {
		if len(o.Code) < 2 || o.Code[0] != 'D' {
			continue
		}
		d, err := strconv.Atoi(o.Code[1:])
		if err != nil || d < 1 {
			continue // another opcode that starts with D
		}
		if len(o.Operands) != 1 {
			return nil, i18n.Errorf("epd: %s: want one count, got %d operands", o.Code, len(o.Operands))
		}
		n, err := strconv.ParseInt(o.Operands[0], 10, 64)
		if err != nil || n < 0 {
			return nil, i18n.Errorf("epd: %s: %q is not a count", o.Code, o.Operands[0])
		}
		out = append(out, PerftTarget{Depth: d, Nodes: n})
	}
	return out, nil
}
