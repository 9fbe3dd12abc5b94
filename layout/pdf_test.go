package layout

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"regexp"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

func init() {
	// pdfcpu would otherwise write a configuration directory under $HOME.
	api.DisableConfigDir()
}

func strictConf() *model.Configuration {
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	return conf
}

// readPDF validates a PDF in strict mode and returns its context.
func readPDF(t *testing.T, data []byte) *model.Context {
	t.Helper()
	if err := api.Validate(bytes.NewReader(data), strictConf()); err != nil {
		t.Fatalf("strict validation: %v", err)
	}
	ctx, err := api.ReadAndValidate(bytes.NewReader(data), strictConf())
	if err != nil {
		t.Fatalf("reading PDF: %v", err)
	}
	return ctx
}

// pageBoxes returns each page's MediaBox and TrimBox as [llx lly urx ury].
func pageBoxes(t *testing.T, data []byte) (media, trim [][4]float64) {
	t.Helper()
	pbs, err := api.Boxes(bytes.NewReader(data), nil, strictConf())
	if err != nil {
		t.Fatalf("reading page boxes: %v", err)
	}
	for i, pb := range pbs {
		if pb.Media == nil || pb.Trim == nil {
			t.Fatalf("page %d: MediaBox %v, TrimBox %v: want both", i+1, pb.Media, pb.Trim)
		}
		m, tr := pb.Media.Rect, pb.Trim.Rect
		media = append(media, [4]float64{m.LL.X, m.LL.Y, m.UR.X, m.UR.Y})
		trim = append(trim, [4]float64{tr.LL.X, tr.LL.Y, tr.UR.X, tr.UR.Y})
	}
	return media, trim
}

// pdfFonts lists the fonts a PDF uses and whether each is embedded.
func pdfFonts(t *testing.T, data []byte) map[string]bool {
	t.Helper()
	conf := model.NewDefaultConfiguration()
	info, err := api.PDFInfo(bytes.NewReader(data), "test.pdf", nil, true, conf)
	if err != nil {
		t.Fatalf("PDFInfo: %v", err)
	}
	out := map[string]bool{}
	for _, f := range info.Fonts {
		out[f.Name] = f.Embedded
	}
	return out
}

var (
	textOp   = regexp.MustCompile(`\((?:\\.|[^\\)])*\)\s*Tj`)
	colourOp = regexp.MustCompile(`(?m)(^|\s)[-0-9.]+\s+[-0-9.]+\s+[-0-9.]+\s+(rg|RG)\b`)
)

// pageContent returns the decoded content stream of page n (1-based).
func pageContent(t *testing.T, ctx *model.Context, n int) string {
	t.Helper()
	r, err := pdfcpu.ExtractPageContent(ctx, n)
	if err != nil {
		t.Fatalf("page %d content: %v", n, err)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("page %d content: %v", n, err)
	}
	return string(b)
}

// pageText returns the strings shown on a page, in drawing order, one per
// Tj. fpdf writes UTF-8 fonts' text as escaped UTF-16BE literals.
func pageText(t *testing.T, content string) []string {
	t.Helper()
	var out []string
	for _, m := range textOp.FindAllString(content, -1) {
		lit := m[1:strings.LastIndex(m, ")")]
		var raw []byte
		for i := 0; i < len(lit); i++ {
			c := lit[i]
			if c == '\\' && i+1 < len(lit) {
				i++
				switch lit[i] {
				case 'r':
					c = '\r'
				case 'n':
					c = '\n'
				default:
					c = lit[i]
				}
			}
			raw = append(raw, c)
		}
		if len(raw)%2 != 0 {
			t.Fatalf("text literal %q has an odd byte count", lit)
		}
		u := make([]uint16, len(raw)/2)
		for i := range u {
			u[i] = uint16(raw[2*i])<<8 | uint16(raw[2*i+1])
		}
		out = append(out, string(utf16.Decode(u)))
	}
	return out
}

func near(a, b float64) bool { return math.Abs(a-b) < 0.02 }

func boxString(b [4]float64) string {
	return fmt.Sprintf("[%.2f %.2f %.2f %.2f]", b[0], b[1], b[2], b[3])
}
