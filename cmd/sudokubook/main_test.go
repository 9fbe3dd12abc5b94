package main

import (
	"bytes"
	"context"
	"image/color"
	"image/png"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/puzzlesets"
)

// runCmd runs the command line as main would, returning stdout, stderr
// and the exit code main would give.
func runCmd(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return runWith(stdin, args...)
}

func runWith(stdin string, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	err := run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	code := exitCode(err, &errb)
	return out.String(), errb.String(), code
}

// sharedSet reads the first n puzzles of a public puzzle set as text lines
// (the full set in ../shared/data or the repository's sample).
func sharedSet(t *testing.T, name string, n int) []string {
	t.Helper()
	lines := puzzlesets.Lines(t, name)
	return lines[:min(n, len(lines))]
}

func TestSolve(t *testing.T) {
	puzzles := sharedSet(t, "easy50.txt", 3)
	multi := sharedSet(t, "multi_solution.txt", 1)[0]
	conflict := "11" + strings.Repeat(".", 79)
	in := strings.Join(append(puzzles, multi, conflict), "\n") + "\n"
	out, stderr, code := runCmd(t, in, "solve")
	if !strings.Contains(stderr, "stdin:5: conflicting givens: 1 at r1c1 and r1c2") {
		t.Errorf("stderr %q does not report the conflicting givens on line 5", stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("got %d lines, want 5:\n%s", len(lines), out)
	}
	for i, p := range puzzles {
		g := engine.MustParseGrid(p)
		sol, err := engine.ParseGrid(lines[i])
		if err != nil || !sol.Complete() || sol.Validate() != nil {
			t.Errorf("line %d: %q is not a solved grid", i+1, lines[i])
			continue
		}
		for c := range g {
			if g[c] != 0 && g[c] != sol[c] {
				t.Errorf("line %d: solution changes given %s", i+1, engine.CellName(c))
			}
		}
	}
	if lines[3] != "multiple" || lines[4] != "none" {
		t.Errorf("got %q and %q, want multiple and none", lines[3], lines[4])
	}
	if code != 1 {
		t.Errorf("exit code %d, want 1 when a puzzle has no single solution", code)
	}
	if _, _, code := runCmd(t, strings.Join(puzzles, "\n"), "solve"); code != 0 {
		t.Errorf("exit code %d for good puzzles, want 0", code)
	}
}

// A line that is not a puzzle is an input error (exit 2), as in explain.
func TestSolveBadLine(t *testing.T) {
	_, stderr, code := runCmd(t, "..3.2.6..\n", "solve")
	if code != 2 || !strings.Contains(stderr, "stdin:1:") || !strings.Contains(stderr, "too short") {
		t.Errorf("got exit %d, stderr %q; want 2 (an input error) and an error naming stdin:1 and the length", code, stderr)
	}
	_, stderr, code = runCmd(t, strings.Repeat(".", 40)+"x"+strings.Repeat(".", 40)+"\n", "solve")
	if code != 2 || !strings.Contains(stderr, "position 41") {
		t.Errorf("got exit %d, stderr %q; want 2 (an input error) and the position of the bad character", code, stderr)
	}
}

func TestGradeFormat(t *testing.T) {
	puzzles := sharedSet(t, "top95.txt", 4)
	out, _, code := runCmd(t, strings.Join(puzzles, "\n"), "grade")
	if code != 0 {
		t.Fatalf("exit code %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(puzzles) {
		t.Fatalf("got %d lines, want %d", len(lines), len(puzzles))
	}
	for i, l := range lines {
		f := strings.Split(l, "\t")
		if len(f) != 5 {
			t.Fatalf("line %q: want puzzle, level, score, technique, rating separated by tabs", l)
		}
		want, err := engine.Grade(engine.Classic9, engine.MustParseGrid(puzzles[i]).Cells(), engine.GradeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if f[0] != engine.MustParseGrid(puzzles[i]).String() || f[1] != want.Level.String() ||
			f[2] != strconv.Itoa(want.Score) || f[3] != want.Hardest.String() || f[4] != want.Rating.String() {
			t.Errorf("line %d: got %q, want %s %s %d %s %s", i+1, l, puzzles[i], want.Level, want.Score, want.Hardest, want.Rating)
		}
	}
}

func TestGenerateDeterministicAcrossWorkers(t *testing.T) {
	args := []string{"generate", "-n", "12", "--level", "medium", "--symmetry", "rotational", "--seed", "9"}
	one, _, code := runCmd(t, "", append(args, "-j", "1")...)
	if code != 0 {
		t.Fatalf("exit code %d", code)
	}
	two, _, _ := runCmd(t, "", append(args, "-j", "2")...)
	four, _, _ := runCmd(t, "", append(args, "-j", "4")...)
	if one != two || one != four {
		t.Fatalf("output differs with -j:\n-j1:\n%s\n-j2:\n%s\n-j4:\n%s", one, two, four)
	}
	lines := strings.Split(strings.TrimSpace(one), "\n")
	if len(lines) != 12 {
		t.Fatalf("got %d puzzles, want 12", len(lines))
	}
	seen := map[string]bool{}
	for _, l := range lines {
		f := strings.Split(l, "\t")
		g := engine.MustParseGrid(f[0])
		if !engine.Unique(engine.Classic9, g.Cells()) {
			t.Errorf("%s is not unique", f[0])
		}
		if !engine.SymRotational.Holds(g) {
			t.Errorf("%s is not rotationally symmetric", f[0])
		}
		if f[1] != "medium" {
			t.Errorf("%s: level %s, want medium", f[0], f[1])
		}
		if seen[f[0]] {
			t.Errorf("%s generated twice", f[0])
		}
		seen[f[0]] = true
	}
	// Its output is grade's input, and grade agrees.
	graded, _, _ := runCmd(t, one, "grade")
	if graded != one {
		t.Errorf("grade of generate's output differs:\n%s\nwant\n%s", graded, one)
	}
}

func TestExplain(t *testing.T) {
	p := sharedSet(t, "top95.txt", 1)[0]
	out, _, code := runCmd(t, "", "explain", p)
	if code != 0 {
		t.Fatalf("exit code %d: %s", code, out)
	}
	res, err := engine.Grade(engine.Classic9, engine.MustParseGrid(p).Cells(), engine.GradeOptions{Steps: true})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := engine.Solve(engine.Classic9, engine.MustParseGrid(p).Cells())
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(res.Steps)+2 {
		t.Fatalf("got %d lines, want a line per step (%d) and two summary lines", len(lines), len(res.Steps))
	}
	if !strings.Contains(out, "solution: "+engine.Classic9.Format(sol)) || !strings.Contains(out, "level "+res.Level.String()) {
		t.Errorf("summary lacks the solution or level:\n%s", out)
	}
	for i, s := range res.Steps {
		if !strings.Contains(lines[i], s.Technique.String()) {
			t.Errorf("step %d %q does not name its technique %s", i+1, lines[i], s.Technique)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no command", nil, "no command"},
		{"unknown command", []string{"frobnicate"}, "unknown command"},
		{"unknown flag", []string{"solve", "--fast"}, "flag provided but not defined"},
		{"bad level", []string{"generate", "--level", "nightmare"}, "unknown level"},
		{"bad count", []string{"generate", "-n", "0"}, "-n 0"},
		{"bad clues", []string{"generate", "--level", "easy", "--clues", "18-20"}, "need a band"},
		{"bad symmetry", []string{"generate", "--symmetry", "spiral"}, "unknown symmetry"},
		{"explain without puzzle", []string{"explain"}, "one PUZZLE (81 characters, or N*N for another size)"},
		{"explain bad puzzle", []string{"explain", "123"}, "too short"},
		{"build without out", []string{"build", "testdata/small.yaml"}, "-o OUTDIR"},
		{"build without spec", []string{"build", "-o", "x"}, "one SPEC"},
		{"png without out", []string{"png", strings.Repeat(".", 81)}, "-o FILE"},
		{"check bad printer", []string{"check", "x.pdf", "--printer", "acme"}, "--printer"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := runCmd(t, "", tc.args...)
			if code != 2 || !strings.Contains(stderr, tc.want) {
				t.Errorf("got exit %d, stderr %q; want 2 and %q", code, stderr, tc.want)
			}
		})
	}
}

func TestHelpAndTemplates(t *testing.T) {
	out, _, code := runCmd(t, "", "help")
	if code != 0 || !strings.Contains(out, "build SPEC.yaml") {
		t.Errorf("help: exit %d, output %q", code, out)
	}
	// The usage names every kind's line form, not only the classic 81.
	for _, want := range []string{"/REGIONS", "/CAGES/SUMS", "bounding box"} {
		if !strings.Contains(out, want) {
			t.Errorf("help: output lacks the line form %q:\n%s", want, out)
		}
	}
	out, _, code = runCmd(t, "", "help", "generate")
	if code != 0 || !strings.Contains(out, "-symmetry") || !strings.Contains(out, "generate new puzzles") {
		t.Errorf("help generate: exit %d, output %q; want the summary and the flags", code, out)
	}
	out, _, code = runCmd(t, "", "templates")
	for _, want := range []string{"large-print", "kdp-6x9", "a4-classroom", "pocket", "kdp-8.5x11", "es", "Deutsch"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("templates: exit %d, output lacks %q:\n%s", code, want, out)
		}
	}
}

func TestPNGCommand(t *testing.T) {
	p := sharedSet(t, "easy50.txt", 1)[0]
	dir := t.TempDir()
	out := dir + "/grid.png"
	if _, stderr, code := runCmd(t, "", "png", strings.ReplaceAll(p, ".", "0"), "-o", out, "--dpi", "150", "--size", "2in"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width != 300 || cfg.Height != 300 || cfg.ColorModel != color.GrayModel {
		t.Errorf("got %dx%d %v, want 300x300 greyscale (2in at 150dpi)", cfg.Width, cfg.Height, cfg.ColorModel)
	}
	if _, stderr, code := runCmd(t, "", "png", p, "-o", dir+"/missing/grid.png"); code != 1 || !strings.Contains(stderr, "no folder") {
		t.Errorf("missing folder: exit %d, stderr %q", code, stderr)
	}
	multi := sharedSet(t, "multi_solution.txt", 1)[0]
	if _, stderr, code := runCmd(t, "", "png", multi, "-o", dir+"/multi.png"); code != 1 || !strings.Contains(stderr, "more than one solution") {
		t.Errorf("puzzle with many solutions: exit %d, stderr %q", code, stderr)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("want only grid.png in the folder, got %d entries", len(ents))
	}
}
