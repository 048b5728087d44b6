package render

import (
	"embed"
	"runtime/debug"
	"strings"
)

// The licence texts in notices/ were copied from the module cache (the Go
// modules' own LICENSE files) and from Debian's graphviz and libexpat1
// packages (/usr/share/doc/*/copyright) for the texts the modules do not ship.
//
//go:embed notices/*.txt
var noticeFiles embed.FS

// component is one piece of software the builtin renderer puts in the binary.
type component struct {
	name    string   // what it is
	module  string   // Go module path, to look its version up; "" if none
	version string   // version; for a module, the one in go.mod when the build info lacks it
	role    string   // what it does here
	licence string   // licence name
	notice  string   // copyright line, "" when the text carries it
	files   []string // texts under notices/
}

// The versions of Graphviz, Expat and wasi-sdk are those go-graphviz v0.2.10
// builds its WebAssembly from (its graphviz.version and
// internal/wasm/build/Dockerfile); update them with go-graphviz.
var components = []component{
	{
		name: "Graphviz", version: "12.1.2",
		role:    "graph layout and SVG output, compiled to WebAssembly and embedded in go-graphviz",
		licence: "Eclipse Public License 1.0 (EPL-1.0)",
		notice: "Copyright (C) 1994- AT&T Corp. and the Graphviz authors (John Ellson, Emden Gansner, Yifan Hu, Stephen North and others).\n" +
			"Source code: https://graphviz.org/ and https://gitlab.com/graphviz/graphviz; licence: https://www.eclipse.org/legal/epl-v10.html",
		files: []string{"graphviz-EPL-1.0.txt"},
	},
	{
		name: "Expat", version: "2.6.3",
		role:    "XML parser for HTML-like labels, compiled into the same WebAssembly module",
		licence: "MIT",
		files:   []string{"expat-MIT.txt"},
	},
	{
		name: "github.com/goccy/go-graphviz", version: "v0.2.10",
		role:    "Go binding that runs the Graphviz WebAssembly module (a copy, in prunescope's internal/gographviz, changed to load Graphviz only when it draws)",
		licence: "MIT",
		files:   []string{"go-graphviz-LICENSE.txt"},
	},
	{
		name: "github.com/tetratelabs/wazero", module: "github.com/tetratelabs/wazero", version: "v1.10.1",
		role:    "WebAssembly runtime",
		licence: "Apache License 2.0",
		files:   []string{"wazero-NOTICE.txt", "wazero-LICENSE.txt"},
	},
	{
		name:    "wasi-sdk 24 runtime libraries (wasi-libc, LLVM runtime)",
		role:    "C library linked into the Graphviz WebAssembly module",
		licence: "Apache-2.0 WITH LLVM-exception OR Apache-2.0 OR MIT",
		files:   []string{"wasi-sdk-NOTICE.txt"},
	},
	{
		name: "github.com/fogleman/gg", module: "github.com/fogleman/gg", version: "v1.3.0",
		role:    "2D drawing of the PNG images",
		licence: "MIT",
		files:   []string{"gg-LICENSE.txt"},
	},
	{
		name: "github.com/golang/freetype (FreeType-Go)", module: "github.com/golang/freetype", version: "v0.0.0-20170609003504-e2365dfdc4a0",
		role:    "rasteriser and TrueType font reader",
		licence: "FreeType License (FTL), chosen from FTL or GPL-2.0-or-later",
		notice:  "Portions of this software are copyright (C) 2006 The FreeType Project (www.freetype.org). All rights reserved.",
		files:   []string{"freetype-LICENSE.txt", "freetype-FTL.txt"},
	},
	{
		name: "golang.org/x/image and the Go fonts (Go Regular, Bold, Italic, Bold Italic, Mono, Mono Bold)", module: "golang.org/x/image", version: "v0.21.0",
		role:    "fonts of the PNG text and of the --html page (each page embeds Go Regular and Go Bold, only the characters it uses), image helpers",
		licence: "BSD-3-Clause (the Go licence); the Go fonts: Copyright (c) 2016 Bigelow & Holmes Inc., same licence",
		files:   []string{"x-image-LICENSE.txt", "gofont-README.txt"},
	},
	{
		name: "golang.org/x/text", module: "golang.org/x/text", version: "v0.19.0",
		role:    "text encodings (linked by go-graphviz's dependencies)",
		licence: "BSD-3-Clause (the Go licence, text as for golang.org/x/image above)",
	},
	{
		name: "github.com/disintegration/imaging", module: "github.com/disintegration/imaging", version: "v1.6.2",
		role:    "image helpers (linked by go-graphviz)",
		licence: "MIT",
		files:   []string{"imaging-LICENSE.txt"},
	},
	{
		name: "github.com/flopp/go-findfont", module: "github.com/flopp/go-findfont", version: "v0.1.0",
		role:    "font lookup (linked by go-graphviz)",
		licence: "MIT",
		files:   []string{"go-findfont-LICENSE.txt"},
	},
}

// Notices returns the licence notices of the software embedded by the builtin
// renderer: Graphviz compiled to WebAssembly inside go-graphviz, go-graphviz,
// wazero, fogleman/gg, golang/freetype, the Go fonts and what they bring along.
// It is what `prunescope version --notices` prints.
func Notices() string {
	versions := map[string]string{}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Replace != nil {
				d = d.Replace
			}
			versions[d.Path] = d.Version
		}
	}
	var b strings.Builder
	b.WriteString("The builtin renderer of prunescope embeds the following software.\n\n")
	for _, c := range components {
		v := c.version
		if bv := versions[c.module]; c.module != "" && bv != "" && bv != "(devel)" {
			v = bv
		}
		b.WriteString("  - " + c.name)
		if v != "" {
			b.WriteString(" " + v)
		}
		b.WriteString(": " + c.role + ". Licence: " + c.licence + ".\n")
	}
	for _, c := range components {
		b.WriteString("\n" + strings.Repeat("=", 78) + "\n")
		b.WriteString(c.name + " — " + c.licence + "\n")
		b.WriteString(strings.Repeat("=", 78) + "\n")
		if c.notice != "" {
			b.WriteString(c.notice + "\n\n")
		}
		for _, f := range c.files {
			text, err := noticeFiles.ReadFile("notices/" + f)
			if err != nil {
				continue // cannot happen: the files are embedded, and a test reads them all
			}
			b.Write(text)
			if !strings.HasSuffix(string(text), "\n") {
				b.WriteByte('\n')
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}
