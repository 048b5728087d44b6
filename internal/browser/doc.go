// Package browser holds the tests that open the projector page (step, search
// and diff --html) in a real browser: headless Chromium driven through the
// DevTools protocol by chromedp. They press the page's keys and buttons and
// compare what it shows at every step with the state trace/page computes in
// Go, check deep links, the layout at projector sizes and that the page asks
// for nothing over the network, and benchmark its load and step times.
//
// Everything is in _test.go files, so chromedp is a dependency of the tests
// only. They run in Chromium's headless shell (chromium-headless-shell or
// chrome-headless-shell in PATH) where there is one, else in Chromium
// (chromium, chromium-browser or google-chrome), or in $PRUNESCOPE_CHROMIUM;
// without any, the tests skip.
package browser
