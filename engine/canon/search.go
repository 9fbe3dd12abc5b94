package canon

import "math/bits"

// The row-by-row search
//
// Search finds the least form of a map of values: a grid of digits, where
// a row never holds one digit twice, and maps where it may:
//
//   - a figure of several grids (samurai, twin, ...) read over its bounding
//     box: a row of the box crosses two grids that may both hold a 5;
//   - a killer's cage map, where a cage usually covers several cells of a
//     row, each holding the cage's number.
//
// One search serves every size and group. The moves are those of a band-and-stack
// group: rows within a band, columns within a stack, the bands and stacks
// themselves, and transposition when the group has it. Which band and
// stack moves are allowed is a list of configurations (Config): the
// grid read (the map or its transpose), the source stack of each result
// stack and, for a figure, the source band of each result band (a figure
// keeps its shape only under a few band moves); a configuration without
// bands lets each result band take any source band not yet used, as for
// one grid. Rows within a band and columns within a stack are always free.
//
// A figure's bands and stacks may also fall into pieces that move apart
// (pieces.go). Then a result row is laid one segment (piece) at a
// time, each from its own source row: any unused row of the piece's
// bands at a band's first row, of the same band after. A column piece
// starts where its stacks first have cells: there each move branches
// over the piece's stacks still unused, and their columns start afresh,
// free within the stack. The configurations then say only which piece
// each place of the result reads.
//
// The values are relabelled 1, 2, 3... in order of first appearance, 0
// staying 0 (a blank, or a place out of play). The search keeps every
// partial move whose rows so far are the least, one result row at a time.
// Columns that agree in every row so far stay one group, still free to
// swap; a new row splits each group: blanks first, then values already
// labelled by label, then new values, the ones that fill more columns of
// the group first (1 1 2 is less than 1 2 2), each value's columns one
// group. New values that fill equally many columns tie: each order is
// its own move, as it labels them differently. Labels handed out in one
// group are known to the next, so a cage crossing two stacks gets one
// label.

// maxSearchSide is the widest map Search takes (a samurai's box is
// 21); maxSearchLabel bounds the values (a killer's cage numbers).
const (
	maxSearchSide  = 24
	maxSearchLabel = 128
	maxBoundTable  = 12 // 4,096 bounds: larger sides compute each
)

// Config is one band-and-stack move up to the order of rows within
// bands and columns within stacks.
type Config struct {
	src    uint8   // 0: the map, 1: its transpose
	stacks []uint8 // source stack of each result stack
	bands  []uint8 // source band of each result band; nil: any unused band
}

// move is a partial move: the configuration, the source row of each
// segment of each result row so far, the source column of each result
// column (groups marked by ends; past keeps a stack's columns from before
// its column piece last started, for reading a move back: a figure's
// stack has at most two pieces), and the labels handed out.
//
// Its arrays are sized for the shape (bytes and words, see NewSearch):
// copying a move is most of the search's work, and a classic 9x9 move
// fits in 40 bytes where a samurai's needs 200.
type move[B moveBytes, W moveWords] struct {
	cfg    uint16
	next   uint8
	src    uint8  // the configuration's src, kept at hand
	ends   uint32 // bit j: result column j ends its group
	used   W      // per row piece, the source rows taken
	stacks W      // per column piece, the source stacks taken
	// b holds, from offset 0, the source row of each segment of each
	// result row (segs a row), then from search.oc the source column of
	// each result column, from op past (pieces only), from ol the
	// label of each value (0 while unseen).
	b B
}

// moveBytes and moveWords are the sizes a move's arrays come in.
type (
	moveBytes interface {
		[32]uint8 | [64]uint8 | [256]uint8
	}
	moveWords interface{ [1]uint32 | [maxPieces]uint32 }
)

// Search finds least forms on one shape; it keeps scratch space
// between calls and is not safe for concurrent use.
type Search struct{ impl searcher }

// searcher is a search of one size of move.
type searcher interface {
	least(vals []uint8) []uint8
	eachLeast(fn func(transposed bool, rows, cols, label []uint8))
	image() []uint8
}

// Least returns the least form of vals (w*w values) and keeps every
// move that gives it for EachLeast.
func (s *Search) Least(vals []uint8) []uint8 { return s.impl.least(vals) }

