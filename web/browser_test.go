package web

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
	"github.com/sudokubook/sudokubook/wording"
)

// The browser tests play the page in a real headless Chromium, by
// keyboard. Chromium comes from Debian's chromium package (.ci/run installs
// it); SUDOKUBOOK_CHROMIUM names another binary. Without one the tests are
// skipped on a developer's machine and fail in CI (CI=true).
//
// SUDOKUBOOK_SCREENSHOTS=DIR keeps the screenshots they take in DIR.

func chromiumPath() string {
	if p := os.Getenv("SUDOKUBOOK_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome-stable", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// skipBrowserInShort skips a browser test under go test -short: a
// browser test takes seconds to minutes, and the fast tier is for the
// edit-and-test loop. The full tier (go test ./...) runs every one.
func skipBrowserInShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("a browser test: the full tier (go test without -short) runs it")
	}
}

// browser starts a fresh headless Chromium with no network (every request
// goes to a proxy that is not there) and returns a tab on it.
func browser(t *testing.T) context.Context {
	t.Helper()
	skipBrowserInShort(t)
	path := chromiumPath()
	if path == "" {
		msg := "no Chromium found (looked for chromium, chromium-browser, google-chrome; install Debian's chromium package or set SUDOKUBOOK_CHROMIUM): the browser tests of the web edition did not run"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.ProxyServer("127.0.0.1:9"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1000, 860),
	)
	ctx, cancelTab := chromedp.NewContext(actx)
	// A guard against a hung browser, not a measure: at a load of 20 on
	// two cores a test that plays hundreds of hints takes well past 90s.
	ctx, cancelTime := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	return ctx
}

// writePage writes the test book's page into a temporary folder and
// returns its file URL.
func writePage(t *testing.T, m *book.Manifest) string {
	t.Helper()
	p, err := Page(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return pageFile(t, "book.html", p)
}

// pageFile writes page into a temporary folder under name and returns its
// file URL.
func pageFile(t *testing.T, name string, page []byte) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, page, 0o644); err != nil {
		t.Fatal(err)
	}
	return "file://" + file
}

// tab wraps the browser with the few moves the tests make, each failing
// the test on error.
type tab struct {
	t     *testing.T
	ctx   context.Context
	notes *[]string // the hint steps' words seen by solveByHints
}

func (b tab) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatal(err)
	}
}

