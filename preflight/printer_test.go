package preflight

import (
	"errors"
	"testing"
)

func TestParsePrinter(t *testing.T) {
	tests := []struct {
		in   string
		want Printer
		err  bool
	}{
		{"KDP", KDP, false},
		{"kdp", KDP, false},
		{" Lulu ", Lulu, false},
		{"LULU", Lulu, false},
		{"ingram", 0, true},
		{"", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var p Printer
			err := p.UnmarshalText([]byte(tt.in))
			if tt.err {
				if !errors.Is(err, ErrPrinter) {
					t.Errorf("got %v, want an error wrapping ErrPrinter", err)
				}
				return
			}
			if err != nil || p != tt.want {
				t.Errorf("got %v, %v; want %v", p, err, tt.want)
			}
			text, _ := p.MarshalText()
			if back, err := ParsePrinter(string(text)); err != nil || back != p {
				t.Errorf("round trip through %q gave %v, %v", text, back, err)
			}
		})
	}
	if got := Printer(9).String(); got != "Printer(9)" {
		t.Errorf("String of an unknown printer = %q, want %q", got, "Printer(9)")
	}
}

func TestPageRange(t *testing.T) {
	tests := []struct {
		name         string
		p            Printer
		w, h         float64 // inches
		wantMin, max int
	}{
		{"KDP 5x8", KDP, 5, 8, 24, 828},
		{"KDP 6x9", KDP, 6, 9, 24, 828},
		{"KDP 6.12x9", KDP, 6.12, 9, 24, 828},
		{"KDP 6.14x9.21", KDP, 6.14, 9.21, 24, 590},
		{"KDP 7x10", KDP, 7, 10, 24, 590},
		{"KDP 8.5x11", KDP, 8.5, 11, 24, 590},
		{"KDP A4", KDP, 210 / 25.4, 297 / 25.4, 24, 590},
		{"KDP 9x12 too large", KDP, 9, 12, 24, 0},
		{"Lulu 6x9", Lulu, 6, 9, 24, 800},
		{"Lulu 8.5x11", Lulu, 8.5, 11, 24, 800},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lo, hi := tt.p.PageRange(tt.w*inch, tt.h*inch)
			if lo != tt.wantMin || hi != tt.max {
				t.Errorf("got %d-%d, want %d-%d", lo, hi, tt.wantMin, tt.max)
			}
		})
	}
}

func TestMinGutter(t *testing.T) {
	tests := []struct {
		pages int
		want  float64 // inches
	}{
		{24, 0.375}, {150, 0.375}, {151, 0.5}, {300, 0.5}, {301, 0.625},
		{500, 0.625}, {501, 0.75}, {700, 0.75}, {701, 0.875}, {828, 0.875},
	}
	for _, p := range []Printer{KDP, Lulu} {
		for _, tt := range tests {
			if got := p.MinGutter(tt.pages) / inch; got != tt.want {
				t.Errorf("%s MinGutter(%d) = %g in, want %g in", p, tt.pages, got, tt.want)
			}
		}
	}
}

func TestPrinterMargins(t *testing.T) {
	tests := []struct {
		p          Printer
		bleed      bool
		margin     float64 // inches
		bleedW, bh float64 // inches
	}{
		{KDP, false, 0.25, 0.125, 0.25},
		{KDP, true, 0.375, 0.125, 0.25},
		{Lulu, false, 0.5, 0.25, 0.25},
		{Lulu, true, 0.5, 0.25, 0.25},
	}
	for _, tt := range tests {
		if got := tt.p.MinMargin(tt.bleed) / inch; got != tt.margin {
			t.Errorf("%s MinMargin(bleed=%v) = %g in, want %g in", tt.p, tt.bleed, got, tt.margin)
		}
		if w, h := tt.p.BleedSize(); w/inch != tt.bleedW || h/inch != tt.bh {
			t.Errorf("%s BleedSize = %g x %g in, want %g x %g in", tt.p, w/inch, h/inch, tt.bleedW, tt.bh)
		}
	}
}