// EachLeast calls fn with every move that gives the least form the last
// Least found, each free group of columns in every order: whether the move
// reads the transpose, the source row of each result row (of its first
// segment), the source column of each result column, and the label each
// source value got (label[v], 0 for a value not in play). fn must not
// keep the slices.
func (s *Search) EachLeast(fn func(transposed bool, rows, cols, label []uint8)) {
	s.impl.eachLeast(fn)
}

// Image is the map the last Least searched under the first move that
// gives its least form, not relabelled: each result row segment from its
// source row, each result column from its source column as its stack's
// column piece then had it. Its relabelling is the least form, which a
// test can hold the search to.
func (s *Search) Image() []uint8 { return s.impl.image() }

// search is Search on moves of arrays B and W.
type search[B moveBytes, W moveWords] struct {
	w, br, bc                        int
	segs                             int // segments a result row has at most
	oc, op                           int // offsets of a move's columns and past in its bytes
	ol                               int // and of its labels
	values                           int // the largest value a map holds
	seg                              int // the first seg stacks of the first row hold no value twice
	cfgs                             []Config
	pcs                              *Layout
	lo, end                          int    // the result columns of the segment being laid
	mask                             uint32 // their bits
	grids                            [2][]uint8
	cur, nxt                         []move[B, W]
	start                            []move[B, W]  // a move for each configuration, no row laid
	spares                           []spare[B, W] // per depth of ties within a row, see group
	best                             []uint8       // the least row so far of the row being searched
	have                             bool
	ver                              uint32 // bumped whenever best changes
	perms                            [maxSearchSide + 1][][]int
	masks                            [2][maxSearchSide]uint32 // bit c: row r's column c holds a value, for shape
	bound                            [2][maxSearchSide]uint64 // the least shape a row can give
	bounds                           []uint64                 // rowBound by mask, on sides up to maxBoundTable
	zeros, known, fresh, vals, count [maxSearchSide]uint8     // group's scratch
	row                              rowState                 // extend\'s row
	floorRows                        [2]uint32                // bit r: row r's bound is the floor
	reads                            [2]bool                  // the configurations read the map, its transpose
	free                             bool                     // they hold every stack order of each grid they read
	plain                            bool                     // one grid, whole rows, any band order
	distinct                         [2]uint32                // bit r: row r holds no value twice
	label                            [maxSearchLabel]uint8    // EachLeast's copy of a move's labels
}

// spare is the room group uses where new values tie: the move and row
// as they were, and the copy each order goes on with. A slice of them
// sized once keeps the ties from allocating.
type spare[B moveBytes, W moveWords] struct {
	orig, o            move[B, W]
	ost, ot            rowState
	fresh, vals, count [maxSearchSide]uint8
}

// NewSearch makes a search of w x w maps in bands of br rows and
// stacks of bc columns under cfgs, in the pieces of lay (nil: one grid,
// whole rows), whose values are 0 to values. The first seg stacks of
// any first row must hold no value twice (a row of a grid of digits; 0
// for a cage map); seg every stack says that no row of the map or of
// its transpose holds a value twice. The moves are sized for the shape: one grid up to
// 9x9 takes the smallest, one up to 16x16 the next, a figure or a cage
// map the largest.
func NewSearch(w, br, bc, seg, values int, cfgs []Config, lay *Layout) *Search {
	plain := lay == nil
	for _, cfg := range cfgs {
		plain = plain && cfg.bands == nil
	}
	if lay == nil {
		lay = freeLayout(w, br, bc)
	}
	segs := 1
	for _, sg := range lay.segs {
		segs = max(segs, len(sg))
	}
	past := 0
	for _, o := range lay.opens {
		if len(o) > 0 {
			past = w
		}
	}
	pieces := max(len(lay.rowsOf[0]), len(lay.rowsOf[1]), len(lay.stacksOf[0]), len(lay.stacksOf[1]))
	size := w*segs + w + past + values + 1
	if w > maxSearchSide || values >= maxSearchLabel || size > 256 || segs > maxSegs || pieces > maxPieces {
		panic("canon: a search too large for its moves")
	}
	switch {
	case size <= 32 && pieces <= 1:
		return &Search{newSearch[[32]uint8, [1]uint32](w, br, bc, seg, segs, past, values, cfgs, lay, plain)}
	case size <= 64 && pieces <= 1:
		return &Search{newSearch[[64]uint8, [1]uint32](w, br, bc, seg, segs, past, values, cfgs, lay, plain)}
	}
	return &Search{newSearch[[256]uint8, [maxPieces]uint32](w, br, bc, seg, segs, past, values, cfgs, lay, plain)}
}

