package main

import (
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// TestKindsRoundTrip generates puzzles of several kinds, then solves,
// grades and explains them with the same --variant: the lines read back,
// every solution keeps the givens, and the grade agrees with generate's.
func TestKindsRoundTrip(t *testing.T) {
	for _, c := range []struct {
		variant string
		size    string
		level   string
		cells   int
	}{
		{"classic", "4", "easy", 16},
		{"jigsaw", "6", "easy", 36},
		{"x", "9", "medium", 81},
		{"hyper", "9", "easy", 81},
		{"jigsaw", "9", "medium", 81},
		{"classic", "12", "easy", 144},
		{"x", "16", "easy", 256},
	} {
		t.Run(c.variant+c.size, func(t *testing.T) {
			out, errs, code := runCmd(t, "", "generate", "--variant", c.variant, "--size", c.size, "--level", c.level, "-n", "2", "--seed", "4", "-j", "1")
			if code != 0 {
				t.Fatalf("generate: exit %d, %s", code, errs)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if len(lines) != 2 {
				t.Fatalf("generate printed %d lines, want 2:\n%s", len(lines), out)
			}
			var puzzles, bare []string
			for i, l := range lines {
				f := strings.Split(l, "\t")
				if f[1] != c.level {
					t.Fatalf("generate: level %s, want %s", f[1], c.level)
				}
				givens, _, _ := strings.Cut(f[0], "/")
				if len(givens) != c.cells || strings.Contains(f[0], "/") != (c.variant == "jigsaw") {
					t.Fatalf("generate: line %q: want %d cells (and /REGIONS for jigsaw only)", f[0], c.cells)
				}
				puzzles = append(puzzles, f[0])
				// generate names every kind but classic in a last
				// column; read by --variant alone, the puzzles grade
				// to the lines without it.
				if want := book.KindColumnOf(mustKindGeo(t, c.variant, f[0])); (want == "") != (len(f) == 5) || (want != "" && f[5] != want) {
					t.Fatalf("generate: line %d %q: kind column, want %q", i+1, l, want)
				}
				bare = append(bare, strings.Join(f[:5], "\t"))
			}
			in := strings.Join(puzzles, "\n") + "\n"
			// No --size: it comes from the line's length.
			sol, errs, code := runCmd(t, in, "solve", "--variant", c.variant)
			if code != 0 {
				t.Fatalf("solve: exit %d, %s", code, errs)
			}
			for i, s := range strings.Split(strings.TrimSpace(sol), "\n") {
				for k := range c.cells {
					if p := puzzles[i][k]; p != '.' && p != s[k] {
						t.Fatalf("solve: %s changes given %d of %s", s, k, puzzles[i])
					}
				}
				if strings.Contains(s[:c.cells], ".") {
					t.Fatalf("solve: %s has blanks", s)
				}
			}
			graded, errs, code := runCmd(t, in, "grade", "--variant", c.variant, "--size", c.size)
			if want := strings.Join(bare, "\n") + "\n"; code != 0 || graded != want {
				t.Fatalf("grade: exit %d %s\n%s\nwant the generate lines without a kind column\n%s", code, errs, graded, want)
			}
			exp, errs, code := runCmd(t, "", "explain", "--variant", c.variant, puzzles[0])
			if code != 0 || !strings.Contains(exp, "level "+c.level) {
				t.Fatalf("explain: exit %d %s\n%s", code, errs, exp)
			}
		})
	}
}

// mustKindGeo is the geometry of a puzzle line of the named variant.
func mustKindGeo(t *testing.T, variant, line string) *engine.Geometry {
	t.Helper()
	v, err := engine.ParseVariant(variant)
	if err != nil {
		t.Fatal(err)
	}
	geo, _, err := engine.ParseLine(v, 0, line)
	if err != nil {
		t.Fatal(err)
	}
	return geo
}

// TestKindsRefused checks the usage errors of the kind flags: each names
// the flag and what is allowed.
func TestKindsRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"generate", "--variant", "hyper", "--size", "6"}, "hyper is made on 9x9 only"},
		{[]string{"generate", "--size", "10"}, "want one of 4, 6, 8, 9, 12, 16"},
		{[]string{"generate", "--variant", "killers"}, "want one of classic, x, hyper, jigsaw"},
		{[]string{"generate", "--variant", "killer", "--size", "12"}, "killer is made on 4x4, 6x6, 8x8, 9x9 only"},
		{[]string{"generate", "--variant", "hyper", "--killer"}, "no kind lays cages on hyper grids"},
		{[]string{"explain", "--variant", "jigsaw", strings.Repeat(".", 81)}, "PUZZLE/REGIONS"},
		{[]string{"explain", "--variant", "x", strings.Repeat(".", 80) + "/"}, "no /REGIONS part"},
	} {
		_, errs, code := runCmd(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
	// A jigsaw region string that is not n connected regions of n cells.
	bad := strings.Repeat(".", 16) + "/" + strings.Repeat("1", 16)
	if _, errs, code := runCmd(t, bad+"\n", "solve", "--variant", "jigsaw"); code != 2 || !strings.Contains(errs, "region") {
		t.Errorf("bad regions: exit %d, %q", code, errs)
	}
}
