package canon

// Pieces of a figure's bands and stacks
//
// A band of a figure's bounding box may cross grids that share no cell in
// it. A samurai's top band crosses the top left and top right grids:
//
//	TL TL TL .. TR TR TR     band 0: two pieces, TL's and TR's
//	TL TL TL .. TR TR TR     band 1: the same two pieces
//	TL TL XX CC XX TR TR     band 2: one piece (TL, the centre and TR
//	.. .. CC CC CC .. ..              share the boxes marked XX)
//
// The rows of band 0 under TL may then move without those under TR: every
// row of TL stays a row of TL, every column of either keeps its cells.
// Bands 0 and 1 of TL may even swap on their own, as no other grid has
// cells there. So the moves of a figure's key are finer than line and
// band moves of the whole box: each band's grids fall into pieces (the
// grids linked by a cell they share in that band), and a piece's rows move
// apart from the other pieces of the band. A row piece is the set of bands
// in which one set of grids is a piece: its bands may swap among
// themselves and the rows within each, all under that set of grids alone.
// Columns likewise, by stacks. Which band of the box a piece sits in, and
// transposition, are the figure's own moves (figureBands).
//
// Over the nine-by-nine figures this gives, besides the figure moves:
//
//	samurai    bands 0-1 and 5-6 and stacks 0-1 and 5-6: two pieces each,
//	           one per corner grid, the two bands (stacks) either way
//	sohei      band 3 and stack 3: two pieces (left and right grids,
//	           top and bottom grids)
//	twin, butterfly, flower: every band and stack is one piece
//
// Layout records that structure for the search: which piece each
// place of the box belongs to, both for the box and its transpose, and
// where each band of the result splits into pieces (its segments) and
// where a column piece starts.

// Bounds of a piece layout: pieces of one kind per box, segments per band.
const (
	maxPieces = 8
	maxSegs   = 3
)

// segment is one piece of a result band: its rows are read from one
// source row of the piece over result columns lo..hi (the out-of-play
// columns after it included), the piece found at stack first.
type segment struct{ lo, hi, first uint8 }

// Layout is the piece structure of a box of bands and stacks of b
// lines. Index 0 of the per-source arrays is the box, 1 its transpose.
type Layout struct {
	segs     [][]segment // per result band, left to right
	opens    [][]uint8   // per result band: the stacks whose column piece starts there
	rowPiece [2][][]int8 // [src][band][stack]: the row piece there, -1 out of play
	colPiece [2][][]int8 // [src][stack][band]: the column piece there
	rowsOf   [2][]uint32 // [src][piece]: the rows of a row piece's bands
	stacksOf [2][]uint32 // [src][piece]: the stacks of a column piece
}

// freeLayout is the layout of one grid: every band one piece of every
// band, each row read whole; the stacks are the configurations' to order.
func freeLayout(w, br, bc int) *Layout {
	lay := &Layout{}
	for b := 0; b < w/br; b++ {
		lay.segs = append(lay.segs, []segment{{0, uint8(w - 1), 0}})
		lay.opens = append(lay.opens, nil)
	}
	for src := range 2 {
		lay.rowPiece[src] = make([][]int8, w/br)
		for b := range lay.rowPiece[src] {
			lay.rowPiece[src][b] = make([]int8, w/bc)
		}
		lay.rowsOf[src] = []uint32{1<<w - 1}
	}
	return lay
}

// NewLayout finds the pieces of a box of side w, in bands and stacks
// of b lines, holding square grids of side side with their top left
// corners at grids (band-aligned).
func NewLayout(w, b, side int, grids [][2]int) *Layout {
	tr := make([][2]int, len(grids))
	for i, gr := range grids {
		tr[i] = [2]int{gr[1], gr[0]}
	}
	lay := &Layout{}
	for src, gs := range [2][][2]int{grids, tr} {
		lay.rowPiece[src], lay.rowsOf[src] = bandPieces(w, b, side, gs)
		var bandsOf []uint32
		lay.colPiece[src], bandsOf = bandPieces(w, b, side, [2][][2]int{tr, grids}[src])
		for _, rows := range bandsOf {
			var stacks uint32
			for k := 0; k < w/b; k++ {
				if rows&(1<<(k*b)) != 0 {
					stacks |= 1 << k
				}
			}
			lay.stacksOf[src] = append(lay.stacksOf[src], stacks)
		}
	}
	n := w / b
	for band := 0; band < n; band++ {
		var segs []segment
		row := lay.rowPiece[0][band]
		for st := 0; st < n; st++ {
			if row[st] < 0 || (st > 0 && row[st-1] == row[st]) {
				continue
			}
			if len(segs) > 0 {
				segs[len(segs)-1].hi = uint8(st*b - 1)
			}
			segs = append(segs, segment{uint8(st * b), uint8(w - 1), uint8(st)})
		}
		segs[0].lo = 0
		if len(segs) > maxSegs {
			panic("canon: a figure band of more than maxSegs pieces")
		}
		lay.segs = append(lay.segs, segs)
		var opens []uint8
		for st := 0; st < n; st++ {
			col := lay.colPiece[0][st]
			if col[band] >= 0 && (band == 0 || col[band-1] != col[band]) {
				opens = append(opens, uint8(st))
			}
		}
		lay.opens = append(lay.opens, opens)
	}
	return lay
}

// bandPieces splits each band of the box into pieces: the grids that
// cross the band, linked when they overlap in it. A row piece is one set
// of grids with the bands where it is such a piece. It returns the piece
// at each band and stack (-1 out of play) and the rows of each piece.
func bandPieces(w, b, side int, grids [][2]int) ([][]int8, []uint32) {
	n := w / b
	at := make([][]int8, n)
	ids := map[uint32]int8{}
	var rows []uint32
	for band := 0; band < n; band++ {
		at[band] = make([]int8, n)
		for st := range at[band] {
			at[band][st] = -1
		}
		// comp[i]: the set of grids linked to grid i in this band.
		var comp [32]uint32
		var crossing []int
		for i, gr := range grids {
			if gr[0] <= band*b && band*b < gr[0]+side {
				crossing = append(crossing, i)
				comp[i] = 1 << i
			}
		}
		for changed := true; changed; {
			changed = false
			for _, i := range crossing {
				for _, j := range crossing {
					lo, hi := max(grids[i][1], grids[j][1]), min(grids[i][1], grids[j][1])+side
					if lo < hi && comp[i] != comp[j] {
						comp[i] |= comp[j]
						comp[j] = comp[i]
						changed = true
					}
				}
			}
		}
		for _, i := range crossing {
			id, ok := ids[comp[i]]
			if !ok {
				id = int8(len(rows))
				if id >= maxPieces {
					panic("canon: a figure of more than maxPieces pieces")
				}
				ids[comp[i]] = id
				rows = append(rows, 0)
			}
			rows[id] |= (1<<b - 1) << (band * b)
			for st := grids[i][1] / b; st < (grids[i][1]+side)/b; st++ {
				at[band][st] = id
			}
		}
	}
	return at, rows
}

// Segments is how many pieces result band rb of the layout is laid in.
func (lay *Layout) Segments(rb int) int { return len(lay.segs[rb]) }
