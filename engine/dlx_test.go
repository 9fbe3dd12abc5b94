package engine

// A dancing-links solver (Knuth's Algorithm X on a toroidal linked list),
// written here only to measure the generic solver against another design
// (BenchmarkDLX) and cross-checked against it. One column per cell and one
// per house and digit; one row per cell and digit, covering the cell's
// column and its digit's column in each of the cell's houses. The search
// branches on the column with the fewest rows left, which is a cell with
// the fewest candidates or a house digit with the fewest places, and has no
// other propagation.

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokubook/sudokubook/internal/cputime"
)

// dlx is the matrix of one geometry, built once; a solve covers the
// givens' rows, searches and uncovers them, leaving it as it was.
type dlx struct {
	g                 *Geometry
	left, right       []int32
	up, down, col     []int32
	size              []int32 // rows left in each column (headers only)
	rowCell, rowDigit []int32 // by node: the row's cell and digit
	rowStart          []int32 // first node of row i*N+d-1
	count, limit      int
}

func newDLX(g *Geometry) *dlx {
	cols := g.Cells + len(g.Houses)*g.N
	x := &dlx{g: g}
	add := func(l, r, u, d, c, cell, digit int32) int32 {
		x.left = append(x.left, l)
		x.right = append(x.right, r)
		x.up = append(x.up, u)
		x.down = append(x.down, d)
		x.col = append(x.col, c)
		x.rowCell = append(x.rowCell, cell)
		x.rowDigit = append(x.rowDigit, digit)
		return int32(len(x.left) - 1)
	}
	// Node 0 is the root; nodes 1..cols the column headers.
	for c := int32(0); c <= int32(cols); c++ {
		add(c-1, c+1, c, c, c, -1, -1)
	}
	x.left[0], x.right[cols] = int32(cols), 0
	x.size = make([]int32, cols+1)
	for i := range g.Cells {
		for d := 1; d <= g.N; d++ {
			columns := []int32{int32(i + 1)}
			for _, u := range g.CellHouses[i] {
				columns = append(columns, int32(g.Cells+u*g.N+d))
			}
			first := int32(len(x.left))
			x.rowStart = append(x.rowStart, first)
			for k, c := range columns {
				n := first + int32(k)
				l, r := n-1, n+1
				if k == 0 {
					l = first + int32(len(columns)) - 1
				}
				if k == len(columns)-1 {
					r = first
				}
				add(l, r, x.up[c], c, c, int32(i), int32(d))
				x.down[x.up[c]] = n
				x.up[c] = n
				x.size[c]++
			}
		}
	}
	return x
}

func (x *dlx) cover(c int32) {
	x.right[x.left[c]], x.left[x.right[c]] = x.right[c], x.left[c]
	for i := x.down[c]; i != c; i = x.down[i] {
		for j := x.right[i]; j != i; j = x.right[j] {
			x.down[x.up[j]], x.up[x.down[j]] = x.down[j], x.up[j]
			x.size[x.col[j]]--
		}
	}
}

func (x *dlx) uncover(c int32) {
	for i := x.up[c]; i != c; i = x.up[i] {
		for j := x.left[i]; j != i; j = x.left[j] {
			x.size[x.col[j]]++
			x.down[x.up[j]], x.up[x.down[j]] = j, j
		}
	}
	x.right[x.left[c]], x.left[x.right[c]] = c, c
}

// solve counts the solutions of cells up to limit, the first into sol.
// Clashing givens must have been refused before (geometry Validate).
func (x *dlx) solve(cells []uint8, limit int, sol []uint8) int {
	x.count, x.limit = 0, limit
	copy(sol, cells)
	var chosen []int32
	for i, v := range cells {
		if v == 0 {
			continue
		}
		r := x.rowStart[i*x.g.N+int(v)-1]
		for j := r; ; {
			x.cover(x.col[j])
			if j = x.right[j]; j == r {
				break
			}
		}
		chosen = append(chosen, r)
	}
	x.search(sol)
	for _, r := range slices.Backward(chosen) {
		for j := x.left[r]; ; j = x.left[j] {
			x.uncover(x.col[j])
			if j == r {
				break
			}
		}
	}
	return x.count
}

