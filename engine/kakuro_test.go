package engine

import (
	"context"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// shapeOf reads rows of a kakuro shape, '#' a clue cell, '.' white.
func shapeOf(rows ...string) (int, []bool) {
	var white []bool
	for _, r := range rows {
		for _, c := range r {
			white = append(white, c == '.')
		}
	}
	return len(rows), white
}

func TestNewKakuroRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		rows []string
		want string
	}{
		{"a white frame", []string{"#.######", "########", "########", "########", "########", "########", "########", "########"}, "top row"},
		{"a run of one", []string{"########", "#..#####", "#.######", "########", "########", "########", "########", "########"}, "has 1 cells"},
		{"a run of ten", nil, "want 2 to 9"},
		{"two areas", []string{"########", "#..#####", "#..#####", "########", "#####..#", "#####..#", "########", "########"}, "not connected"},
	} {
		n, white := shapeOf(c.rows...)
		if c.rows == nil {
			n = 12
			white = make([]bool, n*n)
			for p := range white {
				white[p] = p/n > 0 && p%n > 0 && p/n < 3
			}
		}
		_, err := NewKakuro(n, white)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error saying %q", c.name, err, c.want)
		}
	}
	if _, err := NewKakuro(7, make([]bool, 49)); err == nil {
		t.Error("a 7x7 kakuro built, want 8x8 to 15x15 only")
	}
}

// TestKakuroSmall: a small kakuro by hand, its line read back, its
// unique sums worked by the run combination rung with explain's words.
func TestKakuroSmall(t *testing.T) {
	// 4 across over 1+3, 16 over 7+9; 3 down over r2c2/r3c2 (1+2) and 17 down
	// over 8+9.
	n, white := shapeOf(
		"########",
		"#..#####",
		"#..#####",
		"########",
		"########",
		"########",
		"########",
		"########")
	base, err := NewKakuro(n, white)
	if err != nil {
		t.Fatal(err)
	}
	// Runs: across r2 (cells 0,1), across r3 (2,3), down c2 (0,2), down c3 (1,3).
	// Solution 1 3 / 2 9: across 4, 11; down 3, 12.
	geo, err := base.WithKakuroSums([]int{4, 11, 3, 12})
	if err != nil {
		t.Fatal(err)
	}
	n1, sol := CountSolutions(geo, make([]uint8, 4), 3)
	if n1 != 1 || !slices.Equal(sol, []uint8{1, 3, 2, 9}) {
		t.Fatalf("got %d solutions, first %v; want 1, [1 3 2 9]", n1, sol)
	}
	line := FormatLine(geo, make([]uint8, 4))
	if want := strings.Repeat("-", 9) + ".." + strings.Repeat("-", 6) + ".." + strings.Repeat("-", 45) + "/kakuro:4,11:3,12"; line != want {
		t.Fatalf("line %q, want %q", line, want)
	}
	back, cells, err := ParseLine(Kakuro, 0, line)
	if err != nil || FormatLine(back, cells) != line {
		t.Fatalf("read back %v (%v)", back, err)
	}
	gr, err := NewGrader().Grade(geo, make([]uint8, 4), GradeOptions{Steps: true})
	if err != nil || gr.Level != Easy {
		t.Fatalf("graded %v (%v), want easy", gr.Level, err)
	}
	words := regexp.MustCompile(`^(across|down) run \d+ in \d cells at r\dc\d (must be|can only be) `)
	found := false
	for _, st := range gr.Steps {
		if st.Technique == RunCombination {
			found = true
			if !words.MatchString(st.Note) {
				t.Errorf("note %q: want a run's words", st.Note)
			}
		}
	}
	if !found {
		t.Error("no run combination step")
	}
	// 4 and 3 share r2c2: 1+3 and 1+2 leave it 1.
	if !strings.Contains(gr.Steps[0].Note, "run") {
		t.Errorf("first step %q", gr.Steps[0].Note)
	}
	if _, err := base.WithKakuroSums([]int{4, 11, 3}); err == nil {
		t.Error("three clues for four runs taken")
	}
	if _, err := base.WithKakuroSums([]int{4, 11, 3, 18}); err == nil {
		t.Error("18 over two cells taken")
	}
}