func newSearch[B moveBytes, W moveWords](w, br, bc, seg, segs, past, values int, cfgs []Config, lay *Layout, plain bool) *search[B, W] {
	s := &search[B, W]{w: w, br: br, bc: bc, seg: seg, cfgs: cfgs, pcs: lay, best: make([]uint8, w),
		segs: segs, oc: w * segs, values: values, plain: plain}
	s.op = s.oc + w
	s.ol = s.op + past
	s.spares = make([]spare[B, W], w+1)
	orders := [2]map[string]bool{{}, {}}
	s.free = true
	for _, cfg := range cfgs {
		s.reads[cfg.src] = true
		orders[cfg.src][string(cfg.stacks)] = true
		s.free = s.free && cfg.bands == nil
	}
	for src, o := range orders {
		if s.reads[src] && len(o) != len(Permutations(w/bc)) {
			s.free = false
		}
	}
	for k := 0; k <= bc; k++ {
		s.perms[k] = Permutations(k)
	}
	return s
}

// FreeConfigs are the configurations of a whole band-and-stack group of side
// n: every stack order, on the map and, when transposes, its transpose.
func FreeConfigs(n, bc int, transposes bool) []Config {
	var out []Config
	srcs := 1
	if transposes {
		srcs = 2
	}
	for src := 0; src < srcs; src++ {
		for _, p := range Permutations(n / bc) {
			st := make([]uint8, len(p))
			for i, v := range p {
				st[i] = uint8(v)
			}
			out = append(out, Config{src: uint8(src), stacks: st})
		}
	}
	return out
}

