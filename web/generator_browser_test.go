package web

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image/png"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/sudokubook/sudokubook/engine"
)

// The generator page's tests build the browser engine afresh (go run
// ./internal/mkengine), so they play the engine of the commit, not one
// left in wasmbin by an older go generate.
var builtEngine struct {
	once       sync.Once
	wasm, exec []byte
	err        error
}

func testEngine(t *testing.T) ([]byte, []byte) {
	t.Helper()
	builtEngine.once.Do(func() {
		dir, err := os.MkdirTemp("", "sb-engine")
		if err != nil {
			builtEngine.err = err
			return
		}
		defer os.RemoveAll(dir)
		out, err := exec.Command("go", "run", "./internal/mkengine", "-o", dir).CombinedOutput()
		if err != nil {
			builtEngine.err = fmt.Errorf("mkengine: %v\n%s", err, out)
			return
		}
		builtEngine.wasm, builtEngine.err = os.ReadFile(filepath.Join(dir, "engine.wasm.gz"))
		if builtEngine.err == nil {
			builtEngine.exec, builtEngine.err = os.ReadFile(filepath.Join(dir, "wasm_exec.js"))
		}
	})
	if builtEngine.err != nil {
		t.Fatal(builtEngine.err)
	}
	return builtEngine.wasm, builtEngine.exec
}

func generatorPage(t *testing.T, lang string) string {
	t.Helper()
	wasm, x := testEngine(t)
	page, err := Generator(GeneratorOptions{Language: lang, Engine: wasm, WasmExec: x})
	if err != nil {
		t.Fatal(err)
	}
	return pageFile(t, "generator.html", page)
}

// until polls js until it is true, failing the test after limit.
func (b tab) until(js string, limit time.Duration) {
	b.t.Helper()
	for end := time.Now().Add(limit); ; {
		if eval[bool](b, js) {
			return
		}
		if time.Now().After(end) {
			b.t.Fatalf("waited %v for %s; status %q", limit, js, b.text("sb-progress"))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// phone sets the tab to a 390 x 844 phone, or back to the desktop for w 0.
func (b tab) size(w, h int64, mobile bool) {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetDeviceMetricsOverride,
			emulation.SetDeviceMetricsOverrideParams{Width: w, Height: h, DeviceScaleFactor: 1, Mobile: mobile})
		return err
	}))
}

// make asks the page for a puzzle of kind ("jigsaw:9", its option's
// kind and side) and level,
// waits for it, and returns its shared link's kind and line.
func (b tab) make(kind string, level int) (string, string) {
	b.t.Helper()
	before := eval[string](b, `document.getElementById('sb-link').value`)
	eval[bool](b, fmt.Sprintf(`(function () {
		var k = document.getElementById('sb-kind');
		k.value = [...k.options].find(o => o.dataset.kind === %q).value;
		k.dispatchEvent(new Event('change'));
		document.getElementById('sb-level').value = %d; return true; })()`, kind, level))
	b.do(chromedp.Click(chromedp.CSS(`#sb-make`)))
	b.until(fmt.Sprintf(`document.getElementById('sb-link').value !== %q`, before), 4*time.Minute)
	link := eval[string](b, `document.getElementById('sb-link').value`)
	u, err := url.Parse(link)
	if err != nil {
		b.t.Fatal(err)
	}
	k, line, ok := strings.Cut(u.Query().Get("puzzle"), ":")
	if !ok {
		b.t.Fatalf("link %q carries no puzzle", link)
	}
	return k, line
}

// unique reads the line back with the engine and proves it has one
// solution, by engine.Solve as the solve command proves it (an error for
// none or several), and that it is the one the page plays.
func unique(t *testing.T, b tab, kind, line string) *engine.Geometry {
	t.Helper()
	geo, givens := parseLink(t, kind, line)
	sol, err := engine.Solve(geo, givens)
	if err != nil {
		t.Fatalf("%s %q: %v", kind, line, err)
	}
	if got, want := eval[string](b, `sudokubook.now().P.sol.map(d => d ? '123456789ABCDEFG'[d-1] : '.').join('')`), placeCells(geo, sol); got != want {
		t.Errorf("%s: the page plays the solution %s, the engine finds %s", kind, got, want)
	}
	return geo
}

