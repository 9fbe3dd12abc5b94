package bank

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkHas looks up keys in a bank: the bank at $SUDOKUBOOK_BANK when
// set (try a bank of a million puzzles), or a small
// one made here. Half the keys looked up are there, half are not.
func BenchmarkHas(b *testing.B) {
	ctx := context.Background()
	path := os.Getenv("SUDOKUBOOK_BANK")
	if path == "" {
		path = filepath.Join(b.TempDir(), "bank.db")
		bk, err := Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := bk.Add(ctx, easyPuzzles(b, 500, 1)); err != nil {
			b.Fatal(err)
		}
		bk.Close()
	}
	bk, err := Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer bk.Close()
	var keys []string
	enough := errors.New("enough")
	err = bk.Each(ctx, func(p Puzzle) error {
		keys = append(keys, p.Key)
		if len(keys) == 200 {
			return enough // a big bank need not be read to the end
		}
		return nil
	})
	if err != nil && err != enough {
		b.Fatal(err)
	}
	for _, p := range easyPuzzles(b, 200, 77) {
		keys = append(keys, p.Key)
	}
	b.ResetTimer()
	i := 0
	for b.Loop() {
		if _, err := bk.Has(ctx, Classic, 9, keys[i%len(keys)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "us/lookup")
}
