package layout

import (
	"bytes"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/preflight"
)

// TestCoverPreflight runs the printer's cover rules over rendered covers:
// every rule passes for covers with and without art and with spine text;
// art under 300 dpi fails the image rule; a cover checked against another
// page count fails on its size and spine.
func TestCoverPreflight(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	for _, tc := range []struct {
		name      string
		pages     int
		checkAs   int
		art       []byte
		badRules  []string
		paper     book.Paper
		placement book.ArtPlace
	}{
		{name: "plain 120 pages", pages: 120, checkAs: 120},
		{name: "spine text 300 pages cream", pages: 300, checkAs: 300, paper: book.PaperCream},
		{name: "sharp art", pages: 120, checkAs: 120, art: artPNG(t, 1240, 1580)},
		{name: "soft art", pages: 120, checkAs: 120, art: artPNG(t, 600, 800), badRules: []string{preflight.RuleImageDPI}},
		{name: "soft panel", pages: 120, checkAs: 120, art: artPNG(t, 200, 200), placement: book.ArtPanel, badRules: []string{preflight.RuleImageDPI}},
		{name: "other page count", pages: 120, checkAs: 200, badRules: []string{preflight.RuleCoverSize, preflight.RuleSpine}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A small cover keeps the art small: 4 x 5in.
			b := coverBook(4, 5, tc.paper)
			opt := testOptions
			if tc.art != nil {
				b.Spec.Cover.Art, b.Spec.Cover.ArtAs, opt.CoverArt = "art.png", tc.placement, tc.art
			}
			res := renderCover(t, b, tc.pages, opt)
			per := whitePerPage
			if tc.paper == book.PaperCream {
				per = creamPerPage
			}
			rep, err := preflight.CheckCover(bytes.NewReader(res.PDF), preflight.KDP, preflight.CoverExpect{
				TrimW: 4 * 72, TrimH: 5 * 72, Pages: tc.checkAs, PerPage: per,
			})
			if err != nil {
				t.Fatalf("CheckCover: %v", err)
			}
			for _, r := range rep.Rules {
				bad := false
				for _, n := range tc.badRules {
					bad = bad || n == r.Name
				}
				if r.Pass == bad {
					t.Errorf("%s: pass %v (%s, want %s), want pass %v", r.Name, r.Pass, r.Measured, r.Want, !bad)
				}
			}
			if len(rep.Rules) < 8 {
				t.Errorf("%d rules, want the cover's 8", len(rep.Rules))
			}
		})
	}
}
