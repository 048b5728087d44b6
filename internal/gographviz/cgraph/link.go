package cgraph

import (
	_ "unsafe"

	"github.com/prunescope/prunescope/internal/gographviz/cdt"
	"github.com/prunescope/prunescope/internal/gographviz/internal/wasm"
)

//go:linkname toDict github.com/prunescope/prunescope/internal/gographviz/cdt.toDict
func toDict(*wasm.Dict) *cdt.Dict

//go:linkname toDictWasm github.com/prunescope/prunescope/internal/gographviz/cdt.toDictWasm
func toDictWasm(*cdt.Dict) *wasm.Dict

//go:linkname toDictLink github.com/prunescope/prunescope/internal/gographviz/cdt.toLink
func toDictLink(*wasm.DictLink) *cdt.Link

//go:linkname toDictLinkWasm github.com/prunescope/prunescope/internal/gographviz/cdt.toLinkWasm
func toDictLinkWasm(*cdt.Link) *wasm.DictLink

func toGraphWasm(v *Graph) *wasm.Graph {
	if v == nil {
		return nil
	}
	return v.wasm
}
