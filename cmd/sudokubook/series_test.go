package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/bank"
	"github.com/sudokubook/sudokubook/engine"
)

// seriesSpec is a small volume: 6 easy and 3 medium puzzles, with extra
// fields (bank:, exclude:, seed:) spliced in.
func seriesSpec(title, extra string) string {
	return "title: " + title + "\nyear: 2026\n" + extra + "sections:\n  - {level: easy, count: 6}\n  - {level: medium, count: 3}\n"
}

// classicKey is the bank's key of a classic 9x9 puzzle given as 81
// characters.
func classicKey(t *testing.T, line string) string {
	t.Helper()
	geo, cells, err := engine.ParseLine(engine.Classic, 9, line)
	if err != nil {
		t.Fatal(err)
	}
	return bank.KeyText(engine.Puzzle{Geo: geo, Givens: cells})
}

// keysOf reads a built book's manifest and returns its puzzles' keys.
func keysOf(t *testing.T, dir string) map[string]int {
	t.Helper()
	m := readManifest(t, dir)
	out := map[string]int{}
	for _, p := range m.Puzzles {
		out[classicKey(t, p.Puzzle)] = p.Number
	}
	return out
}

func shared(a, b map[string]int) int {
	n := 0
	for k := range a {
		if _, ok := b[k]; ok {
			n++
		}
	}
	return n
}

func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, stderr, code := runCmd(t, "", args...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, stderr)
	}
	return out
}

func writeSpec(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSeriesFromBank builds two volumes from one bank: volume 1 takes the
// bank's puzzles and records them with their pages; volume 2 takes none of
// them, and the bank's check finds no puzzle printed twice.
func TestSeriesFromBank(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "puzzles.db")
	mustRun(t, "bank", "fill", "--level", "easy", "-n", "10", "--db", db, "-j", "1", "--quiet")
	banked := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(mustRun(t, "bank", "export", "--db", db)), "\n") {
		banked[classicKey(t, strings.Fields(l)[0])] = true
	}
	v1 := writeSpec(t, dir, "vol1.yaml", seriesSpec("Series", "volume: \"1\"\nbank: puzzles.db\nseed: 1\n"))
	v2 := writeSpec(t, dir, "vol2.yaml", seriesSpec("Series", "volume: \"2\"\nbank: puzzles.db\n"))
	mustRun(t, "build", v1, "-o", filepath.Join(dir, "out1"), "--quiet", "-j", "2")
	k1 := keysOf(t, filepath.Join(dir, "out1"))
	fromBank := 0
	for k := range k1 {
		if banked[k] {
			fromBank++
		}
	}
	if fromBank != 6 {
		t.Errorf("volume 1 took %d puzzles from the bank, want its 6 easy ones", fromBank)
	}
	m := readManifest(t, filepath.Join(dir, "out1"))
	b, err := bank.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range m.Puzzles {
		where, err := b.PrintingsOf(context.Background(), bank.Classic, 9, classicKey(t, p.Puzzle))
		if err != nil || len(where) != 1 || where[0].Number != p.Number || where[0].Page != p.Page || where[0].Volume != "1" || where[0].Book != "Series" {
			t.Errorf("puzzle %d (page %d): bank records %+v, %v", p.Number, p.Page, where, err)
		}
	}
	b.Close()

	mustRun(t, "build", v2, "-o", filepath.Join(dir, "out2"), "--quiet", "-j", "1")
	k2 := keysOf(t, filepath.Join(dir, "out2"))
	if n := shared(k1, k2); n != 0 {
		t.Errorf("volumes 1 and 2 share %d puzzles", n)
	}
	out := mustRun(t, "bank", "check", "--db", db)
	// Each volume's 9 puzzles and its front matter's 2 grids.
	if !strings.Contains(out, "22 printings, 0 puzzles printed more than once") {
		t.Errorf("bank check:\n%s", out)
	}
	// Volume 1 again, with reprints allowed: its bank puzzles are new ones
	// (the bank still has unused ones), but its generated medium puzzles,
	// from the same seed, are volume 1's again, and so are its front
	// matter's 2 grids.
	v1again := writeSpec(t, dir, "vol1again.yaml", seriesSpec("Series", "volume: \"1b\"\nbank: puzzles.db\nreprints: allow\nseed: 1\n"))
	mustRun(t, "build", v1again, "-o", filepath.Join(dir, "out1b"), "--quiet")
	out = mustRun(t, "bank", "check", "--db", db)
	if !strings.Contains(out, "33 printings, 5 puzzles printed more than once") {
		t.Errorf("reprints: allow printed nothing again:\n%s", out)
	}
}