func (s *search[B, W]) least(vals []uint8) []uint8 {
	w, br, bc := s.w, s.br, s.bc
	s.grids[0] = vals
	if len(s.grids[1]) != w*w {
		s.grids[1] = make([]uint8, w*w)
	}
	// Which cells hold a value, by row of the map (mask[0]) and of its
	// transpose (mask[1]), for the shapes of first rows.
	var mask [2][maxSearchSide]uint32
	t := s.grids[1][:w*w]
	for r := 0; r < w; r++ {
		var m uint32
		for c, v := range vals[r*w : r*w+w] {
			t[c*w+r] = v
			if v != 0 {
				m |= 1 << c
			}
		}
		mask[0][r] = m
		for ; m != 0; m &= m - 1 {
			mask[1][bits.TrailingZeros32(m)] |= 1 << r
		}
	}
	// Which rows hold no value twice. With seg every stack, any row of
	// either grid may come first, so none does.
	ns := w / bc
	for src, g := range s.grids {
		s.distinct[src] = 1<<w - 1
		if s.seg == ns || !s.reads[src] {
			continue
		}
		for r := 0; r < w; r++ {
			var seen [2]uint64
			for _, v := range g[r*w : r*w+w] {
				if bit := uint64(1) << (v & 63); v != 0 && seen[v>>6]&bit != 0 {
					s.distinct[src] &^= 1 << r
					break
				} else {
					seen[v>>6] |= bit
				}
			}
		}
	}
	// The least shape each row can give (floor: of any row), by its
	// cells that hold a value; shape counts them again stack by stack.
	s.masks = mask
	floor := ^uint64(0)
	if s.seg > 0 {
		if s.bounds == nil && w <= maxBoundTable {
			s.bounds = make([]uint64, 1<<w)
			for m := range s.bounds {
				s.bounds[m] = s.rowBound(uint32(m))
			}
		}
		for src := range s.grids {
			if !s.reads[src] {
				continue
			}
			for r := 0; r < w; r++ {
				if s.bounds != nil {
					s.bound[src][r] = s.bounds[mask[src][r]]
				} else {
					s.bound[src][r] = s.rowBound(mask[src][r])
				}
				floor = min(floor, s.bound[src][r])
			}
		}
		for src := range s.grids {
			s.floorRows[src] = 0
			for r := 0; r < w; r++ {
				if s.reads[src] && s.bound[src][r] == floor {
					s.floorRows[src] |= 1 << r
				}
			}
		}
	}
	if len(s.start) == 0 {
		for k, cfg := range s.cfgs {
			m := move[B, W]{cfg: uint16(k), src: cfg.src}
			for rs, st := range cfg.stacks {
				for j := 0; j < bc; j++ {
					m.b[s.oc+rs*bc+j] = uint8(int(st)*bc + j)
				}
				m.ends |= 1 << (rs*bc + bc - 1)
			}
			s.start = append(s.start, m)
		}
	}
	s.cur = append(s.cur[:0], s.start...)
	band, all := uint32(1)<<br-1, uint32(1)<<w-1
	out := make([]uint8, w*w)
	for r := 0; r < w; r++ {
		rb := r / br
		if s.plain && (r > 0 || s.seg == 0) {
			// One grid read whole rows: the row loop below without
			// pieces, segments or first-row shapes, which is most keys'
			// time.
			s.lo, s.end, s.mask = 0, w, all
			s.nxt = s.nxt[:0]
			s.have = false
			for i := range s.cur {
				m := &s.cur[i]
				cand := all
				if r%br != 0 {
					cand = band << (br * (int(m.b[r-1]) / br))
				}
				for cand &^= m.used[0]; cand != 0; cand &= cand - 1 {
					s.extend(m, r, 0, 0, bits.TrailingZeros32(cand))
				}
			}
			copy(out[r*w:], s.best[:w])
			s.cur, s.nxt = s.nxt, s.cur
			continue
		}
		if r%br == 0 && len(s.pcs.opens[rb]) > 0 {
			s.open(rb)
		}
		for k, sg := range s.pcs.segs[rb] {
			s.lo, s.end = int(sg.lo), int(sg.hi)+1
			s.mask = (uint32(1)<<(s.end-s.lo) - 1) << s.lo
			s.nxt = s.nxt[:0]
			s.have = false
			least := ^uint64(0)
			for pass := 0; pass < 2; pass++ {
				// The first segment goes twice: first to find the least
				// shape of its first seg stacks, then laying only the
				// rows of that shape.
				first := r == 0 && k == 0 && s.seg > 0
				if pass == 0 && (!first || s.free) {
					// Under every stack order, some order of a row's
					// stacks gives its bound: the least shape is the
					// floor.
					least = floor
					continue
				}
				for i := range s.cur {
					m := &s.cur[i]
					cfg := &s.cfgs[m.cfg]
					p := 0
					if cfg.bands != nil {
						p = int(s.pcs.rowPiece[cfg.src][cfg.bands[rb]][cfg.stacks[sg.first]])
					}
					// A band's first row takes any row of a band of the
					// piece not yet taken, the rows after the same band.
					cand := s.pcs.rowsOf[cfg.src][p]
					if r%br != 0 {
						cand = band << (br * (int(m.b[(r-1)*s.segs+k]) / br))
					}
					if first && s.free {
						// Only a row of the floor can give it.
						cand &= s.floorRows[cfg.src]
					}
					for cand &^= m.used[p]; cand != 0; cand &= cand - 1 {
						sr := bits.TrailingZeros32(cand)
						switch {
						case !first:
							s.extend(m, r, k, p, sr)
						case s.bound[cfg.src][sr] > least:
							// No order of its stacks makes this row's
							// shape the least.
						case pass == 0:
							least = min(least, s.shape(m, sr))
						case s.shape(m, sr) == least:
							s.extend(m, r, k, p, sr)
						}
					}
					if first && pass == 0 && least == floor {
						break // no row can do better
					}
				}
			}
			copy(out[r*w+s.lo:], s.best[s.lo:s.end])
			s.cur, s.nxt = s.nxt, s.cur
		}
	}
	return out
}

// open starts the column pieces that start at result band rb: each move
// goes on once for every way of giving their stacks the unused stacks of
// their pieces, each stack's columns one group again.
func (s *search[B, W]) open(rb int) {
	s.nxt = s.nxt[:0]
	for i := range s.cur {
		s.assign(s.cur[i], rb, 0)
	}
	s.cur, s.nxt = s.nxt, s.cur
}

func (s *search[B, W]) assign(m move[B, W], rb, i int) {
	opens := s.pcs.opens[rb]
	if i == len(opens) {
		s.nxt = append(s.nxt, m)
		return
	}
	bc := s.bc
	rs := int(opens[i])
	cfg := &s.cfgs[m.cfg]
	q := s.pcs.colPiece[cfg.src][cfg.stacks[rs]][cfg.bands[rb]]
	stack := uint32(1)<<bc - 1
	for free := s.pcs.stacksOf[cfg.src][q] &^ m.stacks[q]; free != 0; free &= free - 1 {
		st := bits.TrailingZeros32(free)
		n := m
		n.stacks[q] |= 1 << st
		for j := rs * bc; j < rs*bc+bc; j++ {
			n.b[s.op+j] = n.b[s.oc+j]
			n.b[s.oc+j] = uint8(st*bc + j - rs*bc)
		}
		n.ends = n.ends&^(stack<<(rs*bc)) | 1<<(rs*bc+bc-1)
		s.assign(n, rb, i+1)
	}
}

