package layout

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The Chromium test opens the SVGs in a real headless Chromium, as an app's
// web view or a browser would show them, and holds what it draws to the
// PNG of the same grid. Chromium comes from Debian's chromium package
// (SUDOKUBOOK_CHROMIUM names another binary); without one the test is
// skipped on a developer's machine and fails in CI (CI=true), as the web
// edition's are. SUDOKUBOOK_SCREENSHOTS=DIR keeps what it saw.

func svgBrowser(t *testing.T) context.Context {
	t.Helper()
	path := os.Getenv("SUDOKUBOOK_CHROMIUM")
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome-stable", "google-chrome"} {
		if path != "" {
			break
		}
		path, _ = exec.LookPath(name)
	}
	if path == "" {
		msg := "no Chromium found: the SVG drawing was not looked at"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("force-device-scale-factor", "1"),
		chromedp.ProxyServer("127.0.0.1:9"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(600, 600),
	)
	ctx, cancelTab := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	return ctx
}

// fontFaces declares the digit faces to a page from their own bytes, so
// an SVG whose text names them is set in them whatever the machine has.
func fontFaces(fs ...Font) string {
	var b strings.Builder
	for _, f := range fs {
		fam, w, s := svgFamily(f)
		fam = strings.ReplaceAll(strings.SplitN(fam, ",", 2)[0], "&apos;", "'")
		fmt.Fprintf(&b, "@font-face{font-family:%s;font-weight:%s;font-style:%s;src:url(data:font/ttf;base64,%s)}\n",
			fam, or(w, "normal"), or(s, "normal"), base64.StdEncoding.EncodeToString(f.ttf))
	}
	return b.String()
}

func or(s, dflt string) string {
	if s == "" {
		return dflt
	}
	return s
}

// meanDiff is the mean absolute difference of two greyscale rasters of
// one size, in grey levels (0-255).
func meanDiff(a, b *image.Gray) float64 {
	sum := 0
	for y := range a.Rect.Dy() {
		for x := range a.Rect.Dx() {
			d := int(a.GrayAt(x, y).Y) - int(b.GrayAt(x, y).Y)
			sum += max(d, -d)
		}
	}
	return float64(sum) / float64(a.Rect.Dx()*a.Rect.Dy())
}

// TestSVGInChromium shows SVGs of several kinds in Chromium, with text as
// text (its faces declared by the page) and outlined, and compares the
// screenshot with the PNG the same grid renders at 96 dpi, where a point
// is one CSS pixel's three quarters, so both are on one pixel grid. The
// two rasterisers smooth edges differently, so the bound is on the mean
// difference; the PNG of the grid's solution, which differs from the
// puzzle by its filled digits only, must lie well outside it, or the
// bound would not tell a wrong drawing from a right one.
func TestSVGInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	ctx := svgBrowser(t)
	dir := os.Getenv("SUDOKUBOOK_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	const side, dpi = 240, 96 // 320 pixels
	figs := svgFigures(t)
	css := fontFaces(defaultFonts().Given, defaultFonts().Filled)
	for _, name := range []string{"9x9 classic", "killer", "samurai", "9x9 jigsaw", "16x16 classic"} {
		fig := figs[name]
		for _, text := range []SVGText{SVGTextAsText, SVGTextOutlined} {
			t.Run(fmt.Sprintf("%s text=%d", name, text), func(t *testing.T) {
				var doc, puzzle, solution bytes.Buffer
				if err := RenderSVG(&doc, fig, false, side, testStyle, text); err != nil {
					t.Fatal(err)
				}
				for _, c := range []struct {
					buf  *bytes.Buffer
					show bool
				}{{&puzzle, false}, {&solution, true}} {
					if err := RenderPNG(c.buf, fig, c.show, side, dpi, testStyle); err != nil {
						t.Fatal(err)
					}
				}
				svg := doc.String()[strings.Index(doc.String(), "<svg"):]
				page := "<!doctype html><html><head><style>" + css + "body{margin:0}svg{display:block}</style></head><body>" + svg + "</body></html>"
				base := strings.ReplaceAll(fmt.Sprintf("svg-%s-%d", name, text), " ", "_")
				file := filepath.Join(dir, base+".html")
				if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := chromedp.Do(ctx, chromedp.Navigate("file://"+file)); err != nil {
					t.Fatal(err)
				}
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.fonts.ready.then(() => document.fonts.status)`, chromedp.EvalAwaitPromise)); err != nil {
					t.Fatal(err)
				}
				shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, base+".png"), shot, 0o644); err != nil {
					t.Fatal(err)
				}
				seen := greyOf(t, shot, 320)
				want, other := greyOf(t, puzzle.Bytes(), 320), greyOf(t, solution.Bytes(), 320)
				d, control := meanDiff(seen, want), meanDiff(seen, other)
				t.Logf("%s: mean difference from the PNG %.2f, from the solution's %.2f", base, d, control)
				if d > 4 {
					t.Errorf("Chromium's drawing differs from the PNG by %.2f grey levels on average, want at most 4", d)
				}
				if control < 2*d+1 {
					t.Errorf("the solution's PNG is %.2f levels away and the puzzle's %.2f: the comparison cannot tell them apart", control, d)
				}
			})
		}
	}
}

// greyOf decodes a PNG and returns its top-left n x n pixels in grey.
func greyOf(t *testing.T, data []byte, n int) *image.Gray {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() < n || b.Dy() < n {
		t.Fatalf("image of %dx%d, want at least %d square", b.Dx(), b.Dy(), n)
	}
	g := image.NewGray(image.Rect(0, 0, n, n))
	for y := range n {
		for x := range n {
			g.Set(x, y, img.At(img.Bounds().Min.X+x, img.Bounds().Min.Y+y))
		}
	}
	return g
}