// downloads clicks the PNG buttons and returns the images the page hands
// the browser to save, by file name.
func (b tab) downloads() map[string][]byte {
	b.t.Helper()
	eval[bool](b, `window.sbGot = {}; HTMLAnchorElement.prototype.click = function () {
		var a = this; fetch(a.href).then(r => r.arrayBuffer()).then(buf => {
			var s = ''; new Uint8Array(buf).forEach(c => s += String.fromCharCode(c)); sbGot[a.download] = btoa(s); }); }; true`)
	b.do(chromedp.Click(chromedp.CSS(`#sb-png`)), chromedp.Click(chromedp.CSS(`#sb-pngsol`)))
	b.until(`Object.keys(sbGot).length === 2`, 30*time.Second)
	got := eval[map[string]string](b, `sbGot`)
	out := map[string][]byte{}
	for k, v := range got {
		out[k], _ = base64.StdEncoding.DecodeString(v)
	}
	return out
}

// TestBrowserGenerator makes a hard classic, a jigsaw and a killer in the
// generator page, opened from disk with no network, each proved unique
// here by the engine; downloads each one's puzzle and solution as PNG
// images; asks for a hint in words from the Go grader; and opens a copied
// link in a fresh browser, which plays the same grid.
func TestBrowserGenerator(t *testing.T) {
	skipBrowserInShort(t)
	b := tab{t: t, ctx: browser(t)}
	b.do(chromedp.Navigate(generatorPage(t, "en")))
	b.until(`window.sbReady === true`, 2*time.Minute)
	var link string
	for _, c := range []struct {
		option string
		level  int
	}{{"classic:9", int(engine.Hard)}, {"jigsaw:9", int(engine.Medium)}, {"killer:9", int(engine.Easy)}} {
		kind, line := b.make(c.option, c.level)
		if want, _, _ := strings.Cut(c.option, ":"); kind != want {
			t.Errorf("asked for %s, the link says %s", c.option, kind)
		}
		geo := unique(t, b, kind, line)
		if want := map[string]string{"classic": "9x9 Sudoku", "jigsaw": "Jigsaw Sudoku", "killer": "Killer Sudoku"}[kind]; b.text("sb-name") != want ||
			eval[string](b, `document.getElementById('sb-kind').selectedOptions[0].textContent`) != want {
			t.Errorf("a %s is named %q on the page, want %q", kind, b.text("sb-name"), want)
		}
		if c.level == int(engine.Hard) {
			gr, err := engine.NewGrader().Grade(geo, mustGivens(t, kind, line), engine.GradeOptions{})
			if err != nil || gr.Level != engine.Hard {
				t.Errorf("the hard classic grades %v (%v)", gr.Level, err)
			}
			// The link as Copy link hands it to the clipboard (the page's
			// call is recorded: a headless browser's clipboard is its own).
			eval[bool](b, `Object.defineProperty(navigator, 'clipboard', { value: { writeText: s => { window.sbCopied = s; return Promise.resolve(); } } }); true`)
			b.do(chromedp.Click(chromedp.CSS(`#sb-share`)))
			b.until(`!!window.sbCopied`, 10*time.Second)
			link = eval[string](b, `window.sbCopied`)
			if link != eval[string](b, `document.getElementById('sb-link').value`) || b.text("sb-progress") != "Link copied." {
				t.Errorf("Copy link copied %q and says %q", link, b.text("sb-progress"))
			}
			if !strings.Contains(eval[string](b, `location.href`), "?puzzle=") {
				t.Errorf("the address %s does not follow the puzzle", eval[string](b, `location.href`))
			}
		}
		b.shot("generator-" + kind + ".png")
		imgs := b.downloads()
		for _, name := range []string{kind + "-puzzle.png", kind + "-solution.png"} {
			img, err := png.Decode(bytes.NewReader(imgs[name]))
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if w := img.Bounds().Dx(); w < geo.Width*30 {
				t.Errorf("%s is %d px wide", name, w)
			}
			if dir := os.Getenv("SUDOKUBOOK_SCREENSHOTS"); dir != "" {
				os.WriteFile(filepath.Join(dir, "download-"+name), imgs[name], 0o644)
			}
		}
		// A hint from the Go grader, its cells named in words.
		b.button("hint")
		b.until(`document.querySelectorAll('#sb-hint li').length > 0`, time.Minute)
		if h := b.text("sb-hint"); !strings.Contains(h, "row ") || strings.Contains(h, "r1c") {
			t.Errorf("%s: the hint %q does not name rows and columns in words", kind, h)
		}
	}

	// A link opens the same puzzle in a fresh browser.
	f := tab{t: t, ctx: browser(t)}
	f.do(chromedp.Navigate(link))
	f.until(`window.sbReady === true && !!sudokubook.now().P`, 2*time.Minute)
	u, _ := url.Parse(link)
	kind, line, _ := strings.Cut(u.Query().Get("puzzle"), ":")
	geo := unique(t, f, kind, line)
	if got, want := eval[string](f, `sudokubook.now().P.g`), placeCells(geo, mustGivens(t, kind, line)); got != want {
		t.Errorf("the link opens %s, want %s", got, want)
	}

	// Cancel stops a puzzle in the making; the page makes the next. The
	// puzzle is a samurai at extreme, seconds of work even natively, so
	// the click lands while it is still being made (a 9x9 extreme was
	// sometimes done by then).
	eval[bool](f, fmt.Sprintf(`(function () {
		var k = document.getElementById('sb-kind');
		k.value = [...k.options].find(o => o.dataset.kind === 'samurai:9').value;
		k.dispatchEvent(new Event('change'));
		document.getElementById('sb-level').value = %d; return true; })()`, engine.Extreme))
	// The cancel button shows once the making has started; on a loaded
	// machine that is not at once.
	f.do(chromedp.Click(chromedp.CSS(`#sb-make`)), chromedp.WaitVisible(chromedp.CSS(`#sb-cancel`)))
	f.do(chromedp.Click(chromedp.CSS(`#sb-cancel`)))
	if s := f.text("sb-progress"); s != "Cancelled." {
		t.Errorf("after cancel the page says %q", s)
	}
	f.make("classic:6", int(engine.Easy))

	// Saved puzzles come back by the name the reader gave them.
	small := eval[string](f, `document.getElementById('sb-link').value`)
	f.do(chromedp.SendKeys(`#sb-savename`, "my small one"), chromedp.Click(chromedp.CSS(`#sb-save`)))
	if got := eval[[]string](f, `[...document.getElementById('sb-saved').options].slice(1).map(o => o.textContent)`); len(got) != 1 || got[0] != "my small one" {
		t.Errorf("saved puzzles listed: %q, want [my small one]", got)
	}
	f.make("classic:4", int(engine.Easy))
	eval[bool](f, `(s => { s.value = 0; s.dispatchEvent(new Event('change')); return true; })(document.getElementById('sb-saved'))`)
	f.until(fmt.Sprintf(`document.getElementById('sb-link').value === %q`, small), time.Minute)
}

