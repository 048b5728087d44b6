package dot

import (
	"github.com/prunescope/prunescope/trace/diff"
	"github.com/prunescope/prunescope/trace/scene"
)

// BuildDiff draws two searches compared by trace/diff as one tree: the
// scene of scene.BuildDiff, written.
func BuildDiff(r *diff.Result, opt Options) ([]byte, Stats, error) {
	sc, err := scene.BuildDiff(r, opt)
	if err != nil {
		return nil, Stats{}, err
	}
	return Write(sc), sc.Stats, nil
}
