package cmd

// The flags the searching commands share are package setup's (InputFlags,
// AlgoFlags, SelFlags, DeepFlags; setup.Road makes every search's options,
// the one road from a spec and the flags to engine.Options) and job's
// (DrawFlags). setup builds for WebAssembly, so the lab's page reads its
// settings with the very same flags.

import "fmt"

func plural(n int64, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// recordLimit bounds the nodes kept for a drawing (a few hundred megabytes at
// most); drawings show a few hundred shapes anyway. A variable so that tests
// can lower it.
var recordLimit int64 = 500_000

// recordLimitFor is the nodes kept for a drawing of at most maxDraw shapes
// (--max-draw): recordLimit at the default budget and above, fewer for a
// smaller drawing (1250 a shape, at least 50,000), so that the memory a
// drawing takes follows what it shows, not the size of the search (a
// 10-shape drawing of a search of hundreds of millions of nodes: 1.2 GB
// before, 100 MB now).
func recordLimitFor(maxDraw int) int64 {
	const perShape, floor = 1250, 50_000
	return min(recordLimit, max(min(floor, recordLimit), int64(maxDraw)*perShape))
}
