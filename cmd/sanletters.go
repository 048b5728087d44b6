package cmd

import (
	"bytes"
	"io"

	"github.com/prunescope/prunescope/engine/chess"
)

// sanState is what the SAN letters' writer keeps between writes: the end
// of the text that may be the start of a move (held until the next write
// or the flush), and whether the line being written is JSON (or inside a
// block of indented JSON), which keeps English's letters.
type sanState struct {
	hold    []byte
	midLine bool // the last byte passed on was not a newline
	json    bool // the current line is JSON
	block   bool // inside an indented JSON block ({ ... } over lines)
}

// isMoveByte says whether b may be part of a SAN move.
func isMoveByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '=' || b == '+' || b == '#'
}

// localize passes p on with its moves in l's letters (chess.Letters
// Localize), line by line; all flushes what is held.
func (s *sanState) localize(l chess.Letters, p []byte, all bool) []byte {
	data := append(s.hold, p...)
	s.hold = nil
	if !all {
		// A piece move split between two writes is held whole.
		j := len(data)
		for j > 0 && isMoveByte(data[j-1]) {
			j--
		}
		// A piece move (Nf3) or what may become a promotion (e8=Q, dxc1=N).
		run := data[j:]
		piece := len(run) > 0 && bytes.IndexByte([]byte("KQRBN"), run[0]) >= 0
		promo := len(run) > 0 && run[0] >= 'a' && run[0] <= 'h' && (len(run) == 1 || run[1] == 'x' || run[1] == '1' || run[1] == '8')
		if n := len(run); n > 0 && n <= 8 && (piece || promo) {
			s.hold = append([]byte(nil), data[j:]...)
			data = data[:j]
		}
	}
	var out []byte
	for len(data) > 0 {
		k := bytes.IndexByte(data, '\n')
		seg := data
		if k >= 0 {
			seg = data[:k+1]
		}
		data = data[len(seg):]
		if !s.midLine {
			line := bytes.TrimRight(seg, "\r\n")
			switch {
			case s.block:
				s.json = true
				if bytes.Equal(line, []byte("}")) {
					s.block = false
				}
			case len(line) > 0 && line[0] == '{':
				s.json = true
				s.block = !bytes.HasSuffix(bytes.TrimSpace(line), []byte("}"))
			default:
				s.json = false
			}
		}
		if s.json {
			out = append(out, seg...)
		} else {
			out = append(out, l.Localize(string(seg))...)
		}
		s.midLine = seg[len(seg)-1] != '\n'
	}
	return out
}

// sanScreen writes the full-screen player's frames with their moves in a
// language's letters: each write is a whole frame, passed on at once.
type sanScreen struct {
	w   io.Writer
	l   chess.Letters
	san sanState
}

func (s *sanScreen) Write(p []byte) (int, error) {
	if _, err := s.w.Write(s.san.localize(s.l, p, true)); err != nil {
		return 0, err
	}
	return len(p), nil
}
