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
