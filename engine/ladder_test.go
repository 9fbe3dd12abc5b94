package engine

import "testing"

// TestEveryTechniqueRegistered checks that the grader walks the whole
// ladder: a rung without a finder would be skipped silently and puzzles
// that need it would be graded by something costlier.
func TestEveryTechniqueRegistered(t *testing.T) {
	for tc := Technique(0); tc < NumTechniques; tc++ {
		if finders[tc] == nil {
			t.Errorf("%s has no finder registered", tc)
		}
	}
}
