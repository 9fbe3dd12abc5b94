package engine

import "testing"

// Pictures of one digit's places (see digitBoard) that more than one
// technique's tests use.
var (
	// skyscraper4: the row pairs r1c2=r1c7 and r5c2=r5c8 of 4 stand on
	// column 2. Simple colouring sees the same chain as a colour trap.
	skyscraper4 = []string{
		".x. ... x..",
		"... ... .x.",
		"... ... .x.",
		"... ... x..",
		".x. ... .x.",
		"... ... x..",
		"... ... ...",
		"... ... ...",
		"... ... ...",
	}
	// pairsApart5: conjugate pairs of 5 in rows 1 and 8 and columns 1 and
	// 8 whose ends all lie in different boxes: no 2-string kite, and no
	// x-chain that removes anything.
	pairsApart5 = []string{
		"... x.. .x.",
		"x.. ... ...",
		"... ... ...",
		"... ... ...",
		"... ... ...",
		"... ... ...",
		"... ... ...",
		"x.. ... .x.",
		"... ... ...",
	}
)

func TestSkyscraper(t *testing.T) {
	runDigitCases(t, Skyscraper, []digitCase{
		{
			name: "rows on column 2", digit: 4, picture: skyscraper4,
			want: "r2c8-4 r3c8-4 r4c7-4 r6c7-4",
			note: "skyscraper on 4: the row pairs r1c2=r1c7 and r5c2=r5c8 stand on column 2, so r1c7 or r5c8 holds 4: 4 leaves r2c8, r3c8, r4c7, r6c7",
		},
		{
			name: "tops aligned is an x-wing", digit: 4,
			picture: []string{
				".x. ... x..",
				"... ... ...",
				"... ... x..",
				"... ... x..",
				".x. ... x..",
				"... ... x..",
				"... ... ...",
				"... ... ...",
				"... ... ...",
			},
		},
		{
			name: "pairs on no common line", digit: 4,
			picture: []string{
				".x. ... x..",
				"... ... .x.",
				"... ... ...",
				"... ... ...",
				"x.. ... .x.",
				"... ... x..",
				"... ... ...",
				"... ... ...",
				"... ... ...",
			},
		},
	})
	runFinderCases(t, Skyscraper, []finderCase{
		{
			name: "columns on row 8",
			grid: "1......96.6...17..9...6.2.1.1.3.26.....17...87...4..1.2.1.3986..8..1....4..82.1..",
			want: "r5c6-6 r6c3-6",
		},
		{
			name: "rows on column 6",
			grid: "143792685952684..7876.5.94273581926429.46.7..46..27.9..29.7.4..5.4236.79..794..2.",
			want: "r6c7-5 r7c8-5",
		},
	})
}

func TestTwoStringKite(t *testing.T) {
	runDigitCases(t, TwoStringKite, []digitCase{
		{
			name: "meet in box 1", digit: 5,
			picture: []string{
				".x. ... .x.",
				"x.. ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"x.. ... .x.",
				"... ... ...",
			},
			want: "r8c8-5",
			note: "2-string kite on 5: the row pair r1c2=r1c8 and the column pair r2c1=r8c1 meet in box 1, so r1c8 or r8c1 holds 5: 5 leaves r8c8",
		},
		{
			name: "row pair inside the box", digit: 5,
			picture: []string{
				".xx ... ...",
				"x.. ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"x.x ... ...",
				"... ... ...",
			},
		},
		{
			name: "ends in different boxes", digit: 5, picture: pairsApart5,
		},
	})
	runFinderCases(t, TwoStringKite, []finderCase{
		{
			name: "box 1",
			grid: "5..2..3......8..9...2.34..66..1..9...1.....4...7..3..87..3..4...9..7..2...5..6..9",
			want: "r5c4-9",
		},
		{
			name: "box 6",
			grid: "4.6...8.22.74....63.12...4564987.2.15.26...898.3...6..7643..5281385...9.925748163",
			want: "r2c6-3",
		},
	})
}

func TestEmptyRectangle(t *testing.T) {
	runDigitCases(t, EmptyRectangle, []digitCase{
		{
			name: "column pair", digit: 3,
			picture: []string{
				"... ... ...",
				"xx. ... .x.",
				".x. ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				".x. ... .x.",
				"... ... ...",
				"... ... ...",
			},
			want: "r7c2-3",
			note: "empty rectangle on 3: in box 1, 3 lies only on row 2 and column 2; with the pair r2c8=r7c8, r7c2 would leave box 1 without 3: 3 leaves r7c2",
		},
		{
			name: "row pair", digit: 3,
			picture: []string{
				"... ... ...",
				"xx. ... .x.",
				".x. ... ...",
				"... ... ...",
				"... ... .x.",
				"... ... ...",
				".x. ... .x.",
				"... ... ...",
				"... ... ...",
			},
			want: "r2c8-3",
		},
		{
			name: "box places not on a cross", digit: 3,
			picture: []string{
				"x.. ... ...",
				".x. ... .x.",
				"..x ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				".x. ... .x.",
				"... ... ...",
				"... ... ...",
			},
		},
		{
			name: "pair ends in the box's band", digit: 3,
			picture: []string{
				"... ... ...",
				"xx. ... .x.",
				".x. ... .x.",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				".x. ... ...",
				"... ... ...",
				"... ... ...",
			},
		},
	})
	runFinderCases(t, EmptyRectangle, []finderCase{
		{
			name: "box 4",
			grid: "12..795688....2.9.9.........61..79..39.1........96.4....2.9....689...14....8...29",
			want: "r4c4-4",
		},
		{
			name: "box 3",
			grid: "..25..946.5.6..28..64.923..38.47.12.41..2....297......6..95...25..2...1..2..8....",
			want: "r9c9-7",
		},
	})
}