// TestSeriesExcludeAndOneRun: two specs with the same seed print the same
// puzzles, unless the second excludes the first's manifest, or both are
// built in one run.
func TestSeriesExcludeAndOneRun(t *testing.T) {
	dir := t.TempDir()
	a := writeSpec(t, dir, "a.yaml", seriesSpec("A", "seed: 7\n"))
	same := writeSpec(t, dir, "same.yaml", seriesSpec("B", "seed: 7\n"))
	mustRun(t, "build", a, "-o", filepath.Join(dir, "a"), "--quiet")
	mustRun(t, "build", same, "-o", filepath.Join(dir, "same"), "--quiet")
	ka := keysOf(t, filepath.Join(dir, "a"))
	if n := shared(ka, keysOf(t, filepath.Join(dir, "same"))); n != len(ka) {
		t.Fatalf("test is wrong: the same seed shares %d of %d puzzles", n, len(ka))
	}
	b := writeSpec(t, dir, "b.yaml", seriesSpec("B", "seed: 7\nexclude: [a/manifest.json]\n"))
	mustRun(t, "build", b, "-o", filepath.Join(dir, "b"), "--quiet")
	if n := shared(ka, keysOf(t, filepath.Join(dir, "b"))); n != 0 {
		t.Errorf("b excludes a's manifest, yet shares %d puzzles", n)
	}
	out := filepath.Join(dir, "series")
	mustRun(t, "build", a, same, "-o", out, "--quiet")
	if n := shared(keysOf(t, filepath.Join(out, "a")), keysOf(t, filepath.Join(out, "same"))); n != 0 {
		t.Errorf("built in one run, the volumes share %d puzzles", n)
	}
	bad := writeSpec(t, dir, "bad.yaml", seriesSpec("B", "exclude: [missing/manifest.json]\n"))
	if _, stderr, code := runCmd(t, "", "build", bad, "-o", filepath.Join(dir, "bad"), "--quiet"); code != 2 || !strings.Contains(stderr, "exclude[0]") {
		t.Errorf("missing manifest: exit %d, %s", code, stderr)
	}
}

// TestSeriesDefaultSeed: two specs that leave out seed must not share
// puzzles through a common default, so each gets its seed from its text.
func TestSeriesDefaultSeed(t *testing.T) {
	dir := t.TempDir()
	v1 := writeSpec(t, dir, "v1.yaml", seriesSpec("Volume 1", ""))
	v2 := writeSpec(t, dir, "v2.yaml", seriesSpec("Volume 2", ""))
	mustRun(t, "build", v1, "-o", filepath.Join(dir, "v1"), "--quiet")
	mustRun(t, "build", v2, "-o", filepath.Join(dir, "v2"), "--quiet")
	if n := shared(keysOf(t, filepath.Join(dir, "v1")), keysOf(t, filepath.Join(dir, "v2"))); n != 0 {
		t.Errorf("two specs without a seed share %d puzzles", n)
	}
}

