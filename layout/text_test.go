package layout

import (
	"slices"
	"testing"
)

// TestParagraphsKeepLineBreaks: blank lines part paragraphs, and a single
// line break inside one is kept, so a list or an address prints as written.
func TestParagraphsKeepLineBreaks(t *testing.T) {
	in := "Write to us at:\r\n  Sudokubook Press\n  1 Grid Lane  \nSpringfield\n\n\n- one\n- two\n"
	got := paragraphs(in)
	want := []string{"Write to us at:\nSudokubook Press\n1 Grid Lane\nSpringfield", "- one\n- two"}
	if !slices.Equal(got, want) {
		t.Fatalf("paragraphs = %q, want %q", got, want)
	}
	lines := wrap(got[0], defaultFonts().Regular, 10, 1000)
	if len(lines) != 4 || lines[2] != "1 Grid Lane" {
		t.Errorf("wrap kept %q, want the four lines as written", lines)
	}
	// A long line still wraps inside its own line break.
	long := wrap("a b c d e f g h\nnext", defaultFonts().Regular, 10, textWidth(defaultFonts().Regular, 10, "a b c"))
	if !slices.Equal(long, []string{"a b c", "d e f", "g h", "next"}) {
		t.Errorf("wrap = %q, want the first line wrapped and the second kept", long)
	}
}
