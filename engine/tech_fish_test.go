package engine

import "testing"

func TestXWing(t *testing.T) {
	runFinderCases(t, XWing, []finderCase{
		{
			name:     "easy50 #7, 44 empty",
			grid:     ".4398.25.6..425...2....1.949....4.7.3..6.8...41.2.9..382.5.........4...553489.71.",
			elims:    "r3c5-7 r3c7-3 r5c7-1 r5c7-5 r7c3-6 r7c3-9 r7c5-3 r7c5-7 r7c7-3 r7c7-6 r8c2-7 r8c3-1 r8c3-7 r8c4-3 r8c6-6 r8c6-7 r8c7-6 r8c7-9 r8c8-6",
			want:     "r7c6-6 r4c9-6 r7c9-6",
			note:     "x-wing on 6 in rows 1 and 9 (columns 6 and 9): 6 leaves r7c6, r4c9, r7c9",
			cheapest: true,
		},
		{
			name:     "top95 #56, 48 empty",
			grid:     "53..2.9..624.3.75...9...3.2....1.827...7...9.....981............564..2.9172.5.43.",
			elims:    "r1c6-4 r3c5-7 r3c8-4 r5c2-4 r5c2-6 r6c1-4 r6c4-6 r6c9-4 r6c9-6 r7c1-3 r7c1-8 r7c2-8 r7c4-6 r7c4-8 r7c4-9 r7c6-6 r7c6-7 r7c6-9 r8c6-7",
			want:     "r1c4-8 r3c4-8 r1c9-8 r7c9-8",
			note:     "x-wing on 8 in rows 2 and 9 (columns 4 and 9): 8 leaves r1c4, r3c4, r1c9, r7c9",
			cheapest: true,
		},
		{
			name:      "rows 2 and 7",
			elims:     onlyIn(4, "r2", "r2c3", "r2c8") + " " + onlyIn(4, "r7", "r7c3", "r7c8") + " " + onlyIn(4, "c3", "r2c3", "r5c3", "r7c3") + " " + onlyIn(4, "c8", "r2c8", "r7c8", "r9c8"),
			want:      "r5c3-4 r9c8-4",
			note:      "x-wing on 4 in rows 2 and 7 (columns 3 and 8): 4 leaves r5c3, r9c8",
			synthetic: true,
		},
		{
			name:      "columns 1 and 9",
			elims:     onlyIn(8, "c1", "r4c1", "r6c1") + " " + onlyIn(8, "c9", "r4c9", "r6c9"),
			want:      "r4c2-8 r4c3-8 r4c4-8 r4c5-8 r4c6-8 r4c7-8 r4c8-8 r6c2-8 r6c3-8 r6c4-8 r6c5-8 r6c6-8 r6c7-8 r6c8-8",
			synthetic: true,
		},
		{
			// r2c5 spoils the x-wing and, in a box no cover column
			// crosses, makes no finned one either.
			name:      "a third place in a base row",
			elims:     onlyIn(4, "r2", "r2c3", "r2c5", "r2c8") + " " + onlyIn(4, "r7", "r7c3", "r7c8"),
			synthetic: true,
		},
		{name: "blank grid", synthetic: true},
	})
}

func TestSwordfish(t *testing.T) {
	runFinderCases(t, Swordfish, []finderCase{
		{
			name:     "top95 #35, 57 empty",
			grid:     "..839.1...6.5...2......6....3.1.7.5.....3...9..4...3...5....2...7...3.8.2..7....4",
			elims:    "r1c1-4 r1c8-4 r2c1-4 r3c1-4 r6c1-9 r6c2-9",
			want:     "r2c1-7 r3c1-7 r5c1-7 r3c8-7 r5c8-7 r2c9-7 r3c9-7",
			note:     "swordfish on 7 in rows 1, 6 and 7 (columns 1, 8 and 9): 7 leaves r2c1, r3c1, r5c1, r3c8, r5c8, r2c9, r3c9",
			cheapest: true,
		},
		{
			name:     "top95 #69, 38 empty",
			grid:     "53...9.4.9628.45.1.7..5..9..834976.5.4..68...69.1..8.432..4.18.85.9...62.1..8..53",
			elims:    "r1c4-7 r1c9-7 r3c6-3 r5c7-2 r5c8-3 r7c3-7 r8c5-7 r9c3-4 r9c3-7",
			want:     "r5c3-7 r5c7-7 r5c8-7 r9c7-7",
			note:     "swordfish on 7 in columns 1, 4 and 9 (rows 5, 7 and 9): 7 leaves r5c3, r5c7, r5c8, r9c7",
			cheapest: true,
		},
		{
			name:      "rows 1, 5 and 9",
			elims:     onlyIn(6, "r1", "r1c2", "r1c5") + " " + onlyIn(6, "r5", "r5c5", "r5c8") + " " + onlyIn(6, "r9", "r9c2", "r9c8") + " " + onlyIn(6, "c2", "r1c2", "r3c2", "r9c2") + " " + onlyIn(6, "c5", "r1c5", "r5c5") + " " + onlyIn(6, "c8", "r5c8", "r7c8", "r9c8"),
			want:      "r3c2-6 r7c8-6",
			note:      "swordfish on 6 in rows 1, 5 and 9 (columns 2, 5 and 8): 6 leaves r3c2, r7c8",
			synthetic: true,
		},
		{name: "blank grid", synthetic: true},
	})
}

