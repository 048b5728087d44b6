//go:build js && wasm

// Command wasm is the lab's engine in the browser: package lab compiled to
// WebAssembly (go generate ./internal/lab builds it, compressed, into
// engine.wasm.gz, which the lab's page holds). It gives the page one
// function, psLabCall(name, request JSON) → answer JSON (lab.Call), and
// then waits for calls as long as the page is open.
package main

import (
	"context"
	"runtime/debug"
	"syscall/js"

	"github.com/prunescope/prunescope/internal/lab"
)

func main() {
	// A call makes a few megabytes it drops at once, and keeps little (the
	// last two searches): the garbage is collected only when the heap
	// reaches 96 MB, every few dozen searches, not at every call as the
	// default pacing does (GOGC 100 collected several times a search; 400,
	// once or twice). A collection then finds a few megabytes alive.
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(96 << 20)
	js.Global().Set("psLabCall", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 2 {
			return `{"error":"psLabCall(name, request)"}`
		}
		return string(lab.Call(context.Background(), args[0].String(), []byte(args[1].String())))
	}))
	if ready := js.Global().Get("psLabReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