func mustGivens(t *testing.T, kind, line string) []uint8 {
	t.Helper()
	_, g := parseLink(t, kind, line)
	return g
}

// parseLink reads a link's kind and line with the engine.
func parseLink(t *testing.T, kind, line string) (*engine.Geometry, []uint8) {
	t.Helper()
	f, err := engine.ParseFamily(kind)
	if err != nil {
		t.Fatal(err)
	}
	geo, givens, err := engine.ParseLine(f.Variant, 0, line)
	if err != nil {
		t.Fatalf("%s %q: %v", kind, line, err)
	}
	return geo, givens
}

// TestBrowserPhoneAndDark plays on a 390 px phone: a samurai made in the
// generator page has cells of at least 32 px, its frame scrolling to pan;
// and a book's page follows the browser's dark mode and the switch.
func TestBrowserPhoneAndDark(t *testing.T) {
	skipBrowserInShort(t)
	b := tab{t: t, ctx: browser(t)}
	b.do(chromedp.Navigate(generatorPage(t, "en")))
	b.until(`window.sbReady === true`, 2*time.Minute)
	b.size(390, 844, true)
	b.make("samurai:9", int(engine.Easy))
	if w := eval[float64](b, `document.querySelector('#sb-grid .cell:not(.off)').getBoundingClientRect().width`); w < 32 {
		t.Errorf("a samurai's cells are %.1f px on a phone, want at least 32", w)
	}
	if !eval[bool](b, `(e => e.scrollWidth > e.clientWidth)(document.querySelector('.play'))`) {
		t.Error("the samurai's frame does not scroll on a phone")
	}
	b.shot("phone-samurai.png")

	m := testManifest(t)
	d := tab{t: t, ctx: browser(t)}
	d.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
		return err
	}))
	d.do(chromedp.Navigate(writePage(t, m)), chromedp.WaitVisible(chromedp.CSS(`#c80`)))
	bg := `getComputedStyle(document.documentElement).backgroundColor`
	if c := eval[string](d, bg); c != "rgb(21, 23, 26)" {
		t.Errorf("a browser set to dark gets a page of %s", c)
	}
	d.shot("book-dark.png")
	d.button("dark")
	if c := eval[string](d, bg); c != "rgb(255, 255, 255)" {
		t.Errorf("the switch leaves the page %s, want white", c)
	}
	d.do(chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#c80`)))
	if c := eval[string](d, bg); c != "rgb(255, 255, 255)" {
		t.Errorf("after a reload the page is %s: the switch was not kept", c)
	}
	d.size(390, 844, true)
	d.button("dark")
	d.shot("phone-book-dark.png")
	if c := eval[string](d, bg); c != "rgb(21, 23, 26)" {
		t.Errorf("the switch back gives %s", c)
	}
}