func TestJellyfish(t *testing.T) {
	runFinderCases(t, Jellyfish, []finderCase{
		{
			name:     "top1465 #475, 47 empty",
			grid:     ".....3...83.2..67..6......351...2.4.......35.47.5....87..4..83.342815.6.6..3.74.5",
			elims:    "r1c3-1 r1c3-5 r1c3-9 r1c7-9 r1c8-1 r1c8-2 r1c9-9 r2c3-1 r2c3-4 r2c5-4 r2c6-9 r2c9-9 r3c3-1 r3c3-5 r3c3-9 r3c6-9 r3c7-9 r3c8-1 r3c8-2 r4c3-6 r4c3-9 r4c5-6 r4c5-7 r4c5-9 r5c6-6 r5c6-9 r5c9-1 r5c9-2 r6c6-1 r6c7-9 r6c8-9 r7c9-9 r9c8-9",
			want:     "r1c2-9 r5c2-9 r5c3-9 r1c5-9 r3c5-9 r5c5-9",
			note:     "jellyfish on 9 in rows 2, 6, 7 and 9 (columns 2, 3, 5 and 6): 9 leaves r1c2, r5c2, r5c3, r1c5, r3c5, r5c5",
			cheapest: true,
		},
		{
			name:     "top1465 #1236, 34 empty",
			grid:     "3456.172..12574....7..32514..17.5.4..3..1..7...74.3..11283594677.324.1.....1.7.32",
			elims:    "r2c1-6 r2c7-8 r2c7-9 r2c9-8 r2c9-9 r4c1-8 r4c5-8 r5c1-8 r5c7-8 r5c9-8 r6c1-8 r6c5-8 r8c2-5 r8c9-8",
			want:     "r6c8-8",
			note:     "jellyfish on 8 in rows 2, 3, 5 and 8 (columns 1, 4, 6 and 8): 8 leaves r6c8",
			cheapest: true,
		},
		{name: "blank grid", synthetic: true},
	})
}

func TestFinnedXWing(t *testing.T) {
	runFinderCases(t, FinnedXWing, []finderCase{
		{
			name:     "top95 #5, 49 empty",
			grid:     ".623148.7.3....2...7.2..4.3...9...3.6.1....42.......8.2..6..1.4....5.6.8.167.83..",
			elims:    "r2c8-5 r2c8-9 r2c9-1 r2c9-6 r3c8-5 r3c8-9 r4c9-5 r6c4-5 r6c5-3 r6c6-3 r6c9-5 r6c9-9 r7c2-9 r7c3-3 r7c3-9 r7c8-9 r8c6-3 r8c6-9 r9c5-9",
			want:     "r6c1-4",
			note:     "finned x-wing on 4 in rows 4 and 9 (columns 1 and 5, fins r4c2 and r4c3): 4 leaves r6c1",
			cheapest: true,
		},
		{
			name:     "top95 #5, 49 empty",
			grid:     ".623148.7.3....2...7.2..4.3...9...3.6.1....42.......8.2..6..1.4....5.6.8.167.83..",
			elims:    "r2c8-5 r2c8-9 r2c9-1 r2c9-6 r3c8-5 r3c8-9 r4c9-5 r6c1-4 r6c4-5 r6c5-3 r6c6-3 r6c9-5 r6c9-9 r7c2-9 r7c3-3 r7c3-9 r7c8-9 r8c6-3 r8c6-9 r9c5-9",
			want:     "r6c3-4",
			note:     "finned x-wing on 4 in columns 2 and 4 (rows 6 and 8, fin r4c2): 4 leaves r6c3",
			cheapest: true,
		},
		{
			name:      "fin r2c9",
			elims:     onlyIn(4, "r2", "r2c3", "r2c8", "r2c9") + " " + onlyIn(4, "r7", "r7c3", "r7c8"),
			want:      "r1c8-4 r3c8-4",
			note:      "finned x-wing on 4 in rows 2 and 7 (columns 3 and 8, fin r2c9): 4 leaves r1c8, r3c8",
			synthetic: true,
		},
		{
			// Row 2 has no 4 left in column 8: either r2c9 is 4 or
			// r2c3 is, and then r7c8 is.
			name:      "sashimi",
			elims:     onlyIn(4, "r2", "r2c3", "r2c9") + " " + onlyIn(4, "r7", "r7c3", "r7c8"),
			want:      "r1c8-4 r3c8-4",
			note:      "finned x-wing on 4 in rows 2 and 7 (columns 3 and 8, fin r2c9): 4 leaves r1c8, r3c8",
			synthetic: true,
		},
		{
			name:      "fin box crosses no cover column",
			elims:     onlyIn(4, "r2", "r2c3", "r2c5", "r2c8") + " " + onlyIn(4, "r7", "r7c3", "r7c8"),
			synthetic: true,
		},
		{
			name:      "fins in two boxes",
			elims:     onlyIn(4, "r2", "r2c3", "r2c5", "r2c8", "r2c9") + " " + onlyIn(4, "r7", "r7c3", "r7c8"),
			synthetic: true,
		},
		{
			name:      "no fin: a plain x-wing",
			elims:     onlyIn(4, "r2", "r2c3", "r2c8") + " " + onlyIn(4, "r7", "r7c3", "r7c8"),
			synthetic: true,
		},
		{name: "blank grid", synthetic: true},
	})
}

