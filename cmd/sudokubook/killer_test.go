package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/layout"
)

// killerLine is an easy zero-given 9x9 killer in the line form.
const killerLine = "................................................................................./aabbaabbbbacddaacbbacabbdcbcccaccdaabbbacadbbbccacadabddddbbcabaaababcddaccbabccc/15,13,16,21,9,29,12,11,22,8,18,18,8,18,11,26,15,10,13,25,30,28,9,10,5,5"

// TestKillerLines solves, grades and explains a killer line: the solution
// keeps the cages, the grade names a killer rung, explain says the cage
// sets in words; on the x geometry the same cages have no solution.
func TestKillerLines(t *testing.T) {
	out, errs, code := runCmd(t, killerLine+"\n", "solve")
	if code != 0 || !strings.HasPrefix(out, "564972318739481625218635794453896271926517483187324569372159846695748132841263957/") {
		t.Fatalf("solve: exit %d, %q %s", code, out, errs)
	}
	out, errs, code = runCmd(t, killerLine+"\n", "grade")
	if f := strings.Split(strings.TrimSpace(out), "\t"); code != 0 || len(f) < 4 || f[1] != "easy" || f[3] != "rule of 45" {
		t.Fatalf("grade: exit %d, %q %s", code, out, errs)
	}
	out, errs, code = runCmd(t, "", "explain", killerLine)
	if code != 0 || !strings.Contains(out, "cage 13 in 2 cells at r1c3 can only be 6+7 or 5+8 or 4+9, so 1, 2 and 3 leave r1c3, r1c4") ||
		!strings.Contains(out, "rule of 45 in ") {
		t.Fatalf("explain: exit %d, %s %s", code, out, errs)
	}
	if _, _, code = runCmd(t, killerLine+"\n", "solve", "--variant", "x"); code != 1 {
		t.Fatalf("solve --variant x: exit %d, want 1 (no solution)", code)
	}
}

// TestGenerateKillers: generate --killer prints killers of the level
// asked, the same for the same seed, and solve reads them back uniquely.
func TestGenerateKillers(t *testing.T) {
	args := []string{"generate", "--killer", "--level", "easy", "-n", "2", "--seed", "5", "--cages", "2-4"}
	out, errs, code := runCmd(t, "", args...)
	if code != 0 {
		t.Fatalf("generate: exit %d, %s", code, errs)
	}
	again, _, _ := runCmd(t, "", args...)
	if again != out {
		t.Fatalf("same seed, different output:\n%s\n%s", out, again)
	}
	// --killer is a spelling of the kind table's name.
	named, _, _ := runCmd(t, "", "generate", "--variant", "killer", "--level", "easy", "-n", "2", "--seed", "5", "--cages", "2-4")
	if named != out {
		t.Fatalf("--variant killer gave\n%s\nwant what --killer gives:\n%s", named, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2:\n%s", len(lines), out)
	}
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if f[1] != "easy" || strings.Count(f[0], "/") != 2 {
			t.Fatalf("line %q: want an easy killer line", l)
		}
		if sol, errs, code := runCmd(t, f[0]+"\n", "solve"); code != 0 || strings.Contains(sol, ".") {
			t.Fatalf("solve %s: exit %d, %s %s", f[0], code, sol, errs)
		}
	}
	for _, bad := range [][]string{{"--killer", "--variant", "hyper"}, {"--killer", "--cages", "3-12"}, {"--cages", "2-3"}} {
		if _, _, code := runCmd(t, "", append([]string{"generate"}, bad...)...); code != 2 {
			t.Errorf("generate %v: exit %d, want 2", bad, code)
		}
	}
}

// TestManifestLinePastes: a killer's and a thermo's manifest record
// carries the puzzle as a line, cages and thermometers with the givens,
// and that line pasted into png with no flags draws the record's puzzle
// as the layout draws it; a classic record needs none.
func TestManifestLinePastes(t *testing.T) {
	dir := t.TempDir()
	spec := writeSpec(t, dir, "k.yaml", "title: Lines\nyear: 2026\nseed: 3\npuzzles_per_page: 1\nsections:\n"+
		"  - {level: easy, count: 1, variant: killer}\n  - {level: easy, count: 1, variant: thermo}\n  - {level: easy, count: 1}\n")
	mustRun(t, "build", spec, "-o", filepath.Join(dir, "out"), "--quiet")
	m := readManifest(t, filepath.Join(dir, "out"))
	for _, p := range m.Puzzles {
		if p.Variant == "" || p.Variant == "classic" {
			if p.Line != "" {
				t.Errorf("puzzle %d (classic) has a line %q beside its puzzle", p.Number, p.Line)
			}
			continue
		}
		if p.Line == "" || !strings.HasPrefix(p.Line, p.Puzzle+"/") {
			t.Fatalf("puzzle %d (%s): line %q, want the puzzle %q and its marks", p.Number, p.Variant, p.Line, p.Puzzle)
		}
		file := filepath.Join(dir, p.Variant+".png")
		if _, errs, code := runCmd(t, "", "png", p.Line, "-o", file); code != 0 {
			t.Fatalf("png of puzzle %d's line: exit %d, %s", p.Number, code, errs)
		}
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		e, err := p.Engine()
		if err != nil {
			t.Fatal(err)
		}
		side := layout.ExportSide(e.Geo, 3*book.Inch, book.Default().Style)
		var want bytes.Buffer
		if err := layout.RenderPNG(&want, layout.Figure{Geo: e.Geo, Givens: e.Givens, Solution: e.Answer}, false, side, 300, book.Default().Style); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("png of puzzle %d's line (%s) is not the layout's drawing of the record", p.Number, p.Variant)
		}
	}
}
