package wasm

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"github.com/tetratelabs/wazero"
)

// onLoad are the hooks the binding's packages run once the module is
// loaded (prunescope: what their init functions did with the module).
var onLoad []func(context.Context) error

// OnLoad registers f to run when Load has loaded the module. Packages call
// it from their init functions.
func OnLoad(f func(context.Context) error) { onLoad = append(onLoad, f) }

// Load compiles (or takes from cache, which may be nil) and instantiates
// the Graphviz module, then runs the hooks. Nothing else of the binding may
// be used before it has succeeded; after a failure it may be called again.
// It is not safe for concurrent use.
func Load(ctx context.Context, cache wazero.CompilationCache) (err error) {
	if mod != nil {
		return errors.New("graphviz: loaded already")
	}
	if err := load(ctx, cache); err != nil {
		return err
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
		if err != nil {
			mod.mod.Close(ctx)
			mod = nil
		}
	}()
	for _, f := range onLoad {
		if err := f(ctx); err != nil {
			return err
		}
	}
	return nil
}

func DefaultSymList(ctx context.Context) ([]*SymList, error) {
	p, err := mod.NewPtr(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := mod.ExportedFunction("wasm_bridge_SymList_default").Call(ctx, p); err != nil {
		return nil, err
	}
	ptr, err := mod.readU32(p)
	if err != nil {
		return nil, err
	}
	slice, err := mod.toSlice(ctx, ptr)
	if err != nil {
		return nil, err
	}
	return newSymListSlice(slice), nil
}

func PluginAPIZero(ctx context.Context) (*PluginAPI, error) {
	p, err := mod.NewPtr(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := mod.ExportedFunction("wasm_bridge_PluginAPI_zero").Call(ctx, p); err != nil {
		return nil, err
	}
	ptr, err := mod.readU32(p)
	if err != nil {
		return nil, err
	}
	return newPluginAPI(ptr), nil
}

func PluginInstalledZero(ctx context.Context) (*PluginInstalled, error) {
	p, err := mod.NewPtr(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := mod.ExportedFunction("wasm_bridge_PluginInstalled_zero").Call(ctx, p); err != nil {
		return nil, err
	}
	ptr, err := mod.readU32(p)
	if err != nil {
		return nil, err
	}
	return newPluginInstalled(ptr), nil
}

func SymListZero(ctx context.Context) (*SymList, error) {
	p, err := mod.NewPtr(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := mod.ExportedFunction("wasm_bridge_SymList_zero").Call(ctx, p); err != nil {
		return nil, err
	}
	ptr, err := mod.readU32(p)
	if err != nil {
		return nil, err
	}
	return newSymList(ptr), nil
}

var (
	fsMu sync.Mutex
)

func SetWasmFileSystem(fs fs.FS) {
	fsMu.Lock()
	mod.fs.subFS = fs
	fsMu.Unlock()
}

func FileSystem() fs.FS {
	fsMu.Lock()
	defer fsMu.Unlock()
	return mod.fs
}
