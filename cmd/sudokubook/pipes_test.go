package main

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

// TestGeneratePipes runs the pipes a user writes after generate with no
// kind flags on the reading side: generate --variant V | grade, | solve and
// | bank import -. generate names every kind but classic in a kind column,
// so each reader reads the lines as generate's kind: grade prints
// generate's lines again, solve's solution lines keep the column and solve
// to themselves, and the bank exports the same lines back.
func TestGeneratePipes(t *testing.T) {
	for _, c := range []struct {
		args   []string
		column string // the kind column generate must write, "" for none
		// lost: what solve says of the lines with their column cut off
		// (exit 2: they do not read at all; 0: they read as classic, the
		// silent misreading the column is there to prevent).
		lost int
	}{
		{[]string{"--variant", "jigsaw", "--size", "6", "-n", "5"}, "variant=jigsaw size=6", 2},
		{[]string{"--variant", "samurai", "-n", "1"}, "variant=samurai size=9", 2},
		{[]string{"--killer", "--size", "6", "-n", "2"}, "variant=killer size=6", -1},
		{[]string{"--killer", "--variant", "x", "--size", "6", "-n", "2"}, "variant=killer-x size=6", -1},
		{[]string{"--variant", "x", "--size", "4", "-n", "3"}, "variant=x size=4", -1},
		{[]string{"--size", "4", "-n", "1"}, "", -1}, // more would share keys: few 4x4s differ
		{[]string{"-n", "2"}, "", -1},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			args := append([]string{"generate", "--level", "easy", "--seed", "2", "-j", "1"}, c.args...)
			gen, errs, code := runCmd(t, "", args...)
			if code != 0 {
				t.Fatalf("generate: exit %d, %s", code, errs)
			}
			lines := strings.Split(strings.TrimSuffix(gen, "\n"), "\n")
			var bare []string // the lines without their kind column
			for _, l := range lines {
				f := strings.Split(l, "\t")
				switch {
				case c.column == "" && len(f) != 5:
					t.Fatalf("classic line %q: want the 5 grade columns and no kind column", l)
				case c.column != "" && (len(f) != 6 || f[5] != c.column):
					t.Fatalf("line %q: want the 5 grade columns and %q", l, c.column)
				}
				bare = append(bare, strings.Join(f[:5], "\t"))
			}

			// grade reads each line as its kind and keeps the column:
			// its output is generate's again.
			if out, errs, code := runCmd(t, gen, "grade"); code != 0 || out != gen {
				t.Errorf("generate | grade: exit %d, %s\n%s\nwant generate's lines:\n%s", code, errs, out, gen)
			}

			// solve keeps the column on each solution line; the solution
			// keeps the givens, has no blanks, and solves to itself, so
			// it too reads back as its kind.
			sol, errs, code := runCmd(t, gen, "solve")
			if code != 0 {
				t.Fatalf("generate | solve: exit %d, %s", code, errs)
			}
			sols := strings.Split(strings.TrimSuffix(sol, "\n"), "\n")
			if len(sols) != len(lines) {
				t.Fatalf("generate | solve: %d lines for %d puzzles:\n%s", len(sols), len(lines), sol)
			}
			for i, s := range sols {
				grid, column, _ := strings.Cut(s, "\t")
				if column != c.column {
					t.Errorf("solution %q: kind column %q, want %q", s, column, c.column)
				}
				givens, _, _ := strings.Cut(lines[i], "\t")
				if len(grid) != len(givens) || strings.Contains(grid, ".") {
					t.Fatalf("solution %q of %q: want every cell filled", grid, givens)
				}
				for k := range givens {
					if g := givens[k]; g != '.' && g != grid[k] {
						t.Fatalf("solution %q changes cell %d of %q", grid, k, givens)
					}
				}
			}
			if again, errs, code := runCmd(t, sol, "solve"); code != 0 || again != sol {
				t.Errorf("solve of solve's output: exit %d, %s\n%s\nwant it unchanged:\n%s", code, errs, again, sol)
			}

			// bank import reads stdin ("-") with no kind flags and files
			// each puzzle as its kind: the export is generate's lines.
			db := filepath.Join(t.TempDir(), "pipe.db")
			out, errs, code := runCmd(t, gen, "bank", "import", "-", "--db", db)
			if want := plural(len(lines), "puzzle") + " read, " + strconv.Itoa(len(lines)) + " new"; code != 0 || !strings.Contains(out, want) {
				t.Fatalf("generate | bank import -: exit %d, %q %s; want %q", code, out, errs, want)
			}
			exp := strings.Split(strings.TrimSuffix(mustRun(t, "bank", "export", "--db", db), "\n"), "\n")
			slices.Sort(exp)
			want := slices.Sorted(slices.Values(lines))
			if !slices.Equal(exp, want) {
				t.Errorf("bank export after the import:\n%s\nwant generate's lines:\n%s", strings.Join(exp, "\n"), strings.Join(want, "\n"))
			}

			// What the column is for: cut off, a jigsaw's or samurai's
			// lines do not read without --variant.
			if c.lost >= 0 {
				if _, _, code := runCmd(t, strings.Join(bare, "\n")+"\n", "solve"); code != c.lost {
					t.Errorf("solve of the lines without their column: exit %d, want %d", code, c.lost)
				}
			}
		})
	}
}

