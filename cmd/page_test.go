package cmd

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestHTMLPages writes the projector page from each command that has
// --html, and refuses a page over --html-max-steps before writing anything.
func TestHTMLPages(t *testing.T) {
	dir := t.TempDir()
	trace := filepath.Join(dir, "wiki.jsonl")
	if r := run(t, "", "search", "--tree", "wikipedia", "--trace", "json", "--trace-out", trace); r.code != 0 {
		t.Fatal(r)
	}
	cases := []struct {
		args  []string
		files []string
	}{
		{[]string{"search", "--tree", "aima", "--html", filepath.Join(dir, "aima.html")}, []string{"aima.html"}},
		{[]string{"step", trace, "--html", filepath.Join(dir, "saved.html"), "--from", "20", "--steps", "10"}, []string{"saved.html"}},
		{[]string{"step", "--tree", "nullmove", "--null-move", "--html", filepath.Join(dir, "null.html")}, []string{"null.html"}},
		{[]string{"diff", "alphabeta", "alphabeta:soft:gt", "--tree", "wikipedia", "--html", filepath.Join(dir, "d.html")}, []string{"d.html"}},
		{[]string{"lesson", "run", "alpha-beta", "--html", filepath.Join(dir, "lesson")}, []string{"lesson/alpha-beta-1.html", "lesson/alpha-beta-2.html"}},
		{[]string{"search", "--fen", "mate-in-2", "--depth", "2", "--html", filepath.Join(dir, "chess.html")}, []string{"chess.html"}},
	}
	for _, c := range cases {
		r := run(t, "", c.args...)
		if r.code != 0 {
			t.Fatalf("%s: %v", strings.Join(c.args, " "), r)
		}
		for _, f := range c.files {
			b, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatalf("%s: %v", strings.Join(c.args, " "), err)
			}
			if f == "d.html" {
				// Both sides' pages, each in a frame of the one file.
				if strings.Count(string(b), "<iframe ") != 2 || strings.Count(string(b), `&lt;script id=&#34;ps-data&#34; type=&#34;application/json&#34;&gt;`) != 2 {
					t.Errorf("%s: %s does not hold two pages", strings.Join(c.args, " "), f)
				}
				continue
			}
			if !strings.Contains(string(b), `<script id="ps-data" type="application/json">`) || !strings.Contains(string(b), `id="ps-svg"`) {
				t.Errorf("%s: %s is not a page", strings.Join(c.args, " "), f)
			}
			if f == "chess.html" && !strings.Contains(string(b), `"boards":{`) {
				t.Errorf("the chess page has no boards")
			}
		}
	}

	out := filepath.Join(dir, "big.html")
	r := run(t, "", "search", "--tree", "wikipedia", "--trace", "none", "--html", out, "--html-max-steps", "10")
	if r.code != 2 || !strings.Contains(r.stderr, "--html-max-steps 10") || !strings.Contains(r.stderr, "--from") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("a page over the limit: %v", r)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused page left a file")
	}
	// The message names --focus, and a subtree fits where the whole does not.
	if !strings.Contains(r.stderr, "--focus") {
		t.Errorf("the refusal does not name --focus: %s", r.stderr)
	}
	part := filepath.Join(dir, "part.html")
	if r := run(t, "", "step", "--tree", "wikipedia", "--html", part, "--html-max-steps", "10", "--focus", "1.2"); r.code != 0 {
		t.Errorf("a page of subtree 1.2: %v", r)
	}
	if r := run(t, "", "step", "--tree", "wikipedia", "--html", part, "--focus", "1.9"); r.code != 2 || !strings.Contains(r.stderr, "--focus") {
		t.Errorf("a page of a subtree never searched: %v", r)
	}
	if r := run(t, "", "step", "--tree", "wikipedia", "--focus", "1.2"); r.code != 2 || !strings.Contains(r.stderr, "--html") {
		t.Errorf("--focus without --html: %v", r)
	}
	r = run(t, "", "step", "--tree", "aima", "--html", filepath.Join(dir, "x.html"), "--frames", filepath.Join(dir, "frames"))
	if r.code != 2 {
		t.Errorf("--html with --frames: %v", r)
	}
}

