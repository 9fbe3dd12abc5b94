package engine

import (
	"fmt"
	"strings"
)

// Level is a difficulty as a human solver meets it, fixed by the hardest
// technique a puzzle needs (see the ladder in technique.go).
type Level int

const (
	Easy    Level = iota // singles only
	Medium               // locked candidates, naked pairs
	Tough                // hidden pairs, naked and hidden triples, x-wing, swordfish
	Hard                 // quads, jellyfish, wings, single-digit patterns, colouring, uniqueness
	Expert               // x- and xy-chains, finned fish
	Extreme              // alternating inference chains, forcing chains, and trial and error (see Technique.Guesses)
	NumLevels
)

// Tough sits between medium and hard so that a book can climb without a
// cliff: on Sudoku Explainer's scale medium's techniques rate 2.6-3.0 and
// hard's from 4.2, and tough's, 3.2-4.0, fill the gap (the hidden pair,
// 3.4, is harder there than the x-wing, 3.2, so it is tough's too).
var levelNames = [NumLevels]string{"easy", "medium", "tough", "hard", "expert", "extreme"}

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
