package engine_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokubook/sudokubook/engine"
)

func ExampleSolve() {
	g, err := engine.ParseGrid("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := engine.Solve(engine.Classic9, g.Cells())
	fmt.Println(engine.Classic9.Format(sol), err)
	// Output: 483921657967345821251876493548132976729564138136798245372689514814253769695417382 <nil>
}

func ExampleGrade() {
	g := engine.MustParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	res, err := engine.Grade(engine.Classic9, g.Cells(), engine.GradeOptions{Steps: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s, score %d, hardest %s, rating %s, %d steps\n", res.Level, res.Score, res.Hardest, res.Rating, len(res.Steps))
	fmt.Println(res.Steps[0].Note)
	// Output:
	// medium, score 564, hardest pointing, rating 2.6, 71 steps
	// hidden single: in box 4, 4 fits only in r6c2
}

func ExampleGenerator_Generate() {
	gen := engine.NewGenerator()
	rng := rand.New(rand.NewPCG(1, 2))
	q := engine.Quota{Level: engine.Hard, Count: 1, Symmetry: engine.SymRotational}
	for {
		p, ok := gen.Generate(rng, q)
		if !ok {
			continue // this attempt landed on another level
		}
		fmt.Println(p.Grading.Level, engine.Unique(p.Geometry(), p.Givens), engine.SymRotational.Holds(engine.Grid(p.Givens)))
		return
	}
	// Output: hard true true
}

func ExampleSymmetry_Orbits() {
	orbits := engine.SymRotational.Orbits()
	fmt.Println(len(orbits), orbits[0], orbits[40])
	// Output: 41 [0 80] [40]
}

// A step's pattern is its parts by role, in the order its note names
// them: what an app needs to draw the step or word it in its own language.
func ExamplePattern() {
	g := engine.MustParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	res, err := engine.Grade(engine.Classic9, g.Cells(), engine.GradeOptions{Steps: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, st := range res.Steps {
		if st.Technique != engine.Pointing {
			continue
		}
		fmt.Println(st.Note)
		for _, p := range st.Pattern.Parts {
			fmt.Printf("%s:", p.Role)
			for _, u := range p.Houses {
				fmt.Print(" ", engine.Classic9.HouseName(u))
			}
			for _, c := range p.Cells {
				fmt.Print(" ", engine.CellName(c))
			}
			for _, d := range engine.Digits(p.Digits) {
				fmt.Print(" ", d)
			}
			fmt.Println()
		}
		break
	}
	// Output:
	// pointing: in box 3 the 7s lie in row 2, so 7 leaves r2c1, r2c3
	// base: box 3
	// digit: 7
	// cover: row 2
}
