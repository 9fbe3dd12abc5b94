package engine

import (
	"strings"
	"testing"
)

// row9Link1 leaves digit 1 in row 9 only at r9c1 and r9c5 (with r9c9 last,
// so dropping it breaks the link).
const row9Link1 = "r9c2-1 r9c3-1 r9c4-1 r9c6-1 r9c7-1 r9c8-1 r9c9-1"

func TestXYWing(t *testing.T) {
	runFinderCases(t, XYWing, []finderCase{
		{
			name:      "pincers share no digit",
			elims:     onlyCands("r2c2=47", "r2c8=49", "r5c2=78"),
			synthetic: true,
		},
		{
			name:      "pincer does not see the pivot",
			elims:     onlyCands("r2c2=47", "r3c8=49", "r5c2=79"),
			synthetic: true,
		},
		{
			name: "pivot r8c6",
			grid: "5.3....764.96.51322.63..9..935726..1.2....36776413852934...1698.5.96.2..69.84.7..",
			want: "r3c9-4",
		},
		{
			name: "three eliminations",
			grid: "937.5.6821627984....4326791....43....1..725..7..6.5.2..9123.8.63.65..2.9....6931.",
			want: "r7c6-4 r9c1-4 r9c2-4",
		},
		{
			name:      "pivot r2c2",
			elims:     onlyCands("r2c2=47", "r2c8=49", "r5c2=79"),
			want:      "r5c8-9",
			synthetic: true,
			note:      "xy-wing: pivot r2c2 {4,7}, pincers r2c8 {4,9} and r5c2 {7,9}: 9 leaves r5c8",
		},
	})
}

func TestXYZWing(t *testing.T) {
	runFinderCases(t, XYZWing, []finderCase{
		{
			name:      "nothing sees all three",
			elims:     onlyCands("r1c1=123", "r1c5=13", "r5c1=23"),
			synthetic: true,
		},
		{
			name:      "pincers alike",
			elims:     onlyCands("r1c1=123", "r1c5=13", "r2c2=13"),
			synthetic: true,
		},
		{
			name:  "pivot r2c7",
			grid:  ".69...7...14..6.8.37......4.2...5......89.......6.2.1.4.......3.8.2...5...7...9..",
			elims: "r7c3-5",
			want:  "r2c9-2",
		},
		{
			name:      "pivot r1c1",
			elims:     onlyCands("r1c1=123", "r1c5=13", "r2c2=23"),
			want:      "r1c2-3 r1c3-3",
			synthetic: true,
			note:      "xyz-wing: pivot r1c1 {1,2,3}, pincers r1c5 {1,3} and r2c2 {2,3}: 3 leaves r1c2, r1c3",
		},
	})
}

func TestWWing(t *testing.T) {
	runFinderCases(t, WWing, []finderCase{
		{
			name:      "no strong link",
			elims:     onlyCands("r1c1=12", "r5c5=12") + " " + strings.TrimSuffix(row9Link1, " r9c9-1"),
			synthetic: true,
		},
		{
			name:      "different pairs",
			elims:     onlyCands("r1c1=12", "r5c5=13") + " " + row9Link1,
			synthetic: true,
		},
		{
			name: "link in column 8",
			grid: "47652...3895..3.24321...7.5517....4.289645371634.1..587.2......1.8....32943286517",
			want: "r7c5-9",
		},
		{
			name: "link in row 2",
			grid: ".5861..344693.7.51..1.54.6...74361.51435..6.75.6.71423915.4.376672193548..4765.1.",
			want: "r1c7-9 r3c4-9",
		},
		{
			name:      "link in row 9",
			elims:     onlyCands("r1c1=12", "r5c5=12") + " " + row9Link1,
			want:      "r1c5-2 r5c1-2",
			synthetic: true,
			note:      "w-wing: r1c1 and r5c5 are both {1,2}, joined by the strong link r9c1=r9c5 on 1, so one of them is 2: 2 leaves r1c5, r5c1",
		},
	})
}