// shape is how many values source row sr of m's map puts in each of
// the first seg stacks of the result, one 5-bit count a stack, the first
// stack highest. Those stacks of a first row hold no value twice, so
// each lays out as its blanks, then labels 1, 2, 3... in order: fewer
// values in an earlier stack make a less row, whatever comes after.
func (s *search[B, W]) shape(m *move[B, W], sr int) uint64 {
	mask := s.masks[m.src&1][sr]
	stack := uint32(1)<<s.bc - 1
	var shape uint64
	for k := 0; k < s.seg; k++ {
		shape = shape<<5 | uint64(bits.OnesCount32(mask>>m.b[s.oc+k*s.bc]&stack))
	}
	return shape
}

// rowBound is the least shape a row whose cells holding a value are
// mask can give under any order of its stacks: the seg smallest counts
// of values in its stacks, in increasing order. shape is never less, so
// a row whose bound exceeds the least shape so far need not be tried.
func (s *search[B, W]) rowBound(mask uint32) uint64 {
	var sorted [maxSearchSide / 2]uint8 // a figure's box has 7 stacks
	n, stack := s.w/s.bc, uint32(1)<<s.bc-1
	for st := 0; st < n; st++ {
		sorted[st] = uint8(bits.OnesCount32(mask >> (st * s.bc) & stack))
	}
	for i := 1; i < n; i++ {
		for j := i; j > 0 && sorted[j-1] > sorted[j]; j-- {
			sorted[j-1], sorted[j] = sorted[j], sorted[j-1]
		}
	}
	var bound uint64
	for k := 0; k < s.seg; k++ {
		bound = bound<<5 | uint64(sorted[k])
	}
	return bound
}

// rowState is a row being laid: the values so far, and how they compare
// with the least row (less: already smaller, as of best version ver).
//
// On a row that holds no value twice, new values that tie (each fills one
// column) are laid in column order and their run noted (runs): every order
// of a run gives the row the same values, and no later group of the row
// sees them, so the orders are only told apart once the row is known to
// be the least (emit).
type rowState struct {
	vals     [maxSearchSide]uint8
	less     bool
	distinct bool
	ver      uint32
	nruns    uint8
	runs     [maxSearchSide / 2][2]uint8 // start column and length
}

// extend lays source row sr of row piece p as segment k of result row r
// of m.
//
// The row's state lives in s.row, set afresh but for its values (each is
// written before it is read), as nothing it calls extends again.
func (s *search[B, W]) extend(m *move[B, W], r, k, p, sr int) {
	w := s.w
	src := m.src & 1
	row := s.grids[src][sr*w : sr*w+w]
	n := *m
	n.b[r*s.segs+k] = uint8(sr)
	n.used[p] |= 1 << sr
	n.ends &^= s.mask
	st := &s.row
	st.less, st.ver, st.distinct, st.nruns = !s.have, s.ver, s.distinct[src]&(1<<sr) != 0, 0
	s.group(&n, m.ends, row, s.lo, st, 0)
}

// compare holds st against the least segment over columns a..j-1 (and
// everything of the segment before a if the least changed since st last
// compared), and reports false when st is already greater.
func (s *search[B, W]) compare(st *rowState, a, j int) bool {
	if st.ver != s.ver {
		st.ver, st.less, a = s.ver, !s.have, s.lo
	}
	return s.holds(st, a, j)
}

// holds is compare where st compared last under the least as it is now.
// group's loop needs no more: the least changes only at a row's end, and
// group goes on from there only through lay, which compares first.
func (s *search[B, W]) holds(st *rowState, a, j int) bool {
	if st.less {
		return true
	}
	for ; a < j; a++ {
		if st.vals[a] != s.best[a] {
			st.less = st.vals[a] < s.best[a]
			return st.less
		}
	}
	return true
}

