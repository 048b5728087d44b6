package fuzzseed

import (
	"bytes"
	"testing"

	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
)

// TestTraces: the seeds are real, whole and small (every seed runs in every
// go test, and the fuzzer minimises what it finds from them).
func TestTraces(t *testing.T) {
	ts, err := Traces()
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range ts {
		n := 0
		if err := jsonl.ReadAll(bytes.NewReader(tr.Data), tr.Name, func(*trace.Event) error { n++; return nil }); err != nil {
			t.Errorf("%s: %v", tr.Name, err)
		}
		if len(tr.Data) > 16<<10 || n < 3 {
			t.Errorf("%s: %d bytes, %d events", tr.Name, len(tr.Data), n)
		}
	}
}

func TestRenumber(t *testing.T) {
	in := "{\"seq\":5,\"x\":{\"seq\":9}}\n\n  {\"ev\":1,\"seq\":-2}\n{\"seq\":0}"
	want := "{\"seq\":0,\"x\":{\"seq\":9}}\n\n  {\"ev\":1,\"seq\":1}\n{\"seq\":2}"
	if got := string(Renumber([]byte(in))); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
