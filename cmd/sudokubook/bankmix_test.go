package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/bank"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// mixedKinds are the kinds a bank holds, each as bank fill names it.
var mixedKinds = []struct {
	variant string
	size    int
	level   engine.Level
}{
	{"classic", 9, engine.Easy}, {"classic", 9, engine.Medium}, {"classic", 4, engine.Easy},
	{"classic", 16, engine.Easy}, {"x", 9, engine.Easy}, {"x", 12, engine.Easy},
	{"hyper", 9, engine.Medium}, {"jigsaw", 6, engine.Easy}, {"jigsaw", 16, engine.Easy},
	{"samurai", 9, engine.Easy}, {"twin", 9, engine.Easy}, {"butterfly", 9, engine.Easy},
	{"sohei", 9, engine.Easy}, {"flower", 9, engine.Easy},
	{"killer", 9, engine.Easy}, {"killer", 6, engine.Easy}, {"killer-x", 6, engine.Easy},
}

// mixedBank makes a bank holding two puzzles of every kind of mixedKinds,
// made as bank fill makes them (a section's default quota), and returns
// its path.
func mixedBank(t *testing.T, dir string) string {
	t.Helper()
	ctx := context.Background()
	db := filepath.Join(dir, "mixed.db")
	b, err := bank.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for i, k := range mixedKinds {
		v, err := book.ParseVariant(k.variant)
		if err != nil {
			t.Fatal(err)
		}
		q := book.DefaultQuotaOf(v, k.size, k.level)
		q.Count = 2
		found, err := engine.Fill(ctx, []engine.Quota{q}, engine.FillOptions{Seed: uint64(i + 1), Workers: 1})
		if err != nil {
			t.Fatalf("%s %d: %v", k.variant, k.size, err)
		}
		var ps []bank.Puzzle
		for _, p := range found[0] {
			ps = append(ps, bank.FromEngine(p, "test"))
		}
		if n, err := b.Add(ctx, ps); err != nil || n != 2 {
			t.Fatalf("%s %d: added %d, %v", k.variant, k.size, n, err)
		}
	}
	return db
}