// TestKakuroGenerate: kakuros of each side the books print come out with
// one solution by the solver, a shape turned half a turn onto itself with
// every white cell in a run of 2 to 9 each way, digits 1-9 apart in every
// run; their line and marks read back with the same key, and the mirror
// in the diagonal keys the same.
func TestKakuroGenerate(t *testing.T) {
	gen := NewGenerator()
	rng := rand.New(rand.NewPCG(7, 11))
	for _, n := range []int{8, 10, 12, 15} {
		made := 0
		for tries := 0; made < 2 && tries < 40; tries++ {
			geo, sol, _, ok := gen.kakuroUnique(rng, n)
			if !ok {
				continue
			}
			made++
			blank := make([]uint8, geo.Cells)
			if c, first := CountSolutions(geo, blank, 2); c != 1 || !slices.Equal(first, sol) {
				t.Fatalf("%dx%d: %d solutions, want 1", n, n, c)
			}
			if !geo.keeps(sol) || geo.Validate(sol) != nil {
				t.Fatalf("%dx%d: the answer breaks a run", n, n)
			}
			for r := range n {
				for c := range n {
					_, in := geo.InPlay(r, c)
					_, turned := geo.InPlay((n-r)%n, (n-c)%n)
					if r > 0 && c > 0 && in != turned {
						t.Fatalf("%dx%d: r%dc%d and its half-turn differ", n, n, r+1, c+1)
					}
				}
			}
			k := geo.KakuroRuns()
			for i := range geo.Cells {
				ways := 0
				for _, run := range k.Runs() {
					if slices.Contains(run.Cells, i) {
						ways++
						if len(run.Cells) < 2 || len(run.Cells) > 9 {
							t.Fatalf("a run of %d cells", len(run.Cells))
						}
					}
				}
				if ways != 2 {
					t.Fatalf("cell %s in %d runs, want 2", geo.CellName(i), ways)
				}
			}
			line := FormatLine(geo, blank)
			back, cells, err := ParseLine(Kakuro, 0, line)
			if err != nil || FormatLine(back, cells) != line {
				t.Fatalf("%s: read back (%v)", line, err)
			}
			shape, _ := geo.OwnRegions()
			base, err := GeometryOf(Kakuro, n, shape)
			if err != nil {
				t.Fatal(err)
			}
			marked, err := base.WithMarks("kakuro", k.Marks())
			if err != nil || FormatLine(marked, blank) != line {
				t.Fatalf("marks read back (%v)", err)
			}
			p := Puzzle{Geo: geo, Givens: blank, Answer: sol}
			if !slices.Equal(KeyOf(back, cells), p.Key()) || !slices.Equal(KeyOf(mirrorKakuro(t, geo), blank), p.Key()) {
				t.Errorf("%dx%d: a copy read back or mirrored keys differently", n, n)
			}
			if p.Kind() != (Kind{Variant: Kakuro, Size: n, Layer: "kakuro"}) || p.Kind().Validate() != nil {
				t.Errorf("kind %v", p.Kind())
			}
		}
		if made < 2 {
			t.Errorf("%dx%d: %d kakuros in 40 attempts", n, n, made)
		}
	}
}

// mirrorKakuro is g mirrored in its main diagonal: across runs become
// down runs.
func mirrorKakuro(t *testing.T, g *Geometry) *Geometry {
	t.Helper()
	n := g.Width
	white := make([]bool, n*n)
	for r := range n {
		for c := range n {
			_, white[c*n+r] = g.InPlay(r, c)
		}
	}
	base, err := NewKakuro(n, white)
	if err != nil {
		t.Fatal(err)
	}
	k := g.KakuroRuns()
	sums := make([]int, len(base.kakuro.runs))
	for r, run := range base.kakuro.runs {
		first := base.Place(run[0])
		// The run starting at (r, c) here starts at (c, r) in g.
		i, _ := g.InPlay(first%n, first/n)
		for _, kr := range k.Runs() {
			if kr.Cells[0] == i && kr.Down == (r < base.kakuro.across) {
				sums[r] = kr.Sum
			}
		}
	}
	out, err := base.WithKakuroSums(sums)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestKakuroSolverAgrees: the kakuro solver and the layered solver count
// the same solutions of small kakuros with clues nudged (most then have
// none or several).
func TestKakuroSolverAgrees(t *testing.T) {
	gen := NewGenerator()
	rng := rand.New(rand.NewPCG(3, 5))
	checked := 0
	for tries := 0; checked < 40 && tries < 200; tries++ {
		geo, _, _, ok := gen.kakuroUnique(rng, 8)
		if !ok || geo.Cells > maxLayerCells {
			continue
		}
		k := geo.KakuroRuns()
		sums := slices.Clone(k.sums)
		r := rng.IntN(len(sums))
		sums[r] += rng.IntN(5) - 2
		nudged, err := geo.bare().WithKakuroSums(sums)
		if err != nil {
			continue
		}
		blank := make([]uint8, geo.Cells)
		got := countKakuro(nudged, blank, 50, nil)
		ls := newLayerSolver()
		ls.reset(nudged)
		want := ls.run(blank, 50)
		if got != want {
			t.Fatalf("%s: kakuro solver %d, layered solver %d", FormatLine(nudged, blank), got, want)
		}
		checked++
	}
	if checked < 40 {
		t.Errorf("%d kakuros checked", checked)
	}
}

// base is a kakuro without its clues.
func (g *Geometry) bare() *Geometry {
	out := *g
	out.layers = nil
	return &out
}

// TestKakuroFill: a quota of kakuros fills to the same puzzles with one
// worker or two, each at its level and unique.
func TestKakuroFill(t *testing.T) {
	q := []Quota{{Kind: Kind{Variant: Kakuro, Size: 12, Layer: "kakuro"}, Level: Medium, Count: 3},
		{Kind: Kind{Variant: Kakuro, Size: 9, Layer: "kakuro"}, Level: Easy, Count: 2}}
	var lines [2][]string
	for w, workers := range []int{1, 2} {
		got, err := Fill(context.Background(), q, FillOptions{Seed: 30, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		for qi, ps := range got {
			for _, p := range ps {
				if p.Grading.Level != q[qi].Level || !Unique(p.Geo, p.Givens) {
					t.Fatalf("%v: level %v, unique %v", q[qi].Kind, p.Grading.Level, Unique(p.Geo, p.Givens))
				}
				lines[w] = append(lines[w], FormatLine(p.Geo, p.Givens))
			}
		}
	}
	if len(lines[0]) != 5 || !slices.Equal(lines[0], lines[1]) {
		t.Errorf("one worker made %d, two %d, the same: %v", len(lines[0]), len(lines[1]), slices.Equal(lines[0], lines[1]))
	}
}
