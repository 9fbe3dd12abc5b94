package engine

// Greater-than: a sign between two cells points to the smaller digit.
// Mark 1 says the first cell (the left one, or the upper one) is the
// smaller, mark 2 the second: "<" and ">" on a right edge, "^" and "v"
// on a down edge. Signs say nothing of the edges without one.

var greaterRule = edgeRule{
	name: "greater-than", right: "<>", down: "^v", ordered: true,
	ok: func(m uint8, a, b int) bool {
		switch m {
		case 1:
			return a < b
		case 2:
			return a > b
		}
		return true
	},
}