// group lays the groups of n's columns from result column a to the
// segment's end (their ends read from the old ends), one after another.
// It changes n and st in place, copying them only where new values tie
// and each order goes on separately (lay, which comes back here for the
// groups after).
//
// depth counts the ties met so far in this row: each has its spare, so
// that no order allocates.
func (s *search[B, W]) group(n *move[B, W], ends uint32, row []uint8, a int, st *rowState, depth int) {
	w := s.end
	for a < w {
		if ends&(1<<a) != 0 {
			// Columns of their own: most of them, once a row or two
			// has split the groups. A blank's label is 0, as no value
			// 0 is ever labelled.
			stop := min(w, a+bits.TrailingZeros32(^(ends>>a)))
			n.ends |= ends & (1<<stop - 1<<a)
			for ; a < stop; a++ {
				v := row[n.b[s.oc+a]]
				l := n.b[s.ol+int(v)]
				if l == 0 && v != 0 {
					n.next++
					l = n.next
					n.b[s.ol+int(v)] = l
				}
				st.vals[a] = l
				if !st.less && l != s.best[a] {
					if l > s.best[a] {
						return
					}
					st.less = true
				}
			}
			continue
		}
		b := a + bits.TrailingZeros32(ends>>a)
		// The scratch arrays are read before anything recurses, but for
		// fresh and vals where new values tie (copied to the spare).
		zeros, known, fresh := &s.zeros, &s.known, &s.fresh
		nz, nk, nf := 0, 0, 0
		for j := a; j <= b; j++ {
			col := n.b[s.oc+j]
			switch v := row[col]; {
			case v == 0:
				zeros[nz] = col
				nz++
			case n.b[s.ol+int(v)] != 0:
				k := nk
				for k > 0 && n.b[s.ol+int(row[known[k-1]])] > n.b[s.ol+int(v)] {
					known[k] = known[k-1]
					k--
				}
				known[k] = col
				nk++
			default:
				fresh[nf] = col
				nf++
			}
		}
		j := a
		for _, col := range zeros[:nz] {
			n.b[s.oc+j], st.vals[j] = col, 0
			j++
		}
		if nz > 0 {
			n.ends |= 1 << (j - 1)
		}
		for k, col := range known[:nk] {
			l := n.b[s.ol+int(row[col])]
			n.b[s.oc+j], st.vals[j] = col, l
			if k == nk-1 || n.b[s.ol+int(row[known[k+1]])] != l {
				n.ends |= 1 << j
			}
			j++
		}
		if !s.holds(st, a, j) {
			return
		}
		if nf == 0 {
			a = b + 1
			continue
		}
		if st.distinct {
			// Each new value fills one column: label them from the
			// left, the run's other orders left to emit.
			if nf > 1 {
				st.runs[st.nruns] = [2]uint8{uint8(j), uint8(nf)}
				st.nruns++
			}
			jj := j
			for _, col := range fresh[:nf] {
				n.next++
				n.b[s.ol+int(row[col])] = n.next
				n.b[s.oc+jj], st.vals[jj] = col, n.next
				n.ends |= 1 << jj
				jj++
			}
			if !s.holds(st, j, jj) {
				return
			}
			a = b + 1
			continue
		}
		// The new values of the group, with how many columns each fills.
		vals, count := &s.vals, &s.count
		nv := 0
		for _, col := range fresh[:nf] {
			v := row[col]
			k := 0
			for k < nv && vals[k] != v {
				k++
			}
			if k == nv {
				vals[k], count[k] = v, 0
				nv++
			}
			count[k]++
		}
		if nv == 1 {
			s.lay(n, ends, row, b, st, j, fresh[:nf], vals[:1], s.perms[1][0], depth)
			return
		}
		sp := &s.spares[depth]
		sp.orig, sp.ost = *n, *st
		sp.fresh, sp.vals, sp.count = *fresh, *vals, *count
	orders:
		for _, p := range s.perms[nv] {
			for i := 1; i < nv; i++ {
				if sp.count[p[i-1]] < sp.count[p[i]] {
					continue orders
				}
			}
			sp.o, sp.ot = sp.orig, sp.ost
			s.lay(&sp.o, ends, row, b, &sp.ot, j, sp.fresh[:nf], sp.vals[:nv], p, depth+1)
		}
		return
	}
	if st.less {
		copy(s.best[s.lo:w], st.vals[s.lo:w])
		s.have = true
		s.ver++
		s.nxt = s.nxt[:0]
	}
	if st.nruns == 0 {
		s.nxt = append(s.nxt, *n)
		return
	}
	s.emit(n, row, st, 0)
}

