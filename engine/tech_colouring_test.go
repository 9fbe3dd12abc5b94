package engine

import "testing"

func TestSimpleColouring(t *testing.T) {
	runDigitCases(t, SimpleColouring, []digitCase{
		{
			name: "trap", digit: 4, picture: skyscraper4,
			want: "r2c8-4 r3c8-4 r4c7-4 r6c7-4",
			note: "simple colouring on 4 (trap): the chain of pairs from r1c2 gives r5c8 and r1c7 opposite colours, so one holds 4: 4 leaves r2c8, r3c8, r4c7, r6c7",
		},
		{
			// r1c1 = r1c5 = r5c5 = r5c2 = r2c2: r1c1 and r2c2 get one
			// colour and share box 1, which r3c3 keeps from being a pair.
			name: "wrap", digit: 7,
			picture: []string{
				"x.. .x. ...",
				".x. ... ...",
				"..x ... ...",
				"... ... ...",
				".x. .x. ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
			},
			want: "r1c1-7 r2c2-7 r5c5-7",
			note: "simple colouring on 7 (wrap): r1c1 and r2c2 share a colour and see each other, so that colour is false: 7 leaves r1c1, r2c2, r5c5",
		},
		{
			// r2c3 sees both ends of the pair, but one pair is locked
			// candidates, not colouring.
			name: "lone pair", digit: 6,
			picture: []string{
				"xx. ... ...",
				"..x ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
			},
		},
		{
			// The cluster r1c2 = r1c7 = r4c7 = r4c3 and the lone pair
			// r7c2 = r9c2, which sees only r1c2's colour.
			name: "no cell sees both colours", digit: 2,
			picture: []string{
				".x. ... x..",
				"... ... ...",
				"... ... ...",
				"..x ... x..",
				"... ... ...",
				"... ... ...",
				".x. ... ...",
				"... ... ...",
				".x. ... ...",
			},
		},
	})
	runFinderCases(t, SimpleColouring, []finderCase{
		{
			name:  "trap on 8",
			grid:  "123.567.9.5.1..236..92.351...5..83.77..532.9..3......5....4.9.25.26..473..4.2.8.1",
			elims: "r4c8-6 r6c8-46",
			want:  "r3c2-8",
		},
		{
			name:  "wrap on 9",
			grid:  "194...7253.8..7916.6..1.348...1.2674416.7.2.327.6......3..2..6.6457.18.29.......7",
			elims: "r1c5-3 r4c5-58 r6c5-39 r9c5-3",
			want:  "r4c5-9 r6c3-9 r6c9-9 r8c8-9",
		},
	})
}
