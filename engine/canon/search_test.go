package canon

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// wholeGroup is every move of the band-and-stack group of an n x n grid
// in boxes of br x bc, transposed too when the boxes are square: what a
// Search under FreeConfigs must find the least of.
func wholeGroup(n, br, bc int) *Group {
	grp := BandOrders(n, br, bc)
	grp.AddKept(br == bc, NewKeeper(n, nil, grp, nil))
	return grp
}

// digitMap is a random partial grid of digits on n x n in boxes of br x
// bc: a pattern grid with its digits relabelled at random and about half
// its cells blank. No row or column holds a digit twice.
func digitMap(rng *rand.Rand, n, br, bc int) []uint8 {
	perm := rng.Perm(n)
	vals := make([]uint8, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if rng.IntN(2) == 0 {
				d := (bc*(r%br) + r/br + c) % n
				vals[r*n+c] = uint8(perm[d] + 1)
			}
		}
	}
	return vals
}

// TestSearchIsTheGroupsLeast holds the search to trying every move of the
// whole group on 4x4, 6x6 (not square: no transposition) and 8x8 boxes,
// on grids of digits (first rows sorted by shape) and on maps whose rows
// repeat values, as a cage map's do.
func TestSearchIsTheGroupsLeast(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 6))
	for _, c := range []struct{ n, br, bc, trials int }{{4, 2, 2, 200}, {6, 2, 3, 60}, {8, 2, 4, 2}} {
		grp := wholeGroup(c.n, c.br, c.bc)
		if want := OrderCount(c.n, c.br) * OrderCount(c.n, c.bc); c.br != c.bc && len(grp.Moves) != want {
			t.Fatalf("%dx%d: %d moves, want %d", c.n, c.n, len(grp.Moves), want)
		}
		cfgs := FreeConfigs(c.n, c.bc, c.br == c.bc)
		digits := NewSearch(c.n, c.br, c.bc, c.n/c.bc, c.n, cfgs, nil)
		cages := NewSearch(c.n, c.br, c.bc, 0, c.n*c.n, cfgs, nil)
		for i := 0; i < c.trials; i++ {
			d := digitMap(rng, c.n, c.br, c.bc)
			if got, want := digits.Least(d), grp.Least(d); !bytes.Equal(got, want) {
				t.Fatalf("%dx%d digits %v: search %v, every move %v", c.n, c.n, d, got, want)
			}
			m := make([]uint8, c.n*c.n)
			for j := range m {
				m[j] = uint8(1 + rng.IntN(c.n))
			}
			if got, want := cages.Least(m), grp.Least(m); !bytes.Equal(got, want) {
				t.Fatalf("%dx%d map %v: search %v, every move %v", c.n, c.n, m, got, want)
			}
			if img := Relabel(cages.Image(), true); !bytes.Equal(img, cages.Least(m)) {
				t.Fatalf("%dx%d map %v: the least form is not the map under the move the search ends with", c.n, c.n, m)
			}
		}
	}
}

// TestEachLeastGivesTheLeast: every move EachLeast reports reads the map
// into its least form.
func TestEachLeastGivesTheLeast(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	n := 6
	s := NewSearch(n, 2, 3, 0, n*n, FreeConfigs(n, 3, false), nil)
	for trial := 0; trial < 50; trial++ {
		m := make([]uint8, n*n)
		for j := range m {
			m[j] = uint8(1 + rng.IntN(8))
		}
		key := s.Least(m)
		moves := 0
		s.EachLeast(func(transposed bool, rows, cols, label []uint8) {
			moves++
			got := make([]uint8, n*n)
			for r := 0; r < n; r++ {
				for c := 0; c < n; c++ {
					i := int(rows[r])*n + int(cols[c])
					if transposed {
						i = int(cols[c])*n + int(rows[r])
					}
					got[r*n+c] = label[m[i]]
				}
			}
			if !bytes.Equal(got, key) {
				t.Fatalf("map %v: a move EachLeast gives reads %v, not the least form %v", m, got, key)
			}
		})
		if moves == 0 {
			t.Fatalf("map %v: EachLeast gave no move", m)
		}
	}
}
