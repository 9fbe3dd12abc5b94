package engine

// Consecutive: a bar between two cells says their digits differ by 1,
// and every bar is given (All), so two cells without one do not.

var consecutiveRule = edgeRule{
	name: "consecutive", right: "|", down: "-", negative: true,
	ok: func(m uint8, a, b int) bool {
		if m == 1 {
			return a-b == 1 || b-a == 1
		}
		return a-b != 1 && b-a != 1
	},
}
