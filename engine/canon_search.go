package engine

import "math/bits"

// The row-by-row search for labelled maps
//
// canon.go and canon_bands.go find the least form of a grid of digits,
// where a row never holds one digit twice. Two keys need the same search
// on maps where it may:
//
//   - a figure of several grids (samurai, twin, ...) read over its bounding
//     box: a row of the box crosses two grids that may both hold a 5;
//   - a killer's cage map, where a cage usually covers several cells of a
//     row, each holding the cage's number.
//
// labelSearch is that search. The moves are those of a band-and-stack
// group: rows within a band, columns within a stack, the bands and stacks
// themselves, and transposition when the group has it. Which band and
// stack moves are allowed is a list of configurations (searchCfg): the
// grid read (the map or its transpose), the source stack of each result
// stack and, for a figure, the source band of each result band (a figure
// keeps its shape only under a few band moves); a configuration without
// bands lets each result band take any source band not yet used, as for
// one grid. Rows within a band and columns within a stack are always free.
//
// A figure's bands and stacks may also fall into pieces that move apart
// (canon_pieces.go). Then a result row is laid one segment (piece) at a
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

// maxSearchSide is the widest map labelSearch takes (a samurai's box is
// 21); maxSearchLabel bounds the values (a killer's cage numbers).
const (
	maxSearchSide  = 24
	maxSearchLabel = 128
)

// searchCfg is one band-and-stack move up to the order of rows within
// bands and columns within stacks.
type searchCfg struct {
	src    uint8   // 0: the map, 1: its transpose
	stacks []uint8 // source stack of each result stack
	bands  []uint8 // source band of each result band; nil: any unused band
}

// searchMove is a partial move: the configuration, the source row of each
// segment of each result row so far, the source column of each result
// column (groups marked by ends; past keeps a stack's columns from before
// its column piece last started, for reading a move back: a figure's
// stack has at most two pieces), and the labels handed out.
type searchMove struct {
	cfg    uint16
	next   uint8
	used   [maxPieces]uint32 // per row piece, the source rows taken
	stacks [maxPieces]uint32 // per column piece, the source stacks taken
	ends   uint32            // bit j: result column j ends its group
	rows   [maxSearchSide][maxSegs]uint8
	cols   [maxSearchSide]uint8
	past   [maxSearchSide]uint8
	label  [maxSearchLabel]uint8
}

// labelSearch finds least forms on one shape; it keeps scratch space
// between calls and is not safe for concurrent use.
type labelSearch struct {
	w, br, bc int
	seg       int // the first seg stacks of the first row hold no value twice
	cfgs      []searchCfg
	pcs       *pieceLayout
	lo, end   int    // the result columns of the segment being laid
	mask      uint32 // their bits
	grids     [2][]uint8
	cur, nxt  []searchMove
	best      []uint8 // the least row so far of the row being searched
	have      bool
	ver       int // bumped whenever best changes
	perms     [maxSearchSide + 1][][]int
	counts    [2][maxSearchSide][maxSearchSide]uint8 // values in each row's stacks, for shape
}

// newLabelSearch makes a search of w x w maps in bands of br rows and
// stacks of bc columns under cfgs, in the pieces of lay (nil: one grid,
// whole rows). The first seg stacks of any first row must hold no value
// twice (a row of a grid of digits; 0 for a cage map).
func newLabelSearch(w, br, bc, seg int, cfgs []searchCfg, lay *pieceLayout) *labelSearch {
	if lay == nil {
		lay = freeLayout(w, br, bc)
	}
	s := &labelSearch{w: w, br: br, bc: bc, seg: seg, cfgs: cfgs, pcs: lay, best: make([]uint8, w)}
	for k := 0; k <= bc; k++ {
		s.perms[k] = permutations(k)
	}
	return s
}

// freeCfgs are the configurations of a whole band-and-stack group of side
// n: every stack order, on the map and, when transposes, its transpose.
func freeCfgs(n, bc int, transposes bool) []searchCfg {
	var out []searchCfg
	srcs := 1
	if transposes {
		srcs = 2
	}
	for src := 0; src < srcs; src++ {
		for _, p := range permutations(n / bc) {
			st := make([]uint8, len(p))
			for i, v := range p {
				st[i] = uint8(v)
			}
			out = append(out, searchCfg{src: uint8(src), stacks: st})
		}
	}
	return out
}

