// Package lab is the lab's engine: what the lab's page (prunescope lab)
// asks of prunescope while a student builds a tree, changes a setting,
// predicts a step or answers an exercise. It is compiled to WebAssembly
// with the Go toolchain (wasm/, built by gen/ into engine.wasm.gz, which
// the page holds) and runs in the browser; the same code runs natively in
// the tests, which check the page against it.
//
// Every answer is the command line's: a search is made from the search
// command's own flags (cmd/setup) and drawn by the projector page's own
// code (trace/page.Make), its sentences are trace/explain's; bad input gets
// the one line prunescope prints for it.
//
// The page calls the engine by name (Call, calls.go): each of the lab's
// parts is a file here that registers its calls and a script in the page.
//
//   - search.go: "search", the tree and the settings searched and drawn;
//     Command, the prunescope command that makes the same search.
//
// After a change to anything the engine compiles, build it again:
//
//	go generate ./internal/lab
//
// (a test fails while engine.stamp is not that of the sources).
package lab

//go:generate go run ./gen
