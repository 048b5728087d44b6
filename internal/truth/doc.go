// Package truth holds the property test of the truth contract (DESIGN.md):
// every sentence prunescope prints, on every surface (the text trace, the
// step-through player and its frames, diff), is checked against the numbers
// of the event it is about, for every algorithm and technique, on thousands
// of random toy trees and on chess positions; and every trace keeps its
// invariants (one exit per enter, windows finite or ±∞, a closing event).
// The package has no code of its own: it exists for its test, which may
// import the engine and every sink.
package truth
