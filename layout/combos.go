package layout

// The killer reference page: every cage sum that only one or two sets of
// different digits make, by cage size, as killer books print it.
//
//	2 cells              5 cells
//	3: 12                15: 12345
//	4: 13                16: 12346
//	5: 14 / 23           17: 12347 / 12356
//	...
//
// Digit sets are written as their digits run together, the way solvers
// pencil them; sets apart by " / ". Sizes run from 2 to one less than the
// side (one cell is its sum, the whole side is 45).

import (
	"math"
	"slices"
	"strings"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// comboBlock is one cage size's entries.
type comboBlock struct {
	head    string
	entries []string
}

// comboBlocks lists the sums of side-n killer cages that one or two digit
// sets make, by cage size.
func comboBlocks(n int, t *templates.Texts) []comboBlock {
	var out []comboBlock
	for k := 2; k < n; k++ {
		b := comboBlock{head: templates.Fill(t.CageCombosCells, "k", itoa(k))}
		for sum := 0; sum <= 45; sum++ {
			sets := engine.Combinations(n, k, sum)
			if len(sets) == 0 || len(sets) > 2 {
				continue
			}
			words := make([]string, len(sets))
			for i, m := range sets {
				words[i] = strings.ReplaceAll(engine.ComboText(m), "+", "")
			}
			slices.Sort(words) // as a solver reads them: 14 before 23
			b.entries = append(b.entries, itoa(sum)+": "+strings.Join(words, " / "))
		}
		out = append(out, b)
	}
	return out
}

// comboLine is one line of the page's columns: a block's head (bold) or
// an entry, or a gap between blocks.
type comboLine struct {
	text string
	head bool
}

// comboColumns deals the blocks into columns, column k holding at most
// rows(k) lines, keeping a head with its first entry and starting no
// column with a gap. A block that runs on onto the next page (column k
// opens a page when k is a multiple of perPage) has its head again at
// the top there, so that no page opens on entries of a size it does not
// name; on the same page the column beside it names them. It reports
// false if a fresh column cannot take a head and its entry.
func comboColumns(blocks []comboBlock, perPage int, rows func(k int) int) ([][]comboLine, bool) {
	out := make([][]comboLine, 1)
	for _, b := range blocks {
		for i, e := range b.entries {
			col := &out[len(out)-1]
			need := 1
			if i == 0 {
				need = 2 // the head and its first entry
				if len(*col) > 0 {
					need++ // a gap first
				}
			}
			for len(*col)+need > rows(len(out)-1) {
				if len(*col) == 0 && rows(len(out)) < need {
					return nil, false
				}
				out = append(out, nil)
				col = &out[len(out)-1]
				if i == 0 || (len(out)-1)%perPage == 0 {
					need = 2 // the head, first or again, and the entry
				}
			}
			if i == 0 || (len(*col) == 0 && (len(out)-1)%perPage == 0) {
				if len(*col) > 0 {
					*col = append(*col, comboLine{})
				}
				*col = append(*col, comboLine{text: b.head, head: true})
			}
			*col = append(*col, comboLine{text: e})
		}
	}
	return out, true
}

// comboSheet is the reference page laid out: its text size, the intro's
// lines, the columns a page and their width, and the columns of each page.
type comboSheet struct {
	size      float64
	intro     []string
	cols      int
	colW, gap float64
	pages     [][][]comboLine
}

// comboSheet lays out the reference page for side-n killers at the
// largest size, from the body size down to the book's finest print, that
// puts it on one page in as many columns as the widest line allows (two
// to four); at the finest print it runs on over more pages.
func (p *plan) comboSheet(n int) comboSheet {
	ts, f := p.ts, p.f
	body := ts.bodyArea(p.geo.content(1))
	blocks := comboBlocks(n, p.texts)
	intro := templates.Fill(p.texts.CageCombosIntro, "low", "1", "high", itoa(n))
	for size := ts.body; ; size -= 0.5 {
		size = math.Max(size, ts.small)
		sh := comboSheet{size: size, intro: wrap(intro, f.Regular, size, body.W), gap: 2 * size}
		step := size * lead
		full := int(body.H/step) - 1
		first := full - len(sh.intro) - 1
		for cols := 4; cols >= 1; cols-- {
			sh.cols = cols
			sh.colW = (body.W - float64(cols-1)*sh.gap) / float64(cols)
			if cols == 1 || comboWidthFits(blocks, f.Bold, f.Regular, size, sh.colW) {
				break
			}
		}
		columns, ok := comboColumns(blocks, sh.cols, func(k int) int {
			if k < sh.cols {
				return first
			}
			return full
		})
		if !ok && size > ts.small {
			continue
		}
		for k := 0; k < len(columns); k += sh.cols {
			sh.pages = append(sh.pages, columns[k:min(k+sh.cols, len(columns))])
		}
		if len(sh.pages) == 1 || size <= ts.small {
			return sh
		}
	}
}

// combos draws page k of the reference page for side-n killers: its head
// (on a page after the first, saying the page goes on), on the first page
// the intro, and the columns.
func (d *drawer) combos(live rect, n, k int) {
	ts, f := d.p.ts, d.p.f
	title, size := d.p.texts.CageCombosTitle, ts.head
	if k > 0 {
		// Longer than the title in every language: in large print
		// it may have to be set smaller to be whole.
		title = d.p.texts.CageCombosContinued
		if w := textWidth(f.Medium, size, title); w > live.W {
			size *= live.W / w
		}
	}
	d.headAt(live, title, size)
	body := ts.bodyArea(live)
	sh := d.p.comboSheet(n)
	if k >= len(sh.pages) {
		return
	}
	step := sh.size * lead
	top := body.Y + step
	if k == 0 {
		d.lines(sh.intro, body.X, top, f.Regular, sh.size, ink, AlignLeft)
		top += float64(len(sh.intro)+1) * step
	}
	for ci, col := range sh.pages[k] {
		x := body.X + float64(ci)*(sh.colW+sh.gap)
		for li, l := range col {
			face := f.Regular
			if l.head {
				face = f.Bold
			}
			if l.text != "" {
				d.c.Text(x, top+float64(li)*step, l.text, face, sh.size, ink, AlignLeft)
			}
		}
	}
}

// killerSides lists the sides of the killer grids among puzzles, each
// once, smallest first: the book gets a reference page for each.
func killerSides(b *book.Book) []int {
	var sides []int
	for pz := range b.All() {
		if g := pz.Geometry(); len(g.Cages) > 0 && !slices.Contains(sides, g.N) {
			sides = append(sides, g.N)
		}
	}
	slices.Sort(sides)
	return sides
}

// comboWidthFits reports whether every head and entry fits colW.
func comboWidthFits(blocks []comboBlock, bold, regular Font, size, colW float64) bool {
	for _, b := range blocks {
		if textWidth(bold, size, b.head) > colW {
			return false
		}
		for _, e := range b.entries {
			if textWidth(regular, size, e) > colW {
				return false
			}
		}
	}
	return true
}
