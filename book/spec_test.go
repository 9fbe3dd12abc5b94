package book

import (
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

func TestGutterFor(t *testing.T) {
	cases := []struct {
		pages int
		want  string
	}{
		{0, "0.375in"}, {24, "0.375in"}, {150, "0.375in"},
		{151, "0.5in"}, {300, "0.5in"},
		{301, "0.625in"}, {500, "0.625in"},
		{501, "0.75in"}, {700, "0.75in"},
		{701, "0.875in"}, {828, "0.875in"}, {5000, "0.875in"},
	}
	for _, c := range cases {
		if got := GutterFor(c.pages).String(); got != c.want {
			t.Errorf("GutterFor(%d) = %s, want %s", c.pages, got, c.want)
		}
	}
	s := Default()
	if got := s.Inside(320).String(); got != "0.625in" {
		t.Errorf("auto Inside(320) = %s, want 0.625in", got)
	}
	s.Margins.InsideAuto, s.Margins.Inside = false, 20*Millimetre
	if got := s.Inside(320).String(); got != "20mm" {
		t.Errorf("explicit Inside(320) = %s, want 20mm", got)
	}
}

func TestQuotas(t *testing.T) {
	s := load(t, `title: Q
symmetry: diagonal
sections:
  - {level: easy, count: 3}
  - {level: hard, count: 4, clues: 24-28, score: 100-900, symmetry: none}
  - {level: expert, count: 5, clues: 25}
  - {level: medium, count: 1}
  - {level: easy, count: 2, clues: 40-45}
`)
	// Easy and medium sections without a band get the default bands.
	want := []engine.Quota{
		{Level: engine.Easy, Count: 3, MinClues: 32, MaxClues: 38, Symmetry: engine.SymDiagonal},
		{Level: engine.Hard, Count: 4, MinClues: 24, MaxClues: 28, MinScore: 100, MaxScore: 900, Symmetry: engine.SymNone},
		{Level: engine.Expert, Count: 5, MinClues: 25, MaxClues: 25, Symmetry: engine.SymDiagonal},
		{Level: engine.Medium, Count: 1, MinClues: 27, MaxClues: 32, Symmetry: engine.SymDiagonal},
		{Level: engine.Easy, Count: 2, MinClues: 40, MaxClues: 45, Symmetry: engine.SymDiagonal},
	}
	got := s.Quotas()
	if len(got) != len(want) {
		t.Fatalf("got %d quotas, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("quota %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	if s.Total() != 15 {
		t.Errorf("Total() = %d, want 15", s.Total())
	}
}
