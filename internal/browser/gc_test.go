package browser

import _ "github.com/prunescope/prunescope/internal/testgc" // the collector at GOGC 400 in these tests (its doc says why)