// run returns the least form of vals (w*w values) and leaves in s.cur
// every move that gives it.
func (s *labelSearch) run(vals []uint8) []uint8 {
	w, br, bc := s.w, s.br, s.bc
	s.grids[0] = vals
	if len(s.grids[1]) != w*w {
		s.grids[1] = make([]uint8, w*w)
	}
	for r := 0; r < w; r++ {
		for c := 0; c < w; c++ {
			s.grids[1][c*w+r] = vals[r*w+c]
		}
	}
	if s.seg > 0 {
		for src, g := range s.grids {
			for i := range s.counts[src] {
				clear(s.counts[src][i][:])
			}
			for i, v := range g {
				if v != 0 {
					s.counts[src][i/w][i%w/bc]++
				}
			}
		}
	}
	s.cur = s.cur[:0]
	for k, cfg := range s.cfgs {
		m := searchMove{cfg: uint16(k)}
		for rs, st := range cfg.stacks {
			for j := 0; j < bc; j++ {
				m.cols[rs*bc+j] = uint8(int(st)*bc + j)
			}
			m.ends |= 1 << (rs*bc + bc - 1)
		}
		s.cur = append(s.cur, m)
	}
	band := uint32(1)<<br - 1
	out := make([]uint8, 0, w*w)
	for r := 0; r < w; r++ {
		rb := r / br
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
				first := r == 0 && k == 0
				if !first && pass == 0 {
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
						cand = band << (br * (int(m.rows[r-1][k]) / br))
					}
					for cand &^= m.used[p]; cand != 0; cand &= cand - 1 {
						sr := bits.TrailingZeros32(cand)
						switch {
						case !first:
							s.extend(m, r, k, p, sr)
						case pass == 0:
							least = min(least, s.shape(m, sr))
						case s.shape(m, sr) == least:
							s.extend(m, r, k, p, sr)
						}
					}
				}
			}
			out = append(out, s.best[s.lo:s.end]...)
			s.cur, s.nxt = s.nxt, s.cur
		}
	}
	return out
}

// open starts the column pieces that start at result band rb: each move
// goes on once for every way of giving their stacks the unused stacks of
// their pieces, each stack's columns one group again.
func (s *labelSearch) open(rb int) {
	s.nxt = s.nxt[:0]
	for i := range s.cur {
		s.assign(s.cur[i], rb, 0)
	}
	s.cur, s.nxt = s.nxt, s.cur
}

