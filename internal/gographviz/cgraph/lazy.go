package cgraph

// prunescope: the enumeration values below are read from the Graphviz
// module, which is loaded by wasm.Load, not when the program starts: they
// are assigned then (see ../README.md).

import (
	"context"

	"github.com/prunescope/prunescope/internal/gographviz/internal/wasm"
)

func init() {
	wasm.OnLoad(func(ctx context.Context) error {
		bindEnums()
		return setGlobalVars(ctx)
	})
}

// bindEnums assigns the package's enumeration values from the module.
func bindEnums() {
	GRAPH = ObjectTag(wasm.GRAPH)
	NODE = ObjectTag(wasm.NODE)
	OUTEDGE = ObjectTag(wasm.OUT_EDGE)
	INEDGE = ObjectTag(wasm.IN_EDGE)
	EDGE = ObjectTag(wasm.EDGE)
}
