package preflight

import (
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	"github.com/sudokubook/sudokubook/internal/ttfsubset"
)

// A font's Ascent and Descent bound every glyph it has, accented capitals
// included, so a line of plain capitals measured by them seems to reach
// higher than its ink does: a head set so that a tall accent would just
// touch the margin measured 0.04in into it on every interior. Where the
// PDF embeds the font program and says which glyph each code shows (a
// composite font with TrueType outlines and Identity-H codes, what
// sudokubook and most writers embed), the ink measure takes each glyph's
// own box from the font program instead. Other fonts keep the font-wide
// box.

// glyphBoxes is what the ink measure knows of a font's glyph boxes.
type glyphBoxes struct {
	upe   float64              // font units per em
	boxes []ttfsubset.GlyphBox // by glyph index
	gids  []byte               // the CIDToGIDMap stream; nil: CID = glyph index
}

// box is the box of the glyph code shows, in 1/1000 em, and whether it
// has any ink. A code past the map shows glyph 0, .notdef, as a reader
// draws it.
func (gb *glyphBoxes) box(code int) (x0, y0, x1, y1 float64, ok bool) {
	gid := code
	if gb.gids != nil {
		gid = 0
		if 2*code+1 < len(gb.gids) {
			gid = int(gb.gids[2*code])<<8 | int(gb.gids[2*code+1])
		}
	}
	if gid < 0 || gid >= len(gb.boxes) || !gb.boxes[gid].Ink {
		return 0, 0, 0, 0, false
	}
	b, k := gb.boxes[gid], 1000/gb.upe
	return float64(b.X0) * k, float64(b.Y0) * k, float64(b.X1) * k, float64(b.Y1) * k, true
}

// readGlyphBoxes reads the glyph boxes of the composite font type0 whose
// descendant is cid, or nil when the font is not one whose glyphs can be
// found (another encoding or outline format, no embedded program, a
// program that does not parse).
func (s *scanner) readGlyphBoxes(type0, cid types.Dict) *glyphBoxes {
	if enc, _ := type0["Encoding"].(types.Name); enc != "Identity-H" {
		return nil
	}
	if sub, _ := cid["Subtype"].(types.Name); sub != "CIDFontType2" {
		return nil
	}
	fd, err := s.x.DereferenceDict(cid["FontDescriptor"])
	if err != nil || fd == nil {
		return nil
	}
	ff, _, err := s.x.DereferenceStreamDict(fd["FontFile2"])
	if err != nil || ff == nil || decode(ff) != nil {
		return nil
	}
	upe, boxes, err := ttfsubset.Boxes(ff.Content)
	if err != nil {
		return nil
	}
	gb := &glyphBoxes{upe: float64(upe), boxes: boxes}
	o, err := s.x.Dereference(cid["CIDToGIDMap"])
	if err != nil {
		return nil
	}
	switch v := o.(type) {
	case nil:
	case types.Name:
		if v != "Identity" {
			return nil
		}
	default:
		sd, _, err := s.x.DereferenceStreamDict(cid["CIDToGIDMap"])
		if err != nil || sd == nil || decode(sd) != nil {
			return nil
		}
		gb.gids = sd.Content
	}
	return gb
}