func TestFinnedSwordfish(t *testing.T) {
	runFinderCases(t, FinnedSwordfish, []finderCase{
		{
			name:     "top95 #19, 50 empty",
			grid:     ".23759..687.26.59.9.....72.....4.97.3.7.96..2....27...5..47.........2....8...5...",
			elims:    "r3c2-1 r3c2-4 r3c3-1 r3c3-4 r3c9-8 r4c1-1 r4c9-3 r6c1-6 r6c2-6 r6c3-6 r6c4-3 r6c7-1 r6c7-4 r6c7-8 r6c8-1 r6c8-4 r6c8-5 r6c8-8 r6c9-3 r7c9-3 r8c1-1 r8c1-4 r8c4-1 r8c4-3 r8c4-8 r8c9-3 r9c1-1 r9c1-4 r9c4-1 r9c4-3 r9c9-3",
			want:     "r8c9-4",
			note:     "finned swordfish on 4 in rows 2, 3 and 9 (columns 3, 6 and 9, fins r9c7 and r9c8): 4 leaves r8c9",
			cheapest: true,
		},
		{
			name:     "top95 #39, 53 empty",
			grid:     "249.651.3.3....2..86......5.2...6....8.2......1..4.82..9.5..7...54.....1.7...3...",
			elims:    "r2c1-1 r4c1-3 r4c1-5 r4c3-5 r5c1-3 r5c1-5 r5c1-6 r5c3-5 r6c1-3 r6c1-6 r7c3-1 r7c3-3 r7c3-6 r7c5-2 r7c6-2 r9c3-1 r9c3-6 r9c4-8 r9c5-2",
			want:     "r7c5-8 r9c5-8",
			note:     "finned swordfish on 8 in rows 1, 4 and 8 (columns 4, 5 and 8, fin r8c6): 8 leaves r7c5, r9c5",
			cheapest: true,
		},
		{
			name:      "fin r5c9",
			elims:     onlyIn(6, "r1", "r1c2", "r1c5") + " " + onlyIn(6, "r5", "r5c5", "r5c8", "r5c9") + " " + onlyIn(6, "r9", "r9c2", "r9c8"),
			want:      "r4c8-6 r6c8-6",
			note:      "finned swordfish on 6 in rows 1, 5 and 9 (columns 2, 5 and 8, fin r5c9): 6 leaves r4c8, r6c8",
			synthetic: true,
		},
		{name: "blank grid", synthetic: true},
	})
}

func TestFinnedJellyfish(t *testing.T) {
	runFinderCases(t, FinnedJellyfish, []finderCase{
		{
			name:     "se_rated #1 late",
			grid:     ".87246..949.175....56389...6..91.425..54...9.94.56...8.69.541.....69...75....196.",
			elims:    "r1c8-3 r2c9-2 r5c1-13 r6c8-3 r7c1-3 r8c1-1 r8c3-23 r8c6-8 r8c7-3 r8c8-38 r9c3-2 r9c9-3",
			want:     "r5c2-3",
			note:     "finned jellyfish on 3 in rows 1, 4, 6 and 8 (columns 1, 2, 6 and 7, fins r4c3 and r6c3): 3 leaves r5c2",
			cheapest: true,
		},
		{name: "blank grid", synthetic: true},
	})
}
