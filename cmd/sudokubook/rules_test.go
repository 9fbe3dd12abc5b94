package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/preflight"
)

// TestDesignMeetsPrinterRules holds together two statements of the same
// printer facts that are kept apart on purpose: book and layout say what a
// book is made with (the automatic gutter, the least type and line, how far
// a bled page reaches), preflight says what a printer demands. A checker
// that took its thresholds from the code it checks could not catch a wrong
// one, so neither side imports the other's; this test, which sees both,
// fails when they drift apart.
func TestDesignMeetsPrinterRules(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	for _, p := range []preflight.Printer{preflight.KDP, preflight.Lulu} {
		for pages := 1; pages <= 1000; pages++ {
			if got, least := float64(book.GutterFor(pages)), p.MinGutter(pages); got < least {
				t.Fatalf("%s, %d pages: the automatic gutter is %gpt, the printer's least %gpt", p, pages, got, least)
			}
		}
	}
	floors := []struct {
		name          string
		design, least float64
	}{
		{"text size", float64(book.MinText), preflight.MinText},
		{"line width", float64(book.MinLine), preflight.MinLine},
	}
	for _, f := range floors {
		if f.design < f.least {
			t.Errorf("%s: the layout's floor is %gpt, the printers' least %gpt", f.name, f.design, f.least)
		}
	}

	// A bled book's pages are the trim plus what KDP's bleed adds.
	spec, err := os.ReadFile("testdata/small.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bled := filepath.Join(dir, "bled.yaml")
	if err := os.WriteFile(bled, append(spec, "bleed: true\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	buildInto(t, bled, out)
	report, err := os.ReadFile(filepath.Join(out, "preflight.txt"))
	if err != nil {
		t.Fatal(err)
	}
	const want = "PASS page size: 6.125 x 9.250 in (want 6.125 x 9.25 in: 6 x 9 in trim + KDP bleed)"
	if !strings.Contains(string(report), want+"\n") {
		t.Errorf("preflight of a bled book:\n%s\nwant the line %q", report, want)
	}
}
