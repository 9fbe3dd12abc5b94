package engine

import "testing"

func TestAIC(t *testing.T) {
	runFinderCases(t, AIC, []finderCase{
		{
			name:     "mixed loop of nine nodes",
			grid:     "579184632...7..9...12.3.7..75.....49..1.4.52.294.....6..539.26...7..84939..4.6..5",
			elims:    "r2c1-6 r2c2-6 r2c9-8 r3c4-5 r4c4-6 r5c4-8 r6c6-7",
			want:     "r2c3-3",
			note:     "alternating inference chain: (3)r2c3 - (3)r9c3 = (3)r9c2 - (2)r9c2 = (2)r8c2 - (6)r8c2 = (6)r8c1 - (6)r3c1 = (6)r2c3 - (3)r2c3, so r2c3 is not 3",
			cheapest: true,
		},
		{
			name:     "mixed loop of eight nodes",
			grid:     ".1.823.7....6758....74196...5.96438.439781526...532.....8..71....51.62.81...587.4",
			elims:    "r1c1-9 r2c2-4 r2c3-2 r2c8-39 r2c9-9 r3c9-5 r6c8-9 r6c9-1 r7c1-3 r7c8-3 r7c9-9 r9c2-2 r9c3-6 r9c8-3",
			want:     "r8c1-7",
			note:     "alternating inference chain: (7)r8c1 - (7)r4c1 = (2)r4c1 - (2)r4c3 = (2)r9c3 - (3)r9c3 = (3)r8c1 - (7)r8c1, so r8c1 is not 7",
			cheapest: true,
		},
		{name: "blank grid", synthetic: true},
	})
	runDigitCases(t, AIC, []digitCase{
		{name: "pairs that lead nowhere", digit: 5, picture: pairsApart5},
	})
}

// TestAICRating: a loop on one digit or through bivalue cells costs SE's
// 6.6 and a mixed one 7.0, each plus the charge for its length, which SE
// counts in links beyond two.
func TestAICRating(t *testing.T) {
	checkRatings(t, AIC, []ratingCase{
		// Ten nodes (the start counted at both ends), mixed: 7.0 + 0.2.
		{"579184632...7..9...12.3.7..75.....49..1.4.52.294.....6..539.26...7..84939..4.6..5",
			"r2c1-6 r2c2-6 r2c9-8 r3c4-5 r4c4-6 r5c4-8 r6c6-7", 72},
		// Eight nodes, mixed: 7.0 + 0.1.
		{".1.823.7....6758....74196...5.96438.439781526...532.....8..71....51.62.81...587.4",
			"r1c1-9 r2c2-4 r2c3-2 r2c8-39 r2c9-9 r3c9-5 r6c8-9 r6c9-1 r7c1-3 r7c8-3 r7c9-9 r9c2-2 r9c3-6 r9c8-3", 71},
	})
}

// ratingCase is a position (as in finderCase) and the rating of the step
// a finder takes there.
type ratingCase struct {
	grid, elims string
	want        Rating
}

// checkRatings runs tech's finder on each case and checks its step's rating.
func checkRatings(t *testing.T, tech Technique, cases []ratingCase) {
	t.Helper()
	for _, tc := range cases {
		_, b := caseBoard(t, finderCase{grid: tc.grid, elims: tc.elims})
		var s Step
		startStep(&s, tech)
		if !finders[tech](&b, &s) {
			t.Fatalf("%s: no %s", tc.grid, tech)
		}
		if got := s.rating(); got != tc.want {
			t.Errorf("%s: %s rated %s, want %s", tc.grid, tech, got, tc.want)
		}
	}
}
