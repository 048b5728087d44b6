package job

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/i18n"
)

// TestSearchEPDProgressLanguages: compare --epd's progress line says where
// the run is in the language of its context ("(1 из 2)", "(1 z 2)"), in
// English as before.
func TestSearchEPDProgressLanguages(t *testing.T) {
	p := filepath.Join(t.TempDir(), "two.epd")
	os.WriteFile(p, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bm e4; id \"start\";\n6k1/pp1q1p1p/8/8/4N3/8/PP3PPP/6K1 w - - 0 1 bm Nf6+; id \"fork\";\n"), 0o644)
	recs, err := ReadEPD(p)
	if err != nil {
		t.Fatal(err)
	}
	for l, want := range map[i18n.Lang]string{i18n.En: "prunescope: fork (2 of 2): alphabeta", i18n.Ru: "prunescope: fork (2 из 2): alphabeta", i18n.Cs: "prunescope: fork (2 z 2): alphabeta"} {
		var progress bytes.Buffer
		ctx := i18n.WithLang(context.Background(), l)
		if _, err := SearchEPD(ctx, recs, []engine.Options{{Algo: engine.AlphaBeta}}, 1, chess.EvalPST, &progress); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(progress.String(), want) {
			t.Errorf("%s: %q has no %q", l, progress.String(), want)
		}
	}
}
