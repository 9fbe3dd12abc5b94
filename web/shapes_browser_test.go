package web

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/internal/testimg"
)

// shownShapes reads what a grid in sel shows, one character a cell: the
// symbol whose shape a cell draws, in upper case filled and lower case in
// outline ("1" and "a" for a circle), a digit or letter the cell prints
// as "#", and "." for neither.
const shownShapes = `(sel) => [...document.querySelectorAll(sel + ' .cell')].map(e => {
	const p = e.querySelector(':scope > svg.pic path');
	if (!p) return e.textContent ? '#' : '.';
	const d = p.getAttribute('d'), k = sb.pics.findIndex(x => x[0].includes(' d="' + d + '"')), o = sb.pics.findIndex(x => x[1].includes(' d="' + d + '"'));
	return k >= 0 ? '' + (k + 1) : o >= 0 ? 'abcdef'[o] : '?';
}).join('')`

// shapesPage opens examples/kids-shapes.yaml's page, its data in sb and
// shownShapes in shown.
func shapesPage(t *testing.T) (*book.Manifest, tab) {
	skipBrowserInShort(t)
	m, err := exampleBook("../examples/kids-shapes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	b := tab{t, browser(t), new([]string)}
	b.do(chromedp.Navigate(writePage(t, m)), chromedp.WaitVisible(chromedp.CSS(`#c15`)))
	eval[bool](b, `window.sb = JSON.parse(document.getElementById('sb-data').textContent); window.shown = `+shownShapes+`; true`)
	return m, b
}

// TestBrowserShapes plays examples/kids-shapes.yaml's page: its 4x4 and
// 6x6 grids show the shapes the book prints in place of digits (the
// givens filled, the reader's own in outline, pencil marks as small
// filled shapes), the digit pad offers the grid's shapes, and a printed
// solution draws them as the book's solution page does.
func TestBrowserShapes(t *testing.T) {
	m, b := shapesPage(t)
	if n := eval[int](b, `sb.pics.length`); n != 6 {
		t.Fatalf("the page carries %d shapes, want 6", n)
	}
	// shapes is what the grid should show: a given's shape filled, an
	// open cell empty.
	shapes := func(puzzle string) string {
		return strings.Map(func(r rune) rune {
			if r >= '1' && r <= '6' {
				return r
			}
			return '.'
		}, puzzle)
	}
	p := m.Puzzles[0]
	if got, want := eval[string](b, `shown('#sb-grid')`), shapes(p.Puzzle); got != want {
		t.Fatalf("puzzle 1 (4x4) shows\n%s\nwant its givens in filled shapes\n%s", got, want)
	}
	if txt := eval[string](b, `document.getElementById('sb-grid').textContent`); txt != "" {
		t.Errorf("the grid of shapes prints text %q", txt)
	}
	// The pad: four shapes, filled, for a 4x4; the other two hidden.
	pad := `[...document.querySelectorAll('#sb-pad button')].map(e => { if (e.hidden) return '-';
		const p = e.querySelector('svg.pic path'); return p ? '' + (sb.pics.findIndex(x => x[0].includes(' d="' + p.getAttribute('d') + '"')) + 1) : e.textContent; }).join('')`
	if got := eval[string](b, pad); got != "1234--" {
		t.Errorf("a 4x4's pad offers %q, want the four filled shapes 1234 and no more", got)
	}
	// A shape typed in an open cell is drawn in outline, as a solved
	// cell is printed; pencil marks are small filled shapes.
	open := strings.IndexByte(p.Puzzle, '.')
	b.moveTo(open)
	want := p.Solution[open]
	b.keys(string(want))
	if got := eval[string](b, `shown('#sb-grid')`)[open]; got != "abcdef"[want-'1'] {
		t.Errorf("typing %c in cell %d shows %q, want the shape in outline (%c)", want, open, got, "abcdef"[want-'1'])
	}
	next := strings.IndexByte(p.Puzzle[open+1:], '.') + open + 1
	b.moveTo(next)
	b.keys("p")
	b.keys("1")
	b.keys("3")
	marks := eval[string](b, fmt.Sprintf(`[...document.querySelectorAll('#c%d span')].map(s => {
		const p = s.querySelector('svg.pic path'); return p ? '' + (sb.pics.findIndex(x => x[0].includes(' d="' + p.getAttribute('d') + '"')) + 1) : '.'; }).join('')`, next))
	if marks != "1.3." {
		t.Errorf("pencil marks 1 and 3 in cell %d show %q, want the circle and the triangle in their places (1.3.)", next, marks)
	}
	b.shot("shapes-4x4.png")
	b.keys("p")

	// A 6x6 offers six shapes; its solution, printed, draws the givens
	// filled and the rest in outline.
	six := -1
	for k, q := range m.Puzzles {
		if len(q.Puzzle) == 36 {
			six = k
			break
		}
	}
	if six < 0 {
		t.Fatal("examples/kids-shapes.yaml has no 6x6 puzzle")
	}
	q := m.Puzzles[six]
	eval[bool](b, fmt.Sprintf(`sudokubook.load(%d); true`, q.Number))
	if got, want := eval[string](b, `shown('#sb-grid')`), shapes(q.Puzzle); got != want {
		t.Errorf("puzzle %d (6x6) shows\n%s\nwant\n%s", q.Number, got, want)
	}
	if got := eval[string](b, pad); got != "123456" {
		t.Errorf("a 6x6's pad offers %q, want the six filled shapes", got)
	}
	b.shot("shapes-6x6.png")
	eval[bool](b, `window.print = () => {}; true`)
	b.button("printone")
	eval[bool](b, `dispatchEvent(new Event('beforeprint')); true`)
	printed := eval[[]string](b, `[...document.querySelectorAll('#sb-book .page')].map((p, k) => shown('#sb-book .page:nth-child(' + (k + 1) + ')'))`)
	var sol strings.Builder
	for i := range q.Solution {
		if q.Puzzle[i] != '.' {
			sol.WriteByte(q.Solution[i])
		} else {
			sol.WriteByte("abcdef"[q.Solution[i]-'1'])
		}
	}
	if len(printed) != 2 || printed[0] != shapes(q.Puzzle) || printed[1] != sol.String() {
		t.Errorf("printing puzzle %d lays out %q, want its givens %s and its solution %s", q.Number, printed, shapes(q.Puzzle), sol.String())
	}
	eval[bool](b, `dispatchEvent(new Event('afterprint')); true`)
}

// TestBrowserPictures plays a book of the user's own pictures
// (style.pictures): each given is its picture, painted in the given's ink;
// a picture the reader types is painted in the reader's colour, as a
// typed shape is; and the grid prints no digit.
func TestBrowserPictures(t *testing.T) {
	skipBrowserInShort(t)
	m, err := exampleBook("../examples/kids-shapes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m.Pictures = true
	m.Title += " (pictures)"
	var files [][]byte
	for r := 4; r < 16; r += 2 {
		files = append(files, testimg.Disc(r))
	}
	page, err := Page(m, Options{Pictures: files})
	if err != nil {
		t.Fatal(err)
	}
	ctx := browser(t)
	b := tab{t, ctx, new([]string)}
	b.do(chromedp.Navigate(pageFile(t, "pictures.html", page)), chromedp.WaitVisible(chromedp.CSS(`#c15`)))
	p := m.Puzzles[0]
	// Which picture a cell shows: its mask's place among the page's.
	shown := `[...document.querySelectorAll('#sb-grid .cell')].map(e => { const i = e.querySelector('i.pic');
		if (!i) return e.textContent ? '#' : '.';
		const k = JSON.parse(document.getElementById('sb-data').textContent).pics.findIndex(x => x[0] === i.outerHTML);
		return k >= 0 ? '' + (k + 1) : '?'; }).join('')`
	want := strings.Map(func(r rune) rune {
		if r >= '1' && r <= '6' {
			return r
		}
		return '.'
	}, p.Puzzle)
	if got := eval[string](b, shown); got != want {
		t.Fatalf("puzzle 1 shows\n%s\nwant its givens' pictures\n%s", got, want)
	}
	open := strings.IndexByte(p.Puzzle, '.')
	b.moveTo(open)
	b.keys(string(p.Solution[open]))
	if got := eval[string](b, shown)[open]; got != p.Solution[open] {
		t.Errorf("typing %c in cell %d shows %q, want its picture", p.Solution[open], open, got)
	}
	colour := func(i int) string {
		return eval[string](b, fmt.Sprintf(`getComputedStyle(document.querySelector('#c%d i.pic')).backgroundColor`, i))
	}
	given := strings.IndexFunc(p.Puzzle, func(r rune) bool { return r != '.' })
	if g, o := colour(given), colour(open); g == o {
		t.Errorf("a given's picture and a typed one are both painted %s, want the reader's apart", g)
	}
	b.shot("pictures.png")
	// A hint names its digit by its picture, at the words' size.
	b.button("hint")
	if got := eval[string](b, `(li => li.querySelector('i.pic') && getComputedStyle(li.querySelector('i.pic')).width === getComputedStyle(li).fontSize.replace(/[0-9.]+/, x => x * 1.25) ? li.textContent : 'no picture: ' + li.innerHTML)([...document.querySelectorAll('#sb-hint li')].pop())`); strings.ContainsAny(got, "\ue000") || strings.HasPrefix(got, "no picture") {
		t.Errorf("a hint on a book of pictures reads %q, want its digit as the picture", got)
	}
}

// TestBrowserShapeHints asks for hints on examples/kids-shapes.yaml's
// page: where a hint's words name a digit they show its shape instead,
// the small filled shape of a pencil mark at the words' size, and no
// digit; the numbers of rows and columns stay numbers.
func TestBrowserShapeHints(t *testing.T) {
	m, b := shapesPage(t)
	// shown reads the hint's last step: its text, and the shapes it
	// draws as symbols ("1" for a circle, "?" for none of the page's).
	const shown = `(() => { const li = [...document.querySelectorAll('#sb-hint li')].pop();
		return [li.textContent, [...li.querySelectorAll('svg.pic path')].map(p => '' + (sb.pics.findIndex(x => x[0].includes(' d="' + p.getAttribute('d') + '"')) + 1)).join(''),
			(s => s ? '' + s.getBoundingClientRect().height / parseFloat(getComputedStyle(li).fontSize) : 'no shape')(li.querySelector('svg.pic path'))]; })()`
	for _, k := range []int{0, 6} {
		p := m.Puzzles[k]
		eval[bool](b, fmt.Sprintf(`sudokubook.load(%d); true`, p.Number))
		// The words the page's solver gives, with their digit slots
		// marked: what the hint must show without the slots' digits.
		words := eval[string](b, `sudokubook.hint().steps.pop().words`)
		slots := regexp.MustCompile("\ue000([^\ue000]*)\ue000").FindAllStringSubmatch(words, -1)
		if len(slots) == 0 {
			t.Fatalf("puzzle %d: the hint's words %q mark no digit", p.Number, words)
		}
		var digits string
		for _, s := range slots {
			digits += regexp.MustCompile(`[^1-6]`).ReplaceAllString(s[1], "")
		}
		b.button("hint")
		got := eval[[]string](b, shown)
		text, shapes := got[0], got[1]
		if want := regexp.MustCompile("\ue000[^\ue000]*\ue000").ReplaceAllStringFunc(words, func(s string) string {
			return regexp.MustCompile(`[1-6]`).ReplaceAllString(strings.Trim(s, "\ue000"), "")
		}); text != want {
			t.Errorf("puzzle %d: the hint reads %q, want %q (the digits %s as shapes)", p.Number, text, want, digits)
		}
		if shapes != digits {
			t.Errorf("puzzle %d: the hint %q draws the shapes %q, want those of the digits %s", p.Number, text, shapes, digits)
		}
		if strings.ContainsRune(text, '\ue000') {
			t.Errorf("puzzle %d: the hint %q shows its slot marks", p.Number, text)
		}
		// At the words' size: a shape about as tall as a capital letter
		// (0.7em), neither a dot nor a cell's shape (1.7em).
		if h, err := strconv.ParseFloat(got[2], 64); err != nil || h < 0.55 || h > 1 {
			t.Errorf("puzzle %d: a shape in the hint is %s em tall, want about a capital letter's 0.7", p.Number, got[2])
		}
		b.shot(fmt.Sprintf("shapes-hint-%d.png", p.Number))
	}
}
