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
			rt.Close(ctx)
			rt, compiledMod, mod = nil, nil, nil
		}
	}()
	return runHooks(ctx)
}

// runHooks runs the hooks of the binding's packages on the module just
// instantiated.
func runHooks(ctx context.Context) error {
	for _, f := range onLoad {
		if err := f(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Restart closes the module's instance and makes a new one from the module
// Load compiled, then runs the hooks again (prunescope). Graphviz's
// WebAssembly memory only ever grows, and the binding leaks a little of it
// at every graph drawn: a long run (step --frames) starts afresh this way,
// with the memory of a new instance. Every object of the old instance
// (graphs, contexts) is gone: the caller makes them again. After a failure
// nothing is loaded, and Load may be called again. It is not safe for
// concurrent use.
func Restart(ctx context.Context) (err error) {
	if mod == nil {
		return errors.New("graphviz: not loaded")
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
		if err != nil && rt != nil {
			rt.Close(ctx)
			rt, compiledMod, mod = nil, nil, nil
		}
	}()
	if err := mod.mod.Close(ctx); err != nil {
		return err
	}
	mod = nil
	if err := instantiate(ctx); err != nil {
		return err
	}
	return runHooks(ctx)
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

// MemorySize is the size in bytes of the loaded module's linear memory
// (0 before Load).
func MemorySize() uint64 {
	if mod == nil {
		return 0
	}
	return uint64(mod.mod.Memory().Size())
}
