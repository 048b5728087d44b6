// Command gen builds the lab's engine: package lab compiled to WebAssembly
// (internal/lab/wasm) with the Go toolchain, gzip-compressed into
// engine.wasm.gz, with the Go runtime's loader beside it (wasm_exec.js, from
// GOROOT/lib/wasm) and a stamp of what it was built from (engine.stamp: the
// Go version and a hash of every source file the engine compiles). The lab's
// page holds the three; the browser unpacks the engine with its own
// DecompressionStream. Between the linker and gzip, two changes make the
// engine smaller without changing what it does: its data segments are
// joined (segments.go) and the runtime's file and line tables, read only
// for stack traces, are zeroed (lines.go: a stack trace of the engine
// names its functions, with "?:0" for their files and lines). Then it
// writes the repository's built copy of the lab, docs/lab/index.html
// (prunescope lab with its defaults).
//
// Run from internal/lab (go generate does):
//
//	go run ./gen          build the engine, the loader and the stamp
//	go run ./gen -check   exit 1 when the stamp is not that of the sources
//	                      now (the engine must be built again)
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
)

// mergeGap is the longest run of zeros between two of the module's data
// segments that mergeSegments writes out to join them.
const mergeGap = 1024

func main() {
	check := flag.Bool("check", false, "only check that engine.stamp is that of the sources")
	flag.Parse()
	if err := run(*check); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(check bool) error {
	stamp, err := sourceStamp()
	if err != nil {
		return err
	}
	if check {
		old, err := os.ReadFile("engine.stamp")
		if err != nil {
			return err
		}
		if strings.TrimSpace(string(old)) != stamp {
			return fmt.Errorf("engine.wasm.gz is older than its sources: run go generate ./internal/lab")
		}
		return nil
	}
	tmp, err := os.MkdirTemp("", "prunescope-lab-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	wasm := filepath.Join(tmp, "engine.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "./wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build: %w", err)
	}
	raw, err := os.ReadFile(wasm)
	if err != nil {
		return err
	}
	linked := len(raw)
	if raw, err = mergeSegments(raw, mergeGap); err != nil {
		return fmt.Errorf("%s: %w", wasm, err)
	}
	if raw, err = dropLineTables(raw); err != nil {
		return fmt.Errorf("%s: %w", wasm, err)
	}
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression) // no name, no time: the same bytes every build
	if err != nil {
		return err
	}
	if _, err := zw.Write(raw); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	loader, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		data []byte
	}{{"engine.wasm.gz", gz.Bytes()}, {"wasm_exec.js", loader}, {"engine.stamp", []byte(stamp + "\n")}} {
		if err := os.WriteFile(f.name, f.data, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("engine.wasm.gz: %d bytes (%d before compression, %d as linked)\n", gz.Len(), len(raw), linked)
	// The built copy of the lab in the repository (docs/lab), made with
	// this engine by the command line.
	lab := exec.Command("go", "run", "./cmd/prunescope", "lab", "--out", "docs/lab/index.html")
	lab.Dir = filepath.Join("..", "..")
	lab.Stdout, lab.Stderr = os.Stdout, os.Stderr
	if err := lab.Run(); err != nil {
		return fmt.Errorf("writing docs/lab/index.html: %w", err)
	}
	return nil
}

// sourceStamp is the Go version and a hash of every file the engine is
// compiled from (go list -deps for GOOS=js GOARCH=wasm, the standard
// library left to the version) and of gen's own.
func sourceStamp() (string, error) {
	cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,Dir,GoFiles,EmbedFiles,Standard", "./wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list: %w", err)
	}
	var files []string
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath, Dir     string
			GoFiles, EmbedFiles []string
			Standard            bool
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return "", err
		}
		if p.Standard {
			continue
		}
		for _, f := range append(p.GoFiles, p.EmbedFiles...) {
			files = append(files, p.ImportPath+"\x00"+filepath.Join(p.Dir, f))
		}
	}
	// gen itself: it changes the engine between the linker and gzip.
	self, err := filepath.Glob(filepath.Join("gen", "*.go"))
	if err != nil {
		return "", err
	}
	for _, f := range self {
		if !strings.HasSuffix(f, "_test.go") {
			files = append(files, "internal/lab/gen\x00"+f)
		}
	}
	sort.Strings(files)
	h := sha256.New()
	for _, f := range files {
		// Named by its package and file name, the same on every machine.
		pkg, path, _ := strings.Cut(f, "\x00")
		data, err := os.ReadFile(path)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s/%s %d\n", pkg, filepath.Base(path), len(data))
		h.Write(data)
	}
	return runtime.Version() + " " + hex.EncodeToString(h.Sum(nil)), nil
}