func eval[T any](b tab, js string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		b.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// keys types keys on whatever has the focus.
func (b tab) keys(keys string, mods ...chromedp.Modifier) {
	b.t.Helper()
	b.do(chromedp.KeyEvent(keys, chromedp.KeyModifiers(mods...)))
}

// moveTo walks the selection to cell i with the arrow keys.
func (b tab) moveTo(i int) {
	b.t.Helper()
	// A tool button may hold the focus; the grid keeps its selection.
	b.do(chromedp.Focus(chromedp.CSS(`.cell.sel`)))
	cur := eval[int](b, `+document.querySelector('.cell.sel').dataset.i`)
	n := eval[int](b, `+document.getElementById('sb-grid').style.getPropertyValue('--n')`)
	var k strings.Builder
	for r := cur / n; r < i/n; r++ {
		k.WriteString(kb.ArrowDown)
	}
	for r := cur / n; r > i/n; r-- {
		k.WriteString(kb.ArrowUp)
	}
	for c := cur % n; c < i%n; c++ {
		k.WriteString(kb.ArrowRight)
	}
	for c := cur % n; c > i%n; c-- {
		k.WriteString(kb.ArrowLeft)
	}
	b.keys(k.String())
	if got := eval[int](b, `+document.activeElement.dataset.i`); got != i {
		b.t.Fatalf("arrow keys from cell %d reached cell %d with the focus, want %d", cur, got, i)
	}
}

// cells reads what the grid shows, one character a cell ('.' for none).
func (b tab) cells() string {
	b.t.Helper()
	return eval[string](b, `Array.from(document.querySelectorAll('#sb-grid .cell')).map(e => e.classList.contains('pm') || !e.textContent ? '.' : e.textContent).join('')`)
}

func (b tab) button(act string) {
	b.t.Helper()
	b.do(chromedp.Click(chromedp.CSS(`[data-act="` + act + `"]`)))
}

func (b tab) text(id string) string {
	b.t.Helper()
	return eval[string](b, `document.getElementById('`+id+`').textContent`)
}

func (b tab) hasClass(cell int, class string) bool {
	b.t.Helper()
	return eval[bool](b, fmt.Sprintf(`document.getElementById('c%d').classList.contains('%s')`, cell, class))
}

// shot saves a screenshot for a person to look at.
func (b tab) shot(name string) {
	b.t.Helper()
	eval[bool](b, `window.scrollTo(0, 0); true`)
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatal(err)
	}
	dir := os.Getenv("SUDOKUBOOK_SCREENSHOTS")
	if dir == "" {
		dir = b.t.TempDir()
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot %s", path)
}

// TestBrowserPlay plays puzzle 1 of the test book to the end by keyboard:
// a wrong digit found by check and undone, pencil marks, a hint that says
// what explain says, a revealed cell, a reload that keeps the progress.
func TestBrowserPlay(t *testing.T) {
	skipBrowserInShort(t)
	ctx := browser(t)
	m := testManifest(t)
	b := tab{t, ctx, new([]string)}
	url := writePage(t, m)
	b.do(chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#c80`)))

	if got := eval[int](b, `document.querySelectorAll('#sb-pick option').length`); got != len(m.Puzzles) {
		t.Fatalf("%d puzzles to choose from, want %d", got, len(m.Puzzles))
	}
	if got := b.text("sb-name"); got != "Puzzle 1" {
		t.Fatalf("the page opens on %q, want Puzzle 1", got)
	}
	p := m.Puzzles[0]
	if got := b.cells(); got != p.Puzzle {
		t.Fatalf("the grid shows\n%s\nwant the givens\n%s", got, p.Puzzle)
	}

	// The first hint on the bare grid is the grader's first step, word for word.
	steps, err := engine.Grade(engine.Classic9, engine.MustParseGrid(p.Puzzle).Cells(), engine.GradeOptions{Steps: true})
	if err != nil {
		t.Fatal(err)
	}
	b.button("hint")
	if got := eval[string](b, `document.querySelector('#sb-hint li').dataset.note`); got != steps.Steps[0].Note {
		t.Errorf("first hint %q, want explain's %q", got, steps.Steps[0].Note)
	}
	// The reader reads its cells by row and column, in words, as the
	// page's English words name them.
	en, err := wording.New("en")
	if err != nil {
		t.Fatal(err)
	}
	board := engine.NewBoardOn(engine.Classic9, engine.MustParseGrid(p.Puzzle).Cells())
	said := en.Spoken("row {r}, column {c}").Step(engine.Classic9, &board, steps.Steps[0])
	if got, want := eval[string](b, `document.querySelector('#sb-hint li').textContent`), said; got != want {
		t.Errorf("first hint reads %q, want %q", got, want)
	}
	target := steps.Steps[0].Placements[0].Cell
	if got := eval[int](b, `+document.activeElement.dataset.i`); got != target {
		t.Errorf("the hint put the focus on cell %d, want its cell %d", got, target)
	}
	if !b.hasClass(target, "hl") {
		t.Errorf("the hint's cell %s is not highlighted", engine.CellName(target))
	}

	var open []int
	for i := range 81 {
		if p.Puzzle[i] == '.' {
			open = append(open, i)
		}
	}
	digit := func(i int) string { return p.Solution[i : i+1] }
	wrong := func(i int) string { return string('1' + (p.Solution[i]-'1'+1)%9) }

	// A wrong digit: check marks it; undo takes it back, redo returns it.
	first := open[0]
	b.moveTo(first)
	b.keys(wrong(first))
	// Hint is refused while a digit is wrong, and says which.
	b.button("hint")
	if !b.hasClass(first, "bad") || b.text("sb-status") != "Wrong digits: 1" || b.text("sb-hint") != "Correct the marked digits first." {
		t.Errorf("hint after a wrong digit: marked %v, status %q, hint %q", b.hasClass(first, "bad"), b.text("sb-status"), b.text("sb-hint"))
	}
	b.button("check")
	if !b.hasClass(first, "bad") || b.text("sb-status") != "Wrong digits: 1" {
		t.Errorf("check after a wrong digit: marked %v, status %q", b.hasClass(first, "bad"), b.text("sb-status"))
	}
	b.shot("check.png")
	b.do(chromedp.Focus(chromedp.CSS(fmt.Sprintf("#c%d", first))))
	b.keys("z", chromedp.ModifierCtrl)
	if got := b.cells()[first]; got != '.' {
		t.Errorf("undo left %q in %s", got, engine.CellName(first))
	}
	b.keys("y", chromedp.ModifierCtrl)
	if got := b.cells()[first : first+1]; got != wrong(first) {
		t.Errorf("redo gave %q in %s, want %s", got, engine.CellName(first), wrong(first))
	}
	if got, want := b.text("sb-say"), fmt.Sprintf("Row %d, column %d: %s", first/9+1, first%9+1, wrong(first)); got != want {
		t.Errorf("a screen reader is told %q after a digit, want %q", got, want)
	}
	b.keys(kb.Backspace)

	// Pencil marks: Shift+digit, and digits in pencil mode (P).
	b.keys("3", chromedp.ModifierShift)
	b.keys("p")
	b.keys("5")
	b.keys("p")
	if got := eval[string](b, fmt.Sprintf(`document.getElementById('c%d').textContent`, first)); !b.hasClass(first, "pm") || got != "35" {
		t.Errorf("pencil marks show %q (class pm %v), want 3 and 5", got, b.hasClass(first, "pm"))
	}

	// Half the open cells by keyboard, then one revealed.
	half := open[:len(open)/2]
	for _, i := range half {
		b.moveTo(i)
		b.keys(digit(i))
	}
	rev := open[len(open)/2]
	b.moveTo(rev)
	b.button("reveal")
	if !b.hasClass(rev, "rev") || b.cells()[rev] != p.Solution[rev] {
		t.Errorf("reveal: cell %s shows %q (class rev %v), want %c", engine.CellName(rev), b.cells()[rev], b.hasClass(rev, "rev"), p.Solution[rev])
	}
	// Pencil marks in the last open cell must outlive the reload too.
	lastOpen := open[len(open)-1]
	b.moveTo(lastOpen)
	b.keys(digit(lastOpen), chromedp.ModifierShift)
	b.keys(wrong(lastOpen), chromedp.ModifierShift)
	marks := func() string {
		return eval[string](b, fmt.Sprintf(`document.getElementById('c%d').textContent`, lastOpen))
	}
	markText := marks()
	if len(markText) != 2 {
		t.Errorf("two pencil marks show as %q", markText)
	}
	b.do(chromedp.Sleep(1100 * time.Millisecond))
	before, clock := b.cells(), b.text("sb-time")
	if clock == "0:00" {
		t.Errorf("the timer still shows 0:00 after a second of play")
	}

	// A reload keeps the grid, the revealed cell and the time.
	b.do(chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#c80`)))
	if got := b.cells(); got != before {
		t.Errorf("after a reload the grid shows\n%s\nwant\n%s", got, before)
	}
	if got := b.text("sb-time"); got < clock {
		t.Errorf("after a reload the timer shows %s, want at least %s", got, clock)
	}
	if !b.hasClass(rev, "rev") {
		t.Errorf("after a reload %s is no longer marked revealed", engine.CellName(rev))
	}
	if got := marks(); got != markText {
		t.Errorf("after a reload the pencil marks show %q, want %q", got, markText)
	}
	b.button("hint")
	b.shot("hint.png")

	// The rest by keyboard, to the end.
	b.do(chromedp.Focus(chromedp.CSS(`.cell.sel`)))
	for _, i := range open[len(open)/2+1:] {
		b.moveTo(i)
		b.keys(digit(i))
	}
	if got := b.cells(); got != p.Solution {
		t.Fatalf("after play the grid shows\n%s\nwant\n%s", got, p.Solution)
	}
	if s := b.text("sb-status"); !strings.HasPrefix(s, "Solved in ") || !eval[bool](b, `document.body.classList.contains('done')`) {
		t.Errorf("a solved grid says %q", s)
	}
	label := eval[string](b, fmt.Sprintf(`document.getElementById('c%d').getAttribute('aria-label')`, rev))
	if want := fmt.Sprintf("Row %d, column %d: %c, revealed", rev/9+1, rev%9+1, p.Solution[rev]); label != want {
		t.Errorf("screen-reader label %q, want %q", label, want)
	}
	b.shot("solved.png")
}

// hintStep is a step as the page's hint gives it.
type hintStep struct {
	Tech  string   `json:"tech"`
	Note  string   `json:"note"`
	Place [][2]int `json:"place"`
	Elim  [][2]int `json:"elim"`
}

// TestBrowserHints solves every puzzle of the test book, easy to extreme,
// by hints alone: each hint is checked against the solution, then its
// digit typed in. Past the page's own rungs the grader's steps must serve.
func TestBrowserHints(t *testing.T) {
	skipBrowserInShort(t)
	ctx := browser(t)
	m := testManifest(t)
	b := tab{t, ctx, new([]string)}
	b.do(chromedp.Navigate(writePage(t, m)), chromedp.WaitVisible(chromedp.CSS(`#c80`)))
	for _, p := range m.Puzzles {
		res, err := engine.Grade(engine.Classic9, engine.MustParseGrid(p.Puzzle).Cells(), engine.GradeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		hints, grader := b.solveByHints(p.Number, p.Solution)
		if _, easy := pageRungs[res.Hardest]; !easy && grader == 0 {
			t.Errorf("puzzle %d needs %s, yet no hint came from the grader's steps", p.Number, res.Hardest)
		}
		// The page's own fish speak as the grader's do.
		fishes := 0
		for _, n := range *b.notes {
			if fishNote.MatchString(n) {
				fishes++
			} else if strings.Contains(n, "wing on") || strings.Contains(n, "fish on") {
				t.Errorf("puzzle %d: fish hint %q is not worded as explain words it", p.Number, n)
			}
		}
		if res.Hardest == engine.Swordfish && fishes == 0 {
			t.Errorf("puzzle %d needs a swordfish, yet no hint was a fish", p.Number)
		}
		t.Logf("puzzle %d (%s): %d hints, %d grader steps among their steps", p.Number, p.Hardest, hints, grader)
	}
}

// TestBrowserVariants draws and solves, by hints alone, puzzles of every
// kind the engine makes: X, hyper, jigsaw, 6x6, 4x4 jigsaw.
func TestBrowserVariants(t *testing.T) {
	skipBrowserInShort(t)
	ctx := browser(t)
	b := tab{t, ctx, new([]string)}
	its, html := variantPage(t)
	file := filepath.Join(t.TempDir(), "variants.html")
	if err := os.WriteFile(file, html, 0o644); err != nil {
		t.Fatal(err)
	}
	b.do(chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS(`#c0`)))
	played := map[string]bool{}
	for _, it := range its {
		kind := strings.ReplaceAll(it.section.Title, " ", "-") // one section a kind
		if played[kind] {
			continue // one puzzle of each kind is enough to play through (CI time)
		}
		played[kind] = true
		// Sizes past 9 are drawn and hinted, not played to the end: a
		// hundred and more round trips to the browser each.
		if it.geo.N <= 9 {
			// The page shows a figure's places out of play blank.
			sol := strings.ReplaceAll(it.geo.Format(it.answer), string(engine.OutOfPlay), ".")
			hints, grader := b.solveByHints(it.number, sol)
			t.Logf("%s: solved by %d hints, %d of them the grader's stored steps", kind, hints, grader)
			if kind == "killer" && grader == 0 {
				t.Error("the medium killer was solved without the grader's stored steps: the test shows nothing of them")
			}
		} else {
			eval[bool](b, fmt.Sprintf(`sudokubook.load(%d)`, it.number))
		}
		{
			// Back to the bare grid for a picture of the kind, with a hint.
			b.button("clear")
			b.button("hint")
			b.shot(fmt.Sprintf("variant-%s.png", kind))
			res, err := engine.NewGrader().Grade(it.geo, it.givens, engine.GradeOptions{Steps: true})
			if err != nil {
				t.Fatal(err)
			}
			// The steps up to the first digit are the grader's, in explain's
			// words, as long as they are the page's own rungs (a killer's
			// cage combinations, rule of 45 and cage pointing among them).
			lis := eval[[]string](b, `[...document.querySelectorAll('#sb-hint li')].map(e => e.dataset.note)`)
			for k, got := range lis {
				if k >= len(res.Steps) || pageRungs[res.Steps[k].Technique] == "" {
					break
				}
				if got != res.Steps[k].Note {
					t.Errorf("%s: hint step %d %q, want explain's %q", kind, k+1, got, res.Steps[k].Note)
				}
			}
			if len(lis) == 0 {
				t.Errorf("%s: no hint on the bare grid", kind)
			}
			if k := it.geo.Cages; len(k) > 0 {
				c0 := slices.IndexFunc(k, func(c engine.Cage) bool { return slices.Contains(c.Cells, 0) })
				label := eval[string](b, `document.getElementById('c0').getAttribute('aria-label')`)
				if want := fmt.Sprintf(", cage of %d cells adding up to %d", len(k[c0].Cells), k[c0].Sum); !strings.HasSuffix(label, want) {
					t.Errorf("the first cell of a cage reads %q, want it to end %q", label, want)
				}
			}
			if n := eval[int](b, `(document.querySelector('#sb-grid .frames path')?.getAttribute('d') || '').split('M').length - 1`); n != len(it.geo.Grids) {
				t.Errorf("%s: %d grid frames drawn, want %d", kind, n, len(it.geo.Grids))
			}
			// A frame on the figure's edge is drawn whole, as heavy as
			// the others, not cut in half by the drawing's edge.
			if len(it.geo.Grids) > 0 && eval[string](b, `getComputedStyle(document.querySelector('#sb-grid .frames')).overflow`) != "visible" {
				t.Errorf("%s: the frames' drawing clips the frames on its edge", kind)
			}
			if n := eval[int](b, `[...document.querySelectorAll('#sb-pad button')].filter(b => !b.hidden).length`); n != it.geo.N {
				t.Errorf("%s: %d digit buttons, want %d", kind, n, it.geo.N)
			}
		}
	}

	// Print all: one page a puzzle, whatever its kind (cages, regions and
	// figures print as drawn; looked at as pictures of the PDF).
	eval[bool](b, `document.body.classList.add('all'); dispatchEvent(new Event('beforeprint'))`)
	var pdf []byte
	b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		r, err := cdp.Call(ctx, tg, page.PrintToPDF, page.PrintToPDFParams{})
		pdf = r.Data
		return err
	}))
	if n, err := api.PageCount(bytes.NewReader(pdf), nil); err != nil || n != len(its) {
		t.Errorf("printing every kind gave %d pages (%v), want one a puzzle: %d", n, err, len(its))
	}
	eval[bool](b, `document.body.classList.remove('all'); true`)

	// A 16x16 of a book printed without letters shows 10 to 16 as the
	// book prints them, in two digits, and takes them as 1 then 0 to 6;
	// the help says so.
	k16 := slices.IndexFunc(its, func(it item) bool { return it.geo.N == 16 })
	eval[bool](b, fmt.Sprintf(`sudokubook.load(%d)`, its[k16].number))
	if got := eval[string](b, `[...document.querySelectorAll('#sb-pad button')].map(b => b.textContent).join(' ')`); got != "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16" {
		t.Errorf("16x16 pad %q, want 1 to 16", got)
	}
	if got := b.text("sb-keys"); !strings.Contains(got, "1-9 (10-16: 1 then 0-6) enter a digit") || !strings.Contains(got, "P switches pencil mode") {
		t.Errorf("16x16 help %q does not say how to type 10 to 16", got)
	}
	giv16 := its[k16].givens
	if big := slices.IndexFunc(giv16, func(v uint8) bool { return v > 9 }); b.text(fmt.Sprintf("c%d", big)) != fmt.Sprint(giv16[big]) {
		t.Errorf("given %d of a 16x16 shows %q", giv16[big], b.text(fmt.Sprintf("c%d", big)))
	}
	var open16 []int
	for i, v := range giv16 {
		if v == 0 {
			open16 = append(open16, i)
		}
	}
	b.moveTo(open16[0])
	b.keys("16")
	b.moveTo(open16[1])
	b.keys("10")
	b.moveTo(open16[2])
	b.keys("1")
	b.moveTo(open16[3])
	b.keys("6")
	got16 := eval[string](b, fmt.Sprintf(`[%d, %d, %d, %d].map(i => document.getElementById('c' + i).textContent + (document.getElementById('c' + i).classList.contains('w2') ? '/w2' : '')).join(' ')`, open16[0], open16[1], open16[2], open16[3]))
	if got16 != "16/w2 10/w2 1 6" {
		t.Errorf("typing 16, 10, then 1 and 6 in two cells gave %q, want \"16/w2 10/w2 1 6\"", got16)
	}
	b.shot("numbers16.png")
	b.button("clear")

	// A 16x16 of a book printed with style.letters shows and takes A to
	// P, as printed; P then types 16, not the pencil switch, which is
	// Space there, as the help says.
	en, _ := templates.Language("en")
	words, _ := Words("en")
	d, err := dataOf("Letters", its[k16:k16+1], en, words)
	if err != nil {
		t.Fatal(err)
	}
	d.Letters = true
	lettered, err := render(d)
	if err != nil {
		t.Fatal(err)
	}
	file = filepath.Join(t.TempDir(), "letters.html")
	if err := os.WriteFile(file, lettered, 0o644); err != nil {
		t.Fatal(err)
	}
	b.do(chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS(`#c0`)))
	if got := eval[string](b, `[...document.querySelectorAll('#sb-pad button')].map(b => b.textContent).join('')`); got != "ABCDEFGHIJKLMNOP" {
		t.Errorf("lettered pad %q, want A to P", got)
	}
	giv := its[k16].givens
	g0 := slices.IndexFunc(giv, func(v uint8) bool { return v != 0 })
	if got, want := b.text(fmt.Sprintf("c%d", g0)), string(rune('A'+giv[g0]-1)); got != want {
		t.Errorf("given %d of a lettered 16x16 shows %q, want %q", giv[g0], got, want)
	}
	b.do(chromedp.Focus(chromedp.CSS(`.cell.sel`)))
	b.keys("p")
	if got := eval[string](b, `document.querySelector('.cell.sel').className + ' ' + document.querySelector('.cell.sel').textContent`); !strings.HasSuffix(got, " P") || strings.Contains(got, "pm") {
		t.Errorf("typing p in a lettered 16x16 gave cell %q, want the digit P", got)
	}
	if got := b.text("sb-keys"); !strings.Contains(got, "A-P enter a digit") || !strings.Contains(got, "Space switches pencil mode") {
		t.Errorf("lettered 16x16 help %q, want A-P and Space for the pencil", got)
	}
	if n := eval[int](b, `document.querySelectorAll('#sb-grid .w2').length`); n != 0 {
		t.Errorf("%d letters of a lettered 16x16 are set small, as two digits are", n)
	}
	b.keys(" ")
	if got := eval[string](b, `document.getElementById('sb-pencil').getAttribute('aria-pressed')`); got != "true" {
		t.Errorf("Space on a lettered 16x16 left the pencil switch at %s", got)
	}
	b.shot("letters.png")

	// A figure with cells out of play: drawn, walked round by the arrow
	// keys and solved by hints.
	sol, fig := figurePage(t)
	file = filepath.Join(t.TempDir(), "figure.html")
	if err := os.WriteFile(file, fig, 0o644); err != nil {
		t.Fatal(err)
	}
	b.do(chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS(`#c120`)))
	if got := eval[int](b, `document.querySelectorAll('#sb-grid .cell.off').length`); got != 121-81 {
		t.Errorf("%d cells drawn out of play, want 40", got)
	}
	b.do(chromedp.Focus(chromedp.CSS(`.cell.sel`)))
	b.keys(kb.ArrowUp + kb.ArrowUp + kb.ArrowLeft + kb.ArrowLeft)
	if got := eval[int](b, `+document.activeElement.dataset.i`); got < 12 || got > 20 {
		t.Errorf("the arrow keys walked onto cell %d, out of play or off the top row", got)
	}
	b.button("hint")
	b.shot("figure.png")
	b.solveByHints(1, sol)
}

