package publish

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/bank"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// The supply hands a killer section the bank's killers, with their cages,
// each accepted by the section's quota and keyed as a killer.
func TestSupplyDrawsKillers(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "killers.db")
	b, err := bank.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	killer := book.Variant{Layer: engine.CageLayer}
	if _, err := b.Fill(ctx, book.DefaultQuotaOf(killer, 9, engine.Easy), bank.FillOptions{UpTo: 1, Seed: 1, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	b.Close()
	spec := book.Default()
	spec.Bank = db
	spec.Sections = []book.SectionSpec{{Level: engine.Easy, Count: 3, Variant: killer}}
	s, err := newSupply(ctx, &Job{spec: &spec}, map[string]bool{}, func(string, ...any) {})
	if err != nil {
		t.Fatal(err)
	}
	defer s.close(ctx)
	if len(s.pre[0]) != 3 {
		t.Fatalf("the killer section drew %d puzzles from the bank, want 3", len(s.pre[0]))
	}
	q := spec.Quotas()[0]
	for _, p := range s.pre[0] {
		if len(p.Geometry().Cages) == 0 || !q.Accepts(p) || !strings.HasPrefix(s.keyOf(p), "killer/9:") {
			t.Errorf("drawn %s: cages %d, accepted %v, key %.20s", engine.FormatLine(p.Geometry(), p.Cells()), len(p.Geometry().Cages), q.Accepts(p), s.keyOf(p))
		}
	}
}
