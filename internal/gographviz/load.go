package graphviz

// prunescope: the entry point of the lazily initialised binding (see
// README.md).

import (
	"context"

	"github.com/tetratelabs/wazero"

	"github.com/prunescope/prunescope/internal/gographviz/cgraph"
	"github.com/prunescope/prunescope/internal/gographviz/internal/wasm"
)

// Load compiles Graphviz's WebAssembly module (or takes it from the
// compilation cache in cacheDir; "" for none) and instantiates it. Nothing
// else of this package may be used before Load has succeeded; after a
// failure it may be called again, with another cache or none. It is not
// safe for concurrent use.
func Load(ctx context.Context, cacheDir string) error {
	var cache wazero.CompilationCache
	if cacheDir != "" {
		c, err := wazero.NewCompilationCacheWithDir(cacheDir)
		if err != nil {
			return err
		}
		cache = c
	}
	if err := wasm.Load(ctx, cache); err != nil {
		return err
	}
	Directed, StrictDirected = cgraph.Directed, cgraph.StrictDirected
	UnDirected, StrictUnDirected = cgraph.UnDirected, cgraph.StrictUnDirected
	return nil
}

// MemorySize is the size in bytes of Graphviz's WebAssembly memory (0
// before Load): it only grows, with every graph parsed and drawn.
func MemorySize() uint64 { return wasm.MemorySize() }

// Restart makes a new instance of Graphviz's module, with a fresh memory,
// and forgets the old one: every Graphviz made before (New) and every graph
// parsed must be made again. After a failure Load must be called again.
func Restart(ctx context.Context) error {
	if err := wasm.Restart(ctx); err != nil {
		return err
	}
	Directed, StrictDirected = cgraph.Directed, cgraph.StrictDirected
	UnDirected, StrictUnDirected = cgraph.UnDirected, cgraph.StrictUnDirected
	return nil
}
