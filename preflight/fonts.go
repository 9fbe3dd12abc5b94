package preflight

import (
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Font is a font a PDF's pages (or the forms and patterns they draw) list
// in their resources.
type Font struct {
	Name     string // BaseFont, with the subset tag if any ("ABCDEF+GoRegular")
	Subtype  string // Type0, Type1, TrueType, Type3, ...
	Embedded bool   // the glyphs are in the file
	Page     int    // first page whose resources list it
}

// Fonts lists the fonts of a PDF in the order pages first list them.
func Fonts(pdf io.ReadSeeker) ([]Font, error) {
	ctx, err := readable(pdf)
	if err != nil {
		return nil, err
	}
	return fontsOf(&document{ctx: ctx})
}

// fonts walks every page's resources, and the resources of the forms and
// tiling patterns they hold, collecting each font dictionary once. A font
// listed but never used still goes to the printer, so it counts.
func fontsOf(doc *document) ([]Font, error) {
	w := fontWalk{x: doc.objects(), seenRes: map[int]bool{}, seenFont: map[string]bool{}}
	err := doc.eachPage(func(p page) error {
		return w.resources(p.res, p.n, 0)
	})
	return w.out, err
}

type fontWalk struct {
	x        objects
	seenRes  map[int]bool    // forms and patterns already walked
	seenFont map[string]bool // by object number, or name for direct fonts
	out      []Font
}

func (w *fontWalk) resources(res types.Dict, pageNr, depth int) error {
	if res == nil || depth > maxFormDepth {
		return nil
	}
	fontDict, err := w.x.DereferenceDict(res["Font"])
	if err != nil {
		return fmt.Errorf("%w: page %d fonts: %w", ErrUnreadable, pageNr, err)
	}
	for _, name := range slices.Sorted(maps.Keys(fontDict)) {
		ref := fontDict[name]
		key := fmt.Sprintf("obj %d", objNum(ref))
		if objNum(ref) == 0 {
			key = fmt.Sprintf("page %d /%s", pageNr, name)
		}
		if w.seenFont[key] {
			continue
		}
		w.seenFont[key] = true
		f, err := w.font(ref)
		if err != nil {
			return fmt.Errorf("%w: page %d font /%s: %w", ErrUnreadable, pageNr, name, err)
		}
		f.Page = pageNr
		w.out = append(w.out, f)
	}
	for _, category := range []string{"XObject", "Pattern"} {
		d, err := w.x.DereferenceDict(res[category])
		if err != nil {
			return fmt.Errorf("%w: page %d %s: %w", ErrUnreadable, pageNr, category, err)
		}
		for _, name := range slices.Sorted(maps.Keys(d)) {
			ref := d[name]
			num := objNum(ref)
			if num == 0 || w.seenRes[num] {
				continue
			}
			w.seenRes[num] = true
			o, err := w.x.Dereference(ref)
			if err != nil {
				return fmt.Errorf("%w: page %d %s: %w", ErrUnreadable, pageNr, category, err)
			}
			sd, ok := o.(types.StreamDict)
			if !ok {
				continue // shading patterns hold no fonts
			}
			if st := sd.Dict.Subtype(); category == "XObject" && (st == nil || *st != "Form") {
				continue
			}
			own, err := w.x.DereferenceDict(sd.Dict["Resources"])
			if err != nil {
				return fmt.Errorf("%w: page %d %s resources: %w", ErrUnreadable, pageNr, category, err)
			}
			if err := w.resources(own, pageNr, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// font reads one font dictionary. A simple font is embedded when its
// descriptor holds a FontFile, FontFile2 or FontFile3 stream; a composite
// (Type0) font when its descendant CID font's descriptor does; a Type3 font
// always is, its glyphs being drawings in the file.
func (w *fontWalk) font(ref types.Object) (Font, error) {
	d, err := w.x.DereferenceDict(ref)
	if err != nil {
		return Font{}, err
	}
	if d == nil {
		return Font{}, fmt.Errorf("missing font dictionary")
	}
	f := Font{}
	if n := d.NameEntry("BaseFont"); n != nil {
		f.Name = *n
	}
	if st := d.Subtype(); st != nil {
		f.Subtype = *st
	}
	switch f.Subtype {
	case "Type3":
		f.Embedded = true
		if f.Name == "" {
			f.Name = "(Type3)"
		}
		return f, nil
	case "Type0":
		kids, err := w.x.DereferenceArray(d["DescendantFonts"])
		if err != nil {
			return f, err
		}
		if len(kids) == 0 {
			return f, fmt.Errorf("Type0 font %s without a descendant font", f.Name)
		}
		if d, err = w.x.DereferenceDict(kids[0]); err != nil {
			return f, err
		}
		if d == nil {
			return f, fmt.Errorf("Type0 font %s: missing descendant font", f.Name)
		}
	}
	desc, err := w.x.DereferenceDict(d["FontDescriptor"])
	if err != nil {
		return f, err
	}
	for _, k := range []string{"FontFile", "FontFile2", "FontFile3"} {
		if desc != nil && desc[k] != nil {
			f.Embedded = true
		}
	}
	return f, nil
}
