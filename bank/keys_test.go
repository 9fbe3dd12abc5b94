package bank

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

var update = flag.Bool("update", false, "rewrite testdata/filled.keys from a fresh fill")

// filledQuotas are what the test bank is filled with: every kind a bank
// takes, a few puzzles each, as `bank fill` fills one (engine.Fill, then
// FromEngine and Add).
var filledQuotas = []engine.Quota{
	{Level: engine.Easy, Count: 12},
	{Level: engine.Medium, Count: 4},
	{Kind: engine.Kind{Size: 4}, Level: engine.Easy, Count: 3},
	{Kind: engine.Kind{Size: 6}, Level: engine.Easy, Count: 3},
	{Kind: engine.Kind{Size: 8}, Level: engine.Easy, Count: 2},
	{Kind: engine.Kind{Size: 12}, Level: engine.Easy, Count: 1},
	{Kind: engine.Kind{Size: 16}, Level: engine.Easy, Count: 1},
	{Kind: engine.Kind{Variant: engine.X}, Level: engine.Easy, Count: 3},
	{Kind: engine.Kind{Variant: engine.Hyper}, Level: engine.Easy, Count: 3},
	{Kind: engine.Kind{Variant: engine.Jigsaw}, Level: engine.Easy, Count: 3},
	{Kind: engine.Kind{Variant: engine.Samurai}, Level: engine.Easy, Count: 1},
	{Kind: engine.Kind{Variant: engine.Twin}, Level: engine.Easy, Count: 1},
	{Kind: engine.Kind{Variant: engine.Sohei}, Level: engine.Easy, Count: 1},
	{Kind: engine.Kind{Layer: engine.CageLayer}, Level: engine.Easy, Count: 2},
	{Kind: engine.Kind{Variant: engine.X, Layer: engine.CageLayer}, Level: engine.Easy, Count: 1},
}

// TestFilledBankKeysFrozen: the keys a filled bank holds stay what they
// are. testdata/filled.keys lists a test bank's puzzles (filled from
// filledQuotas with seed 22, read back in id order) as
//
//	VARIANT SIZE GRID KEY
//
// Each golden puzzle's key as KeyText computes it now must be the stored
// one: that is what `bank check` holds a bank to. And a bank filled the
// same way now holds those puzzles under those keys. -update refills and
// rewrites the file.
func TestFilledBankKeysFrozen(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	path := filepath.Join("testdata", "filled.keys")
	ctx := context.Background()
	b, _ := openTemp(t)
	found, err := engine.Fill(ctx, filledQuotas, engine.FillOptions{Seed: 22, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var ps []Puzzle
	for _, q := range found {
		for _, p := range q {
			ps = append(ps, FromEngine(p, "test seed=22"))
		}
	}
	if _, err := b.Add(ctx, ps); err != nil {
		t.Fatal(err)
	}
	var filled []string
	err = b.Each(ctx, func(p Puzzle) error {
		filled = append(filled, fmt.Sprintf("%s %d %s %s", p.Variant, p.Size, p.Line(), p.Key))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		out := "# A test bank filled from filledQuotas, seed 22 (TestFilledBankKeysFrozen): VARIANT SIZE GRID KEY\n" + strings.Join(filled, "\n") + "\n"
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var golden []string
	kinds := map[string]bool{}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		golden = append(golden, line)
		f := strings.Fields(line)
		if len(f) != 4 {
			t.Fatalf("%s:%d: want VARIANT SIZE GRID KEY", path, i+1)
		}
		v, err := parseVariant(f[0])
		if err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
		size, _ := strconv.Atoi(f[1])
		geo, cells, err := engine.ParseLine(v, size, f[2])
		if err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
		kinds[f[0]] = true
		p := engine.Puzzle{Geo: geo, Givens: cells}
		if got := KeyText(p); got != f[3] {
			t.Errorf("%s:%d (%s %s): key changed\n got %s\nwant %s", path, i+1, f[0], f[1], got, f[3])
		}
	}
	for _, want := range []string{Classic, "x", "hyper", "jigsaw", "samurai", "twin", "sohei", "killer", "killer-x"} {
		if !kinds[want] {
			t.Errorf("%s holds no %s puzzle", path, want)
		}
	}
	if strings.Join(filled, "\n") != strings.Join(golden, "\n") {
		t.Errorf("a bank filled from filledQuotas holds other puzzles or keys than %s:\n got %d rows %q...\nwant %d rows", path, len(filled), filled[:min(2, len(filled))], len(golden))
	}
}
