package engine

import (
	"math/rand/v2"
	"testing"
)

// TestLevelBands: the bands run from 1.0 up without a gap or an overlap,
// and BandLevel puts every rating in the band Band gives its level.
func TestLevelBands(t *testing.T) {
	next := Rating(10)
	for _, l := range Levels() {
		lo, hi := l.Band()
		if lo != next {
			t.Errorf("%s starts at %s, want %s", l, lo, next)
		}
		if l == Extreme {
			if hi != 0 {
				t.Errorf("extreme's band ends at %s, want no end", hi)
			}
			break
		}
		if hi < lo {
			t.Fatalf("%s's band %s-%s is empty", l, lo, hi)
		}
		next = hi + 1
	}
	for r := Rating(0); r <= 120; r++ {
		l := BandLevel(r)
		lo, hi := l.Band()
		if r >= 10 && (r < lo || hi > 0 && r > hi) {
			t.Errorf("BandLevel(%s) = %s, whose band is %s-%s", r, l, lo, hi)
		}
	}
}

// TestRatedAgrees: rated, the generator's test of whether a puzzle rates
// at most top, says what a full grading's rating says, for every top it
// is asked about, on minimal puzzles of every kind of difficulty.
func TestRatedAgrees(t *testing.T) {
	gen := NewGenerator()
	x := gen.exactFor(Classic9).(classicExact)
	rng := rand.New(rand.NewPCG(11, 12))
	tops := []Rating{25, 31, 41}
	var below [3]int
	n := 60
	if testing.Short() {
		n = 20
	}
	for range n {
		sol, _ := x.fill(rng)
		p := append([]uint8(nil), sol...)
		gen.dig(rng, x, p, gen.orbitsOf(SymNone, Classic9), 0, keepUnique, Medium)
		gr, err := Grade(Classic9, p, GradeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if gr.Level != BandLevel(gr.Rating) {
			t.Errorf("%s: level %s, rating %s's band is %s", Grid(p), gr.Level, gr.Rating, BandLevel(gr.Rating))
		}
		for i, top := range tops {
			want := gr.Rating <= top
			if got := x.rated(p, top); got != want {
				t.Errorf("%s rates %s: rated(%s) %v, want %v", Grid(p), gr.Rating, top, got, want)
			}
			if want {
				below[i]++
			}
		}
	}
	if below[0] == 0 || below[2] == n {
		t.Errorf("of %d puzzles, %v rate at most %v: want some on each side", n, below, tops)
	}
}

// TestGenerateInBand: a classic puzzle generated for a level rates inside
// the level's band, and its grading names that level.
func TestGenerateInBand(t *testing.T) {
	gen := NewGenerator()
	for _, l := range []Level{Medium, Tough, Hard} {
		rng := rand.New(rand.NewPCG(21, uint64(l)))
		q := Quota{Level: l}
		p := generateHit(t, gen, rng, q, 400)
		lo, hi := l.Band()
		if r := p.Grading.Rating; r < lo || r > hi || p.Grading.Level != l {
			t.Errorf("%s: level %s rating %s, want %s within %s-%s", Grid(p.Givens), p.Grading.Level, r, l, lo, hi)
		}
	}
}
