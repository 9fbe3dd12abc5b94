package engine

import "testing"

// TestRatingCeilingHolds grades hard puzzles step by step: every step
// with a length is of a technique stepCeiling charges for length, and no
// step or puzzle rates above its bound.
func TestRatingCeilingHolds(t *testing.T) {
	g := NewGrader()
	ps := loadPuzzleSet(t, "top95")
	top := RatingCeiling(Kind{}, Extreme)
	for i, p := range ps[:min(len(ps), 40)] {
		res, err := g.Grade(Classic9, p[:], GradeOptions{Steps: true})
		if err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		if res.Rating > top {
			t.Errorf("puzzle %d rates %s, above the ceiling %s", i, res.Rating, top)
		}
		for _, s := range res.Steps {
			if s.Length > 0 && !lengthRated[s.Technique] {
				t.Errorf("puzzle %d: a %s step has length %d, which stepCeiling does not charge", i, s.Technique, s.Length)
			}
			if c := stepCeiling(s.Technique, 81, 9); s.Rating > c {
				t.Errorf("puzzle %d: a %s step rates %s, above its ceiling %s", i, s.Technique, s.Rating, c)
			}
		}
	}
}

func TestRatingCeiling(t *testing.T) {
	for _, c := range []struct {
		k    Kind
		l    Level
		want Rating
	}{
		{Kind{Variant: Classic, Size: 4}, Easy, 23}, // a naked single
		{Kind{Variant: X, Size: 6}, Medium, 30},     // a naked pair
		{Kind{Variant: X, Size: 6}, Tough, 40},      // a hidden triple
		{Kind{Variant: Classic, Size: 9}, Easy, 99}, // SE's path: bifurcation, 9.0 and its charge for 81 cells
	} {
		if got := RatingCeiling(c.k, c.l); got != c.want {
			t.Errorf("%s %s: got %s, want %s", c.k, c.l, got, c.want)
		}
	}
}