// TestBrowserComforts plays a book's page at desktop and phone sizes:
// the same digit lit everywhere, a clash marked as typed once the reader
// asks for it, candidates filled, each digit's count left on its button,
// and the address following the puzzle.
func TestBrowserComforts(t *testing.T) {
	skipBrowserInShort(t)
	m := testManifest(t)
	// A heading that names its level, as a book's default for a kind
	// other than classic 9x9 does, is shown without the level again.
	m.Puzzles[0].Section = "Jigsaw Sudoku: Easy"
	for _, sz := range []struct {
		name string
		w, h int64
	}{{"desktop", 1000, 860}, {"phone", 390, 844}} {
		b := tab{t, browser(t), new([]string)}
		b.size(sz.w, sz.h, sz.w < 500)
		b.do(chromedp.Navigate(writePage(t, m)), chromedp.WaitVisible(chromedp.CSS(`#c80`)))
		p := m.Puzzles[0]
		first := strings.IndexFunc(p.Puzzle, func(r rune) bool { return r != '.' && r != '0' })
		d := p.Puzzle[first]
		other := strings.LastIndexByte(p.Puzzle, d)
		b.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#c%d`, first))))
		if !b.hasClass(other, "same") {
			t.Errorf("%s: cell %d holds the selected %c but is not lit", sz.name, other, d)
		}
		if got := b.text("sb-sec"); got != "Jigsaw Sudoku: Easy" {
			t.Errorf("%s: puzzle 1 is headed %q", sz.name, got)
		}
		if !strings.HasSuffix(eval[string](b, `location.hash`), "#1") {
			t.Errorf("%s: the address %s does not follow puzzle 1", sz.name, eval[string](b, `location.href`))
		}
		// A clash: the digit of cell first typed into an open cell of its row.
		row := first / 9 * 9
		open := row + strings.IndexAny(p.Puzzle[row:row+9], ".0")
		b.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#c%d`, open))))
		b.keys(string(d))
		if b.hasClass(open, "bad") {
			t.Errorf("%s: a clash is marked before the reader asked for it", sz.name)
		}
		b.button("clash")
		if !b.hasClass(open, "bad") {
			t.Errorf("%s: the clash in cell %d is not marked", sz.name, open)
		}
		left := eval[string](b, fmt.Sprintf(`document.querySelector('#sb-pad button[data-d="%c"]').dataset.left`, d))
		if want := fmt.Sprint(9 - strings.Count(p.Puzzle, string(d)) - 1); left != want {
			t.Errorf("%s: the %c button says %s left, want %s", sz.name, d, left, want)
		}
		// Every control and cell is a tap target of 32 px and more on a
		// phone, where the keyboard help is not shown.
		if small := eval[[]string](b, `[...document.querySelectorAll('button, select, .cell:not(.off)')].filter(e => e.offsetParent)
			.filter(e => { var r = e.getBoundingClientRect(); return r.width < 32 || r.height < 32; })
			.map(e => (e.id || e.dataset.act || e.textContent) + ' ' + Math.round(e.getBoundingClientRect().width) + 'x' + Math.round(e.getBoundingClientRect().height))`); sz.w < 500 && len(small) > 0 {
			t.Errorf("%s: tap targets under 32 px: %v", sz.name, small)
		}
		if shown := eval[bool](b, `document.getElementById('sb-keys').offsetParent !== null`); shown != (sz.w >= 500) {
			t.Errorf("%s: the keyboard help shown: %v", sz.name, shown)
		}
		b.shot("comforts-" + sz.name + ".png")
		b.button("undo")
		b.button("fill")
		geo, givens, _, _ := p.Grids()
		b2 := engine.NewBoardOn(geo, givens)
		for i := range givens {
			if givens[i] == 0 {
				if got := eval[int](b, fmt.Sprintf(`document.querySelectorAll('#c%d span:not(:empty)').length`, i)); got != engine.Count(b2.Cands[i]) {
					t.Errorf("%s: cell %d got %d candidates, want %d", sz.name, i, got, engine.Count(b2.Cands[i]))
					break
				}
			}
		}
		b.shot("fill-" + sz.name + ".png")
	}
}

