package book

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

// minRate is the least rate, in puzzles a CPU second on one core, at
// which a level counts as reached: a section of 20 then takes at most 80
// CPU seconds, within a build's five minutes on two cores even when the
// machine leaves it a quarter of them.
const minRate = 0.25

// minEvidence is the least a reached level rests on: puzzles over seeds.
const (
	minSeeds   = 3
	minPuzzles = 12
)

// hardestRow is one line of testdata/hardest_levels.tsv.
type hardestRow struct {
	seeds, asked, made int
	cpu                float64
}

// reached reports whether the row shows its level made at minRate or
// faster on every seed, with minEvidence behind it.
func (r hardestRow) reached() bool {
	return r.seeds >= minSeeds && r.asked >= minPuzzles && r.made == r.asked && float64(r.made) >= minRate*r.cpu
}

// TestHardestLevelEvidence: engine.HardestLevel, which the spec check
// refuses harder levels by, is what scripts/hardest-levels measured for
// every kind a book prints (book/testdata/hardest_levels.tsv): every
// level up to it made at minRate or faster on every seed, the level
// above (where there is one) missed or too slow. Rerun the script after
// a change to the generator and commit its table.
func TestHardestLevelEvidence(t *testing.T) {
	f, err := os.Open("testdata/hardest_levels.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// A row names its kind by the kind table's name, or for killer by
	// the houses and killer=1.
	type kindKey struct {
		kind string
		size int
	}
	rows := map[kindKey]map[engine.Level]hardestRow{}
	sc := bufio.NewScanner(f)
	header := false
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "#") || text == "" {
			continue
		}
		cols := strings.Split(text, "\t")
		if !header {
			if want := "variant size killer level seeds asked made cpu_s"; strings.Join(cols, " ") != want {
				t.Fatalf("line %d: header %q, want %q", line, text, want)
			}
			header = true
			continue
		}
		if len(cols) != 8 {
			t.Fatalf("line %d: %d columns, want 8: %q", line, len(cols), text)
		}
		var n [4]int
		for i, c := range []string{cols[1], cols[4], cols[5], cols[6]} {
			if n[i], err = strconv.Atoi(c); err != nil {
				t.Fatalf("line %d: %v", line, err)
			}
		}
		cpu, err := strconv.ParseFloat(cols[7], 64)
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		level, err := engine.ParseLevel(cols[3])
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		name := cols[0]
		if cols[2] == "1" {
			f, err := engine.ParseFamily(name)
			if err != nil {
				t.Fatalf("line %d: %v", line, err)
			}
			name = engine.Family{Variant: f.Variant, Layer: engine.CageLayer}.String()
		}
		k := kindKey{name, n[0]}
		if rows[k] == nil {
			rows[k] = map[engine.Level]hardestRow{}
		}
		rows[k][level] = hardestRow{seeds: n[1], asked: n[2], made: n[3], cpu: cpu}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, va := range variants {
		for _, n := range engine.GridSides(va.Variant) {
			if s, ok := (engine.Kind{Variant: va.Variant, Size: n, Layer: va.Layer}).Info().Side(n); !ok || !s.Printed {
				continue
			}
			k := kindKey{va.String(), n}
			levels, ok := rows[k]
			if !ok {
				t.Errorf("%s %dx%d: not measured (run scripts/hardest-levels)", va, n, n)
				continue
			}
			measured := engine.Level(-1)
			for _, l := range engine.Levels() {
				if !levels[l].reached() {
					break
				}
				measured = l
			}
			if measured < engine.Easy {
				t.Errorf("%s %dx%d: easy not reached: %+v", va, n, n, levels[engine.Easy])
				continue
			}
			if above, ok := levels[measured+1]; measured < engine.Extreme && !ok {
				t.Errorf("%s %dx%d: reached %v, and %v was not measured, so nothing shows it out of reach", va, n, n, measured, measured+1)
			} else if measured < engine.Extreme && above.made == 0 && above.cpu == 0 {
				t.Errorf("%s %dx%d: %v row %+v shows no attempt", va, n, n, measured+1, above)
			}
			if got := engine.HardestLevel(engine.Kind{Variant: va.Variant, Size: n, Layer: va.Layer}); got != measured {
				t.Errorf("%s %dx%d: engine.HardestLevel says %v, the measurements %v (%+v)", va, n, n, got, measured, levels)
			}
		}
	}
}
