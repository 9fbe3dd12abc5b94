package engine

import "testing"

// TestGuesses: the techniques that suppose a digit and follow it (forcing
// chains, bifurcation) guess; no deduction below them does, so a book
// graded up to chains may promise logic alone.
func TestGuesses(t *testing.T) {
	for tech := Technique(0); tech < NumTechniques; tech++ {
		want := tech == ForcingChain || tech == Bifurcation
		if got := tech.Guesses(); got != want {
			t.Errorf("%v.Guesses() = %v, want %v", tech, got, want)
		}
	}
}