// bankRecords is every puzzle of a bank as the round trip must keep it:
// kind, key, givens, solution and grading, in id order.
func bankRecords(t *testing.T, db string) []string {
	t.Helper()
	b, err := bank.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var out []string
	err = b.Each(context.Background(), func(p bank.Puzzle) error {
		g := p.P.Grading
		out = append(out, fmt.Sprintf("%s %d %s %s %s %s %d %s %s", p.Variant, p.Size, p.Key, p.Line(),
			engine.FormatLine(p.P.Geometry(), p.P.SolutionCells()), g.Level, g.Score, g.Rating, g.Hardest))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestBankExportMixedRoundTrip: a bank of every kind exports as one file
// that bank import reads back into an empty bank as the same puzzles,
// kinds, keys and grades; a second import adds nothing; classic lines are
// grade's own lines, without a kind column; grade reads the file whole
// and prints it back as it is, solve solves it whole; and a jigsaw
// section's puzzles: FILE takes the jigsaw lines.
func TestBankExportMixedRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	dir := t.TempDir()
	db := mixedBank(t, dir)
	export := mustRun(t, "bank", "export", "--db", db)
	file := filepath.Join(dir, "all.txt")
	if err := os.WriteFile(file, []byte(export), 0o644); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(export, "\n"), "\n")
	if len(lines) != 2*len(mixedKinds) {
		t.Fatalf("export: %d lines, want %d", len(lines), 2*len(mixedKinds))
	}
	// Classic lines, of any side, are exactly what grade prints for them;
	// every other line carries its kind.
	var classic, classicLines []string
	tagged := map[string]int{}
	for _, l := range lines {
		f := strings.Split(l, "\t")
		switch len(f) {
		case 5:
			classic = append(classic, f[0])
			classicLines = append(classicLines, l)
		case 6:
			tagged[f[5]]++
		default:
			t.Fatalf("export line of %d columns: %q", len(f), l)
		}
	}
	graded := mustRun(t, "grade", writeSpec(t, dir, "classic.txt", strings.Join(classic, "\n")+"\n"))
	if want := strings.Join(classicLines, "\n") + "\n"; graded != want {
		t.Errorf("classic export lines differ from grade's:\n%s\n---\n%s", want, graded)
	}
	for _, k := range mixedKinds {
		col := fmt.Sprintf("variant=%s size=%d", k.variant, k.size)
		if k.variant == "classic" {
			if tagged[col] != 0 {
				t.Errorf("classic %d lines carry a kind column", k.size)
			}
		} else if tagged[col] != 2 {
			t.Errorf("%d lines say %s, want 2", tagged[col], col)
		}
	}

	into := filepath.Join(dir, "new.db")
	want := fmt.Sprintf("%d puzzles read, %d new, 0 already in the bank", len(lines), len(lines))
	if out := mustRun(t, "bank", "import", file, "--db", into); !strings.Contains(out, want) {
		t.Fatalf("import into an empty bank: %s, want %q", out, want)
	}
	if got, want := bankRecords(t, into), bankRecords(t, db); !slices.Equal(got, want) {
		t.Errorf("the imported bank differs:\n%s\n---\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if again := mustRun(t, "bank", "export", "--db", into); again != export {
		t.Errorf("export of the imported bank differs:\n%s\n---\n%s", again, export)
	}
	before := bankRecords(t, into)
	want = fmt.Sprintf("%d puzzles read, 0 new, %d already in the bank", len(lines), len(lines))
	if out := mustRun(t, "bank", "import", file, "--db", into); !strings.Contains(out, want) {
		t.Errorf("second import: %s, want %q", out, want)
	}
	if after := bankRecords(t, into); !slices.Equal(before, after) {
		t.Errorf("the second import changed the bank")
	}

	// grade reads every line as its kind, grades it as the bank did and
	// keeps its kind column: its output is the export again.
	if regraded := mustRun(t, "grade", file); regraded != export {
		t.Errorf("grade of the export:\n%s\n---\nwant the export:\n%s", regraded, export)
	}
	empty := strings.Repeat(".", 16) + "\tvariant=x size=4\n"
	if out, _, code := runCmd(t, empty, "grade"); code != 1 || out != strings.Replace(empty, "\t", "\tmultiple\t", 1) {
		t.Errorf("grade of an empty X 4x4: exit %d, %q; want 1 and its kind column kept", code, out)
	}
	if sol := mustRun(t, "solve", file); strings.Count(sol, "\n") != len(lines) || strings.Contains(sol, ".") {
		t.Errorf("solve of the export:\n%s", sol)
	}

	// A jigsaw section takes the bank's jigsaw 6x6 lines as they are
	// exported; the whole file stops at its first line of another kind.
	jig := mustRun(t, "bank", "export", "--db", db, "--variant", "jigsaw", "--size", "6")
	writeSpec(t, dir, "jig.txt", jig)
	spec := writeSpec(t, dir, "j.yaml", "title: Mine\nyear: 2026\nseed: 2\nsections:\n  - {level: easy, count: 2, variant: jigsaw, size: 6, puzzles: jig.txt, clues: 1-36}\n")
	mustRun(t, "build", spec, "-o", filepath.Join(dir, "j"), "--quiet")
	m := readManifest(t, filepath.Join(dir, "j"))
	for i, l := range strings.Split(strings.TrimSpace(jig), "\n") {
		if givens, _, _ := strings.Cut(l, "/"); !strings.HasPrefix(givens, m.Puzzles[i].Puzzle) {
			t.Errorf("section puzzle %d: %s, want the bank's %s", i+1, m.Puzzles[i].Puzzle, givens)
		}
	}
	samurai := mustRun(t, "bank", "export", "--db", db, "--variant", "samurai")
	writeSpec(t, dir, "two.txt", strings.SplitAfter(jig, "\n")[0]+samurai)
	spec = writeSpec(t, dir, "two.yaml", "title: Mine\nyear: 2026\nseed: 2\nsections:\n  - {level: easy, count: 2, variant: jigsaw, size: 6, puzzles: two.txt, clues: 1-36}\n")
	_, stderr, code := runCmd(t, "", "build", spec, "-o", filepath.Join(dir, "two"), "--quiet")
	if want := "two.txt:2: the line says variant=samurai size=9, but the section prints variant=jigsaw size=6"; code != 2 || !strings.Contains(stderr, want) {
		t.Errorf("a samurai line in a jigsaw section: exit %d, %s; want 2 and %q", code, stderr, want)
	}
}

// TestBankImportBadKindColumns: a kind column that cannot be read, or
// that contradicts its puzzle, another kind column or the command line,
// stops bank import with exit 2 and a message naming the file and line,
// and the bank is left as it was, even when every line before it is good.
func TestBankImportBadKindColumns(t *testing.T) {
	dir := t.TempDir()
	db := mixedBank(t, dir)
	export := mustRun(t, "bank", "export", "--db", db)
	var jigsaw, killer, samurai, classic string
	for _, l := range strings.Split(strings.TrimSpace(export), "\n") {
		switch {
		case strings.HasSuffix(l, "\tvariant=jigsaw size=6"):
			jigsaw = l
		case strings.HasSuffix(l, "\tvariant=killer-x size=6"):
			killer = l
		case strings.HasSuffix(l, "\tvariant=samurai size=9"):
			samurai = l
		case classic == "":
			classic = l
		}
	}
	puzzleOf := func(l string) string { return strings.Split(l, "\t")[0] }
	into := filepath.Join(dir, "into.db")
	mustRun(t, "bank", "import", writeSpec(t, dir, "one.txt", classic+"\n"), "--db", into)
	data, err := os.ReadFile(into)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, line string
		flags      []string
		want       string
		at         int // the line named, when not the bad line (4)
	}{
		{"unknown variant", puzzleOf(jigsaw) + "\tvariant=jigsw size=6", nil, `unknown variant "jigsw"`, 0},
		{"unknown word", puzzleOf(jigsaw) + "\tvariant=jigsaw side=6", nil, `unknown "side=6" (want variant=V and size=N)`, 0},
		{"no variant", puzzleOf(jigsaw) + "\tsize=6", nil, "names no variant", 0},
		{"size twice", puzzleOf(jigsaw) + "\tvariant=jigsaw size=6 size=9", nil, "size given twice", 0},
		{"size not a side", puzzleOf(jigsaw) + "\tvariant=jigsaw size=7", nil, "size 7", 0},
		{"figure not 9", puzzleOf(samurai) + "\tvariant=samurai size=12", nil, "samurai is made of 9x9 grids only", 0},
		{"two columns", jigsaw + "\tvariant=x", nil, `two kind columns, "variant=jigsaw size=6" and "variant=x"`, 0},
		{"size of another grid", puzzleOf(jigsaw) + "\tvariant=jigsaw size=9", nil, "the line says variant=jigsaw size=9, which its puzzle does not fit: regions: want 81 symbols", 0},
		{"not a jigsaw", puzzleOf(classic) + "\tvariant=jigsaw", nil, "the line says variant=jigsaw, which its puzzle does not fit: jigsaw wants PUZZLE/REGIONS", 0},
		{"sohei for samurai", puzzleOf(samurai) + "\tvariant=sohei", nil, "the line says variant=sohei, which its puzzle does not fit", 0},
		{"killer without cages", puzzleOf(classic) + "\tvariant=killer", nil, "the line says variant=killer, which its puzzle does not fit: it has no cages", 0},
		{"cages not named", puzzleOf(killer) + "\tvariant=x size=6", nil, "it has cages (its kind says variant=killer-x)", 0},
		{"another --variant", jigsaw, []string{"--variant", "x"}, "the line says variant=jigsaw size=6, but the command says --variant x", 2},
		{"another --size", jigsaw, []string{"--size", "9"}, "the line says variant=jigsaw size=6, but the command says --size 9", 2},
		{"not --variant killer", jigsaw, []string{"--variant", "killer"}, "but the command says --variant killer", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := writeSpec(t, dir, "bad.txt", "# good lines first\n"+jigsaw+"\n"+killer+"\n"+c.line+"\n"+samurai+"\n")
			_, stderr, code := runCmd(t, "", append([]string{"bank", "import", file, "--db", into}, c.flags...)...)
			line := 4
			if c.at != 0 {
				line = c.at
			}
			at := fmt.Sprintf("bad.txt:%d: ", line)
			if code != 2 || !strings.Contains(stderr, at) || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, %s; want 2, %s and %q", code, stderr, at, c.want)
			}
			if got, err := os.ReadFile(into); err != nil || !bytes.Equal(got, data) {
				t.Errorf("the refused import changed the bank (%v)", err)
			}
		})
	}
	if out := mustRun(t, "bank", "stats", "--db", into); !strings.Contains(out, "all                            1         0         1") {
		t.Errorf("after the refused imports the bank holds more than its one puzzle:\n%s", out)
	}
}