// TestSeriesCuratedPuzzles: a section's own puzzles come first, proved and
// graded; one of another level is an error naming file and line, unless
// the section says relabel.
func TestSeriesCuratedPuzzles(t *testing.T) {
	dir := t.TempDir()
	easy := sharedSet(t, "easy50.txt", 3)
	writeSpec(t, dir, "mine.txt", "# my three\n"+strings.Join(easy, "\n")+"\n")
	spec := writeSpec(t, dir, "c.yaml", "title: Mine\nyear: 2026\nsections:\n  - {level: easy, count: 5, puzzles: mine.txt, clues: 17-81}\n")
	mustRun(t, "build", spec, "-o", filepath.Join(dir, "c"), "--quiet")
	m := readManifest(t, filepath.Join(dir, "c"))
	for i, p := range easy {
		if m.Puzzles[i].Puzzle != engine.MustParseGrid(p).String() {
			t.Errorf("puzzle %d: got %s, want the setter's %s", i+1, m.Puzzles[i].Puzzle, p)
		}
	}
	if len(m.Puzzles) != 5 {
		t.Errorf("got %d puzzles, want 5 (3 own, 2 generated)", len(m.Puzzles))
	}
	hard := mustRun(t, "generate", "-n", "1", "--level", "hard", "--seed", "3", "-j", "1")
	writeSpec(t, dir, "mixed.txt", easy[0]+"\n"+strings.Fields(hard)[0]+"\n")
	spec = writeSpec(t, dir, "m.yaml", "title: Mine\nyear: 2026\nsections:\n  - {level: easy, count: 3, puzzles: mixed.txt, clues: 17-81}\n")
	_, stderr, code := runCmd(t, "", "build", spec, "-o", filepath.Join(dir, "m"), "--quiet")
	if code != 2 || !strings.Contains(stderr, "mixed.txt:2: hard puzzle (hardest step: ") || !strings.Contains(stderr, "in an easy section; move it, or say relabel: true") {
		t.Errorf("a hard puzzle in an easy section: exit %d, %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "m", "book.pdf")); err == nil {
		t.Errorf("the refused build wrote a book")
	}
	spec = writeSpec(t, dir, "r.yaml", "title: Mine\nyear: 2026\nsections:\n  - {level: easy, count: 3, puzzles: mixed.txt, relabel: true, clues: 17-81}\n")
	mustRun(t, "build", spec, "-o", filepath.Join(dir, "r"), "--quiet")
	if m := readManifest(t, filepath.Join(dir, "r")); m.Puzzles[1].Level != "hard" {
		t.Errorf("relabelled puzzle: manifest says %s, want its own level, hard", m.Puzzles[1].Level)
	}
}

// TestSeriesSameBookAnyWorkers: with a bank, the same spec, seed and bank
// give the same book byte for byte whatever -j.
func TestSeriesSameBookAnyWorkers(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "p.db")
	mustRun(t, "bank", "fill", "--level", "easy", "-n", "3", "--db", db, "-j", "1", "--quiet")
	data, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	var pdfs [][]byte
	for _, j := range []string{"1", "2"} {
		sub := filepath.Join(dir, "j"+j)
		os.MkdirAll(sub, 0o755)
		os.WriteFile(filepath.Join(sub, "p.db"), data, 0o644)
		spec := writeSpec(t, sub, "s.yaml", seriesSpec("Same", "seed: 3\nbank: p.db\n"))
		mustRun(t, "build", spec, "-o", filepath.Join(sub, "out"), "--quiet", "-j", j)
		pdf, err := os.ReadFile(filepath.Join(sub, "out", "book.pdf"))
		if err != nil {
			t.Fatal(err)
		}
		pdfs = append(pdfs, pdf)
	}
	if !bytes.Equal(pdfs[0], pdfs[1]) {
		t.Errorf("-j 1 and -j 2 made different books from the same bank")
	}
}

// TestSeriesConcurrentProcesses runs three builds and a fill at once on one
// bank, as separate processes: every book is recorded, none shares a puzzle
// with another, and the fill's puzzles are all there.
func TestSeriesConcurrentProcesses(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "p.db")
	mustRun(t, "bank", "fill", "--level", "easy", "-n", "10", "--db", db, "-j", "1", "--quiet")
	var cmds []*exec.Cmd
	for i := 1; i <= 3; i++ {
		spec := writeSpec(t, dir, fmt.Sprintf("v%d.yaml", i), seriesSpec(fmt.Sprintf("Volume %d", i), "bank: p.db\n"))
		cmds = append(cmds, exec.Command(bin, "build", spec, "-o", filepath.Join(dir, fmt.Sprintf("out%d", i)), "--quiet", "-j", "1"))
	}
	cmds = append(cmds, exec.Command(bin, "bank", "fill", "--level", "medium", "-n", "60", "--db", db, "-j", "1", "--quiet", "--seed", "9"))
	var wg sync.WaitGroup
	outs := make([][]byte, len(cmds))
	errs := make([]error, len(cmds))
	for i, c := range cmds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], errs[i] = c.CombinedOutput()
		}()
	}
	wg.Wait()
	for i := range cmds {
		if errs[i] != nil {
			t.Fatalf("%v: %v\n%s", cmds[i].Args, errs[i], outs[i])
		}
	}
	var keys []map[string]int
	for i := 1; i <= 3; i++ {
		keys = append(keys, keysOf(t, filepath.Join(dir, fmt.Sprintf("out%d", i))))
	}
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if n := shared(keys[i], keys[j]); n != 0 {
				t.Errorf("volumes %d and %d share %d puzzles", i+1, j+1, n)
			}
		}
	}
	// Each volume's 9 puzzles and its front matter's 2 grids.
	out := mustRun(t, "bank", "check", "--db", db)
	if !strings.Contains(out, "33 printings, 0 puzzles printed more than once") {
		t.Errorf("bank check after the concurrent run:\n%s", out)
	}
	if !strings.Contains(mustRun(t, "bank", "stats", "--db", db), "classic     9 medium") {
		t.Errorf("the fill's puzzles are missing")
	}
}

