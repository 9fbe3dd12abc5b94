package engine

import "testing"

// TestVariety feeds a collector hard puzzles that all need the same
// technique: a quota of 4 takes two, turns the rest away until its
// patience is spent, then takes what comes. A technique quota and an easy
// quota take them all.
func TestVariety(t *testing.T) {
	ps := loadPuzzleSet(t, "top95")
	feed := func(q Quota, n int) (*collector, int) {
		c := newCollector([]Quota{q})
		taken := 0
		for i := range n {
			r := fillResult{index: i, ok: true, puzzle: Puzzle{Geo: Classic9, Givens: ps[i][:], Grading: Grading{Level: q.Level, Hardest: XWing}}}
			added, err := c.commit(r)
			if err != nil {
				t.Fatal(err)
			}
			if added {
				taken++
			}
		}
		return c, taken
	}
	hard := Quota{Level: Hard, Count: 4}
	if _, got := feed(hard, 10); got != 2 {
		t.Errorf("hard quota of 4 took %d x-wing puzzles of 10, want 2", got)
	}
	if c, got := feed(hard, 2+varietyPatience*4+2); got != 4 || c.turnedAway[0] != varietyPatience*4 {
		t.Errorf("after its patience the quota took %d, turned away %d; want 4 and %d", got, c.turnedAway[0], varietyPatience*4)
	}
	practice := Quota{Level: Hard, Count: 4, Technique: XWing, TechniqueSet: true}
	if _, got := feed(practice, 4); got != 4 {
		t.Errorf("x-wing section took %d x-wing puzzles of 4, want 4", got)
	}
	easy := Quota{Level: Easy, Count: 4}
	if _, got := feed(easy, 4); got != 4 {
		t.Errorf("easy quota took %d of 4, want 4", got)
	}
}
