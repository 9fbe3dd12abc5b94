package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomKiller cuts a random filling of base into dominoes and grows them
// by up to merges random merges of neighbouring cages (at most maxCage
// cells, no digit twice), returning the cage map and the filling.
func randomKiller(rng *rand.Rand, gen *Generator, base *Geometry, merges, maxCage int) ([]int, []uint8) {
	sol, _ := gen.exactFor(base).fill(rng)
	n := base.N
	cage := dominoes(rng, n, 2)
	size := map[int]int{}
	for _, c := range cage {
		size[c]++
	}
	for range merges {
		x := rng.IntN(len(cage))
		o := orthogonal(n, x)[rng.IntN(4)]
		a, b := cage[x], 0
		if o < 0 {
			continue
		}
		if b = cage[o]; a == b || size[a]+size[b] > maxCage {
			continue
		}
		var digits uint32
		twice := false
		for i, c := range cage {
			if c == a || c == b {
				twice = twice || digits&Bit(sol[i]) != 0
				digits |= Bit(sol[i])
			}
		}
		if twice {
			continue
		}
		for i := range cage {
			if cage[i] == b {
				cage[i] = a
			}
		}
		size[a] += size[b]
		delete(size, b)
	}
	// Cage numbers 0..k-1, as CagesOf wants.
	num := map[int]int{}
	for i, c := range cage {
		if _, ok := num[c]; !ok {
			num[c] = len(num)
		}
		cage[i] = num[c]
	}
	return cage, sol
}

// TestKillerSolverAgrees checks the killer solver against the generic
// solver (solution counts up to 2 and the first solution) and, on 4x4,
// against plain backtracking, on random killers of every size and house
// set it takes: cages of a filling, cages merged with the sums added
// (often several solutions), sums shifted between two cages (often none),
// with and without givens. One solver serves every case, as the pool
// reuses them.
func TestKillerSolverAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 5))
	gen := NewGenerator()
	ks := newLayerSolver()
	counts := map[int]int{}
	for _, k := range []struct {
		v     Variant
		n     int
		cases int
	}{{Classic, 4, 150}, {Classic, 6, 100}, {Classic, 9, 220}, {X, 9, 60}, {X, 6, 30}} {
		base, err := Lookup(k.v, k.n)
		if err != nil {
			t.Fatal(err)
		}
		for range k.cases {
			cageMap, sol := randomKiller(rng, gen, base, rng.IntN(3*k.n), 2+rng.IntN(4))
			cages := CagesOf(cageMap, sol)
			switch rng.IntN(4) {
			case 0: // merge two cages: the sums of each part are forgotten
				a := rng.IntN(len(cageMap))
				if o := orthogonal(k.n, a)[rng.IntN(4)]; o >= 0 && cageMap[o] != cageMap[a] {
					ca, cb := cageMap[a], cageMap[o]
					cages[ca].Cells = append(cages[ca].Cells, cages[cb].Cells...)
					cages[ca].Sum += cages[cb].Sum
					cages = slices.Delete(cages, cb, cb+1)
				}
			case 1: // move one from a sum to another
				if a, b := rng.IntN(len(cages)), rng.IntN(len(cages)); a != b {
					cages[a].Sum++
					cages[b].Sum--
				}
			}
			geo, err := base.WithCages(cages)
			if err != nil {
				continue // a cage no digits fill, or 10 cells
			}
			givens := make([]uint8, base.Cells)
			if rng.IntN(3) == 0 {
				for _, i := range rng.Perm(base.Cells)[:rng.IntN(base.Cells/3)] {
					givens[i] = sol[i]
				}
			}
			gs := newGenericSolver(geo)
			want, wantFirst := gs.Count(givens, 2)
			ks.reset(geo)
			got := ks.run(givens, 2)
			if got != want {
				t.Fatalf("%s: killer solver counts %d, generic %d", FormatLine(geo, givens), got, want)
			}
			if want == 1 && !slices.Equal(ks.first, wantFirst) {
				t.Fatalf("%s: killer solver finds %v, generic %v", FormatLine(geo, givens), ks.first, wantFirst)
			}
			if k.n == 4 {
				if naive := min(naiveKiller(geo, givens, 2), 2); naive != got {
					t.Fatalf("%s: killer solver counts %d, naive %d", FormatLine(geo, givens), got, naive)
				}
			}
			if got > 0 {
				if err := base.Validate(ks.first); err != nil || slices.Contains(ks.first, 0) || !cagesAddUp(geo.Cages, ks.first) || !keepsGivens(givens, ks.first) {
					t.Fatalf("%s: first solution %v is no solution (%v)", FormatLine(geo, givens), ks.first, err)
				}
			}
			counts[got]++
		}
	}
	t.Logf("cases by solution count: %v", counts)
	if counts[0] < 10 || counts[1] < 10 || counts[2] < 10 {
		t.Errorf("cases by solution count %v: want at least 10 with none, one and several", counts)
	}
}

// keepsGivens reports whether sol has every given digit in its place.
func keepsGivens(givens, sol []uint8) bool {
	for i, d := range givens {
		if d != 0 && sol[i] != d {
			return false
		}
	}
	return true
}

