// Package layout draws a book's pages: the print-ready interior PDF, its
// paperback cover, and single grids as PNG images or one-page vector PDFs.
//
// # Books
//
// RenderBook takes an assembled book.Book and returns the PDF, the PageMap
// (the page of every puzzle and solution) and a Report of what was drawn
// (the smallest text, the thinnest line, the margins and gutter used) for
// the preflight checker.
//
// The book is planned before it is drawn. The plan lists every page in
// order: title page, copyright page, how to play, contents, the intro (each
// switched by the spec's front matter), then each section from a new page
// (from a right-hand page when the spec asks section_start: right, which
// may add a blank page), then the solutions, then a blank page if the count
// is odd. The PDF is drawn from the plan and the PageMap is read from it,
// so the two always agree. With an automatic gutter the plan is made first
// with the narrowest gutter and remade until the gutter the page count asks
// for is the one it was made with.
//
// # Pages
//
// Page 1 is a right-hand page; odd pages are right-hand pages, with the
// gutter (inside margin) on the left. With bleed the page is 0.125in wider
// and 0.25in taller than the trim, the extra lying outside the trim on the
// outside edge, top and bottom; every page carries a TrimBox. Nothing is
// drawn outside the live area (the trim less the margins): running heads
// sit at its top and page numbers at its outside bottom corner. Title and
// blank pages have no number.
//
// Puzzle pages hold 1, 2, 4 or 6 grids, solution pages 4 to 12. The grids
// are laid out in whichever rows and columns give the largest squares on
// the page (2 stacked on a 6x9 page, 2x2, 2x3), all the same size on every
// page, at least book.PuzzleGap (SolutionGap) apart, the free space spread
// evenly: the same clear distance across and down where the page allows,
// the block centred. The rule is book.Spec.PageSlots, which the spec's
// validation uses too. Contents entries carry each section's puzzle
// numbers and solution pages head with theirs; name_line adds a Name /
// Date / Time line to puzzle pages (PageSlots takes its room) and
// section_openers a page opening each section. A worksheet (solutions:
// foot) has no solutions pages: each page's answers sit in a band at its
// foot, below a dashed rule, turned half a turn (turn.go), so the page
// turned shows the first answer first; the band's room is taken from the
// puzzles' (PageSlots again). Givens are bold and solved digits regular, both solid black: they
// differ by weight, never by a tint. No grey on an interior page is lighter
// than 70% black (lightestInk), since presses halftone a light grey at small
// sizes into fuzz; the how-to-play example frames its cell rather than
// shading it.
//
// The title page's ornament and the how-to-play example are grids made
// for their pages from the book's seed (book.Book.MakeFront), never one of
// the book's puzzles, each proved to have one solution; the caption names
// the framed cell's digit.
//
// Texts with optional parts (the copyright line without an author, the
// generator line without a version) use templates.Fill's [optional] groups.
// The intro keeps the line breaks it was written with; blank lines part
// paragraphs.
//
// # Drawing
//
// Everything is drawn through a small canvas interface (lines, filled
// rectangles, text) that the PDF writers and a greyscale raster all
// implement, so a grid is drawn by one routine, drawCells, in a PDF and in a
// PNG alike; a cover can reuse it. drawCells takes any engine.Geometry: sizes
// 4x4 to 16x16 with their box lines (digits 10-16, or letters A-P; on
// classic 4x4 and 6x6 with style.shapes, shapes drawn as paths, see
// symbolshapes.go), jigsaw
// regions as heavy lines instead of boxes, the extra houses of X (diagonals)
// and hyper (windows) as a light grey fill under the digits, and figures of
// several grids (samurai) with lines only around the cells in play. A
// geometry's constraints (killer cages) are drawn over the lines, each
// by its own file (layers.go). A grid too
// small for 7pt digits in its cells is refused (gridStyle.fits).
// A book's interior is written by pdfStream a page at a time, straight to
// its file, so a build's memory does not grow with the book; the cover and
// the single-grid PDFs, a page each, go through fpdf (pdfCanvas), which
// also sets the cover's colours, turned spine text and art.
// Only grey levels are set on interior pages. The fonts are Liberation Serif (text) and
// Liberation Sans (heads and digits), embedded and subset in every PDF (no
// core fonts), so the letters of es, fr, it and de all print and the text
// can be searched; see fontSet. No line is thinner than MinLine and no text
// smaller than MinText, whatever a style asks.
//
// Text sizes all follow the style's text size: headings larger, and the
// finest print (page numbers, the copyright page, solution labels) at 0.85
// of it. That finest print is the book's floor: the how-to-play text
// shrinks to fit its example no further, and grid digits are raised to it
// wherever a cell can hold them, so a book set in 19pt (the large-print
// preset) prints nothing under 16pt, digits included. Report.MinTextPt is
// recorded from every string drawn, digits too.
//
// The same book and options give the same PDF bytes: the file's dates are
// January 1 of the book's year, and nothing else depends on the clock or
// on map order.
//
// # Covers
//
// RenderCover draws a paperback's full-wrap cover as one PDF page: bleed,
// back, spine, front, bleed, following KDP's calculator. The spine is the
// interior's page count times the thickness of a page (0.002252in on white
// paper, 0.0025in on cream); the bleed is 0.125in all round, and the
// TrimBox marks the trimmed cover. A 6x9in book of 120 pages on white
// paper has a 0.27024in spine and a 12.52024x9.25in cover.
//
// The cover is drawn in colour, in the spec's theme (book.CoverThemes, a
// charcoal wrap with white type by default) through coverCanvas; interior
// pages stay grey. The front sets an optional badge, then the title,
// subtitle and author in the book's fonts, each as large as fits (smaller
// or on more lines when long, never cut: CheckCover refuses, naming the
// field, what cannot be set legibly), over a large grid drawn by drawGrid
// from the book's first hard puzzle, or the spec's art (a background under
// bands of the ground colour, or a framed panel; its resolution at print
// size is reported in CoverResult.Warnings under 300 dpi); the back sets
// the title, the spec's blurb or the intro's first paragraph, a table of the sections (name, a five-step
// difficulty meter, puzzle count, total) and the language's promise that
// every puzzle has one solution; a 2x1.2in area at its lower right is left
// unprinted for the barcode. The spine carries the title and author, read
// from top to bottom, only from 80 pages and only when, set to fit the
// spine less 0.0625in on each side, it is no smaller than the book's
// smallest type (a thinner spine stays blank). Everything else
// stays 0.25in inside the trim of its panel, and no type on the front or
// back is smaller than the interior's finest print.
//
// # Single grids
//
// RenderPNG writes a greyscale PNG whose pHYs chunk records its DPI. It
// draws straight into 8-bit grey (rectangles by exact area coverage, glyphs
// from cached masks) and encodes with a grey-only encoder, about a
// millisecond of CPU for a 450-pixel grid; its pixels stay within a few
// levels of the gg renderer it replaced (TestRasterMatchesGG).
// RenderSinglePDF writes a PDF whose page is exactly the grid, frame
// included, for page-layout programs.
package layout
