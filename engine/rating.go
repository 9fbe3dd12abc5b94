package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Rating is a difficulty on the scale of Sudoku Explainer 1.2.1's standard
// technique set (SE), the figure the community quotes as "SE", kept in
// tenths so that it compares exactly: 72 is 7.2.
//
// A puzzle's rating estimates SE's: the rating of the hardest step on SE's
// path (rating_path.go), where every step is the lowest rated one SE's
// techniques allow. Each step is rated by its technique's place on SE's
// scale (hidden single 1.2 in a box and 1.5 in a row or column, naked
// single 2.3, pointing 2.6, x-wing 3.2, xy-wing 4.2, and so on; SE's
// direct rungs, an elimination that at once leaves a single, 1.7-2.5, see
// rating_direct.go), plus, for
// chains and trials, a tenth for every step up a length scale that grows by
// half and a third in turns (more than 4 links, 6, 8, 12, 16, 24, ...), the
// way SE charges for length.
//
// SE 1.2.1 has no rule for the single-digit patterns, W-Wing, colouring,
// finned fish or almost locked sets: it finds them as chains, and so does
// its path here. The ladder's own figures for them, and the chains' length
// biases, were fitted to standard SE ratings (engine/rating_test.go
// measures the fit on puzzles left out of it).
type Rating int

// String writes the rating with one decimal: "7.2".
func (r Rating) String() string { return fmt.Sprintf("%d.%d", r/10, r%10) }

// Float is the rating as a number: 7.2.
func (r Rating) Float() float64 { return float64(r) / 10 }

// ParseRating reads a rating written with at most one decimal: "7", "7.2".
func ParseRating(s string) (Rating, error) {
	t := strings.TrimSpace(s)
	whole, frac, dot := strings.Cut(t, ".")
	if dot && len(frac) != 1 {
		return 0, fmt.Errorf("rating %q: want at most one decimal, like 7.2", s)
	}
	w, err := strconv.Atoi(whole)
	if err != nil || w < 0 || w > 99 || strings.HasPrefix(whole, "+") {
		return 0, fmt.Errorf("rating %q: want a number from 0 to 99.9, like 7.2", s)
	}
	f := 0
	if dot {
		if frac[0] < '0' || frac[0] > '9' {
			return 0, fmt.Errorf("rating %q: want a number from 0 to 99.9, like 7.2", s)
		}
		f = int(frac[0] - '0')
	}
	return Rating(w*10 + f), nil
}

func (r Rating) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

func (r *Rating) UnmarshalText(b []byte) error {
	v, err := ParseRating(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// lengthRating is SE's charge for length: a tenth for each time n passes
// the next mark of 4, 6, 8, 12, 16, 24, 32, ... (alternately half and a
// third more than the one before).
func lengthRating(n int) Rating {
	var r Rating
	mark, half := 4, true
	for n > mark {
		r++
		if half {
			mark = mark * 3 / 2
		} else {
			mark = mark * 4 / 3
		}
		half = !half
	}
	return r
}

// rating rates one step: its technique's base on the SE scale, what the
// finder added for the shape it found (a hidden single outside a box), and
// the charge for a chain's or a trial's length.
func (s *Step) rating() Rating {
	r := ladder[s.Technique].se + s.extra
	if s.Length > 0 {
		r += lengthRating(s.Length + int(ladder[s.Technique].lengthBias))
	}
	return r
}
