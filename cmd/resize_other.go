//go:build !unix

package cmd

// notifyResize: no resize signal here; the player redraws at each key.
func notifyResize() (<-chan struct{}, func()) { return nil, func() {} }
