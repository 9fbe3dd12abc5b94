package layout

import (
	"strconv"

	"github.com/sudokubook/sudokubook/engine"
)

// The how-to-play page's worked example. The shaded cell (row 5, column 5)
// can only hold 5: its row, column and box show every other digit, as the
// caption in each language says. The givens are taken from exampleAnswer,
// a complete grid; a test checks both claims.
var (
	exampleGivens = engine.MustParseGrid("5...7...2...1..3...9......7....61...4......9.....2.....6..3...42......3...5.8.1..")
	exampleAnswer = func() engine.Grid {
		var g engine.Grid
		g[exampleCell] = 5
		return g
	}()
	exampleSolution = engine.MustParseGrid("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
)

const exampleCell = 40

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
