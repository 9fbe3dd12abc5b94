package engine

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestCalcMakes(t *testing.T) {
	for _, c := range []struct {
		op   CalcOp
		t    int
		ds   []uint8
		want bool
	}{
		{OpAdd, 7, []uint8{3, 4}, true}, {OpAdd, 7, []uint8{3, 3}, false},
		{OpMul, 12, []uint8{2, 2, 3}, true}, {OpMul, 12, []uint8{1, 3, 4}, true}, {OpMul, 12, []uint8{2, 3}, false},
		{OpSub, 2, []uint8{5, 3}, true}, {OpSub, 2, []uint8{3, 5}, true}, {OpSub, 2, []uint8{1, 2, 3}, false},
		{OpDiv, 3, []uint8{2, 6}, true}, {OpDiv, 3, []uint8{6, 3}, false}, {OpDiv, 2, []uint8{3, 5}, false},
		{OpGiven, 4, []uint8{4}, true}, {OpGiven, 4, []uint8{3}, false},
		{OpAny, 2, []uint8{1, 2}, true}, {OpAny, 2, []uint8{4, 2}, true}, {OpAny, 2, []uint8{3, 4}, false},
	} {
		if got := calcMakes(c.op, c.t, c.ds); got != c.want {
			t.Errorf("%v %s %d: got %v, want %v", c.ds, c.op, c.t, got, c.want)
		}
	}
}

// TestCalcudokuGenerate: every level each side reaches comes out unique
// by the solver, graded at its level again, its answer a Latin square
// keeping every cage; its line and its manifest marks read back to the
// same puzzle with the same key, and a turned copy keys the same.
func TestCalcudokuGenerate(t *testing.T) {
	gen := NewGenerator()
	rng := rand.New(rand.NewPCG(6, 30))
	var cageNotes int
	note := regexp.MustCompile(`^cage \d+[-+×÷]? in (1 cell|[2-5] cells) at r\dc\d: (its digits can only be|every way puts) `)
	for _, noOps := range []bool{false, true} {
		for _, c := range []struct {
			n int
			l Level
		}{{4, Easy}, {4, Medium}, {5, Medium}, {6, Hard}, {6, Medium}, {7, Medium}, {9, Easy}} {
			q := Quota{Kind: Kind{Variant: Latin, Size: c.n, Layer: "calcudoku"}, Level: c.l}
			hits := 0
			for tries := 0; hits < 2 && tries < 300; tries++ {
				p, ok := gen.Calcudoku(rng, q, noOps)
				if !ok {
					continue
				}
				hits++
				line := FormatLine(p.Geo, p.Givens)
				k := p.Geo.calcCagesOf()
				if k == nil || k.NoOps() != noOps || !strings.Contains(line, "/calcudoku:") {
					t.Fatalf("%s: made %v", line, p.Geo.Constraints())
				}
				if !k.Holds(p.Answer) || p.Geo.Validate(p.Answer) != nil || slices.Contains(p.Answer, 0) {
					t.Fatalf("%s: the answer breaks the rules", line)
				}
				if n, sol := CountSolutions(p.Geo, p.Givens, 2); n != 1 || !slices.Equal(sol, p.Answer) {
					t.Fatalf("%s: %d solutions, want 1", line, n)
				}
				gr, err := NewGrader().Grade(p.Geo, p.Givens, GradeOptions{Steps: true})
				if err != nil || gr.Level != c.l {
					t.Fatalf("%s: regraded %v (%v), want %v", line, gr.Level, err, c.l)
				}
				for _, st := range gr.Steps {
					if st.Technique == CageCombination || st.Technique == CagePointing {
						cageNotes++
						if !note.MatchString(st.Note) {
							t.Errorf("note %q: want a calcudoku cage's words", st.Note)
						}
					}
				}
				geo, cells, err := ParseLine(Latin, 0, line)
				if err != nil {
					t.Fatalf("%s: %v", line, err)
				}
				if !slices.Equal(cells, p.Givens) || FormatLine(geo, cells) != line {
					t.Fatalf("%s: read back as %v", line, FormatLine(geo, cells))
				}
				base, _ := Lookup(Latin, c.n)
				back, err := base.WithMarks(k.Name(), k.Marks())
				if err != nil || FormatLine(back, p.Givens) != line {
					t.Fatalf("%s: marks read back as %s (%v)", line, FormatLine(back, p.Givens), err)
				}
				if !slices.Equal(KeyOf(geo, cells), p.Key()) || !slices.Equal(KeyOf(turnedCalc(t, p.Geo), p.Givens), p.Key()) {
					t.Errorf("%s: a copy read back or turned keys differently", line)
				}
			}
			if hits < 2 {
				t.Errorf("calcudoku (no ops %v) %s %dx%d: %d hits in 300 attempts", noOps, c.l, c.n, c.n, hits)
			}
		}
	}
	if cageNotes == 0 {
		t.Error("no cage step in any grading")
	}
}

// turnedCalc is g's cages mirrored left to right (its givens are blank).
func turnedCalc(t *testing.T, g *Geometry) *Geometry {
	t.Helper()
	k := g.calcCagesOf()
	n := g.N
	var cages []CalcCage
	for _, c := range k.Cages() {
		cells := make([]int, len(c.Cells))
		for j, x := range c.Cells {
			cells[j] = x/n*n + n - 1 - x%n
		}
		cages = append(cages, CalcCage{Target: c.Target, Op: c.Op, Cells: cells})
	}
	base, _ := Lookup(Latin, n)
	out, err := base.WithCalcCages(cages, k.NoOps())
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestCalcLineErrors(t *testing.T) {
	blank := strings.Repeat(".", 9)
	for _, line := range []string{
		blank + "/calcudoku:ops:aab:3+,1",                                // a map too short
		blank + "/calcudoku:ops:aabccbdde:3+,3,4-,2",                     // a clue short
		blank + "/calcudoku:sums:aabccbdde:3+,3,4+,2,3",                  // a bad form
		blank + "/calcudoku:ops:abcabcabc:6x,6+,6y",                      // a bad operation
		blank + "/calcudoku:ops:aaabbbccc:1-,6+,6+",                      // - over three cells
		blank + "/calcudoku:targets:aaabbbccc:6+,6,6",                    // an operation in a targets-only line
		blank + "/calcudoku:ops:aaabbbccc:6,6+,6+",                       // three cells without an operation
		blank + "/calcudoku:ops:aaabbbccc:99+,6+,6+",                     // no digits make it
		strings.Repeat(".", 16) + "/calcudoku:ops:aaabbbcccd:6+,6+,6+,1", // cells and map differ
	} {
		if _, _, err := ParseLine(Latin, 0, line); err == nil {
			t.Errorf("%s: read, want an error", line)
		}
	}
	geo, _, err := ParseLine(Latin, 0, blank+"/calcudoku:ops:aabccbdde:3+,2-,6x,3:,2")
	if err != nil {
		t.Fatal(err)
	}
	sol, _ := geo.Parse("123231312")
	if n, _ := CountSolutions(geo, make([]uint8, 9), 3); n < 1 || !geo.keeps(sol) {
		t.Errorf("the 3x3 calcudoku has %d solutions, and 123231312 keeps its cages: %v", n, geo.keeps(sol))
	}
	sol[0], sol[1] = 2, 1
	if geo.keeps(sol) != true {
		t.Errorf("213... keeps 3+ and the rest: want the cages kept")
	}
	sol[8] = 3
	if geo.keeps(sol) {
		t.Errorf("a 3 in the cage of 2 kept")
	}
}
