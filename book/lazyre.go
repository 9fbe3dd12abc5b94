package book

import (
	"regexp"
	"sync"
)

// lazyRegexp compiles expr on first use. Every command of the binary runs
// this package's init, and compiling the spec patterns there
// cost each one, `sudokubook version` included, about a tenth of a
// millisecond (BenchmarkStartup in cmd/sudokubook).
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
