package chess

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// formatTable writes a printed table (a8 first) as the Markdown table of
// docs/evaluation.md.
func formatTable(t *[64]int32) string {
	var b strings.Builder
	b.WriteString("| rank | a | b | c | d | e | f | g | h |\n|---|---|---|---|---|---|---|---|---|\n")
	for r := 0; r < 8; r++ {
		fmt.Fprintf(&b, "| %d |", 8-r)
		for f := 0; f < 8; f++ {
			fmt.Fprintf(&b, " %d |", t[8*r+f])
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestEvaluationDoc checks that docs/evaluation.md shows the values and
// tables the code uses (go test ./engine/chess -run EvaluationDoc -v prints
// them when they differ).
func TestEvaluationDoc(t *testing.T) {
	data, err := os.ReadFile("../../docs/evaluation.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, c := range []struct {
		title string
		table *[64]int32
	}{
		{"Pawn", &simplifiedPST[Pawn]}, {"Knight", &simplifiedPST[Knight]}, {"Bishop", &simplifiedPST[Bishop]},
		{"Rook", &simplifiedPST[Rook]}, {"Queen", &simplifiedPST[Queen]},
		{"King, middle game", &simplifiedPST[King]}, {"King, end game", &kingEndgamePST},
	} {
		want := "### " + c.title + "\n\n" + formatTable(c.table)
		if !strings.Contains(doc, want) {
			t.Errorf("docs/evaluation.md lacks the %s table as the code has it:\n%s", c.title, want)
		}
	}
	for _, v := range []string{
		fmt.Sprintf("| pawn | %d |", PawnValue), fmt.Sprintf("| knight | %d |", KnightValue),
		fmt.Sprintf("| bishop | %d |", BishopValue), fmt.Sprintf("| rook | %d |", RookValue),
		fmt.Sprintf("| queen | %d |", QueenValue), fmt.Sprintf("mate is worth %d", MateScore),
	} {
		if !strings.Contains(doc, v) {
			t.Errorf("docs/evaluation.md lacks %q", v)
		}
	}
}
