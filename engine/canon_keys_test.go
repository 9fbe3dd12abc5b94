package engine

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/internal/puzzlesets"
)

// The keys of today's puzzles are frozen: a bank stores them, and a book
// series relies on them to print no puzzle twice. A search that is faster,
// or shared between more kinds, must find the very same keys, or come
// with a `bank check --fix` path for the ones that change.
//
// testdata/canon/*.keys hold one puzzle a line, with its key:
//
//	KIND SIZE LINE KEY
//
// KIND is the bank's name for the kind (classic, x, ..., killer,
// killer-x), LINE the puzzle in the line form (ParseLine), KEY its KeyOf
// in hex. examples.keys holds every puzzle of every book of examples/ as
// its manifest lists it; kinds.keys puzzles generated for every kind,
// size and symmetry of the generator (a complete grid of each kind up to
// 9x9 too: a complete 16x16 has too many ties to search, and no path keys
// one; and three killers on each base and size). With -update the test
// rewrites the keys, never the puzzles.
//
// testdata/canon/sets.keys holds, for each public puzzle set, how many
// puzzles it has and a SHA-256 over their keys: the full set of
// ../shared/data and the repository's sample (internal/puzzlesets), one
// line each; a run checks the one it reads.

// keyFiles are the golden files of puzzles and their keys.
var keyFiles = []string{"examples.keys", "kinds.keys"}

// parseKeyedKind reads a bank kind name: the grid's variant, and whether
// it is a killer.
func parseKeyedKind(name string) (Variant, error) {
	if name == "killer" {
		return Classic, nil
	}
	var v Variant
	err := v.UnmarshalText([]byte(strings.TrimPrefix(name, "killer-")))
	return v, err
}

func TestKeysFrozen(t *testing.T) {
	for _, file := range keyFiles {
		t.Run(file, func(t *testing.T) {
			path := filepath.Join("testdata", "canon", file)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			kinds := map[string]int{}
			n := 0
			for i, line := range lines {
				if strings.HasPrefix(line, "#") {
					out.WriteString(line + "\n")
					continue
				}
				f := strings.Fields(line)
				if len(f) != 4 {
					t.Fatalf("%s:%d: want KIND SIZE LINE KEY, got %d fields", path, i+1, len(f))
				}
				v, err := parseKeyedKind(f[0])
				if err != nil {
					t.Fatalf("%s:%d: %v", path, i+1, err)
				}
				size, err := strconv.Atoi(f[1])
				if err != nil {
					t.Fatalf("%s:%d: size %q: %v", path, i+1, f[1], err)
				}
				geo, cells, err := ParseLine(v, size, f[2])
				if err != nil {
					t.Fatalf("%s:%d: %v", path, i+1, err)
				}
				if killer := strings.HasPrefix(f[0], "killer"); killer != (len(geo.Cages) > 0) {
					t.Fatalf("%s:%d: a %s line with %d cages", path, i+1, f[0], len(geo.Cages))
				}
				kinds[f[0]+" "+f[1]]++
				n++
				got := hex.EncodeToString(KeyOf(geo, cells))
				if *update {
					fmt.Fprintf(&out, "%s %s %s %s\n", f[0], f[1], f[2], got)
					continue
				}
				if got != f[3] {
					t.Errorf("%s:%d (%s %s): key changed\n got %s\nwant %s", path, i+1, f[0], f[1], got, f[3])
				}
			}
			if *update {
				if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			t.Logf("%d puzzles, %d kinds and sizes", n, len(kinds))
		})
	}
}

// TestKeysFrozenKindsCovered: kinds.keys holds every variant at every
// size it is made in, and the killers on each base and size, so that no
// kind's key goes unfrozen.
func TestKeysFrozenKindsCovered(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "canon", "kinds.keys"))
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) == 4 {
			have[f[0]+" "+f[1]] = true
		}
	}
	for v := Classic; v < NumVariants; v++ {
		for _, n := range Sizes() {
			if Allowed(v, n) == nil && !have[fmt.Sprintf("%s %d", v, n)] {
				t.Errorf("kinds.keys has no %s %dx%d puzzle", v, n, n)
			}
		}
	}
	for _, base := range []string{"killer", "killer-x"} {
		for _, n := range []int{4, 6, 8, 9} {
			if !have[fmt.Sprintf("%s %d", base, n)] {
				t.Errorf("kinds.keys has no %s %dx%d puzzle", base, n, n)
			}
		}
	}
}

// keySets are the public puzzle sets whose keys sets.keys freezes.
var keySets = []string{
	"easy50.txt", "top95.txt", "top1465.txt", "hardest1106.txt", "puzzles17.txt",
	"multi_solution.txt", "se_rated.tsv", "se_rated_low.tsv",
}

func TestKeysFrozenPuzzleSets(t *testing.T) {
	path := filepath.Join("testdata", "canon", "sets.keys")
	mode := "sample"
	if puzzlesets.Full() {
		mode = "full"
	}
	want := map[string]string{} // "set mode" -> "count digest"
	var order []string
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fs := strings.Fields(sc.Text()); len(fs) == 4 {
			k := fs[0] + " " + fs[1]
			want[k] = fs[2] + " " + fs[3]
			order = append(order, k)
		}
	}
	f.Close()
	for _, set := range keySets {
		h := sha256.New()
		n := 0
		for i, line := range puzzlesets.Lines(t, set) {
			g, err := ParseGrid(strings.Fields(line)[0])
			if err != nil {
				t.Fatalf("%s puzzle %d: %v", set, i+1, err)
			}
			h.Write(KeyOf(Classic9, g[:]))
			n++
		}
		k := set + " " + mode
		got := fmt.Sprintf("%d %x", n, h.Sum(nil))
		if *update {
			if _, ok := want[k]; !ok {
				order = append(order, k)
			}
			want[k] = got
			continue
		}
		if want[k] == "" {
			t.Errorf("%s: no %s line for %s", path, mode, set)
		} else if got != want[k] {
			t.Errorf("%s (%s): keys changed: got %s, want %s", set, mode, got, want[k])
		}
	}
	if *update {
		var out strings.Builder
		out.WriteString("# SET MODE PUZZLES SHA256-OF-KEYS (TestKeysFrozenPuzzleSets)\n")
		for _, k := range order {
			fmt.Fprintf(&out, "%s %s\n", k, want[k])
		}
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