// TestPageOnlyRefusals checks that --view negamax and --renderer dot are
// refused in one line when the page is all a command would draw (the page
// is always from MAX's point of view and lays its tree out itself), and
// taken when a picture takes them, without a file left.
func TestPageOnlyRefusals(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "p.html")
	for _, c := range []struct {
		args []string
		code int
		flag string
	}{
		{[]string{"search", "--tree", "aima", "--trace", "none", "--html", page, "--view", "negamax"}, 2, "--view negamax"},
		{[]string{"search", "--tree", "aima", "--trace", "none", "--html", page, "--renderer", "dot"}, 2, "--renderer dot"},
		{[]string{"step", "--tree", "aima", "--html", page, "--view", "negamax"}, 2, "--view negamax"},
		{[]string{"step", "--tree", "aima", "--html", page, "--renderer", "dot"}, 2, "--renderer dot"},
		{[]string{"diff", "alphabeta", "minimax", "--tree", "aima", "--html", page, "--renderer", "dot"}, 2, "--renderer dot"},
		{[]string{"diff", "alphabeta", "minimax", "--tree", "aima", "--html", page, "--view", "negamax"}, 2, "--view negamax"},
		{[]string{"step", "--tree", "aima", "--html", page, "--renderer", "builtin"}, 0, ""},
		{[]string{"search", "--tree", "aima", "--trace", "none", "--html", page, "--view", "negamax", "--dot", filepath.Join(dir, "n.dot")}, 0, ""},
	} {
		os.Remove(page)
		r := run(t, "", c.args...)
		line := strings.Join(c.args, " ")
		if r.code != c.code {
			t.Errorf("%s: %v", line, r)
			continue
		}
		_, err := os.Stat(page)
		if c.code == 0 {
			if err != nil {
				t.Errorf("%s: no page written", line)
			}
			continue
		}
		if !strings.HasPrefix(r.stderr, "prunescope: "+c.flag+": ") || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "--html page") {
			t.Errorf("%s: want one line on %s and the page: %q", line, c.flag, r.stderr)
		}
		if err == nil {
			t.Errorf("%s: a refused page left a file", line)
		}
	}
}

// TestPageSameWithNativeDot writes the same page with nothing on PATH, with
// a stand-in dot on PATH that draws something else entirely, and with the
// machine's native dot if it has one, running the binary each time (the
// native dot is looked up once a process): the page's bytes must not
// change. The stand-in is proved to be taken for --svg, so the check is
// not blind.
func TestPageSameWithNativeDot(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and runs the binary")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in dot is a shell script")
	}
	bin := binary(t)
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	fake := filepath.Join(dir, "fake")
	for _, d := range []string{empty, fake} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	const fakeSVG = `<svg width="10pt" height="10pt" viewBox="0.00 0.00 10.00 10.00" xmlns="http://www.w3.org/2000/svg"><g id="graph0" class="graph"><text>stand-in</text></g></svg>`
	script := "#!/bin/sh\ncat >/dev/null\nprintf '%s\\n' '" + fakeSVG + "'\n"
	if err := os.WriteFile(filepath.Join(fake, "dot"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(path, name string, args ...string) []byte {
		t.Helper()
		out := filepath.Join(dir, name)
		cmd := exec.Command(bin, append(args, out)...)
		cmd.Env = append(os.Environ(), "PATH="+path)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("PATH=%s %s: %v\n%s", path, strings.Join(cmd.Args, " "), err, msg)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	page := []string{"step", "--tree", "wikipedia", "--null-move", "--html"}
	want := write(empty, "none.html", page...)
	if svg := write(fake, "fake.svg", "search", "--tree", "wikipedia", "--trace", "none", "--svg"); !bytes.Contains(svg, []byte("stand-in")) {
		t.Fatalf("the stand-in dot on PATH is not taken for --svg: the check would be blind")
	}
	if got := write(fake, "fake.html", page...); !bytes.Equal(got, want) {
		t.Errorf("the page differs with a stand-in dot on PATH (%d bytes, %d without)", len(got), len(want))
	}
	t.Run("native", func(t *testing.T) {
		native, err := exec.LookPath("dot")
		if err != nil {
			t.Skip("no native dot on PATH: the page was compared with a stand-in only")
		}
		if got := write(filepath.Dir(native)+string(os.PathListSeparator)+os.Getenv("PATH"), "native.html", page...); !bytes.Equal(got, want) {
			t.Errorf("the page differs with the native dot %s on PATH (%d bytes, %d without)", native, len(got), len(want))
		}
	})
}
