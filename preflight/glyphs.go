package preflight

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// A glyph a font does not have prints as its .notdef glyph, an empty box
// or nothing, and the PDF is still valid: a Japanese title in a Latin font
// passes every other rule. For a composite font with TrueType outlines
// (CIDFontType2, what fpdf and most writers embed for Unicode text) the
// PDF says which glyph each character code shows: the CIDToGIDMap stream
// maps each CID (with Identity-H, the two-byte code) to a glyph index, and
// index 0 is .notdef. The scanner looks up every code shown in such a font.
// Other fonts (simple fonts, CFF outlines, an Identity map) cannot be
// judged this way and are counted as not checked.

// glyphMap is what the scanner knows of one font's glyphs.
type glyphMap struct {
	name    string
	gids    []byte // the CIDToGIDMap stream: two bytes per CID; nil when it cannot be judged
	checked bool   // gids holds a map the codes can be looked up in
}

// glyphRecord is what the scanner found about glyphs over the whole file.
type glyphRecord struct {
	fonts     map[int]*glyphMap // by font object number
	missing   map[string]map[int]bool
	pages     map[int]bool // pages with a missing glyph
	unchecked map[string]bool
	shown     int // codes looked up
}

// fontGlyphs reads (once) the glyph map of the font resource o.
func (s *scanner) fontGlyphs(o types.Object) *glyphMap {
	if s.glyphs.fonts == nil {
		s.glyphs.fonts = map[int]*glyphMap{}
	}
	num := objNum(o)
	if gm, ok := s.glyphs.fonts[num]; ok && num != 0 {
		return gm
	}
	gm := &glyphMap{}
	if num != 0 {
		s.glyphs.fonts[num] = gm
	}
	d, err := s.x.DereferenceDict(o)
	if err != nil || d == nil {
		return gm
	}
	if n, ok := d["BaseFont"].(types.Name); ok {
		gm.name = string(n)
	}
	if sub, _ := d["Subtype"].(types.Name); sub != "Type0" {
		return gm
	}
	if enc, _ := d["Encoding"].(types.Name); enc != "Identity-H" && enc != "Identity-V" {
		return gm
	}
	cid := s.descendant(d)
	if sub, _ := cid["Subtype"].(types.Name); sub != "CIDFontType2" {
		return gm
	}
	sd, _, err := s.x.DereferenceStreamDict(cid["CIDToGIDMap"])
	if err != nil || sd == nil {
		return gm // absent or /Identity: every CID is its own glyph index
	}
	if err := sd.Decode(); err != nil {
		return gm
	}
	gm.gids, gm.checked = sd.Content, true
	return gm
}

// showGlyphs looks up every code of the strings a text-showing operator
// shows in the current font.
func (s *scanner) showGlyphs(font types.Object, op string, args []types.Object) {
	if font == nil {
		return
	}
	gm := s.fontGlyphs(font)
	var strs []types.Object
	switch op {
	case "TJ":
		if len(args) == 1 {
			if arr, ok := args[0].(types.Array); ok {
				strs = arr
			}
		}
	default:
		if len(args) > 0 {
			strs = args[len(args)-1:]
		}
	}
	for _, o := range strs {
		b, ok := stringBytes(o)
		if !ok {
			continue
		}
		if !gm.checked {
			if len(b) > 0 {
				if s.glyphs.unchecked == nil {
					s.glyphs.unchecked = map[string]bool{}
				}
				s.glyphs.unchecked[gm.name] = true
			}
			continue
		}
		for i := 0; i+1 < len(b); i += 2 {
			cid := int(b[i])<<8 | int(b[i+1])
			s.glyphs.shown++
			if 2*cid+1 < len(gm.gids) && (gm.gids[2*cid] != 0 || gm.gids[2*cid+1] != 0) {
				continue
			}
			if s.glyphs.missing == nil {
				s.glyphs.missing, s.glyphs.pages = map[string]map[int]bool{}, map[int]bool{}
			}
			if s.glyphs.missing[gm.name] == nil {
				s.glyphs.missing[gm.name] = map[int]bool{}
			}
			s.glyphs.missing[gm.name][cid] = true
			s.glyphs.pages[s.page] = true
		}
	}
}

// stringBytes is the bytes of a string operand, literal or hex.
func stringBytes(o types.Object) ([]byte, bool) {
	switch v := o.(type) {
	case types.StringLiteral:
		b, err := types.Unescape(v.Value())
		return b, err == nil
	case types.HexLiteral:
		b, err := v.Bytes()
		return b, err == nil
	}
	return nil, false
}

// glyphs judges the glyph record: a code shown with no glyph fails.
func (c checker) glyphs(m marks) Rule {
	if m.scanErr != nil {
		return c.rule(RuleGlyphs, false, "not measured: "+m.scanErr.Error())
	}
	g := m.scan.glyphs
	var unchecked string
	if len(g.unchecked) > 0 {
		names := make([]string, 0, len(g.unchecked))
		for n := range g.unchecked {
			names = append(names, n)
		}
		sort.Strings(names)
		unchecked = "; not checked (no glyph map to read): " + strings.Join(names, ", ")
	}
	if len(g.missing) == 0 {
		return c.rule(RuleGlyphs, true, fmt.Sprintf("%d characters shown, every one with a glyph%s", g.shown, unchecked))
	}
	var parts []string
	fonts := make([]string, 0, len(g.missing))
	for f := range g.missing {
		fonts = append(fonts, f)
	}
	sort.Strings(fonts)
	for _, f := range fonts {
		cids := make([]int, 0, len(g.missing[f]))
		for c := range g.missing[f] {
			cids = append(cids, c)
		}
		sort.Ints(cids)
		var shown []string
		for i, c := range cids {
			if i == 8 {
				shown = append(shown, "...")
				break
			}
			shown = append(shown, fmt.Sprintf("CID %04X", c))
		}
		parts = append(parts, fmt.Sprintf("%s has no glyph for %s", f, strings.Join(shown, ", ")))
	}
	pages := make([]int, 0, len(g.pages))
	for p := range g.pages {
		pages = append(pages, p)
	}
	sort.Ints(pages)
	return c.rule(RuleGlyphs, false, fmt.Sprintf("%s (first on page %d; they print as empty boxes)%s", strings.Join(parts, "; "), pages[0], unchecked))
}

// descendant is a composite font's CIDFont dictionary, or nil.
func (s *scanner) descendant(type0 types.Dict) types.Dict {
	desc, err := s.x.DereferenceArray(type0["DescendantFonts"])
	if err != nil || len(desc) == 0 {
		return nil
	}
	cid, err := s.x.DereferenceDict(desc[0])
	if err != nil {
		return nil
	}
	return cid
}
