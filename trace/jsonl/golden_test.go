package jsonl

import (
	"bytes"
	"flag"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
	"github.com/prunescope/prunescope/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestGolden: the JSON Lines trace of each small search (sinktest.Searches),
// written through the writer's hooks as the search runs, against
// testdata/golden/NAME.jsonl; read back and written again, it is the same
// bytes, so the reader keeps every field the writer writes.
func TestGolden(t *testing.T) {
	sinktest.Goldens(t, sinktest.Searches, ".jsonl", *update, func(t *testing.T, s sinktest.Search) []byte {
		var buf bytes.Buffer
		w := NewWriter(&buf)
		s.Run(t, w.Hooks())
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		var again bytes.Buffer
		w2 := NewWriter(&again)
		err := ReadAll(bytes.NewReader(buf.Bytes()), s.Name+".jsonl", func(e *trace.Event) error { return w2.Write(e) })
		if err == nil {
			err = w2.Flush()
		}
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again.Bytes(), buf.Bytes()) {
			t.Errorf("read back and written again, the trace differs:\n%s\n--- first written\n%s", again.Bytes(), buf.Bytes())
		}
		return buf.Bytes()
	})
}