var fishNote = regexp.MustCompile(`^(x-wing|swordfish|jellyfish) on \d in (rows|columns) \d(, \d)*( and \d) \((rows|columns) \d(, \d)*( and \d)\): \d leaves r\dc\d(, r\dc\d)*$`)

// figurePage lays a classic easy puzzle inside an 11x11 bounding box whose
// outer ring is out of play, a figure of one grid. The page must draw it and play it by hints.
func figurePage(t *testing.T) (solution string, page []byte) {
	t.Helper()
	gen := engine.NewGenerator()
	rng := rand.New(rand.NewPCG(5, 6))
	var p engine.Puzzle
	for ok := false; !ok; {
		p, ok = gen.Generate(rng, engine.Quota{Level: engine.Easy, Count: 1, Symmetry: engine.SymRotational})
	}
	en, _ := templates.Language("en")
	words, _ := Words("en")
	d, err := dataOf("Figure", []item{{number: 1, section: section{Title: "figure", Level: "Easy"}, geo: engine.Classic9,
		givens: p.Cells(), answer: p.SolutionCells()}}, en, words)
	if err != nil {
		t.Fatal(err)
	}
	const n = 11
	at := func(i int) int { return (i/9+1)*n + i%9 + 1 }
	cells, sol := []byte(strings.Repeat(".", n*n)), []byte(strings.Repeat(".", n*n))
	for i := range 81 {
		cells[at(i)] = d.Puzzles[0].Cells[i]
		sol[at(i)] = symbols[p.SolutionCells()[i]-1]
	}
	// One 9x9 grid at place (1, 1): the page derives its houses and the
	// ring out of play, as it does a samurai's.
	g := geom{N: n, BW: 3, BH: 3, Digits: 9, Frames: []int{n + 1}}
	d.Geoms[0] = g
	d.Puzzles[0].Cells = string(cells)
	page, err = render(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(sol), page
}

// solveByHints plays puzzle number to the end by hints alone: each hint is
// checked against solution (n*n symbols), then its digit typed into its
// cell. It returns the hints taken and how many of their steps came from
// the grader's stored steps.
func (b tab) solveByHints(number int, solution string) (hints, grader int) {
	t := b.t
	t.Helper()
	eval[bool](b, fmt.Sprintf(`sudokubook.load(%d)`, number))
	*b.notes = (*b.notes)[:0]
	for k := 0; ; k++ {
		// One round trip asks for the hint and puts the focus on its
		// cell (by a click, as a reader would); then the digit is typed.
		h := eval[struct {
			Wrong []int      `json:"wrong"`
			Steps []hintStep `json:"steps"`
			Cells string     `json:"cells"`
		}](b, `(() => {
			const h = sudokubook.hint(), last = (h.steps || []).at(-1);
			if (last && last.place.length) document.getElementById('c' + last.place[0][0]).click();
			h.cells = Array.from(document.querySelectorAll('#sb-grid .cell')).map(e => e.classList.contains('pm') || !e.textContent ? '.' : e.textContent).join('');
			return h;
		})()`)
		if len(h.Wrong) > 0 {
			t.Fatalf("puzzle %d: hint found wrong digits in %v", number, h.Wrong)
		}
		if h.Cells == solution {
			return hints, grader
		}
		if len(h.Steps) == 0 || k > len(solution) {
			t.Fatalf("puzzle %d: no hint on\n%s", number, h.Cells)
		}
		answer := func(cell int) int { return strings.IndexByte(symbols, solution[cell]) + 1 }
		for _, s := range h.Steps {
			if s.Tech == "grader" {
				grader++
			}
			*b.notes = append(*b.notes, s.Note)
			if strings.Contains(s.Note, "undefined") || strings.Contains(s.Note, "{") && !strings.Contains(s.Note, "}") {
				t.Errorf("puzzle %d: hint %q has a hole in its words", number, s.Note)
			}
			for _, e := range s.Elim {
				if answer(e[0]) == e[1] {
					t.Fatalf("puzzle %d: hint %q removes the answer %d from cell %d", number, s.Note, e[1], e[0])
				}
			}
		}
		last := h.Steps[len(h.Steps)-1]
		if len(last.Place) == 0 {
			t.Fatalf("puzzle %d: the hint's steps end without a digit: %+v", number, h.Steps)
		}
		cell, d := last.Place[0][0], last.Place[0][1]
		if answer(cell) != d {
			t.Fatalf("puzzle %d: hint %q places %d in cell %d, the answer is %c", number, last.Note, d, cell, solution[cell])
		}
		b.keys(string(symbols[d-1]))
		hints++
	}
}

// TestBrowserPrintAndLanguage prints the page as Chromium would: the
// puzzle in play on one page, and with "Print all" one puzzle a page. Then
// a French book's page speaks French, hints included.
func TestBrowserPrintAndLanguage(t *testing.T) {
	skipBrowserInShort(t)
	ctx := browser(t)
	m := testManifest(t)
	b := tab{t, ctx, new([]string)}
	b.do(chromedp.Navigate(writePage(t, m)), chromedp.WaitVisible(chromedp.CSS(`#c80`)))
	pages := func() int {
		var pdf []byte
		b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			r, err := cdp.Call(ctx, tg, page.PrintToPDF, page.PrintToPDFParams{})
			pdf = r.Data
			return err
		}))
		n, err := api.PageCount(bytes.NewReader(pdf), nil)
		if err != nil {
			t.Fatal(err)
		}
		if dir := os.Getenv("SUDOKUBOOK_SCREENSHOTS"); dir != "" {
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("print-%d-pages.pdf", n)), pdf, 0o644)
		}
		return n
	}
	if n := pages(); n != 1 {
		t.Errorf("printing the puzzle in play gave %d pages, want 1", n)
	}
	eval[bool](b, `document.body.classList.add('all'); dispatchEvent(new Event('beforeprint'))`)
	if n := pages(); n != len(m.Puzzles) {
		t.Errorf("printing all gave %d pages, want one a puzzle: %d", n, len(m.Puzzles))
	}
	// Print this puzzle: the puzzle in play, givens only, on one page and
	// its solution on the next, whatever the reader has typed.
	eval[bool](b, `dispatchEvent(new Event('afterprint')); window.print = () => {}; true`)
	b.keys("5")
	b.button("printone")
	if n := pages(); n != 2 {
		t.Errorf("printing this puzzle gave %d pages, want 2", n)
	}
	printed := eval[[]string](b, `[...document.querySelectorAll('#sb-book .page')].map(p =>
		[...p.querySelectorAll('.cell')].map(c => c.textContent || '.').join(''))`)
	if len(printed) != 2 || printed[0] != m.Puzzles[0].Puzzle || printed[1] != m.Puzzles[0].Solution {
		t.Errorf("printing this puzzle lays out %q, want its givens %s and its solution %s", printed, m.Puzzles[0].Puzzle, m.Puzzles[0].Solution)
	}
	if h := eval[string](b, `document.querySelectorAll('#sb-book h2')[1].textContent`); !strings.HasSuffix(h, " · Solution") {
		t.Errorf("the solution's page is headed %q", h)
	}
	eval[bool](b, `dispatchEvent(new Event('afterprint')); true`)
	b.button("undo")

	m.Language = "fr"
	m.Title += " (fr)" // a book of its own for the browser's storage
	b.do(chromedp.Navigate(writePage(t, m)), chromedp.WaitVisible(chromedp.CSS(`#c80`)))
	b.button("hint")
	hint := eval[string](b, `document.querySelector('#sb-hint li').textContent`)
	french := regexp.MustCompile(`^(singleton caché\x{a0}: dans (le carré|la ligne|la colonne) \d, le \d ne va qu'en ligne \d, colonne \d|singleton nu\x{a0}: ligne \d, colonne \d ne peut être que \d|case unique\x{a0}: ligne \d, colonne \d est la dernière case vide dans (le carré|la ligne|la colonne) \d, elle prend le \d)$`)
	if !french.MatchString(hint) {
		t.Errorf("a French page's first hint is %q", hint)
	}
	if got := eval[string](b, `document.querySelector('[data-act="hint"]').textContent + '|' + document.getElementById('c0').getAttribute('aria-label') + '|' + document.documentElement.lang`); !strings.HasPrefix(got, "Indice|Ligne 1, colonne 1: ") || !strings.HasSuffix(got, "|fr") {
		t.Errorf("a French page says %q", got)
	}
	b.shot("french.png")

	// Show solution fills the grid and is undone like any move; Suivante
	// goes on to the next puzzle.
	b.button("solve")
	if got := b.cells(); got != m.Puzzles[0].Solution {
		t.Errorf("show solution gave\n%s\nwant\n%s", got, m.Puzzles[0].Solution)
	}
	b.button("undo")
	if got := b.cells(); got != m.Puzzles[0].Puzzle {
		t.Errorf("undoing show solution gave\n%s\nwant the givens\n%s", got, m.Puzzles[0].Puzzle)
	}
	b.button("next")
	if got := b.text("sb-name"); got != "Grille 2" || b.cells() != m.Puzzles[1].Puzzle {
		t.Errorf("Suivante shows %q with\n%s", got, b.cells())
	}
}

