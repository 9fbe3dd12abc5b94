package book

import "testing"

// TestAllAndAtInPlace holds All and At to the book's own puzzles in print
// order, not copies: the layout reads a 20,000-puzzle book through them
// and must not hold a second copy of it.
func TestAllAndAtInPlace(t *testing.T) {
	b := &Book{Sections: []Section{
		{Puzzles: []Puzzle{{Number: 1}, {Number: 2}}},
		{},
		{Puzzles: []Puzzle{{Number: 3}}},
	}}
	if got := b.Len(); got != 3 {
		t.Fatalf("Len %d, want 3", got)
	}
	i := 0
	for p := range b.All() {
		if p != b.At(i) {
			t.Errorf("All's puzzle %d is not At(%d)", p.Number, i)
		}
		if p.Number != i+1 {
			t.Errorf("puzzle %d in place %d, want %d", p.Number, i, i+1)
		}
		i++
	}
	if i != 3 {
		t.Errorf("All yielded %d puzzles, want 3", i)
	}
	b.At(2).Score = 7
	if got := b.Sections[2].Puzzles[0].Score; got != 7 {
		t.Errorf("At(2) is a copy: the section's puzzle has score %d, want 7", got)
	}
	for p := range b.All() {
		if p.Number == 2 {
			break // a stop must end the walk, not panic
		}
	}
}
