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
	// A call makes a few megabytes it drops at once: collecting them less
	// often makes a search of a 200-node tree and its page a third faster
	// in the browser, for a heap of tens of megabytes at most. (Collecting
	// only at a 96 MB heap was slower: the heap's growth costs
	// WebAssembly's memory.grow at every call until it gets there, 13.5 ms
	// a search in Node 20 against 10.3 ms with GOGC 400.)
	debug.SetGCPercent(400)
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