// TestBrowserHintLanguages plays the test book's hardest puzzles to the
// end by hints in each of the five languages: every step taken from the
// grader's is a full sentence of that language's words ("By the x-chain,
// 5 leaves r2c5."), naming the technique in its words, with no English
// in a page of another language.
func TestBrowserHintLanguages(t *testing.T) {
	skipBrowserInShort(t)
	ctx := browser(t)
	m := testManifest(t)
	b := tab{t, ctx, new([]string)}
	english := regexp.MustCompile(`\b(leaves|leave|goes in|keeps?|By the)\b`)
	for _, code := range templates.Languages() {
		m.Language = code
		m.Title = "Languages " + code // a book of its own for the browser's storage
		b.do(chromedp.Navigate(writePage(t, m)), chromedp.WaitVisible(chromedp.CSS(`#c80`)))
		// Progress is kept by puzzle: the last language's is not this one's.
		eval[bool](b, `localStorage.clear(), true`)
		page, err := Page(m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := pageData(t, page)
		words := mustWords(t, code)
		var names []string
		for _, n := range d.Techs {
			names = append(names, regexp.QuoteMeta(n))
		}
		// A stored step reads as one of its templates (hint.go): the
		// technique's name and the rest filled in.
		var patterns []string
		for _, key := range sayKeys() {
			var pattern strings.Builder
			tmpl, at := words[key], 0
			for _, m := range anyPlaceRE.FindAllStringIndex(tmpl, -1) {
				pattern.WriteString(regexp.QuoteMeta(tmpl[at:m[0]]))
				if tmpl[m[0]:m[1]] == "{t}" {
					pattern.WriteString("(?:" + strings.Join(names, "|") + ")")
				} else {
					pattern.WriteString(`\S.*\S|\S`)
				}
				at = m[1]
			}
			patterns = append(patterns, pattern.String()+regexp.QuoteMeta(tmpl[at:]))
		}
		step := regexp.MustCompile("^(?:" + strings.Join(patterns, "|") + ")$")
		seen := 0
		for _, p := range m.Puzzles[7:] {
			_, grader := b.solveByHints(p.Number, p.Solution)
			sentences := 0
			for _, n := range *b.notes {
				if step.MatchString(n) {
					sentences++
					if seen < 2 || code != "en" && seen < 4 {
						t.Logf("%s: %s", code, n)
					}
					seen++
				}
				if code != "en" && english.MatchString(n) {
					t.Errorf("%s: hint %q has English in it", code, n)
				}
			}
			if sentences != grader {
				t.Errorf("%s puzzle %d: %d of the %d steps from the grader read as sentences of their templates", code, p.Number, sentences, grader)
			}
		}
		if seen == 0 {
			t.Errorf("%s: no hint came from the grader's steps; the test shows nothing", code)
		}
	}
}

// anyPlaceRE finds a template's placeholders, {a} to {el}.
var anyPlaceRE = regexp.MustCompile(`\{\w+\}`)

// TestBrowserHintPattern asks for a hint where the next step is the
// grader's XY-Wing (puzzle 6 of the test book, played by hints up to it):
// the sentence is explain's note, naming the pivot and the pincers, and
// those cells are framed as the pattern, apart from the cells the step
// changes.
func TestBrowserHintPattern(t *testing.T) {
	skipBrowserInShort(t)
	ctx := browser(t)
	m := testManifest(t)
	m.Title = "Pattern hints" // its own storage
	b := tab{t, ctx, new([]string)}
	b.do(chromedp.Navigate(writePage(t, m)), chromedp.WaitVisible(chromedp.CSS(`#c80`)))
	p := m.Puzzles[5]
	res, err := engine.Grade(engine.Classic9, engine.MustParseGrid(p.Puzzle).Cells(), engine.GradeOptions{Steps: true})
	if err != nil {
		t.Fatal(err)
	}
	k := slices.IndexFunc(res.Steps, func(s engine.Step) bool { return s.Technique == engine.XYWing })
	if k < 0 {
		t.Fatalf("puzzle %d needs no XY-Wing; the test wants one", p.Number)
	}
	wing := res.Steps[k]
	eval[bool](b, fmt.Sprintf(`localStorage.clear(), sudokubook.load(%d)`, p.Number))
	for n := 0; ; n++ {
		steps := eval[[]hintStep](b, `sudokubook.hint().steps`)
		if slices.ContainsFunc(steps, func(s hintStep) bool { return s.Tech == "grader" && strings.HasPrefix(s.Note, "XY-Wing: pivot") }) {
			break
		}
		if len(steps) == 0 || len(steps[len(steps)-1].Place) == 0 || n > 81 {
			t.Fatalf("puzzle %d: the hints never came to the XY-Wing (%v)", p.Number, steps)
		}
		x := steps[len(steps)-1].Place[0]
		eval[bool](b, fmt.Sprintf(`document.getElementById('c%d').click(), true`, x[0]))
		b.keys(string(symbols[x[1]-1]))
	}
	b.button("hint")
	b.shot("hint-pattern.png")
	lis := eval[[]string](b, `[...document.querySelectorAll('#sb-hint li')].map(e => e.dataset.note)`)
	want := strings.Replace(wing.Note, "xy-wing", "XY-Wing", 1)
	if !slices.Contains(lis, want) {
		t.Errorf("the hint's steps are %q, want one to read explain's %q", lis, want)
	}
	var pattern []string
	for _, c := range wing.Pattern.Cells() {
		pattern = append(pattern, engine.CellName(c))
	}
	if len(pattern) != 3 {
		t.Fatalf("the XY-Wing's pattern names %d cells (%v), want a pivot and two pincers", len(pattern), pattern)
	}
	framed := eval[[]string](b, `[...document.querySelectorAll('#sb-grid .cell.pat')].map(e => 'r' + (Math.floor(e.dataset.i / 9) + 1) + 'c' + (e.dataset.i % 9 + 1))`)
	placed := eval[string](b, `document.querySelector('#sb-grid .cell.sel').getAttribute('aria-label')`)
	for _, n := range pattern {
		// The cell the hint fills is marked as such, even in the pattern.
		if !slices.Contains(framed, n) && !strings.HasPrefix(placed, fmt.Sprintf("Row %c, column %c:", n[1], n[3])) {
			t.Errorf("pattern cell %s is not framed (framed: %v)", n, framed)
		}
	}
	for _, e := range wing.Eliminations {
		if n := engine.CellName(e.Cell); slices.Contains(framed, n) {
			t.Errorf("%s, which the XY-Wing changes, is framed as its pattern", n)
		}
	}
	// The frame is a style of its own: not the fill of the cells a step
	// changes.
	style := eval[[]string](b, `[getComputedStyle(document.querySelector('#sb-grid .cell.pat')).boxShadow, getComputedStyle(document.querySelector('#sb-grid .cell.pat')).backgroundColor]`)
	if style[0] == "none" {
		t.Errorf("pattern cells have no frame (box-shadow %q)", style[0])
	}
}

// TestBrowserKillerStoredSteps plays a killer of examples/killer.yaml
// whose path takes the rule of 45 on several houses, a step the page
// cannot find itself: its hint names the houses and the innies or outies
// as explain does.
func TestBrowserKillerStoredSteps(t *testing.T) {
	skipBrowserInShort(t)
	ctx := browser(t)
	m := readManifest(t, "testdata/killer.json")
	m.Title = "Killer stored steps" // its own storage
	its, err := items(m, book.Range{}, mustTexts(t, "en"))
	if err != nil {
		t.Fatal(err)
	}
	b := tab{t, ctx, new([]string)}
	b.do(chromedp.Navigate(writePage(t, m)), chromedp.WaitVisible(chromedp.CSS(`#c80`)))
	several := regexp.MustCompile(`^rule of 45 in (?:(?:row|column|box) \d+(?:, | and ))+(?:row|column|box) \d+: the cages (?:inside them add up to \d+|touching them add up to \d+, \d+ of it inside), so the (?:innies?|outies?) r\d+c\d+(?:\+r\d+c\d+)* (?:is \d+|add up to \d+, which (?:must|can only) be [\d+]+(?: or [\d+]+)*), so \S`)
	for _, it := range its {
		res, err := engine.NewGrader().Grade(it.geo, it.givens, engine.GradeOptions{Steps: true})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(res.Steps, func(s engine.Step) bool { return s.Technique == engine.Rule45Houses }) {
			continue
		}
		_, grader := b.solveByHints(it.number, it.geo.Format(it.answer))
		var found []string
		for _, n := range *b.notes {
			if several.MatchString(n) {
				found = append(found, n)
			}
		}
		t.Logf("killer %d: %d of the hints' steps from the grader's, %d of them the rule of 45 on several houses, as %q", it.number, grader, len(found), found)
		if len(found) == 0 {
			t.Errorf("killer %d: no hint gave the rule of 45 on several houses in explain's words", it.number)
		}
		return
	}
	t.Fatal("no killer of examples/killer.yaml takes the rule of 45 on several houses")
}