func (x *dlx) search(sol []uint8) {
	if x.right[0] == 0 {
		x.count++
		return
	}
	best, bestN := int32(0), int32(1<<30)
	for c := x.right[0]; c != 0; c = x.right[c] {
		if x.size[c] < bestN {
			best, bestN = c, x.size[c]
			if bestN <= 1 {
				break
			}
		}
	}
	if bestN == 0 {
		return
	}
	x.cover(best)
	for r := x.down[best]; r != best && x.count < x.limit; r = x.down[r] {
		for j := x.right[r]; j != r; j = x.right[j] {
			x.cover(x.col[j])
		}
		if x.count == 0 {
			sol[x.rowCell[r]] = uint8(x.rowDigit[r])
		}
		x.search(sol)
		for j := x.left[r]; j != r; j = x.left[j] {
			x.uncover(x.col[j])
		}
	}
	x.uncover(best)
}

// TestDLXAgainstGeneric checks the benchmark's dancing-links solver
// against the generic solver (itself checked against a naive one) on
// random puzzles of every kind, so BenchmarkDLX compares two right
// answers.
func TestDLXAgainstGeneric(t *testing.T) {
	for _, k := range testKinds {
		rng := rand.New(rand.NewPCG(9, uint64(k.Side())+uint64(k.Variant)<<8))
		for trial := range 8 {
			geo, sol := kindSolution(t, rng, k)
			p := slices.Clone(sol)
			for _, i := range rng.Perm(geo.Cells)[:geo.Cells*(40+rng.IntN(30))/100] {
				p[i] = 0
			}
			x := newDLX(geo)
			got := make([]uint8, geo.Cells)
			n := x.solve(p, 2, got)
			want, first := newGenericSolver(geo).Count(p, 2)
			if n != want || n == 1 && !slices.Equal(got, first) {
				t.Fatalf("%s trial %d %s: dancing links %d %s, generic %d %s", k, trial, geo.Format(p), n, geo.Format(got), want, geo.Format(first))
			}
			// The matrix is restored: the same puzzle again gives the same.
			if x.solve(p, 2, got) != n {
				t.Fatalf("%s: a second solve differs", k)
			}
		}
	}
}

// BenchmarkDLX times uniqueness checks (count to two) of the same puzzles
// with dancing links and with the generic solver, side by side, for the
// comparison in the package doc (Exact solvers): generated X 9x9 hard and 16x16 easy and medium
// puzzles, and the 17-clue classic set (where the band solver is the one
// used). 16x16 hard is left out: dancing links takes up to seconds on
// some of those.
func BenchmarkDLX(b *testing.B) {
	type set struct {
		name string
		geo  *Geometry
		ps   [][]uint8
	}
	var sets []set
	for _, c := range []struct {
		name  string
		kind  Kind
		level Level
	}{
		{"x9-hard", Kind{Variant: X, Size: 9}, Hard},
		{"16x16-easy", Kind{Variant: Classic, Size: 16}, Easy},
		{"16x16-medium", Kind{Variant: Classic, Size: 16}, Medium},
	} {
		s := set{name: c.name}
		for _, p := range kindSample(b, c.kind, c.level, 8) {
			s.geo = p.Geometry()
			s.ps = append(s.ps, p.Cells())
		}
		sets = append(sets, s)
	}
	s17 := set{name: "classic9-17", geo: Classic9}
	ps17 := loadPuzzleSet(b, "puzzles17")
	for _, p := range ps17[:min(len(ps17), 1000)] {
		s17.ps = append(s17.ps, slices.Clone(p[:]))
	}
	sets = append(sets, s17)
	for _, s := range sets {
		sol := make([]uint8, s.geo.Cells)
		b.Run(s.name+"/dlx", func(b *testing.B) {
			x := newDLX(s.geo)
			m := cputime.Start()
			n := 0
			for b.Loop() {
				if x.solve(s.ps[n%len(s.ps)], 2, sol) != 1 {
					b.Fatal("not unique")
				}
				n++
			}
			m.Report(b)
		})
		b.Run(s.name+"/generic", func(b *testing.B) {
			g := newGenericSolver(s.geo)
			m := cputime.Start()
			n := 0
			for b.Loop() {
				if g.run(s.ps[n%len(s.ps)], 2) != 1 {
					b.Fatal("not unique")
				}
				n++
			}
			m.Report(b)
		})
	}
}