// TestSeriesKilledBuildRecordsNothing kills a build part-way: the bank has
// no printing of it, and no book is left behind.
func TestSeriesKilledBuildRecordsNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	bin := binary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "p.db")
	mustRun(t, "bank", "fill", "--level", "easy", "-n", "10", "--db", db, "-j", "1", "--quiet")
	spec := writeSpec(t, dir, "big.yaml", "title: Big\nbank: p.db\nyear: 2026\nsections:\n  - {level: easy, count: 10}\n  - {level: expert, count: 400}\n")
	cmd := exec.Command(bin, "build", spec, "-o", filepath.Join(dir, "big"), "--quiet", "-j", "1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Long enough to have claimed the bank's puzzles, far too short for
	// 400 expert puzzles.
	time.Sleep(1500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	out := mustRun(t, "bank", "check", "--db", db)
	if !strings.Contains(out, "0 printings") {
		t.Errorf("after a killed build:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "big", "book.pdf")); err == nil {
		t.Errorf("the killed build left a book")
	}
}

// TestSeriesForeignBank: a spec whose bank: is not a bank is refused, exit
// 2, with the bank file and the output folder left as they were.
func TestSeriesForeignBank(t *testing.T) {
	dir := t.TempDir()
	notes := writeSpec(t, dir, "notes.db", "my notes\n")
	spec := writeSpec(t, dir, "s.yaml", seriesSpec("S", "bank: notes.db\n"))
	_, stderr, code := runCmd(t, "", "build", spec, "-o", filepath.Join(dir, "out"), "--quiet")
	if code != 2 || !strings.Contains(stderr, "notes.db: not a sudokubook bank") {
		t.Errorf("exit %d, %s", code, stderr)
	}
	if b, _ := os.ReadFile(notes); string(b) != "my notes\n" {
		t.Errorf("the foreign bank file changed")
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Errorf("the refused build made its output folder")
	}
}

// kindKeysOf reads a built book's manifest and returns its puzzles' keys
// as the bank writes them (bank.KeyText: on their own geometries, a
// killer's with its cages), for books of any kind.
func kindKeysOf(t *testing.T, dir string) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, p := range readManifest(t, dir).Puzzles {
		e, err := p.Engine()
		if err != nil {
			t.Fatal(err)
		}
		out[p.Variant+" "+bank.KeyText(e)] = p.Number
	}
	return out
}

// TestSeriesOfFigures: volumes of samurai and X puzzles from a bank share
// nothing, nor do volumes built in one run or one that excludes another's
// manifest (these last two panicked on samurai, which had no key), and the
// bank records every printing of its puzzles, each under its kind.
func TestSeriesOfFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "figures.db")
	mustRun(t, "bank", "fill", "--variant", "samurai", "--level", "easy", "-n", "1", "--db", db, "-j", "1", "--quiet")
	mustRun(t, "bank", "fill", "--variant", "x", "--level", "easy", "-n", "1", "--db", db, "-j", "1", "--quiet")
	spec := func(name, extra string) string {
		return writeSpec(t, dir, name+".yaml", "title: Samurai "+name+"\nyear: 2026\nseed: 5\npuzzles_per_page: 1\n"+extra+
			"sections:\n  - {level: easy, count: 3, variant: samurai}\n  - {level: easy, count: 3, variant: x}\n")
	}
	shares := func(a, b map[string]int) int {
		n := 0
		for k := range a {
			if _, ok := b[k]; ok {
				n++
			}
		}
		return n
	}
	v1, v2 := spec("v1", "bank: figures.db\n"), spec("v2", "bank: figures.db\n")
	mustRun(t, "build", v1, "-o", filepath.Join(dir, "v1"), "--quiet")
	mustRun(t, "build", v2, "-o", filepath.Join(dir, "v2"), "--quiet")
	k1, k2 := kindKeysOf(t, filepath.Join(dir, "v1")), kindKeysOf(t, filepath.Join(dir, "v2"))
	if len(k1) != 6 || len(k2) != 6 || shares(k1, k2) != 0 {
		t.Errorf("two volumes from one bank: %d and %d keys, %d shared; want 6, 6, 0", len(k1), len(k2), shares(k1, k2))
	}
	// Each volume also printed 3 grids of its own, added to the bank
	// as printed: the title page's samurai and the two kinds' examples.
	stats := mustRun(t, "bank", "stats", "--db", db)
	if !strings.Contains(stats, "samurai     9 easy            68        10        58") || !strings.Contains(stats, "x           9 easy            66         8        58") {
		t.Errorf("the two volumes took 6 of the bank's 64 samurai puzzles and 6 of its 64 X, and added their front matter's 4 samurai and 2 X:\n%s", stats)
	}
	if out := mustRun(t, "bank", "check", "--db", db); !strings.Contains(out, "18 printings, 0 puzzles printed more than once") {
		t.Errorf("bank check:\n%s", out)
	}
	// Without a bank: the same seed twice prints the same figures, unless
	// the second excludes the first or both are built in one run.
	a, same := spec("a", ""), spec("same", "")
	mustRun(t, "build", a, "-o", filepath.Join(dir, "a"), "--quiet")
	ka := kindKeysOf(t, filepath.Join(dir, "a"))
	mustRun(t, "build", same, "-o", filepath.Join(dir, "same"), "--quiet")
	if n := shares(ka, kindKeysOf(t, filepath.Join(dir, "same"))); n != 6 {
		t.Fatalf("test is wrong: the same seed shares %d of 6 puzzles", n)
	}
	ex := spec("ex", "exclude: [a/manifest.json]\n")
	mustRun(t, "build", ex, "-o", filepath.Join(dir, "ex"), "--quiet")
	if n := shares(ka, kindKeysOf(t, filepath.Join(dir, "ex"))); n != 0 {
		t.Errorf("excluding a's manifest, %d figures shared", n)
	}
	mustRun(t, "build", a, same, "-o", filepath.Join(dir, "run"), "--quiet")
	if n := shares(kindKeysOf(t, filepath.Join(dir, "run", "a")), kindKeysOf(t, filepath.Join(dir, "run", "same"))); n != 0 {
		t.Errorf("built in one run, the volumes share %d figures", n)
	}
}

