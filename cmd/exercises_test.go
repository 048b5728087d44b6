package cmd

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// An exercise is a textbook's or a course's game-tree exercise with its
// published answer, as testdata/exercises/NAME.txt holds it (docs/exercises.md
// lists them): "KEY: VALUE" lines, # comments. The keys:
//
//	source:    where the tree and the answer were read (one or more lines)
//	tree:      the tree, in prunescope's text form, with the source's names
//	flags:     what the search is given besides --tree (algorithm, conventions)
//	published: the published answer, as the source prints it
//
// and the answers the test asserts, at least one:
//
//	value: V   the root value
//	best: M    the best move (the name of the child it leads to)
//	entered: NODE...  the set of nodes the search enters, the root included
//	                  (a course autograder's "expanded" or "generated" states)
//	never: NODE...    nodes the search never enters
//	nodes, leaves, pruned_leaves, pruned_inner, pruned_edges, last_child_cuts: N
//	           a count of the trace's done event
//
// A chance-node exercise is one more file with its own flags (--algo ...).
type exercise struct {
	file, tree, published string
	sources, flags        []string
	answers               map[string]string
}

// exerciseCounts are the done event's counts an exercise may assert.
var exerciseCounts = []string{"nodes", "leaves", "pruned_leaves", "pruned_inner", "pruned_edges", "last_child_cuts"}

func readExercise(t *testing.T, path string) exercise {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ex := exercise{file: filepath.Base(path), answers: map[string]string{}}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		val = strings.TrimSpace(val)
		if !ok || val == "" {
			t.Fatalf("%s:%d: want KEY: VALUE, got %q", path, n, line)
		}
		switch key {
		case "source":
			ex.sources = append(ex.sources, val)
		case "tree":
			ex.tree = val
		case "flags":
			ex.flags = strings.Fields(val)
		case "published":
			ex.published = val
		case "value", "best", "entered", "never":
			ex.answers[key] = val
		default:
			if !slices.Contains(exerciseCounts, key) {
				t.Fatalf("%s:%d: unknown key %q", path, n, key)
			}
			ex.answers[key] = val
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(ex.sources) == 0 || ex.tree == "" || ex.published == "" || len(ex.answers) == 0 {
		t.Fatalf("%s: an exercise needs a source, a tree, the published answer and at least one answer to check", path)
	}
	return ex
}

// rootName is the name a tree text gives its root ("a:(...)"), or "root".
var rootName = regexp.MustCompile(`^\s*([^\s():\[\]#,]+)\s*:\s*\(`)

// TestPublishedExercises searches every exercise of testdata/exercises as a
// student would type it and checks the answer the textbook or the course
// published: the root value, the best move, the nodes searched and never
// searched, the counts an answer key uses.
func TestPublishedExercises(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "exercises", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no exercises in testdata/exercises (%v)", err)
	}
	for _, path := range paths {
		ex := readExercise(t, path)
		t.Run(strings.TrimSuffix(ex.file, ".txt"), func(t *testing.T) {
			args := append([]string{"search", "--tree", ex.tree}, ex.flags...)
			args = append(args, "--trace", "json")
			r := run(t, "", args...)
			if r.code != 0 {
				t.Fatalf("prunescope %s: %s", strings.Join(quote(args), " "), r)
			}
			root := "root"
			if m := rootName.FindStringSubmatch(ex.tree); m != nil {
				root = m[1]
			}
			entered := map[string]bool{}
			var done map[string]json.RawMessage
			for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
				var ev map[string]json.RawMessage
				if err := json.Unmarshal([]byte(line), &ev); err != nil {
					t.Fatalf("%v: %s", err, line)
				}
				var kind, path string
				_ = json.Unmarshal(ev["ev"], &kind)
				_ = json.Unmarshal(ev["path"], &path)
				if path == "" {
					path = root
				}
				switch kind {
				case "enter":
					entered[path] = true
				case "done":
					done = ev
				}
			}
			if done == nil {
				t.Fatalf("no done event:\n%s", r.stdout)
			}
			t.Logf("published: %s", ex.published)
			for key, want := range ex.answers {
				switch key {
				case "value":
					if got := string(done["value"]); got != want {
						t.Errorf("value %s, published %s", got, want)
					}
				case "best":
					var got string
					_ = json.Unmarshal(done["best"], &got)
					if got != want {
						t.Errorf("best move %q, published %q", got, want)
					}
				case "entered":
					got := make([]string, 0, len(entered))
					for n := range entered {
						got = append(got, n)
					}
					slices.Sort(got)
					w := strings.Fields(want)
					slices.Sort(w)
					if !slices.Equal(got, w) {
						t.Errorf("entered %q,\npublished %q", got, w)
					}
				case "never":
					for _, n := range strings.Fields(want) {
						if entered[n] {
							t.Errorf("%s entered; published: never searched", n)
						}
					}
				default:
					if got := string(done[key]); got != want {
						t.Errorf("%s %s, published %s", key, got, want)
					}
				}
			}
		})
	}
}
