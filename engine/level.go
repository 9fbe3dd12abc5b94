package engine

import (
	"fmt"
	"strings"
)

// Level is a difficulty as a human solver meets it. Off classic 9x9 it is
// fixed by the hardest technique a puzzle needs (see the ladder in
// technique.go). On classic 9x9, the kind Sudoku Explainer rates, it is the
// band of the SE scale the puzzle's rating falls in (see Band), so that a
// level means the same there as the figure the community quotes: the
// ladder's technique levels and SE's path part where SE has a cheaper way
// (a "direct" hidden pair, 2.0, places a single where the ladder sees a
// tough hidden pair) or no rule at all (SE finds a skyscraper as a chain).
type Level int

const (
	Easy    Level = iota // singles only (SE 1.0-2.5)
	Medium               // locked candidates, naked pairs (SE 2.6-3.1)
	Tough                // hidden pairs, naked and hidden triples, x-wing, swordfish (SE 3.2-4.1)
	Hard                 // quads, jellyfish, wings, single-digit patterns, colouring, uniqueness (SE 4.2-7.0)
	Expert               // x- and xy-chains, finned fish (SE 7.1-7.4)
	Extreme              // alternating inference chains, forcing chains, and trial and error, see Technique.Guesses (SE 7.5 and up)
	NumLevels
)

// Tough sits between medium and hard so that a book can climb without a
// cliff: on Sudoku Explainer's scale medium's techniques rate 2.6-3.0 and
// hard's from 4.2, and tough's, 3.2-4.0, fill the gap (the hidden pair,
// 3.4, is harder there than the x-wing, 3.2, so it is tough's too).
var levelNames = [NumLevels]string{"easy", "medium", "tough", "hard", "expert", "extreme"}

// levelBands is each level's band on the SE scale, lowest rating first:
// contiguous and not overlapping. Each band holds its techniques' SE
// figures: singles and SE's direct rungs (1.0-2.5), locked candidates and
// naked pairs (2.6-3.0), the x-wing, hidden pairs, triples and swordfish
// (3.2-4.0), wings, quads, uniqueness and the short chains SE finds
// single-digit patterns and colouring with (4.2-7.0), then chains by
// length: the ladder's x- and xy-chains and finned fish mostly rate
// 7.1-7.4 on SE's path, its almost locked sets and forcing chains 7.5
// and up.
var levelBands = [NumLevels]Rating{Easy: 10, Medium: 26, Tough: 32, Hard: 42, Expert: 71, Extreme: 75}

// Band is l's band on the SE scale, lo to hi inclusive; extreme's has no
// upper end (hi 0).
func (l Level) Band() (lo, hi Rating) {
	if l < 0 || l >= NumLevels {
		return 0, 0
	}
	if l+1 < NumLevels {
		hi = levelBands[l+1] - 1
	}
	return levelBands[l], hi
}

// BandLevel is the level whose band holds r: easy below medium's band.
func BandLevel(r Rating) Level {
	l := Easy
	for k := Medium; k < NumLevels; k++ {
		if r >= levelBands[k] {
			l = k
		}
	}
	return l
}

// Levels lists every level, easiest first.
func Levels() []Level { return []Level{Easy, Medium, Tough, Hard, Expert, Extreme} }

func (l Level) String() string {
	if l >= 0 && l < NumLevels {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// ParseLevel accepts a level's name in any case.
func ParseLevel(s string) (Level, error) {
	for l, name := range levelNames {
		if strings.EqualFold(strings.TrimSpace(s), name) {
			return Level(l), nil
		}
	}
	return 0, fmt.Errorf("unknown level %q (want one of %s)", s, strings.Join(levelNames[:], ", "))
}

func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}