// TestBankFillsAndDrawsKillers: bank fill makes killers (banked as killer
// and killer-x with their cages, proved unique again by bank check); two
// killer volumes draw theirs from the bank and share none (the supply's
// own test is publish's TestSupplyDrawsKillers).
func TestBankFillsAndDrawsKillers(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "killers.db")
	mustRun(t, "bank", "fill", "--variant", "killer", "--level", "easy", "-n", "1", "--db", db, "-j", "1", "--quiet")
	mustRun(t, "bank", "fill", "--variant", "killer-x", "--size", "6", "--level", "easy", "-n", "1", "--db", db, "-j", "1", "--quiet")
	stats := mustRun(t, "bank", "stats", "--db", db)
	if !strings.Contains(stats, "killer      9 easy            64") || !strings.Contains(stats, "killer-x    6 easy            64") {
		t.Errorf("bank stats after two killer fills:\n%s", stats)
	}
	if out := mustRun(t, "bank", "check", "--db", db); !strings.Contains(out, "sound; 128 puzzles, each proved unique") {
		t.Errorf("bank check:\n%s", out)
	}
	var keys []map[string]int
	for _, v := range []string{"1", "2"} {
		spec := writeSpec(t, dir, "k"+v+".yaml", "title: Killers\nvolume: \""+v+"\"\nyear: 2026\nseed: 3\nbank: killers.db\npuzzles_per_page: 1\n"+
			"sections:\n  - {level: easy, count: 3, variant: killer}\n")
		mustRun(t, "build", spec, "-o", filepath.Join(dir, "k"+v), "--quiet")
		keys = append(keys, kindKeysOf(t, filepath.Join(dir, "k"+v)))
		for _, p := range readManifest(t, filepath.Join(dir, "k"+v)).Puzzles {
			if p.Variant != "killer" || len(p.Cages) == 0 {
				t.Errorf("volume %s puzzle %d: variant %q with %d cages", v, p.Number, p.Variant, len(p.Cages))
			}
		}
	}
	for k := range keys[0] {
		if _, ok := keys[1][k]; ok {
			t.Errorf("the two killer volumes share a puzzle")
		}
	}
	// And each added its front matter's 2 killers (the title page's and
	// the example's), printed.
	stats = mustRun(t, "bank", "stats", "--db", db)
	if !strings.Contains(stats, "killer      9 easy            68        10        58") {
		t.Errorf("the two volumes took 6 of the bank's killers and added their front matter's 4:\n%s", stats)
	}
	if out := mustRun(t, "bank", "check", "--db", db); !strings.Contains(out, "10 printings, 0 puzzles printed more than once") {
		t.Errorf("bank check after two killer volumes:\n%s", out)
	}
}
