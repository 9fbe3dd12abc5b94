// Package preflight checks a finished interior PDF against a print-on-demand
// printer's rules before it is uploaded, so a rejection (or a book printed
// with grey smudges for hairlines) is caught at build time.
//
// Check reads the file with pdfcpu and returns a Report: one Rule per
// printer rule, each with what was measured and what the printer wants.
// Report.Write prints them a line each:
//
//	PASS page size: 6.000 x 9.000 in (want 6 x 9 in)
//	FAIL line width: smallest 0.20 pt (page 3, stroke) (want lines at least 0.75 pt)
//
// The rules, in report order:
//
//   - valid PDF: pdfcpu validates the file in strict mode; when that fails
//     it tries relaxed mode, which forgives the slips common writers make
//     (fpdf writes link annotations inline, which only relaxed accepts).
//     Relaxed-only passes and says so, with the strict error.
//   - page size: every page (crop box, else media box, turned by /Rotate)
//     is the trim, or the trim plus the printer's bleed, within 0.5 pt; a
//     TrimBox, when set, must be the trim.
//   - page count: between the printer's least and most pages for the trim.
//   - fonts embedded: every font in the pages' resources (and in the forms
//     and patterns they hold) has its glyphs in the file: a FontFile,
//     FontFile2 or FontFile3 in the descriptor, for a Type0 font in its
//     descendant font's descriptor.
//   - text size: no text under 7 pt, measured in the content streams (Tf
//     size through the text and current matrices, at each text-showing
//     operator) and, when the caller gives it, in the layout's own record.
//   - line width: no line under 0.75 pt, measured the same way (the line
//     width through the current matrix at each stroke, and filled
//     rectangles thin enough to be rules), and from the layout's record.
//   - greyscale: no mark painted in colour: RGB with unequal components,
//     CMYK with cyan, magenta or yellow, spot colours other than black,
//     shadings and images in colour spaces that hold colour. Colours are
//     judged where they are used, not where they are set.
//   - no annotations: no page has /Annots (links, notes, form fields) and
//     the catalog has no bookmarks (/Outlines with an entry).
//   - margins: the gutter and the outside, top and bottom margins the
//     caller used are at least the printer's minimum for this page count.
//     A PDF records ink, not intent, so these come from Expect; a margin
//     not given fails.
//
// CheckFile is Check for a file on disk: past StreamAbove bytes it reads
// the file a page at a time (lazy.go), an object at a time through
// pdfcpu's own parser, so a big book is checked in flat memory; every rule
// runs the same code, but "valid PDF" then says pdfcpu's whole-file
// validation was not run and checks only that every object and the page
// tree read.
//
// The printers' numbers (bleed, page limits by trim, margins, the gutter
// table) are in printer.go, stated as facts with their sources' caveats.
//
// PageInfo and Fonts expose the page boundaries and the font list on their
// own, for tests elsewhere that want to look inside a generated book.
//
// pdfcpu normally keeps a configuration directory under the user's config
// dir, which it creates on first use; this package turns that off (as
// pdfcpu's api.DisableConfigDir does) before its first read, as a read-only
// checker needs none of it.
package preflight
