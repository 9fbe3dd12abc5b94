package engine

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestLatinGeometry(t *testing.T) {
	for n := 3; n <= 9; n++ {
		g, err := Lookup(Latin, n)
		if err != nil {
			t.Fatalf("%dx%d: %v", n, n, err)
		}
		if len(g.Houses) != 2*n || g.BoxRows != 0 {
			t.Errorf("%dx%d: %d houses, boxes %dx%d; want %d rows and columns, no boxes", n, n, len(g.Houses), g.BoxRows, g.BoxCols, 2*n)
		}
		for i := range g.Cells {
			if got := len(g.Peers[i]); got != 2*(n-1) {
				t.Fatalf("%dx%d: cell %d has %d peers, want %d", n, n, i, got, 2*(n-1))
			}
		}
	}
	for _, n := range []int{2, 10, 16} {
		if _, err := Lookup(Latin, n); err == nil {
			t.Errorf("%dx%d Latin square built, want refused", n, n)
		}
	}
}

// TestFutoshikiGenerate: every level on every side a book prints comes
// out unique by the solver, graded at its level by a fresh grade, with
// its answer a Latin square keeping every sign, and its line reads back
// to the same puzzle.
func TestFutoshikiGenerate(t *testing.T) {
	gen := NewGenerator()
	rng := rand.New(rand.NewPCG(5, 30))
	info, _ := ParseFamily("futoshiki")
	r, _ := info.Info()
	chain := regexp.MustCompile(`^inequality chain: in (row|column) \d, the signs put `)
	chains := 0
	for _, s := range r.Sides {
		levels := []Level{Easy, Medium, s.Hardest}
		if testing.Short() || s.N > 6 {
			levels = []Level{Medium}
		}
		for _, l := range levels {
			q := Quota{Kind: r.Kind(s.N), Level: l}
			hits := 0
			for tries := 0; hits < 2 && tries < 400; tries++ {
				p, ok := gen.futoshiki(rng, q)
				if !ok {
					continue
				}
				hits++
				line := FormatLine(p.Geo, p.Givens)
				if p.Geo.Variant != Latin || p.Geo.Layer() != "greater-than" {
					t.Fatalf("%s: made %v %v", line, p.Geo.Variant, p.Geo.Layer())
				}
				if !p.Geo.keeps(p.Answer) || p.Geo.Validate(p.Answer) != nil || slices.Contains(p.Answer, 0) {
					t.Fatalf("%s: the answer breaks the rules", line)
				}
				if n, sol := CountSolutions(p.Geo, p.Givens, 2); n != 1 || !slices.Equal(sol, p.Answer) {
					t.Fatalf("%s: %d solutions, want 1", line, n)
				}
				gr, err := NewGrader().Grade(p.Geo, p.Givens, GradeOptions{Steps: true})
				if err != nil || gr.Level != l {
					t.Fatalf("%s: regraded %v (%v), want %v", line, gr.Level, err, l)
				}
				for _, st := range gr.Steps {
					if st.Technique == InequalityChain {
						chains++
						if !chain.MatchString(st.Note) {
							t.Errorf("chain note %q: want it along a row or a column", st.Note)
						}
					}
				}
				geo, cells, err := ParseLine(Latin, 0, line)
				if err != nil || !slices.Equal(cells, p.Givens) || FormatLine(geo, cells) != line {
					t.Fatalf("%s: read back as %v (%v)", line, FormatLine(geo, cells), err)
				}
				if !strings.Contains(line, "/greater-than:some:") {
					t.Errorf("%s: want the signs as greater-than marks", line)
				}
			}
			if hits < 2 {
				t.Errorf("futoshiki %s %dx%d: %d hits in 400 attempts", l, s.N, s.N, hits)
			}
		}
	}
	if chains == 0 {
		t.Error("no inequality chain along a row or column in any grading")
	}
}

// TestFutoshikiKeyTurns: a futoshiki turned a quarter and read with
// every digit d as N+1-d and every sign reversed has the same key.
func TestFutoshikiKeyTurns(t *testing.T) {
	line := "..5....................../greater-than:some:.<.....>.<<.....><.>:^^.^^^v.^..^.v...^^v"
	geo, cells, err := ParseLine(Latin, 0, line)
	if err != nil {
		t.Fatal(err)
	}
	n := geo.N
	e := geo.edgeMarksOf()
	turned := make([]uint8, len(cells))
	at := func(i int) int { r, c := i/n, i%n; return c*n + (n - 1 - r) } // r,c -> c, n-1-r
	for i, v := range cells {
		if v != 0 {
			turned[at(i)] = uint8(n+1) - v
		}
	}
	marks := make([]uint8, len(e.edges))
	for k, ed := range e.edges {
		m := e.marks[k]
		if m == 0 {
			continue
		}
		a, b := at(ed.A), at(ed.B)
		small := ed.A // the cell the sign points to, before the flip
		if m == 2 {
			small = ed.B
		}
		// Reversed digits: the sign points to the other cell.
		big := at(ed.A + ed.B - small)
		if a > b {
			a, b = b, a
		}
		j := edgeIndex(n, a, b)
		marks[j] = 1
		if big != a {
			marks[j] = 2
		}
	}
	base, _ := Lookup(Latin, n)
	tg, err := base.WithEdgeMarks("greater-than", marks, false)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := KeyOf(tg, turned), KeyOf(geo, cells); !slices.Equal(got, want) {
		t.Errorf("turned copy %s: key %x, want %x", FormatLine(tg, turned), got, want)
	}
	if n1, _ := CountSolutions(tg, turned, 2); n1 != 1 {
		t.Errorf("turned copy has %d solutions", n1)
	}
}
