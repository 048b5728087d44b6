package cmd

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/match"
)

// TestMatch: a tiny match prints its report, writes its PGN whole, and says
// the same for any --jobs.
func TestMatch(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "games.pgn")
	args := []string{"match", "alphabeta+tt", "alphabeta+tt+order", "--games", "2", "--nodes", "500"}
	r1 := run(t, "", append(args, "--jobs", "1", "--pgn", pgn)...)
	if r1.code != 0 {
		t.Fatal(r1)
	}
	r2 := run(t, "", append(args, "--jobs", "2")...)
	if r1.stdout != r2.stdout {
		t.Errorf("--jobs 1 and 2 differ:\n%s\n%s", r1.stdout, r2.stdout)
	}
	for _, want := range []string{"A: alphabeta+tt\n", "B: alphabeta+tt+order\n", "2 games (1 opening, each with both colours), 500 nodes per move", "score ", "Elo difference A − B: ", "endings: "} {
		if !strings.Contains(r1.stdout, want) {
			t.Errorf("the report lacks %q:\n%s", want, r1.stdout)
		}
	}
	data, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(data), "[Event \"prunescope match, 500 nodes per move\"]") != 2 || r1.stderr != "prunescope: wrote "+pgn+"\n" {
		t.Errorf("PGN of 2 games, stderr %q:\n%s", r1.stderr, data)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files left in the folder, want the PGN alone", len(entries))
	}
}

// TestMatchRefused: bad input gets one line, exit 2, before any game (no
// PGN is written).
func TestMatchRefused(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "g.pgn")
	ok := []string{"alphabeta+tt", "alphabeta+tt+null-move", "--pgn", pgn}
	cases := []struct {
		name   string
		args   []string
		prefix string
		want   []string
	}{
		{"one spec", []string{"alphabeta"}, "prunescope: match: give two configurations", nil},
		{"unknown spec", []string{"alphabeta+tt", "alphabeta+frobnicate"}, "prunescope: B", []string{"frobnicate"}},
		{"unknown algorithm", []string{"alphabet", "alphabeta"}, "prunescope: A", []string{"alphabet"}},
		{"no games", append(ok, "--games", "0"), "prunescope: --games: 0", []string{"even"}},
		{"odd games", append(ok, "--games", "3"), "prunescope: --games: 3", []string{"even"}},
		{"too many games", append(ok, "--games", "1000000000", "--time", "1ms"), "prunescope: --games: 1000000000", []string{"100000"}},
		{"negative nodes", append(ok, "--nodes", "-5"), "prunescope: --nodes: -5", nil},
		{"nodes and time", append(ok, "--nodes", "500", "--time", "10ms"), "prunescope: --nodes and --time", nil},
		{"no limit", append(ok, "--nodes", "0"), "prunescope: --nodes 0", []string{"--time", "--depth-limit"}},
		{"more games than openings", append(ok, "--games", "82"), "prunescope: --games: 82", []string{"40 openings", "--openings"}},
		{"sprt", append(ok, "--sprt", "10"), "prunescope: --sprt 10", []string{"ELO0,ELO1"}},
		{"sprt order", append(ok, "--sprt", "5,0"), "prunescope: --sprt 5,0", []string{"below"}},
		{"jobs", append(ok, "--jobs", "0"), "prunescope: --jobs: 0", nil},
		{"jobs and memory", append(ok, "--jobs", "200", "--tt-mb", "16"), "prunescope: --jobs: 200 games at once, each with a table of 16 MB", []string{"1024 MB"}},
		{"too many jobs", append(ok, "--jobs", "1000"), "prunescope: --jobs: 1000", nil},
		{"eval", append(ok, "--eval", "nnue"), "prunescope: --eval", []string{"nnue"}},
		{"depth", append(ok, "--depth-limit", "1001"), "prunescope: --depth-limit: 1001", nil},
		{"openings file", append(ok, "--openings", filepath.Join(dir, "none.txt")), "prunescope: --openings", []string{"none.txt"}},
		{"unwritable pgn", []string{"alphabeta+tt", "alphabeta+tt", "--pgn", filepath.Join(dir, "no", "such", "g.pgn")}, "prunescope: --pgn", nil},
		{"parameter without its technique", append(ok, "--futility-margins", "1,2"), "prunescope: ", []string{"futility"}},
	}
	for _, c := range cases {
		r := run(t, "", append([]string{"match"}, c.args...)...)
		refused(t, c.name, r, c.prefix, c.want...)
	}
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("e4 e5\nNf3 Qxh7\n"), 0o644)
	refused(t, "bad openings", run(t, "", "match", "alphabeta", "alphabeta+tt", "--openings", bad), "prunescope: --openings "+bad+": line 2: move 2 Qxh7")
	refused(t, "pgn over the openings", run(t, "", "match", "alphabeta", "alphabeta+tt", "--openings", bad, "--pgn", bad), "prunescope: --pgn "+bad+": it is the openings file")
	if data, _ := os.ReadFile(bad); string(data) != "e4 e5\nNf3 Qxh7\n" {
		t.Errorf("the openings file was changed: %q", data)
	}
	if _, err := os.Stat(pgn); err == nil {
		t.Error("a refused match wrote its PGN")
	}
}

// TestMatchOpenings: --openings names a built-in set or a file, and the
// games a set allows at fixed nodes follow from its size.
func TestMatchOpenings(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "two.txt")
	os.WriteFile(file, []byte("e4 e5\nd4 d5\n"), 0o644)
	for _, c := range []struct {
		args     []string
		openings int
		err      string
	}{
		{[]string{"--games", "848", "--openings", "wide"}, 424, ""},
		{[]string{"--games", "850", "--openings", "wide"}, 0, "848 different ones"},
		{[]string{"--games", "80"}, 40, ""},
		{[]string{"--games", "4", "--openings", file}, 2, ""},
		{[]string{"--games", "6", "--openings", file}, 0, "4 different ones"},
		{[]string{"--games", "6", "--openings", file, "--time", "10ms"}, 2, ""},
	} {
		_, o := runParsed(t, newMatchCmd, func(context.Context, *Streams, *matchOptions) error { return nil }, append([]string{"alphabeta+tt", "alphabeta+tt+order"}, c.args...)...)
		cfg, err := o.config()
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%v: %v, want %q", c.args, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%v: %v", c.args, err)
		case c.err == "" && len(openingsOf(cfg)) != c.openings:
			t.Errorf("%v: %d openings, want %d", c.args, len(openingsOf(cfg)), c.openings)
		}
	}
}

// TestProgressBar: the line a terminal gets after each game.
func TestProgressBar(t *testing.T) {
	var b strings.Builder
	progressBar(&b, 5, 20, match.Tally{Wins: 3, Draws: 1, Losses: 1})
	want := "\r\033[K[#######.......................] 5/20 games · A +3 =1 −1 · 70.0 %"
	if b.String() != want {
		t.Errorf("got %q\nwant %q", b.String(), want)
	}
}