// TestBrowserGeneratorCalcKakuro makes a calcudoku and a kakuro in the
// generator page: each is offered at every side the books print, drawn
// by the kind script (a calcudoku's cage clues, a kakuro's clue cells and
// run clues), told in the status by its cages or runs (it has no
// givens), proved unique here by the engine, and played to its solution
// by Reveal cell and Show solution.
func TestBrowserGeneratorCalcKakuro(t *testing.T) {
	skipBrowserInShort(t)
	b := tab{t: t, ctx: browser(t)}
	b.do(chromedp.Navigate(generatorPage(t, "en")))
	b.until(`window.sbReady === true`, 2*time.Minute)
	offered := eval[[]string](b, `[...document.getElementById('sb-kind').options].map(o => o.dataset.kind)`)
	for _, want := range []string{"calcudoku:4", "calcudoku:5", "calcudoku:6", "calcudoku:7", "calcudoku-no-op:6",
		"kakuro:8", "kakuro:9", "kakuro:10", "kakuro:11", "kakuro:12"} {
		if !slices.Contains(offered, want) {
			t.Errorf("the page does not offer %s", want)
		}
	}
	if got := eval[string](b, `[...document.getElementById('sb-kind').options].find(o => o.dataset.kind === 'kakuro:9').textContent`); got != "Kakuro 9x9" {
		t.Errorf("the 9x9 kakuro is offered as %q", got)
	}
	for _, c := range []struct {
		option, count string
	}{{"calcudoku:6", "cages"}, {"kakuro:12", "runs"}} {
		start := time.Now()
		kind, line := b.make(c.option, int(engine.Medium))
		t.Logf("%s medium made in %v (wall, with the page's polling)", c.option, time.Since(start))
		geo := unique(t, b, kind, line)
		if want := map[string]string{"calcudoku": "Calcudoku 6x6", "kakuro": "Kakuro 12x12"}[kind]; b.text("sb-name") != want {
			t.Errorf("a %s is named %q on the page, want %q", kind, b.text("sb-name"), want)
		}
		var drawn, want int
		switch kind {
		case "calcudoku":
			for _, x := range geo.Constraints() {
				if cc, ok := x.(*engine.CalcCages); ok {
					want = len(cc.Cages())
				}
			}
			drawn = eval[int](b, `document.querySelectorAll('#sb-grid .cages text').length`)
		case "kakuro":
			want = len(geo.KakuroRuns().Runs())
			drawn = eval[int](b, `document.querySelectorAll('#sb-grid .kk text').length`)
			if got, w := eval[int](b, `document.querySelectorAll('#sb-grid .cell.kk.off').length`), geo.Width*geo.Width-geo.Cells; got != w {
				t.Errorf("kakuro: %d clue cells drawn, want %d", got, w)
			}
		default:
			t.Fatalf("asked for %s, the link says %s", c.option, kind)
		}
		if want == 0 || drawn != want {
			t.Errorf("%s: %d clues drawn, want %d", kind, drawn, want)
		}
		if s, w := b.text("sb-progress"), fmt.Sprintf(", %d %s, with one solution.", want, c.count); !strings.HasSuffix(s, w) {
			t.Errorf("%s: the status says %q, want it to end %q", kind, s, w)
		}
		// A hint from the Go grader on the bare grid, in words.
		b.button("hint")
		b.until(`document.querySelectorAll('#sb-hint li').length > 0`, time.Minute)
		if h := b.text("sb-hint"); !strings.Contains(h, "row ") {
			t.Errorf("%s: the hint %q does not name its cells in words", kind, h)
		}
		b.shot("generator-" + kind + ".png")
		// Its puzzle and solution as images, the clues drawn on them.
		for name, img := range b.downloads() {
			if dir := os.Getenv("SUDOKUBOOK_SCREENSHOTS"); dir != "" {
				os.WriteFile(filepath.Join(dir, "download-"+name), img, 0o644)
			}
			if _, err := png.Decode(bytes.NewReader(img)); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
		sol := placeCells(geo, mustSolution(t, geo, line, kind))
		// Reveal cell writes the solution's digit in the selected cell,
		// then Show solution fills the rest.
		open := strings.IndexFunc(sol, func(r rune) bool { return r != '.' })
		b.do(chromedp.Click(chromedp.CSS(fmt.Sprintf("#c%d", open))))
		b.button("reveal")
		if got := b.cells(); got[open] != sol[open] {
			t.Errorf("%s: Reveal cell wrote %q in place %d, want %q", kind, got[open], open, sol[open])
		}
		b.button("solve")
		if got := b.cells(); got != sol {
			t.Errorf("%s: Show solution shows\n%s\nwant\n%s", kind, got, sol)
		}
		if s := b.text("sb-status"); !strings.HasPrefix(s, "Solved") {
			t.Errorf("%s: after Show solution the status is %q", kind, s)
		}
		b.shot("generator-" + kind + "-solved.png")
	}
}

// mustSolution is the one solution of the puzzle on line.
func mustSolution(t *testing.T, geo *engine.Geometry, line, kind string) []uint8 {
	t.Helper()
	sol, err := engine.Solve(geo, mustGivens(t, kind, line))
	if err != nil {
		t.Fatal(err)
	}
	return sol
}
