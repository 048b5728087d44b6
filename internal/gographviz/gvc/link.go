package gvc

import (
	_ "unsafe"

	"github.com/prunescope/prunescope/internal/gographviz/cdt"
	"github.com/prunescope/prunescope/internal/gographviz/cgraph"
	"github.com/prunescope/prunescope/internal/gographviz/internal/wasm"
)

//go:linkname toGraph github.com/prunescope/prunescope/internal/gographviz/cgraph.toGraph
func toGraph(*wasm.Graph) *cgraph.Graph

//go:linkname toGraphWasm github.com/prunescope/prunescope/internal/gographviz/cgraph.toGraphWasm
func toGraphWasm(*cgraph.Graph) *wasm.Graph

//go:linkname toNode github.com/prunescope/prunescope/internal/gographviz/cgraph.toNode
func toNode(*wasm.Node) *cgraph.Node

//go:linkname toEdge github.com/prunescope/prunescope/internal/gographviz/cgraph.toEdge
func toEdge(*wasm.Edge) *cgraph.Edge

//go:linkname toDictLink github.com/prunescope/prunescope/internal/gographviz/cdt.toLink
func toDictLink(*wasm.DictLink) *cdt.Link

//go:linkname toDictLinkWasm github.com/prunescope/prunescope/internal/gographviz/cdt.toLinkWasm
func toDictLinkWasm(*cdt.Link) *wasm.DictLink