// TestSolveKindColumnsAsRead: solve keeps a kind column as the line gave
// it (with or without size), adds none to a line read by --variant alone,
// and a line without one solution says only "none" or "multiple".
func TestSolveKindColumnsAsRead(t *testing.T) {
	xLine := "3...42..2......." // an X 4x4 with one solution (generate --seed 2)
	sol, _, code := runCmd(t, xLine+"\tvariant=x\n", "solve")
	want, err := solveLine(engine.Kind{Variant: engine.X, Size: 4}, xLine)
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || sol != want+"\tvariant=x\n" {
		t.Errorf("solve with variant=x: exit %d, %q; want %q and the column as given", code, sol, want+"\tvariant=x")
	}
	if sol, _, code := runCmd(t, xLine+"\n", "solve", "--variant", "x"); code != 0 || sol != want+"\n" {
		t.Errorf("solve --variant x of a line without a column: exit %d, %q; want %q", code, sol, want)
	}
	empty := strings.Repeat(".", 16) + "\tvariant=x size=4\n"
	if sol, _, code := runCmd(t, empty, "solve"); code != 1 || sol != "multiple\n" {
		t.Errorf("solve of an empty X 4x4: exit %d, %q; want 1 and \"multiple\"", code, sol)
	}
}

// solveLine is the solution line of a puzzle of kind k, from the engine.
func solveLine(k engine.Kind, line string) (string, error) {
	geo, cells, err := engine.ParseLine(k.Variant, k.Size, line)
	if err != nil {
		return "", err
	}
	sol, err := engine.Solve(geo, cells)
	if err != nil {
		return "", err
	}
	return engine.FormatLine(geo, sol), nil
}

// TestPastedLineArgs: explain and png take a whole generate line pasted
// as their PUZZLE, reading its kind column as solve does: an X 4x4 line
// explains as X (read as classic it has several solutions), a killer 6x6
// and a samurai line need no --variant, and a column that contradicts
// the flags is a usage error naming both.
func TestPastedLineArgs(t *testing.T) {
	for _, args := range [][]string{
		{"--variant", "x", "--size", "4"},
		{"--killer", "--size", "6"},
		{"--variant", "samurai"},
	} {
		line := strings.TrimSuffix(mustRun(t, append([]string{"generate", "--level", "easy", "-n", "1", "--seed", "2", "-j", "1"}, args...)...), "\n")
		f := strings.Split(line, "\t")
		out, errs, code := runCmd(t, "", "explain", line)
		if code != 0 || !strings.Contains(out, "level easy, score "+f[2]+",") {
			t.Errorf("explain of %q: exit %d, %s\n%s; want generate's grading", line, code, errs, out)
		}
		png := filepath.Join(t.TempDir(), "p.png")
		if _, errs, code := runCmd(t, "", "png", line, "-o", png, "--side", "6in", "--dpi", "72"); code != 0 {
			t.Errorf("png of %q: exit %d, %s", line, code, errs)
		}
	}
	x := strings.TrimSuffix(mustRun(t, "generate", "--variant", "x", "--size", "4", "--level", "easy", "-n", "1", "--seed", "2"), "\n")
	puzzle, _, _ := strings.Cut(x, "\t")
	if _, errs, code := runCmd(t, "", "explain", puzzle); code == 0 {
		t.Errorf("explain of the X puzzle without its column read it as X: %s", errs)
	}
	if _, errs, code := runCmd(t, "", "explain", "--variant", "hyper", x); code != 2 || !strings.Contains(errs, "variant=x size=4") || !strings.Contains(errs, "--variant hyper") {
		t.Errorf("explain --variant hyper of an X line: exit %d, %q; want 2 naming both kinds", code, errs)
	}
}
