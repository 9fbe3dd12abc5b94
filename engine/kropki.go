package engine

// Kropki: a white dot between two cells says their digits differ by 1, a
// black dot that one is twice the other. 1 and 2 keep both; a maker
// draws either there. With every dot given (All), two cells without a dot
// are neither.

var kropkiRule = edgeRule{
	name: "kropki", right: "wb", down: "wb", negative: true,
	ok: func(m uint8, a, b int) bool {
		white := a-b == 1 || b-a == 1
		black := a == 2*b || b == 2*a
		switch m {
		case 1:
			return white
		case 2:
			return black
		}
		return !white && !black
	},
}
