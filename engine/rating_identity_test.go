package engine

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/internal/golden"
)

var updateIdentity = flag.Bool("update-identity", false, "rewrite testdata/rating_identity.golden")

// TestRatingIdentity holds every grading of a fixed set of puzzles to
// testdata/rating_identity.golden: the rating, and for each puzzle a hash
// of every step the ladder takes and of every step of SE's path, each with
// its technique, placements, eliminations, length, rating and pattern (an
// alternating chain's loop is in its pattern). The chain searches and SE's
// path are the grader's dearest parts and the ones made cheaper for speed;
// a faster search must find the very steps the slower one found, so any
// change here is a change of result, not of speed.
//
// The puzzles are testdata/rating_identity.txt (classic 9x9 made by the
// generator at tough to extreme, with and without symmetry, and samurai,
// sohei, X and jigsaw extremes) and the first puzzles of the committed
// samples of the rated and hardest classic sets, read from the samples
// themselves so that the full sets beside the repository do not change
// what is hashed.
func TestRatingIdentity(t *testing.T) {
	ps := readKindLines(t, "testdata/rating_identity.txt")
	sets := []struct {
		file string
		n    int
	}{{"se_rated.tsv", 120}, {"se121_rated.tsv", 60}, {"top1465.txt", 60}, {"hardest1106.txt", 30}}
	if testing.Short() {
		ps = ps[:len(ps)/4]
		sets = sets[:1]
	}
	for _, set := range sets {
		ps = append(ps, sampleGrids(t, set.file, set.n)...)
	}
	var sb strings.Builder
	gr := NewGrader()
	for i, p := range ps {
		res, err := gr.Grade(p.geo, p.cells, GradeOptions{Steps: true})
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		for _, s := range res.Steps {
			writeStep(h, &s)
		}
		// SE's path again, step by step, with the patterns built.
		seTop := Rating(0)
		if gr.seFrom {
			fmt.Fprint(h, "se\n")
			gr.board = gr.seBoard
			gr.step.explain = true
			for !gr.board.Solved() {
				r, ok := gr.seStep(0)
				if !ok {
					t.Fatalf("puzzle %d: stuck on SE's path", i+1)
				}
				gr.step.Rating = r
				writeStep(h, &gr.step)
				if _, progress := gr.applyStep(); !progress {
					t.Fatalf("puzzle %d: a step of SE's path changes nothing", i+1)
				}
				seTop = max(seTop, r)
			}
			if want := max(gr.seRating, seTop); want != res.Rating {
				t.Fatalf("puzzle %d: SE's path walked again rates %s, the grading %s", i+1, want, res.Rating)
			}
		}
		fmt.Fprintf(&sb, "%d\t%s\t%s\t%d\t%s\t%x\n", i+1, res.Rating, res.Hardest, res.Score, seTop, h.Sum(nil)[:8])
	}
	path := "testdata/rating_identity.golden"
	if testing.Short() {
		path = "testdata/rating_identity_short.golden"
	}
	golden.Lines(t, path, sb.String(), *updateIdentity)
}

// writeStep writes what a step found, in full, for TestRatingIdentity's hash.
func writeStep(w interface{ Write([]byte) (int, error) }, s *Step) {
	fmt.Fprintf(w, "%s|%v|%v|%d|%d|%v\n", s.Technique, s.Placements, s.Eliminations, s.Length, s.Rating, s.Pattern)
}

// kindPuzzle is a puzzle of any kind for the tests that grade a fixed set.
type kindPuzzle struct {
	geo   *Geometry
	cells []uint8
}

// readKindLines reads a file of puzzles, a line each: the variant, the
// size and the puzzle's line, tab-separated, as testdata/kinds.txt has them.
func readKindLines(t testing.TB, path string) []kindPuzzle {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ps []kindPuzzle
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(line, "\t")
		v, err := ParseVariant(f[0])
		if err != nil {
			t.Fatal(err)
		}
		n, _ := strconv.Atoi(f[1])
		geo, cells, err := ParseLine(v, n, f[2])
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		ps = append(ps, kindPuzzle{geo, cells})
	}
	return ps
}

// sampleGrids reads the first n puzzles of a classic set's committed
// sample, never the full set beside the repository, so that what a test
// holds to a golden file does not depend on where it runs.
func sampleGrids(t testing.TB, file string, n int) []kindPuzzle {
	t.Helper()
	data, err := os.ReadFile("../internal/puzzlesets/testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	var ps []kindPuzzle
	for _, line := range strings.SplitN(string(data), "\n", n+1)[:n] {
		line, _, _ = strings.Cut(line, "\t")
		g, err := ParseGrid(line)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, kindPuzzle{Classic9, g[:]})
	}
	return ps
}
