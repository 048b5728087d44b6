// Package setup is what to search and how, as the searching commands'
// flags say it: the input (a toy tree, a chess position, a game: --tree,
// --fen, --game and the rest, InputFlags), the algorithm and its conventions
// (--algo, --fail, --cutoff: AlgoFlags), the techniques' flags (SelFlags,
// DeepFlags), and Road, the one road from a spec and the flags to a search's
// options (Search: input, options and limits, checked together). The error
// kinds that cmd maps to exit codes are here too (InputError, Failure).
//
//   - errors.go: the error kinds, how engine and trace-reading errors are
//     classified, and the range checks of integer flags.
//   - input.go: the one loader of toy trees, chess positions and games, and
//     the checks that depend on the input (--focus, iterations of a tree).
//   - algo.go: --algo, --fail, --cutoff and the specs of --algos; Build.
//   - techniques.go, deepening.go: the flags the engine's techniques declare
//     (engine.Params), --guess, --window, --bounds and the limits.
//   - road.go: Road and Search.
//
// setup imports nothing that needs an operating system beyond reading a
// tree's file, and builds for GOOS=js GOARCH=wasm: the lab (internal/lab)
// parses its settings with these very flags, so that the page and the
// command line search the same way and refuse the same input in the same
// words.
package setup
