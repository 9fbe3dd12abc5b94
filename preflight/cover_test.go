package preflight

import (
	"bytes"
	"testing"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/goregular"
)

// coverPDF draws a 6x9in full-wrap cover for pages pages of white stock,
// in colour, with one string starting at (x, y) from the trim's top left.
func coverPDF(t *testing.T, pages int, x, y float64) []byte {
	t.Helper()
	const trimW, trimH = 6 * inch, 9 * inch
	spine := float64(pages) * 0.002252 * inch
	w, h := 2*trimW+spine+2*coverBleed, trimH+2*coverBleed
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: w, Ht: h}})
	f.SetCreationDate(fixedDate)
	f.SetModificationDate(fixedDate)
	f.SetAutoPageBreak(false, 0)
	f.AddUTF8FontFromBytes("go", "", goregular.TTF)
	f.AddPage()
	f.SetPageBox("trim", coverBleed, coverBleed, w-2*coverBleed, trimH)
	f.SetFillColor(27, 45, 79)
	f.Rect(0, 0, w, h, "F")
	f.SetFont("go", "", 12)
	f.SetTextColor(255, 200, 80)
	f.Text(coverBleed+x, coverBleed+y, "Sudoku")
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestCheckCoverSafeText: colour passes on a cover; a string inside a
// panel's safe area passes, one starting or ending near the trim or a fold
// fails ("Sudoku" at 12pt is about 40pt long), and one on the spine fails
// under 80 pages; a line set across a spine crosses its folds.
func TestCheckCoverSafeText(t *testing.T) {
	spine100 := 100 * 0.002252 * inch
	for _, tc := range []struct {
		name  string
		pages int
		x, y  float64
		ok    bool
	}{
		{"back panel", 100, 72, 72, true},
		{"front panel", 100, 6*inch + spine100 + 72, 300, true},
		{"near the top trim", 100, 72, 4, false},
		{"near the back's fold", 100, 6*inch - 4, 300, false},
		{"starts inside, runs over the back's fold", 100, 6*inch - 30, 300, false},
		{"ends just clear of the back's fold", 100, 6*inch - 60, 300, true},
		{"across a 100-page spine, unturned", 100, 6*inch + spine100/2, 300, false}, // spine text must turn to fit: see TestCoverPreflight
		{"on a 60-page spine", 60, 6*inch + 60*0.002252*inch/2, 300, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := CheckCover(bytes.NewReader(coverPDF(t, tc.pages, tc.x, tc.y)), KDP,
				CoverExpect{TrimW: 6 * inch, TrimH: 9 * inch, Pages: tc.pages, PerPage: 0.002252 * inch})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rep.Rules {
				if r.Name == RuleSafeText && r.Pass != tc.ok {
					t.Errorf("%s: pass %v (%s), want %v", r.Name, r.Pass, r.Measured, tc.ok)
				}
				if r.Name != RuleSafeText && !r.Pass && r.Name != RuleTextSize {
					t.Errorf("%s failed: %s (want %s)", r.Name, r.Measured, r.Want)
				}
				if r.Name == RuleGreyscale {
					t.Errorf("the cover is checked for greyscale: colour is allowed on a cover")
				}
			}
		})
	}
}
