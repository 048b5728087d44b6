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
//   - run.go: rerun, the one road of every call from the tree's text and
//     the settings (search's flags) to a search, its trace and recording.
//   - search.go: "search", the tree and the settings searched and drawn
//     (the page's content); Command, the prunescope command that makes
//     the same search; calls.go: "flags", the settings' help.
//   - drag.go: "families", each inner node's children, for a node
//     dragged among its siblings in the drawing (the Tree tab,
//     parts/12-drag.js, which moves it with edit.go's "move").
//   - export.go: "export", the tree as text and JSON, and the commands
//     (the Share tab, parts/70-share.js).
//   - predict.go: "predict.questions", "predict", "predict.score": the
//     questions before the steps and their grading with the quiz's
//     detectors (the Predict tab, parts/30-predict.js).
//   - inspect.go: "inspect", everything about a node at a step (the Node
//     tab, parts/50-node.js).
//   - code.go: "code", the pseudocode of the algorithm and the line each
//     step executes (the Code tab, parts/60-code.js).
//
// The page itself is page.go (the HTML, the engine in it), lab.js (its
// core: the engine's worker, the address, drawing a result with the
// projector page's player) and parts/NN-name.js, a tab each.
//
// After a change to anything the engine compiles, build it again:
//
//	go generate ./internal/lab
//
// (a test fails while engine.stamp is not that of the sources).
package lab

//go:generate go run ./gen