func (s *labelSearch) assign(m searchMove, rb, i int) {
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
		copy(n.past[rs*bc:rs*bc+bc], n.cols[rs*bc:rs*bc+bc])
		for j := 0; j < bc; j++ {
			n.cols[rs*bc+j] = uint8(st*bc + j)
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
func (s *labelSearch) shape(m *searchMove, sr int) uint64 {
	counts := &s.counts[s.cfgs[m.cfg].src][sr]
	var shape uint64
	for k := 0; k < s.seg; k++ {
		shape = shape<<5 | uint64(counts[int(m.cols[k*s.bc])/s.bc])
	}
	return shape
}

// rowState is a row being laid: the values so far, and how they compare
// with the least row (less: already smaller, as of best version ver).
type rowState struct {
	vals [maxSearchSide]uint8
	less bool
	ver  int
}

// extend lays source row sr of row piece p as segment k of result row r
// of m.
func (s *labelSearch) extend(m *searchMove, r, k, p, sr int) {
	w := s.w
	row := s.grids[s.cfgs[m.cfg].src][sr*w : sr*w+w]
	n := *m
	n.rows[r][k] = uint8(sr)
	n.used[p] |= 1 << sr
	n.ends &^= s.mask
	st := rowState{less: !s.have, ver: s.ver}
	s.group(&n, m.ends, row, s.lo, &st)
}

// compare holds st against the least segment over columns a..j-1 (and
// everything of the segment before a if the least changed since st last
// compared), and reports false when st is already greater.
func (s *labelSearch) compare(st *rowState, a, j int) bool {
	if st.ver != s.ver {
		st.ver, st.less, a = s.ver, !s.have, s.lo
	}
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
func (s *labelSearch) group(n *searchMove, ends uint32, row []uint8, a int, st *rowState) {
	w := s.end
	for a < w {
		if ends&(1<<a) != 0 {
			// A column of its own: most of them, once a row or two
			// has split the groups.
			col := n.cols[a]
			v := row[col]
			l := uint8(0)
			if v != 0 {
				if l = n.label[v]; l == 0 {
					n.next++
					l = n.next
					n.label[v] = l
				}
			}
			st.vals[a] = l
			n.ends |= 1 << a
			if !s.compare(st, a, a+1) {
				return
			}
			a++
			continue
		}
		b := a
		for ends&(1<<b) == 0 {
			b++
		}
		var zeros, known, fresh [maxSearchSide]uint8
		nz, nk, nf := 0, 0, 0
		for j := a; j <= b; j++ {
			col := n.cols[j]
			switch v := row[col]; {
			case v == 0:
				zeros[nz] = col
				nz++
			case n.label[v] != 0:
				k := nk
				for k > 0 && n.label[row[known[k-1]]] > n.label[v] {
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
			n.cols[j], st.vals[j] = col, 0
			j++
		}
		if nz > 0 {
			n.ends |= 1 << (j - 1)
		}
		for k, col := range known[:nk] {
			l := n.label[row[col]]
			n.cols[j], st.vals[j] = col, l
			if k == nk-1 || n.label[row[known[k+1]]] != l {
				n.ends |= 1 << j
			}
			j++
		}
		if !s.compare(st, a, j) {
			return
		}
		if nf == 0 {
			a = b + 1
			continue
		}
		// The new values of the group, with how many columns each fills.
		var vals [maxSearchSide]uint8
		var count [maxSearchSide]int
		nv := 0
		for _, col := range fresh[:nf] {
			v := row[col]
			k := 0
			for k < nv && vals[k] != v {
				k++
			}
			if k == nv {
				vals[k] = v
				nv++
			}
			count[k]++
		}
		if nv == 1 {
			s.lay(n, ends, row, b, st, j, fresh[:nf], vals[:1], s.perms[1][0])
			return
		}
		orig, ost := *n, *st
	orders:
		for _, p := range s.perms[nv] {
			for i := 1; i < nv; i++ {
				if count[p[i-1]] < count[p[i]] {
					continue orders
				}
			}
			o, ot := orig, ost
			s.lay(&o, ends, row, b, &ot, j, fresh[:nf], vals[:nv], p)
		}
		return
	}
	if !s.compare(st, w, w) {
		return
	}
	if st.less {
		copy(s.best[s.lo:w], st.vals[s.lo:w])
		s.have = true
		s.ver++
		s.nxt = s.nxt[:0]
	}
	s.nxt = append(s.nxt, *n)
}

// lay gives the new values vals of a group, in the order p, the next
// labels, from result column j, each value's columns one group, then goes
// on with the groups after b.
func (s *labelSearch) lay(n *searchMove, ends uint32, row []uint8, b int, st *rowState, j int, fresh, vals []uint8, p []int) {
	jj := j
	for _, k := range p {
		n.next++
		n.label[vals[k]] = n.next
		for _, col := range fresh {
			if row[col] == vals[k] {
				n.cols[jj], st.vals[jj] = col, n.next
				jj++
			}
		}
		n.ends |= 1 << (jj - 1)
	}
	if s.compare(st, j, jj) {
		s.group(n, ends, row, b+1, st)
	}
}

// each calls fn with every full column order of move m: the columns of
// each group still free taken in every order.
func (s *labelSearch) each(m *searchMove, fn func(cols []uint8)) {
	cols := m.cols
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
				cols[a+i] = m.cols[a+k]
			}
			walk(b + 1)
		}
		copy(cols[a:b+1], m.cols[a:b+1])
	}
	walk(0)
}
