package layout

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
)

// inkBox records the extent of everything drawn on it, and every grey level
// used.
type inkBox struct {
	minX, minY, maxX, maxY float64
	ops                    int
	greys                  map[Grey]bool
}

func newInkBox() *inkBox {
	return &inkBox{minX: 1e9, minY: 1e9, maxX: -1e9, maxY: -1e9, greys: map[Grey]bool{}}
}

func (b *inkBox) add(x0, y0, x1, y1 float64, g Grey) {
	b.minX, b.minY = min(b.minX, x0, x1), min(b.minY, y0, y1)
	b.maxX, b.maxY = max(b.maxX, x0, x1), max(b.maxY, y0, y1)
	b.ops++
	b.greys[g] = true
}

// Line extends a square-capped line by half its width every way.
func (b *inkBox) Line(x1, y1, x2, y2, w float64, g Grey) {
	b.add(min(x1, x2)-w/2, min(y1, y2)-w/2, max(x1, x2)+w/2, max(y1, y2)+w/2, g)
}

func (b *inkBox) Rect(x, y, w, h float64, g Grey) { b.add(x, y, x+w, y+h, g) }

func (b *inkBox) Text(x, y float64, s string, f Font, size float64, g Grey, a Align) {
	if s == "" {
		return
	}
	x0 := alignX(x, s, f, size, a)
	above, below := inkExtent(f, size)
	b.add(x0, y-above, x0+textWidth(f, size, s), y+below, g)
}

// TestInkInsideLiveArea draws every page of several books on a recorder and
// checks that nothing reaches into the margins: everything, page numbers
// included, lies within the live area, which is what print-on-demand
// checks ask of an interior.
func TestInkInsideLiveArea(t *testing.T) {
	long := strings.Repeat("Sudoku is a placement puzzle played on a nine by nine grid, with accents: "+
		"déjà vu, Übung, ñandú, così. ", 40)
	cases := []struct {
		name   string
		counts []int
		edit   func(s *book.Spec)
	}{
		{"6x9, 2 a page", []int{7, 5}, func(s *book.Spec) {}},
		{"a4 worksheets, name line, openers, 6 a page", []int{7, 1}, func(s *book.Spec) {
			s.Trim = book.Size{W: 595, H: 842}
			s.PuzzlesPerPage, s.NameLine, s.SectionOpeners = 6, true, true
		}},
		{"6x9 bleed, 6 a page, long intro", []int{13}, func(s *book.Spec) {
			s.Bleed, s.PuzzlesPerPage, s.SolutionsPerPage = true, 6, 12
			s.Intro = long + "\n\n" + long
		}},
		{"5x8, 4 a page, big text", []int{9, 3}, func(s *book.Spec) {
			s.Trim = book.Size{W: 5 * 72, H: 8 * 72}
			s.PuzzlesPerPage, s.SolutionsPerPage = 4, 9
			s.Style.TextSize = 13
			s.Title = "A Very Long Title That Has To Wrap Over Several Lines Of The Title Page"
		}},
		{"letter, 1 a page, digit size set", []int{3}, func(s *book.Spec) {
			s.Trim = book.Size{W: 8.5 * 72, H: 11 * 72}
			s.PuzzlesPerPage, s.SolutionsPerPage = 1, 4
			s.Style.DigitSize = 30
		}},
		{"landscape", []int{4}, func(s *book.Spec) {
			s.Trim = book.Size{W: 9 * 72, H: 6 * 72}
			s.PuzzlesPerPage, s.SolutionsPerPage = 2, 8
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := testSpec()
			tc.edit(s)
			b := testBook(s, tc.counts...)
			p := planBook(b, mustTexts(t, "en"))
			if *previewDir != "" {
				preview(t, strings.NewReplacer(" ", "_", ",", "").Replace(tc.name)+".pdf", render(t, b, testOptions).PDF)
			}
			for i, pg := range p.pages {
				n := i + 1
				box := newInkBox()
				d := drawer{p: p, c: box, year: 2025, opt: testOptions}
				d.page(n, pg)
				if pg.kind == blankPage {
					if box.ops != 0 {
						t.Errorf("blank page %d: %d drawing operations, want none", n, box.ops)
					}
					continue
				}
				if box.ops == 0 {
					t.Errorf("page %d (%v) draws nothing", n, pg.kind)
					continue
				}
				live := p.geo.content(n)
				const eps = 0.01
				if box.minX < live.X-eps || box.minY < live.Y-eps || box.maxX > live.right()+eps || box.maxY > live.bottom()+eps {
					t.Errorf("page %d (%v): ink spans x %.1f-%.1f y %.1f-%.1f, live area x %.1f-%.1f y %.1f-%.1f",
						n, pg.kind, box.minX, box.maxX, box.minY, box.maxY, live.X, live.right(), live.Y, live.bottom())
				}
				for g := range box.greys {
					if g < 0 || g > 1 {
						t.Errorf("page %d: grey level %v out of 0-1", n, g)
					}
				}
			}
		})
	}
}

func (k pageKind) String() string {
	names := []string{"blank", "title", "copyright", "how to play", "contents", "intro", "puzzles", "solutions", "opener"}
	if int(k) < len(names) {
		return names[k]
	}
	return fmt.Sprintf("pageKind(%d)", int(k))
}