// emit appends n to s.nxt once for each order of the columns of each run
// of st from the i-th, each order giving the run's values its labels from
// the left.
func (s *search[B, W]) emit(n *move[B, W], row []uint8, st *rowState, i int) {
	if i == int(st.nruns) {
		s.nxt = append(s.nxt, *n)
		return
	}
	start, k := int(st.runs[i][0]), int(st.runs[i][1])
	var orig [maxSearchSide]uint8
	for j := 0; j < k; j++ {
		orig[j] = n.b[s.oc+start+j]
	}
	for _, p := range s.perms[k] {
		for j, q := range p {
			col := orig[q]
			n.b[s.oc+start+j] = col
			n.b[s.ol+int(row[col])] = st.vals[start+j]
		}
		s.emit(n, row, st, i+1)
	}
	for j := 0; j < k; j++ {
		col := orig[j]
		n.b[s.oc+start+j] = col
		n.b[s.ol+int(row[col])] = st.vals[start+j]
	}
}

// lay gives the new values vals of a group, in the order p, the next
// labels, from result column j, each value's columns one group, then goes
// on with the groups after b.
func (s *search[B, W]) lay(n *move[B, W], ends uint32, row []uint8, b int, st *rowState, j int, fresh, vals []uint8, p []int, depth int) {
	jj := j
	for _, k := range p {
		n.next++
		n.b[s.ol+int(vals[k])] = n.next
		for _, col := range fresh {
			if row[col] == vals[k] {
				n.b[s.oc+jj], st.vals[jj] = col, n.next
				jj++
			}
		}
		n.ends |= 1 << (jj - 1)
	}
	if s.compare(st, j, jj) {
		s.group(n, ends, row, b+1, st, depth)
	}
}

// each calls fn with every full column order of move m: the columns of
// each group still free taken in every order.
func (s *search[B, W]) each(m *move[B, W], fn func(cols []uint8)) {
	var cols [maxSearchSide]uint8
	for j := 0; j < s.w; j++ {
		cols[j] = m.b[s.oc+j]
	}
	var walk func(a int)
	walk = func(a int) {
		if a == s.w {
			fn(cols[:s.w])
			return
		}
		b := a
		for m.ends&(1<<b) == 0 {
			b++
		}
		if b == a {
			walk(b + 1)
			return
		}
		for _, p := range s.perms[b-a+1] {
			for i, k := range p {
				cols[a+i] = m.b[s.oc+a+k]
			}
			walk(b + 1)
		}
		for j := a; j <= b; j++ {
			cols[j] = m.b[s.oc+j]
		}
	}
	walk(0)
}

func (s *search[B, W]) eachLeast(fn func(transposed bool, rows, cols, label []uint8)) {
	var rows [maxSearchSide]uint8
	for i := range s.cur {
		m := &s.cur[i]
		for r := 0; r < s.w; r++ {
			rows[r] = m.b[r*s.segs]
		}
		for v := 0; v <= s.values; v++ {
			s.label[v] = m.b[s.ol+v]
		}
		t := s.cfgs[m.cfg].src == 1
		s.each(m, func(cols []uint8) { fn(t, rows[:s.w], cols, s.label[:s.values+1]) })
	}
}

// Fits reports whether a Search of one grid (no pieces) takes maps of
// side w holding values up to values.
func Fits(w, values int) bool {
	return w <= maxSearchSide && values < maxSearchLabel && 2*w+values+1 <= 256
}

func (s *search[B, W]) image() []uint8 {
	m := &s.cur[0]
	w := s.w
	last := make([]int, w/s.bc) // the band where each stack's last column piece starts
	for rb, opens := range s.pcs.opens {
		for _, st := range opens {
			last[st] = rb
		}
	}
	grid := s.grids[s.cfgs[m.cfg].src]
	out := make([]uint8, w*w)
	for r := 0; r < w; r++ {
		rb := r / s.br
		for c := 0; c < w; c++ {
			k := 0
			for k+1 < len(s.pcs.segs[rb]) && int(s.pcs.segs[rb][k+1].lo) <= c {
				k++
			}
			col := m.b[s.oc+c]
			if rb < last[c/s.bc] {
				col = m.b[s.op+c]
			}
			out[r*w+c] = grid[int(m.b[r*s.segs+k])*w+int(col)]
		}
	}
	return out
}
