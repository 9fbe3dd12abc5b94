package engine

import "testing"

// Pictures of digit 1 for the X-Chain cap (maxXChainLinks = 9). Both are
// row pairs joined through columns, with a third place added where a pair
// through the target would shortcut the chain.
var (
	// r1c4=r1c2-r7c2=r7c7-r2c7=r2c8-r6c8=r6c5-r9c5=r9c6: 9 links; r8c4
	// sees r1c4 and r9c6; r3c4 keeps column 4 from being a pair.
	xChain9 = []string{
		".x. x.. ...",
		"... ... xx.",
		"... x.. ...",
		"... ... ...",
		"... ... ...",
		"... .x. .x.",
		".x. ... x..",
		"... x.. ...",
		"... .xx ...",
	}
	// r2c1=r2c9-r4c9=r4c5-r1c5=r1c4-r7c4=r7c8-r8c8=r8c3-r6c3=r6c2: 11
	// links; r5c1 sees r2c1 and r6c2; r3c1 keeps column 1 from a pair.
	xChain11 = []string{
		"... xx. ...",
		"x.. ... ..x",
		"x.. ... ...",
		"... .x. ..x",
		"x.. ... ...",
		".xx ... ...",
		"... x.. .x.",
		"..x ... .x.",
		"... ... ...",
	}
)

func TestXChain(t *testing.T) {
	runDigitCases(t, XChain, []digitCase{
		{
			name: "nine links", digit: 1, picture: xChain9,
			want: "r8c4-1",
			note: "x-chain on 1: r1c4=r1c2-r7c2=r7c7-r2c7=r2c8-r6c8=r6c5-r9c5=r9c6, so r1c4 or r9c6 holds 1: 1 leaves r8c4",
		},
		{name: "eleven links is past the cap", digit: 1, picture: xChain11},
		{
			name: "pairs that lead nowhere", digit: 5, picture: pairsApart5,
		},
	})
	t.Run("eleven links with a longer cap", func(t *testing.T) {
		b := digitBoard(t, 1, xChain11...)
		long := func(b *Board, s *Step) bool { return xChainUpTo(b, s, 11) }
		checkFinderOn(t, XChain, long, &b, "r5c1-1", "")
	})
	runFinderCases(t, XChain, []finderCase{
		{
			name:  "five links on 7",
			grid:  "1.4.....2.794...5..62...7.4...89..4...73.6.....8.4.....2....1..78.....26..5.8..3.",
			elims: "r7c6-7",
			want:  "r1c6-7",
		},
		{
			// r4c5=r4c6-r6c4=r9c4: r6c4 is on the chain and sees both
			// ends, so it loses 4 as well.
			name: "three links",
			grid: "4.....3.8...8.2...8..7.....2..1...8734.......6........5.4.6.8......184...82......",
			want: "r6c4-4 r9c5-4",
		},
		{
			name:  "five links on 6",
			grid:  "32......89745...1..86...4...9.2.1....6..4.....4.97..2.41....3..659..2.7..38.....6",
			elims: "r1c6-6",
			want:  "r7c6-6",
			note:  "x-chain on 6: r6c6=r4c5-r4c8=r1c8-r1c4=r7c4, so r6c6 or r7c4 holds 6: 6 leaves r7c6",
		},
	})
}