// TestKillerDerivedSums checks every sum the killer solver derives by the
// rule of 45 against the filling the cages were cut from: its cells add up
// to its total, and a sum marked distinct holds no digit twice.
func TestKillerDerivedSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 6))
	gen := NewGenerator()
	ks := newLayerSolver()
	derived := 0
	for _, k := range []struct {
		v Variant
		n int
	}{{Classic, 4}, {Classic, 6}, {Classic, 9}, {X, 9}} {
		base, _ := Lookup(k.v, k.n)
		for range 40 {
			cageMap, sol := randomKiller(rng, gen, base, 4*k.n, 2+rng.IntN(5))
			geo, err := base.WithCages(CagesOf(cageMap, sol))
			if err != nil {
				t.Fatal(err)
			}
			ks.reset(geo)
			sp := ks.props[0].(*sumProp)
			for j := range ks.nitems {
				sum, digits := 0, uint16(0)
				cells := ks.item(j)
				for _, x := range cells {
					d := sol[x]
					if sp.distinct[j] && digits&(1<<d) != 0 {
						t.Fatalf("%s: sum %d over %v repeats %d", FormatLine(geo, make([]uint8, geo.Cells)), j, cells, d)
					}
					digits |= 1 << d
					sum += int(d)
				}
				if sum != int(sp.total[j]) {
					t.Fatalf("%s: sum %d over %v is %d in the solution, not %d", FormatLine(geo, make([]uint8, geo.Cells)), j, cells, sum, sp.total[j])
				}
			}
			derived += ks.nitems - len(geo.Cages)
		}
	}
	if derived < 500 {
		t.Errorf("%d derived sums in all, want many", derived)
	}
}

// TestKillerSolverAgreesGenerated checks the killer solver against the
// generic one on generated zero-given killers, the puzzles it proves in
// the generator, and on each with two neighbouring cages merged into one
// (their sums added), which often leaves several solutions.
func TestKillerSolverAgreesGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 7))
	gen := NewGenerator()
	ks := newLayerSolver()
	counts := map[int]int{}
	for _, q := range []KillerQuota{{Level: Medium}, {Level: Hard}, {Level: Hard, Kind: Kind{Variant: X}}, {Level: Easy, Kind: Kind{Size: 6}}} {
		for made := 0; made < 3; {
			p, ok := gen.Killer(rng, q)
			if !ok {
				continue
			}
			made++
			base, _ := Lookup(p.Geo.Variant, p.Geo.N)
			for m := range 6 {
				cages := slices.Clone(p.Geo.Cages)
				if m > 0 {
					a := rng.IntN(p.Geo.Cells)
					o := orthogonal(p.Geo.N, a)[rng.IntN(4)]
					ca, cb := p.Geo.CageOf(a), 0
					if o < 0 || ca == p.Geo.CageOf(o) {
						continue
					}
					cb = p.Geo.CageOf(o)
					cages[ca] = Cage{Sum: cages[ca].Sum + cages[cb].Sum, Cells: slices.Concat(cages[ca].Cells, cages[cb].Cells)}
					cages = slices.Delete(cages, cb, cb+1)
				}
				geo, err := base.WithCages(cages)
				if err != nil {
					continue
				}
				want, wantFirst := newGenericSolver(geo).Count(p.Givens, 2)
				ks.reset(geo)
				if got := ks.run(p.Givens, 2); got != want || want == 1 && !slices.Equal(ks.first, wantFirst) {
					t.Fatalf("%s: killer solver counts %d, generic %d", FormatLine(geo, p.Givens), got, want)
				}
				if m == 0 && (want != 1 || !slices.Equal(wantFirst, p.Answer)) {
					t.Fatalf("%s: %d solutions", FormatLine(geo, p.Givens), want)
				}
				counts[want]++
			}
		}
	}
	t.Logf("cases by solution count: %v", counts)
	if counts[2] < 5 {
		t.Errorf("cases by solution count %v: want some with several", counts)
	}
}

// TestKillerSolverAllocs holds the check to no allocation once the
// solver's buffers have grown: the generator runs one per puzzle.
func TestKillerSolverAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 8))
	gen := NewGenerator()
	base, _ := Lookup(Classic, 9)
	var geos []*Geometry
	for range 4 {
		cageMap, sol := randomKiller(rng, gen, base, 30, 5)
		geo, err := base.WithCages(CagesOf(cageMap, sol))
		if err != nil {
			t.Fatal(err)
		}
		geos = append(geos, geo)
	}
	ks := newLayerSolver()
	givens := make([]uint8, base.Cells)
	i := 0
	check := func() {
		g := geos[i%len(geos)]
		i++
		ks.reset(g)
		if ks.run(givens, 2) == 0 {
			t.Fatalf("%s: no solution", FormatLine(g, givens))
		}
	}
	for range len(geos) {
		check()
	}
	if a := testing.AllocsPerRun(20, check); a != 0 {
		t.Errorf("%.1f allocations a check, want none", a)
	}
}
