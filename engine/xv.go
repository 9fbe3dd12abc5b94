package engine

// XV: an X between two cells says their digits add up to 10, a V to 5.
// XV is printed with every mark given (All): two cells without a letter
// add up to neither, which is what lets a puzzle need few givens, and is
// how the variant's setters print it.

var xvRule = edgeRule{
	name: "xv", right: "xv", down: "xv", negative: true,
	ok: func(m uint8, a, b int) bool {
		switch m {
		case 1:
			return a+b == 10
		case 2:
			return a+b == 5
		}
		return a+b != 10 && a+b != 5
	},
}
