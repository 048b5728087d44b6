// Package quiz makes alpha-beta exercises whose answers it checks and whose
// mistakes it explains.
//
// A quiz is a toy tree (generated from a seed, or given) and an algorithm
// with its conventions. Its questions are the root value, the best root move,
// the leaves the search never evaluates and, on request, the window each of a
// few nodes is searched with and the value it returns (exact, or a bound).
//
// Every answer comes from a real search: the key is the engine's own search,
// recorded node by node, its values labelled by the textbook bound rule
// (conventions.go). A mistake is explained by finding a mistaken search
// that gives the student's answer exactly: the same search under another
// cutoff or fail convention, one ply shallower or deeper, branch and bound
// instead of alpha-beta or the reverse, alpha-beta instead of minimax or the
// reverse, or a search that forgets to pass a narrowed window on to the
// next sibling (model.go, held by a test to search exactly as the engine
// does when it makes no mistake). No answer is written down anywhere.
//
// The package depends on engine, engine/tree and trace only; the command line
// (cmd/quiz.go) parses flags and chooses streams.
package quiz
