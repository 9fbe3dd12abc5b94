package engine

import "testing"

func TestWXYZWing(t *testing.T) {
	runFinderCases(t, WXYZWing, []finderCase{
		{
			name:  "pivot r9c1",
			grid:  "98.1.4.52..5.78.9.1.4.956.84.9.528.7..39.12455..4.7..9.5.74698..9.523....4.81952.",
			elims: "r2c1-3 r2c7-3 r2c9-3 r6c3-16 r6c8-3 r8c1-7 r8c3-67 r8c7-1 r8c8-6 r8c9-1",
			want:  "r8c1-6",
			note:  "wxyz-wing: r2c1 {2,6}, r7c1 {2,3}, r9c1 {3,6,7} and r9c3 {6,7} hold four digits, and each but 6 goes in one of them at most, so one of them is 6: 6 leaves r8c1",
		},
		{
			name:  "pivot r1c7",
			grid:  "438..7...2569...47179..42....7.45.9.945...7...1.79.5.4..457...67..4.1.585.13..47.",
			elims: "r4c2-6 r9c2-2",
			want:  "r2c7-1",
		},
		{
			// Pivot r1c1 sees the three others; 1 and 3 each have cells
			// that do not see each other (r1c5 and r2c2, r1c5 and r5c1).
			// Two unrestricted digits prove nothing, though r1c2 and
			// r1c3 see every 1 of the four.
			name:      "two unrestricted digits",
			elims:     onlyCands("r1c1=124", "r1c5=13", "r5c1=34", "r2c2=123"),
			synthetic: true,
		},
		{
			// Four cells of one row with four digits: a naked quad, every
			// digit restricted, for the subsets to find.
			name:      "locked quad",
			elims:     onlyCands("r1c1=12", "r1c2=23", "r1c3=34", "r1c4=14"),
			synthetic: true,
		},
	})
}

func TestALSXZ(t *testing.T) {
	runFinderCases(t, ALSXZ, []finderCase{
		{
			name:  "row 9 and column 9",
			grid:  "579184632...7..9...12.3.7..75.....49..1.4.52.294.....6..539.26...7..849.9..4.6..5",
			elims: "r2c1-6 r2c2-6 r2c9-8 r3c4-5 r4c4-6 r5c4-8 r6c6-7",
			want:  "r8c9-1",
			note:  "als-xz: r9c2 r9c3 r9c7 r9c8 {1,2,3,7,8} and r2c9 r3c9 r7c9 {1,4,7,8} share the restricted common 7, so 1 and 8 are each in one of them: 1 leaves r8c9",
		},
		{
			name:  "box 1 and column 1",
			grid:  "579184632...7..9...12.3.7..75.....49..1.4.52.294.....6..539.26...7..84939..4.6..5",
			elims: "r2c1-6 r2c2-6 r2c9-8 r3c4-5 r4c4-6 r5c4-8 r6c6-7",
			want:  "r2c3-3",
		},
		{
			// r1c1 {1,2} and r5c5 r5c6 {1,2,3} share 1 and 2, but no cell
			// of one sees a cell of the other: no restricted common.
			name:      "no restricted common",
			elims:     onlyCands("r1c1=12", "r5c5=13", "r5c6=23"),
			synthetic: true,
		},
	})
}

func TestALSXYWing(t *testing.T) {
	runFinderCases(t, ALSXYWing, []finderCase{
		{
			name:  "pivot r2c9 r3c9 r5c9",
			grid:  "579184632...7..9...12.3.7..75.....49..1.4.52.294.....6..539.26...7..84939..4.6..5",
			elims: "r2c1-6 r2c2-6 r2c3-3 r2c9-8 r3c4-5 r4c4-6 r4c5-1 r5c4-8 r6c5-5 r6c6-7",
			want:  "r9c8-8",
			note:  "als-xy-wing: pivot r2c9 r3c9 r5c9 {1,4,7,8} shares 1 with r2c8 r3c8 {1,5,8} and 7 with r7c9 r9c7 {1,7,8}, so 8 is in one of them: 8 leaves r9c8",
		},
		{
			name:  "pivot r1c3",
			grid:  "...268.912...174.6.61.452..1.26.9.4..4..21.6...67.41.26.54.231..13.76.24.2.1.36..",
			elims: "r2c2-3 r3c1-3 r5c1-9 r5c3-9 r5c4-3 r5c9-78 r8c4-9",
			want:  "r9c1-8 r9c1-9",
		},
		{
			// The pivot r5c5 {1,2} sees r1c5 {1,3} and r5c1 {2,3}, but the
			// only cells seeing both wings' 3s hold no 3.
			name:      "nothing to remove",
			elims:     onlyCands("r5c5=12", "r1c5=13", "r5c1=23", "r1c1=456"),
			synthetic: true,
		},
	})
}

// TestSoundnessALS solves samples of the shared sets with singles,
// locked candidates, subsets and the rungs of tech_als.go,
// tech_rectangles.go, tech_exclusion.go, tech_medusa.go and tech_sdc.go only, so these meet boards
// crowded with candidates, and checks every step against the solution (see
// solveChecked). Each rung must fire. (TestSoundnessB's ladder mode meets
// them on the grader's own boards.)
func TestSoundnessALS(t *testing.T) {
	rungs := []Technique{UniqueRectangle3, UniqueRectangle5, UniqueRectangle6, HiddenRectangle, WXYZWing, SueDeCoq, AlignedPairExclusion, Medusa3D, ALSXZ, ALSXYWing}
	puzzles := append(sample(loadPuzzleSet(t, "top95"), 3), seRatedSample(t, 40)...)
	checkRungsOn(t, puzzles, rungsOnSubsets(rungs...), rungs)
}
