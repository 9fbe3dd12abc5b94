package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomMove applies a random move of the classic group to g: a
// transposition (or not), a band order, row orders within bands, a stack
// order, column orders within stacks and a relabelling of the digits.
func randomMove(rng *rand.Rand, g Grid) Grid {
	rows, cols := randomLines(rng), randomLines(rng)
	var digits [10]uint8
	for i, d := range rng.Perm(9) {
		digits[i+1] = uint8(d + 1)
	}
	transpose := rng.IntN(2) == 1
	var out Grid
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			i := rows[r]*9 + cols[c]
			if transpose {
				i = cols[c]*9 + rows[r]
			}
			out[r*9+c] = digits[g[i]]
		}
	}
	return out
}

// randomLines is a random order of nine lines that keeps them in their
// bands: the bands shuffled, then the lines within each band.
func randomLines(rng *rand.Rand) [9]int {
	var out [9]int
	for k, b := range rng.Perm(3) {
		for j, l := range rng.Perm(3) {
			out[3*k+j] = 3*b + l
		}
	}
	return out
}

// testPuzzles makes n distinct unique puzzles quickly: random complete
// grids dug at random, with a complete grid and one dug no further than
// 40 clues among them so that dense grids are covered too.
func testPuzzles(tb testing.TB, n int) []Grid {
	tb.Helper()
	rng := rand.New(rand.NewPCG(12, 34))
	gen := NewGenerator()
	s := newClassicSolver()
	out := make([]Grid, 0, n)
	for len(out) < n {
		sol, ok := s.FillRandom(Grid{}, rng)
		if !ok {
			tb.Fatal("FillRandom(empty) failed")
		}
		switch len(out) {
		case 0:
			out = append(out, sol)
		case 1:
			out = append(out, gen.Dig(rng, sol, SymNone, 40))
		default:
			out = append(out, gen.Dig(rng, sol, SymNone, 0))
		}
	}
	return out
}

// classicKey is a classic 9x9 puzzle's key as a Grid, comparable.
func classicKey(g Grid) Grid {
	var k Grid
	copy(k[:], KeyOf(Classic9, g[:]))
	return k
}

// emptyRowPuzzle is a 17-clue puzzle (from the puzzles17 set) whose first
// row is empty, the slow case of the search.
const emptyRowPuzzle = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."

func TestClassicKeySameUnderMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	puzzles := append(testPuzzles(t, 40), MustParseGrid(emptyRowPuzzle))
	for i, p := range puzzles {
		key := classicKey(p)
		if key.Clues() != p.Clues() {
			t.Fatalf("puzzle %d %s: key %s has %d clues, want %d", i, p, key, key.Clues(), p.Clues())
		}
		if again := classicKey(key); again != key {
			t.Fatalf("puzzle %d: the key's own key differs:\n got %s\nwant %s", i, again, key)
		}
		for k := 0; k < 25; k++ {
			q := randomMove(rng, p)
			if got := classicKey(q); got != key {
				t.Fatalf("puzzle %d %s moved to %s:\n got key %s\nwant key %s", i, p, q, got, key)
			}
		}
	}
}

func TestClassicKeyDifferentPuzzlesDiffer(t *testing.T) {
	puzzles := testPuzzles(t, 300)
	seen := map[Grid]int{}
	for i, p := range puzzles {
		key := classicKey(p)
		if j, ok := seen[key]; ok {
			t.Fatalf("puzzles %d %s and %d %s share key %s", j, puzzles[j], i, p, key)
		}
		seen[key] = i
	}
	// A clue moved into the empty first row keeps the clue count but
	// changes the lines' clue counts, which every move keeps: a different
	// puzzle that a careless key could still confuse.
	a := MustParseGrid(emptyRowPuzzle)
	b := a
	b[4], b[25] = b[25], 0
	if lineCounts(a) == lineCounts(b) {
		t.Fatalf("test is wrong: %s and %s have the same line counts", a, b)
	}
	if classicKey(a) == classicKey(b) {
		t.Fatalf("%s and %s: same key, but their lines hold different numbers of clues", a, b)
	}
}

