package engine

import (
	"testing"
)

// TestHyperImpliedWindows: the four windows and the five implied ones
// tile the grid, each cell in exactly one, so that each holds every digit
// once in any solution (the rows 1, 5, 9 hold each digit three times, the
// windows above and below them each once in the other rows).
func TestHyperImpliedWindows(t *testing.T) {
	g, err := Lookup(Hyper, 9)
	if err != nil {
		t.Fatal(err)
	}
	var in [81]int
	windows, implied := 0, 0
	for u, k := range g.Kinds {
		switch k {
		case WindowHouse:
			windows++
		case ImpliedWindowHouse:
			implied++
		default:
			continue
		}
		for _, c := range g.Houses[u] {
			in[c]++
		}
	}
	if windows != 4 || implied != 5 {
		t.Fatalf("hyper has %d windows and %d implied ones, want 4 and 5", windows, implied)
	}
	for c, k := range in {
		if k != 1 {
			t.Errorf("%s lies in %d of the nine windows, want 1", g.CellName(c), k)
		}
	}
}

// TestHyperSinglesPuzzle: a hyper puzzle the generator called expert
// when it graded without the implied windows falls to hidden singles
// with them, as Sudoku Explainer (--isWindows=1) rates it, 1.5.
func TestHyperSinglesPuzzle(t *testing.T) {
	g, _ := Lookup(Hyper, 9)
	p, err := g.Parse("..692.7...9.7..6...8......2..15.....9....2.54...8...9.......52.5........3........")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Grade(g, p, GradeOptions{Steps: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Level != Easy || res.Rating != 15 {
		t.Fatalf("graded %s, rating %s; want easy, 1.5", res.Level, res.Rating)
	}
	used := false
	for _, s := range res.Steps {
		for _, part := range s.Pattern.Parts {
			for _, u := range part.Houses {
				used = used || g.Kinds[u] == ImpliedWindowHouse
			}
		}
	}
	if !used {
		t.Errorf("no step names an implied window")
	}
}
