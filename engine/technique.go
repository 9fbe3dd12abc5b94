package engine

import (
	"fmt"
	"strings"
)

// Technique is one rung of the grading ladder. Techniques are declared
// cheapest first; the grader always tries them in this order and goes back
// to the first after any progress, so the hardest technique a solve used is
// the hardest the puzzle needs on that path.
type Technique int

const (
	FullHouse Technique = iota
	NakedSingle
	HiddenSingle
	Pointing // locked candidates type 1
	Claiming // locked candidates type 2
	NakedPair
	HiddenPair
	NakedTriple
	HiddenTriple
	NakedQuad
	HiddenQuad
	XWing
	Skyscraper
	TwoStringKite
	EmptyRectangle
	XYWing
	XYZWing
	WWing
	Swordfish
	Jellyfish
	SimpleColouring
	UniqueRectangle1
	BUGPlus1
	FinnedXWing
	FinnedSwordfish
	XChain
	XYChain
	Bifurcation // last resort: try a candidate and follow singles to a contradiction
	NumTechniques
)

// techniqueInfo is one row of the ladder table.
type techniqueInfo struct {
	name   string
	weight int   // score added each time the technique makes progress
	level  Level // the lowest level whose solver may use it
}

// ladder is the one table of names, weights and levels; the README copies it.
var ladder = [NumTechniques]techniqueInfo{
	FullHouse:        {"full house", 4, Easy},
	NakedSingle:      {"naked single", 8, Easy},
	HiddenSingle:     {"hidden single", 6, Easy},
	Pointing:         {"pointing", 30, Medium},
	Claiming:         {"claiming", 30, Medium},
	NakedPair:        {"naked pair", 40, Medium},
	HiddenPair:       {"hidden pair", 50, Medium},
	NakedTriple:      {"naked triple", 60, Medium},
	HiddenTriple:     {"hidden triple", 70, Medium},
	NakedQuad:        {"naked quad", 100, Hard},
	HiddenQuad:       {"hidden quad", 120, Hard},
	XWing:            {"x-wing", 100, Hard},
	Skyscraper:       {"skyscraper", 110, Hard},
	TwoStringKite:    {"2-string kite", 110, Hard},
	EmptyRectangle:   {"empty rectangle", 120, Hard},
	XYWing:           {"xy-wing", 130, Hard},
	XYZWing:          {"xyz-wing", 150, Hard},
	WWing:            {"w-wing", 150, Hard},
	Swordfish:        {"swordfish", 160, Hard},
	Jellyfish:        {"jellyfish", 200, Hard},
	SimpleColouring:  {"simple colouring", 180, Hard},
	UniqueRectangle1: {"unique rectangle type 1", 120, Hard},
	BUGPlus1:         {"bug+1", 140, Hard},
	FinnedXWing:      {"finned x-wing", 250, Expert},
	FinnedSwordfish:  {"finned swordfish", 300, Expert},
	XChain:           {"x-chain", 300, Expert},
	XYChain:          {"xy-chain", 320, Expert},
	Bifurcation:      {"bifurcation", 1000, Extreme},
}

func (t Technique) String() string {
	if t >= 0 && t < NumTechniques {
		return ladder[t].name
	}
	return fmt.Sprintf("Technique(%d)", int(t))
}

// Weight is the score a technique adds each time it makes progress.
func (t Technique) Weight() int { return ladder[t].weight }

// Level is the lowest level whose solver may use the technique.
func (t Technique) Level() Level { return ladder[t].level }

// ParseTechnique accepts a technique's name in any case.
func ParseTechnique(s string) (Technique, error) {
	for t := Technique(0); t < NumTechniques; t++ {
		if strings.EqualFold(strings.TrimSpace(s), ladder[t].name) {
			return t, nil
		}
	}
	return 0, fmt.Errorf("unknown technique %q", s)
}

func (t Technique) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

func (t *Technique) UnmarshalText(b []byte) error {
	v, err := ParseTechnique(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}