// lineCounts is an invariant of the group: the sorted clue counts of the
// rows and of the columns, the two lists in sorted order (transposition
// swaps them).
func lineCounts(g Grid) [2][9]int {
	var rows, cols [9]int
	for i, v := range g {
		if v != 0 {
			rows[i/9]++
			cols[i%9]++
		}
	}
	slices.Sort(rows[:])
	slices.Sort(cols[:])
	if slices.Compare(rows[:], cols[:]) > 0 {
		rows, cols = cols, rows
	}
	return [2][9]int{rows, cols}
}

// TestClassicKeyIsLeast checks the key against every one of the 3,359,232
// grid moves: none gives a smaller grid, and some move gives the key
// itself, so the key is the least member of the puzzle's class.
func TestClassicKeyIsLeast(t *testing.T) {
	puzzles := testPuzzles(t, 3)
	puzzles = append(puzzles, MustParseGrid(emptyRowPuzzle))
	for i, p := range puzzles {
		key := classicKey(p)
		least, reached := bruteLeast(p, key)
		if !reached {
			t.Errorf("puzzle %d %s: no move gives its key %s", i, p, key)
		}
		if least != key {
			t.Errorf("puzzle %d %s: key %s, but a move gives the smaller %s", i, p, key, least)
		}
	}
}

// perms3 are the six orders of three bands, or of three lines in a band.
var perms3 = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// bruteLeast tries every grid move of p with the least relabelling and
// returns the least grid found (starting from bound), and whether some
// move gave bound exactly.
func bruteLeast(p, bound Grid) (least Grid, reached bool) {
	var orders [1296][9]int
	n := 0
	for _, bo := range perms3 {
		for _, p0 := range perms3 {
			for _, p1 := range perms3 {
				for _, p2 := range perms3 {
					inner := [3][3]uint8{p0, p1, p2}
					for k := 0; k < 9; k++ {
						b := int(bo[k/3])
						orders[n][k] = 3*b + int(inner[k/3][k%3])
					}
					n++
				}
			}
		}
	}
	least = bound
	for t := 0; t < 2; t++ {
		src := p
		if t == 1 {
			for r := 0; r < 9; r++ {
				for c := 0; c < 9; c++ {
					src[c*9+r] = p[r*9+c]
				}
			}
		}
		for _, rows := range &orders {
			for _, cols := range &orders {
				var label [10]uint8
				next := uint8(0)
				cmp := 0
				var got Grid
			cells:
				for r := 0; r < 9; r++ {
					for c := 0; c < 9; c++ {
						v := src[rows[r]*9+cols[c]]
						if v != 0 {
							if label[v] == 0 {
								next++
								label[v] = next
							}
							v = label[v]
						}
						got[r*9+c] = v
						if cmp == 0 {
							if v > least[r*9+c] {
								cmp = 1
								break cells
							}
							if v < least[r*9+c] {
								cmp = -1
							}
						}
					}
				}
				switch {
				case cmp < 0:
					least = got
				case cmp == 0 && got == bound:
					reached = true
				}
			}
		}
	}
	return least, reached
}

// FuzzClassicKey checks that any move of a generated puzzle keeps its key.
func FuzzClassicKey(f *testing.F) {
	for i := uint64(0); i < 8; i++ {
		f.Add(i, i*7+1)
	}
	gen := NewGenerator()
	s := newClassicSolver()
	f.Fuzz(func(t *testing.T, puzzleSeed, moveSeed uint64) {
		rng := rand.New(rand.NewPCG(puzzleSeed, 1))
		sol, ok := s.FillRandom(Grid{}, rng)
		if !ok {
			t.Fatal("FillRandom(empty) failed")
		}
		p := gen.Dig(rng, sol, SymNone, int(puzzleSeed%30))
		q := randomMove(rand.New(rand.NewPCG(moveSeed, 2)), p)
		if a, b := classicKey(p), classicKey(q); a != b {
			t.Fatalf("%s and its move %s: keys %s and %s", p, q, a, b)
		}
	})
}

// BenchmarkCanonical computes keys of generated puzzles, cycling through
// them. keys/s is the figure the bank's speed target is stated in.
func BenchmarkCanonical(b *testing.B) {
	set := testPuzzles(b, 200)[2:]
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		KeyOf(Classic9, set[i][:])
		i++
		if i == len(set) {
			i = 0
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "keys/s")
}
