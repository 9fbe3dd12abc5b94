package engine

import "testing"

func TestPointing(t *testing.T) {
	runFinderCases(t, Pointing, []finderCase{
		{
			name:     "easy50 #6, 44 empty",
			grid:     "1..92....524.17..9......271.5...81.2...1.2...4127...9..6...9.1...1.36945.4..71.26",
			elims:    "",
			want:     "r1c6-4",
			note:     "pointing: in box 3 the 4s lie in row 1, so 4 leaves r1c6",
			cheapest: true,
		},
		{
			name:     "easy50 #6, 43 empty",
			grid:     "1..92....524.17..9.....4271.5...81.2...1.2...4127...9..6...9.1...1.36945.4..71.26",
			elims:    "",
			want:     "r1c6-5",
			note:     "pointing: in box 3 the 5s lie in row 1, so 5 leaves r1c6",
			cheapest: true,
		},
		{
			name:      "box 1 points along row 2",
			elims:     onlyIn(3, "b1", "r2c1", "r2c2"),
			want:      "r2c4-3 r2c5-3 r2c6-3 r2c7-3 r2c8-3 r2c9-3",
			note:      "pointing: in box 1 the 3s lie in row 2, so 3 leaves r2c4, r2c5, r2c6, r2c7, r2c8, r2c9",
			synthetic: true,
		},
		{
			name:      "box 9 points down column 7",
			elims:     onlyIn(5, "b9", "r7c7", "r9c7") + " " + onlyIn(5, "c7", "r2c7", "r7c7", "r9c7"),
			want:      "r2c7-5",
			note:      "pointing: in box 9 the 5s lie in column 7, so 5 leaves r2c7",
			synthetic: true,
		},
		{
			name:      "row 2 already cleared",
			elims:     onlyIn(3, "b1", "r2c1", "r2c2") + " " + onlyIn(3, "r2", "r2c1", "r2c2"),
			synthetic: true,
		},
		{name: "blank grid", synthetic: true},
	})
}

func TestClaiming(t *testing.T) {
	runFinderCases(t, Claiming, []finderCase{
		{
			name:     "easy50 #7, 45 empty",
			grid:     ".4398.25.6..425...2....1.949....4.7.3..6.8...41.2.9..382.5.............553489.71.",
			elims:    "r3c5-7 r3c7-3 r7c5-7 r8c5-7",
			want:     "r7c5-3 r8c4-3 r8c5-3",
			note:     "claiming: in column 6 the 3s lie in box 8, so 3 leaves r7c5, r8c4, r8c5",
			cheapest: true,
		},
		{
			name:     "easy50 #42, 41 empty",
			grid:     "38....92...6439785..9.2.3...6..9....8..3.2..99...4..7...197.5.8495286137..8....92",
			elims:    "r3c4-5 r3c6-5 r4c1-7 r4c3-7 r6c2-3",
			want:     "r3c1-1 r3c2-1",
			note:     "claiming: in row 2 the 1s lie in box 1, so 1 leaves r3c1, r3c2",
			cheapest: true,
		},
		{
			name:      "row 2 claims box 1",
			elims:     onlyIn(3, "r2", "r2c1", "r2c2"),
			want:      "r1c1-3 r1c2-3 r1c3-3 r3c1-3 r3c2-3 r3c3-3",
			note:      "claiming: in row 2 the 3s lie in box 1, so 3 leaves r1c1, r1c2, r1c3, r3c1, r3c2, r3c3",
			synthetic: true,
		},
		{
			name:      "column 5 claims box 5",
			elims:     onlyIn(5, "c5", "r4c5", "r6c5"),
			want:      "r4c4-5 r4c6-5 r5c4-5 r5c6-5 r6c4-5 r6c6-5",
			note:      "claiming: in column 5 the 5s lie in box 5, so 5 leaves r4c4, r4c6, r5c4, r5c6, r6c4, r6c6",
			synthetic: true,
		},
		{
			name:      "box 1 already cleared",
			elims:     onlyIn(3, "b1", "r2c1", "r2c2") + " " + onlyIn(3, "r2", "r2c1", "r2c2"),
			synthetic: true,
		},
		{name: "blank grid", synthetic: true},
	})
}
