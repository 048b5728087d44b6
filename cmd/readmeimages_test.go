package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readmeImages are the README's pictures and the command lines, shown in
// the README above each, that draw them. TestREADMEImages runs each
// command and compares its drawing (DOT) with testdata/readme/NAME.dot;
// with -update it writes that file and the picture in docs/images anew.
var readmeImages = []struct{ image, command string }{
	{"wikipedia-alphabeta.png", `prunescope search --tree wikipedia --svg wiki.svg --png wiki.png`},
	{"diff-wikipedia.png", `prunescope diff alphabeta:hard:ge alphabeta:soft:gt --tree wikipedia --png diff.png`},
	{"e4e5-focus.png", `prunescope search --fen start --moves "e4 e5" --depth 3 --focus "Nf3 Nc6" --png e4e5.png`},
	{"reductions-selective.png", `prunescope search --tree reductions --selective --png reductions.png`},
	{"transpositions-tt.png", `prunescope search --tree transpositions --tt --png tt.png`},
	{"step-wikipedia-cut.png", `prunescope step --tree wikipedia --frames slides/`},
}

func TestREADMEImages(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, c := range readmeImages {
		if !bytes.Contains(readme, []byte(c.command)) || !bytes.Contains(readme, []byte("docs/images/"+c.image)) {
			t.Errorf("the README does not show %s with the command that draws it: %s", c.image, c.command)
			continue
		}
		all, err := splitShell(c.command)
		if err != nil {
			t.Fatal(err)
		}
		args := all[1:]
		// The outputs go to the test's folder: the picture's flag is
		// dropped, a DOT file (or the frames) written instead.
		var run1 []string
		for i := 0; i < len(args); i++ {
			switch args[i] {
			case "--svg", "--png", "--frames":
				i++
				continue
			}
			run1 = append(run1, args[i])
		}
		golden := filepath.Join("testdata", "readme", strings.TrimSuffix(c.image, ".png")+".dot")
		if args[0] == "step" {
			// A frame: drawn only with -update (its 45 pictures take
			// seconds); the README shows step 27, the second cutoff.
			if !*update {
				continue
			}
			frames := filepath.Join(dir, "frames")
			if r := run(t, "", append(run1, "--frames", frames, "--frames-format", "png", "--renderer", "builtin")...); r.code != 0 {
				t.Fatal(r)
			}
			copyFile(t, filepath.Join(frames, "step-0027.png"), filepath.Join("..", "docs", "images", c.image))
			continue
		}
		if run1[0] == "search" {
			run1 = append(run1, "--trace", "none")
		}
		out := filepath.Join(dir, "d.dot")
		run1 = append(run1, "--dot", out)
		if *update {
			run1 = append(run1, "--png", filepath.Join("..", "docs", "images", c.image), "--renderer", "builtin")
		}
		if r := run(t, "", run1...); r.code != 0 {
			t.Fatalf("%s: %v", c.command, r)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			os.MkdirAll(filepath.Dir(golden), 0o755)
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (go test ./cmd -run TestREADMEImages -update draws the README's pictures)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the drawing differs from docs/images/%s's (go test ./cmd -run TestREADMEImages -update draws the README's pictures anew)", c.command, c.image)
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
