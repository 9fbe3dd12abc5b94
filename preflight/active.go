package preflight

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// RuleActive fails a PDF that carries active content: JavaScript, an
// action that launches a program, opens a web address or another file,
// submits or imports data or plays media, additional-action triggers,
// an XFA form, or an embedded file. A book needs none of it, printers
// refuse it, and in a file from elsewhere it is the part that can do
// harm when the PDF is opened: an embedded program is one click from
// running, and an address opened on its own says who read the file.
const RuleActive = "no active content"

// activeActions are the action types (/S) that run something or reach
// out of the file.
var activeActions = map[string]string{
	"JavaScript":       "JavaScript",
	"Launch":           "a launch action",
	"URI":              "a URI action",
	"GoToR":            "a go-to-remote action",
	"GoToE":            "a go-to-embedded action",
	"SubmitForm":       "a submit-form action",
	"ImportData":       "an import-data action",
	"Rendition":        "a rendition action",
	"Sound":            "a sound action",
	"Movie":            "a movie action",
	"RichMediaExecute": "a rich-media action",
}

// active lists the active content anywhere in the file: every object of
// the cross-reference table is walked, those packed in object streams
// included, so an action hidden away from the catalog and the pages is
// found too.
func (c checker) active() Rule {
	found := map[string]bool{}
	if c.doc.lazy != nil {
		// Walked when the file was opened (openStreaming).
		return c.activeRule(c.doc.active)
	}
	for num, e := range c.doc.ctx.XRefTable.Table {
		if e == nil || e.Free || e.Object == nil {
			continue
		}
		o := e.Object
		// pdfcpu leaves an object packed in an object stream undecoded
		// until something refers to it; one nothing refers to would
		// otherwise go unread here.
		if l, ok := o.(types.LazyObjectStreamObject); ok {
			d, err := l.DecodedObject(context.Background())
			if err != nil {
				// A viewer may read what pdfcpu cannot: unread is not clean.
				found[fmt.Sprintf("a packed object that cannot be read (object %d)", num)] = true
				continue
			}
			o = d
		}
		walkActive(o, 0, func(what string) { found[fmt.Sprintf("%s (object %d)", what, num)] = true })
	}
	return c.activeRule(found)
}

// lazyActive walks every object of a file read page by page, one at a
// time, for active content; the error is the first object that cannot be
// read. Such a file has no object streams (openLazy refuses the
// cross-reference stream they need).
func lazyActive(f *lazyFile) (map[string]bool, error) {
	found := map[string]bool{}
	err := f.eachObject(func(num int, o types.Object) {
		walkActive(o, 0, func(what string) { found[fmt.Sprintf("%s (object %d)", what, num)] = true })
	})
	if err != nil {
		found[fmt.Sprintf("an object that cannot be read (%v)", err)] = true
	}
	return found, err
}

func (c checker) activeRule(found map[string]bool) Rule {
	if len(found) == 0 {
		return c.rule(RuleActive, true, "none")
	}
	list := make([]string, 0, len(found))
	for f := range found {
		list = append(list, f)
	}
	sort.Strings(list)
	if len(list) > 5 {
		list = append(list[:5], fmt.Sprintf("and %d more", len(list)-5))
	}
	return c.rule(RuleActive, false, strings.Join(list, ", "))
}

// walkActive reports active content in o and the objects written inside
// it (references are walked where they are defined, as table entries).
func walkActive(o types.Object, depth int, report func(string)) {
	if depth > maxDepth {
		return
	}
	var d types.Dict
	switch v := o.(type) {
	case types.Dict:
		d = v
	case types.StreamDict:
		d = v.Dict
	case types.Array:
		for _, x := range v {
			walkActive(x, depth+1, report)
		}
		return
	default:
		return
	}
	if s, ok := d["S"].(types.Name); ok {
		if what, ok := activeActions[string(s)]; ok {
			report(what)
		}
	}
	for _, k := range []struct{ key, what string }{
		{"JS", "JavaScript"}, {"JavaScript", "JavaScript"}, {"AA", "additional actions"}, {"XFA", "an XFA form"},
	} {
		if _, ok := d[k.key]; ok {
			report(k.what)
		}
	}
	// The files themselves, not the catalog's EmbeddedFiles name tree,
	// which fpdf writes empty into every file.
	if _, ok := d["EF"]; ok {
		report("an embedded file" + fileName(d))
	}
	if t, ok := d["Type"].(types.Name); ok && t == "EmbeddedFile" {
		report("an embedded file")
	}
	if t, ok := d["Subtype"].(types.Name); ok && t == "FileAttachment" {
		report("a file attachment")
	}
	for _, v := range d {
		walkActive(v, depth+1, report)
	}
}

// fileName is a file specification's name, " NAME" as its /UF or /F
// spells it, or "" when it has none that reads.
func fileName(d types.Dict) string {
	for _, k := range []string{"UF", "F"} {
		var name string
		switch v := d[k].(type) {
		case types.StringLiteral:
			name, _ = types.StringLiteralToString(v)
		case types.HexLiteral:
			name, _ = types.HexLiteralToString(v)
		}
		if name = strings.Map(printable, name); name != "" {
			if len(name) > 64 {
				name = name[:64] + "..."
			}
			return " " + strconv.Quote(name)
		}
	}
	return ""
}

// printable drops the control characters a hostile name may carry.
func printable(r rune) rune {
	if unicode.IsPrint(r) {
		return r
	}
	return -1
}
