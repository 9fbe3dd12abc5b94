package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// smallQuotas are the quotas whose distinct puzzles docs/kinds.md counts,
// with the counts it gives.
var smallQuotas = []struct {
	q    Quota
	want int
}{
	{Quota{Kind: Kind{Variant: Classic, Size: 4}, Level: Easy, Symmetry: SymRotational}, 13},
	{Quota{Kind: Kind{Variant: Classic, Size: 4}, Level: Easy}, 36},
	{Quota{Kind: Kind{Variant: X, Size: 4}, Level: Easy, Symmetry: SymRotational}, 4},
	{Quota{Kind: Kind{Variant: X, Size: 4}, Level: Easy}, 38},
	{Quota{Kind: Kind{Variant: Classic, Size: 4}, Level: Easy, MinClues: 6, MaxClues: 8, Symmetry: SymRotational}, 78},
}

func quotaName(q Quota) string {
	return fmt.Sprintf("%s_%s_%d-%d", q.Kind, q.Symmetry, q.MinClues, q.MaxClues)
}

// TestDistinctMatchesGenerator holds the enumeration to the generator:
// every key the generator makes for the quota is one Distinct counted,
// and enough attempts meet every key it counted.
func TestDistinctMatchesGenerator(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	for _, c := range smallQuotas {
		t.Run(quotaName(c.q), func(t *testing.T) {
			keys := distinctKeys(c.q)
			if n, ok := Distinct(c.q); !ok || n != c.want || len(keys) != c.want {
				t.Fatalf("Distinct = %d, %v (keys %d); want %d, true", n, ok, len(keys), c.want)
			}
			gen := NewGenerator()
			met := map[string]bool{}
			for i := 0; i < 20000 && len(met) < len(keys); i++ {
				p, ok := gen.Generate(jobRand(7, i), c.q)
				if !ok {
					continue
				}
				k := string(p.Key())
				if !keys[k] {
					t.Fatalf("attempt %d made %s, a key the enumeration did not count", i, p.Geometry().Format(p.Cells()))
				}
				met[k] = true
			}
			if len(met) != len(keys) {
				t.Errorf("20000 attempts met %d keys, want all %d", len(met), len(keys))
			}
		})
	}
}

func TestDistinctUnknown(t *testing.T) {
	for _, q := range []Quota{
		{Kind: Kind{Variant: Classic, Size: 6}, Level: Easy},
		{Kind: Kind{Variant: Jigsaw, Size: 4}, Level: Easy},
		{Kind: Kind{Variant: Classic, Size: 4}, Level: Medium},
		{},
	} {
		if n, ok := Distinct(q); ok {
			t.Errorf("%s %s: Distinct = %d, true; want unknown", q.Level, q.Kind, n)
		}
	}
}

// fillCtx bounds a test's Fill: a safety net against a run that never
// ends, not a timing.
func fillCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

func TestFillRefusesMoreThanDistinct(t *testing.T) {
	q := Quota{Kind: Kind{Variant: Classic, Size: 4}, Level: Easy, Count: 200, Symmetry: SymRotational}
	_, err := Fill(fillCtx(t), []Quota{q}, FillOptions{Seed: 1, Workers: 2})
	if !errors.Is(err, ErrQuota) {
		t.Fatalf("Fill of 200 easy classic 4x4: err %v, want ErrQuota", err)
	}
	if want := "200 asked, but only 13 are essentially different"; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}
}

func fillKeys(t *testing.T, q Quota, workers int) []string {
	t.Helper()
	found, err := Fill(fillCtx(t), []Quota{q}, FillOptions{Seed: 3, Workers: workers})
	if err != nil {
		t.Fatalf("Fill: %v", err)
	}
	var keys []string
	for _, p := range found[0] {
		keys = append(keys, string(p.Key()))
	}
	return keys
}

// TestFillDistinctKeys: a quota the kind can fill with distinct puzzles
// gets no two of one key.
func TestFillDistinctKeys(t *testing.T) {
	for _, c := range smallQuotas {
		t.Run(quotaName(c.q), func(t *testing.T) {
			q := c.q
			q.Count = c.want
			keys := fillKeys(t, q, 2)
			if d := distinctCount(keys); d != c.want {
				t.Errorf("%d puzzles hold %d keys, want %d", len(keys), d, c.want)
			}
		})
	}
}

func distinctCount(keys []string) int {
	s := slices.Clone(keys)
	slices.Sort(s)
	return len(slices.Compact(s))
}

// TestFillRepeats: with Repeats a quota past Distinct fills, takes every
// distinct puzzle, and is the same whatever the worker count.
func TestFillRepeats(t *testing.T) {
	q := Quota{Kind: Kind{Variant: Classic, Size: 4}, Level: Easy, Count: 60, Symmetry: SymRotational, Repeats: true}
	if err := q.Validate(); err != nil {
		t.Fatalf("Validate with Repeats: %v", err)
	}
	one := fillKeys(t, q, 1)
	if len(one) != 60 {
		t.Fatalf("got %d puzzles, want 60", len(one))
	}
	if d := distinctCount(one); d != 13 {
		t.Errorf("60 puzzles hold %d keys, want all 13", d)
	}
	if d := distinctCount(one[:13]); d < 12 {
		t.Errorf("the first 13 puzzles hold %d keys, want the distinct ones first (12 or 13)", d)
	}
	if three := fillKeys(t, q, 3); !slices.Equal(one, three) {
		t.Errorf("-j 3 gave other puzzles than -j 1")
	}
}