// TestChainsShortest checks that the chain reported is the shortest: with
// the cap just below its length nothing fires.
func TestChainsShortest(t *testing.T) {
	cases := []struct {
		name   string
		tech   Technique
		b      func(t *testing.T) Board
		length int // links for an X-Chain, cells for an XY-Chain
	}{
		{"x-chain nine links", XChain, func(t *testing.T) Board { return digitBoard(t, 1, xChain9...) }, 9},
		{"x-chain five links", XChain, func(t *testing.T) Board {
			_, b := caseBoard(t, finderCase{grid: "32......89745...1..86...4...9.2.1....6..4.....4.97..2.41....3..659..2.7..38.....6", elims: "r1c6-6"})
			return b
		}, 5},
		{"xy-chain eight cells", XYChain, func(t *testing.T) Board {
			_, b := caseBoard(t, finderCase{elims: xyChain8})
			return b
		}, 8},
		{"xy-chain six cells", XYChain, func(t *testing.T) Board {
			_, b := caseBoard(t, finderCase{grid: "47652...3895..3.24321...7.5517....46289645371634.1..587.2.....91.8....32943286517", elims: "r1c7-9"})
			return b
		}, 6},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.b(t)
			upTo := xChainUpTo
			step := 2 // X-Chains have an odd number of links
			if tc.tech == XYChain {
				upTo, step = xyChainUpTo, 1
			}
			var s Step
			if !upTo(&b, &s, tc.length) {
				t.Fatalf("no %s of %d", tc.tech, tc.length)
			}
			if upTo(&b, &s, tc.length-step) {
				t.Errorf("found a shorter %s: %s", tc.tech, movesString(&s))
			}
		})
	}
}

// xyChain8 is the chain r1c1 {1,2} -2- r1c4 -3- r4c4 -4- r4c7 -5- r7c7 -6-
// r7c2 -7- r9c2 -8- r9c6 {8,1}: eight cells, each digit shared by
// neighbours only, so there is no shorter way round.
var xyChain8 = onlyCands("r1c1=12", "r1c4=23", "r4c4=34", "r4c7=45", "r7c7=56", "r7c2=67", "r9c2=78", "r9c6=18")

// xyChain9 carries the chain one cell further, past the cap
// (maxXYChainCells = 8): r9c6 {8,9} -9- r5c6 {9,1}.
var xyChain9 = onlyCands("r1c1=12", "r1c4=23", "r4c4=34", "r4c7=45", "r7c7=56", "r7c2=67", "r9c2=78", "r9c6=89", "r5c6=19")

func TestXYChain(t *testing.T) {
	runFinderCases(t, XYChain, []finderCase{
		{
			name:      "ends on different digits",
			elims:     onlyCands("r1c1=12", "r1c9=23", "r9c9=34", "r9c5=45"),
			synthetic: true,
		},
		{
			name:      "eight cells",
			elims:     xyChain8,
			want:      "r1c6-1 r9c1-1",
			synthetic: true,
		},
		{
			name:      "nine cells is past the cap",
			elims:     xyChain9,
			synthetic: true,
		},
		{
			name:  "six cells on 6",
			grid:  "47652...3895..3.24321...7.5517....46289645371634.1..587.2.....91.8....32943286517",
			elims: "r1c7-9",
			want:  "r7c7-6",
		},
		{
			name:      "four cells",
			elims:     onlyCands("r1c1=12", "r1c9=23", "r9c9=34", "r9c5=14"),
			want:      "r1c5-1 r9c1-1",
			synthetic: true,
			note:      "xy-chain: r1c1 {1,2} -2- r1c9 {2,3} -3- r9c9 {3,4} -4- r9c5 {4,1}, so r1c1 or r9c5 is 1: 1 leaves r1c5, r9c1",
		},
		{
			name: "four cells on 7",
			grid: "...72....12.635.84...48.....94563...31587249676.91453....348169681297345...156827",
			want: "r3c3-7",
			note: "xy-chain: r2c3 {7,9} -9- r3c1 {9,5} -5- r7c1 {5,2} -2- r7c3 {2,7}, so r2c3 or r7c3 is 7: 7 leaves r3c3",
		},
	})
	t.Run("nine cells with a longer cap", func(t *testing.T) {
		_, b := caseBoard(t, finderCase{elims: xyChain9})
		long := func(b *Board, s *Step) bool { return xyChainUpTo(b, s, 9) }
		checkFinderOn(t, XYChain, long, &b, "r1c6-1 r5c1-1", "")
	})
}
