package web

import "github.com/sudokubook/sudokubook/engine"

// playsFamily reports whether the generator page offers kind f: not
// calcudoku nor kakuro, whose drawing is in the kind script (kinds.go)
// that only a book's page carries.
func playsFamily(f engine.Family) bool {
	return f.Layer != "calcudoku" && f.Layer != "calcudoku-no-op" && f.Layer != "kakuro"
}
