package engine

// The canonical form of canon.go for any band-and-stack grid: bands of
// BoxRows rows, stacks of BoxCols columns, transposition only when the
// boxes are square. The search is the same, one result row at a time with
// blank columns kept as groups; only the sizes are parameters. Classic
// 9x9 keeps its own specialised copy (Canonical) for speed; the tests hold
// the two to the same answers on 9x9 grids, and this one to the brute force
// over every move on 4x4 and 6x6.

// bandMove is canonMove for grids up to 16x16.
type bandMove struct {
	src   uint8
	next  uint8
	last  uint8
	used  uint32
	ends  uint32
	cols  [16]uint8
	label [17]uint8
}

// bandCanon computes canonical forms on one band-and-stack shape.
type bandCanon struct {
	n, br, bc int
	grids     [][]uint8
	cur, nxt  []bandMove
	best      []uint8
	have      bool
	stacks    [][]int // every order of the stacks
	perms     [5][][]int
}

func newBandCanon(n, br, bc int) *bandCanon {
	c := &bandCanon{n: n, br: br, bc: bc, best: make([]uint8, n)}
	c.stacks = permutations(n / bc)
	for k := 0; k <= 4; k++ {
		c.perms[k] = permutations(k)
	}
	return c
}

// canonical returns the least form of cells (n*n of them).
func (c *bandCanon) canonical(cells []uint8) []uint8 {
	n := c.n
	c.grids = [][]uint8{cells}
	if c.br == c.bc {
		t := make([]uint8, n*n)
		for r := 0; r < n; r++ {
			for col := 0; col < n; col++ {
				t[col*n+r] = cells[r*n+col]
			}
		}
		c.grids = append(c.grids, t)
	}
	out := make([]uint8, 0, n*n)
	c.firstRow()
	out = append(out, c.best...)
	for r := 1; r < n; r++ {
		c.nextRow(r)
		out = append(out, c.best...)
	}
	return out
}

// shape is the least first row a source row can give, as a mask read from
// the left: stacks by fewest givens, blanks first in each.
func (c *bandCanon) shape(row []uint8) (uint32, []int) {
	ns := c.n / c.bc
	counts := make([]int, ns)
	for s := 0; s < ns; s++ {
		for _, v := range row[s*c.bc : (s+1)*c.bc] {
			if v != 0 {
				counts[s]++
			}
		}
	}
	sorted := append([]int(nil), counts...)
	for i := 1; i < len(sorted); i++ {
		for j := i; j > 0 && sorted[j-1] > sorted[j]; j-- {
			sorted[j-1], sorted[j] = sorted[j], sorted[j-1]
		}
	}
	var shape uint32
	for _, k := range sorted {
		shape = shape<<c.bc | (1<<k - 1)
	}
	return shape, counts
}

func (c *bandCanon) firstRow() {
	n := c.n
	best := ^uint32(0)
	c.cur, c.nxt = c.cur[:0], c.nxt[:0]
	c.have = false
	var stackEnds uint32
	for s := 1; s <= n/c.bc; s++ {
		stackEnds |= 1 << (s*c.bc - 1)
	}
	for src, g := range c.grids {
		for r := 0; r < n; r++ {
			row := g[r*n : r*n+n]
			shape, counts := c.shape(row)
			if shape > best {
				continue
			}
			if shape < best {
				best = shape
				c.cur = c.cur[:0]
			}
		orders:
			for _, order := range c.stacks {
				for k := 1; k < len(order); k++ {
					if counts[order[k-1]] > counts[order[k]] {
						continue orders
					}
				}
				m := bandMove{src: uint8(src), last: uint8(r), used: 1 << r, ends: stackEnds}
				for k, s := range order {
					for j := 0; j < c.bc; j++ {
						m.cols[k*c.bc+j] = uint8(s*c.bc + j)
					}
				}
				c.cur = append(c.cur, m)
			}
		}
	}
	for _, m := range c.cur {
		c.extend(&m, int(m.last))
	}
	c.cur, c.nxt = c.nxt, c.cur
}

func (c *bandCanon) nextRow(r int) {
	c.nxt = c.nxt[:0]
	c.have = false
	br := c.br
	for i := range c.cur {
		m := &c.cur[i]
		lo, hi := br*(int(m.last)/br), br*(int(m.last)/br)+br-1
		if r%br == 0 {
			lo, hi = 0, c.n-1
		}
		for sr := lo; sr <= hi; sr++ {
			band := uint32(1)<<br - 1
			if m.used&(1<<sr) != 0 || (r%br == 0 && m.used&(band<<(br*(sr/br))) != 0) {
				continue
			}
			c.extend(m, sr)
		}
	}
	c.cur, c.nxt = c.nxt, c.cur
}

// extend is Canonicalizer.extend for any group width.
func (c *bandCanon) extend(m *bandMove, sr int) {
	n := c.n
	row := c.grids[m.src][sr*n : sr*n+n]
	nm := *m
	nm.last = uint8(sr)
	nm.used |= 1 << sr
	nm.ends = 0
	var vals [16]uint8
	var runs [][2]int
	a := 0
	equal := c.have
	for b := 0; b < n; b++ {
		if m.ends&(1<<b) == 0 {
			continue
		}
		var zeros, known, fresh []uint8
		for j := a; j <= b; j++ {
			col := m.cols[j]
			switch v := row[col]; {
			case v == 0:
				zeros = append(zeros, col)
			case m.label[v] != 0:
				k := len(known)
				known = append(known, col)
				for k > 0 && m.label[row[known[k-1]]] > m.label[v] {
					known[k] = known[k-1]
					k--
				}
				known[k] = col
			default:
				fresh = append(fresh, col)
			}
		}
		j := a
		for _, col := range zeros {
			nm.cols[j] = col
			j++
		}
		if len(zeros) > 0 {
			nm.ends |= 1 << (j - 1)
		}
		for _, col := range known {
			nm.cols[j], vals[j] = col, m.label[row[col]]
			nm.ends |= 1 << j
			j++
		}
		if len(fresh) > 1 {
			runs = append(runs, [2]int{j, len(fresh)})
		}
		for _, col := range fresh {
			nm.next++
			nm.cols[j], vals[j] = col, nm.next
			nm.label[row[col]] = nm.next
			nm.ends |= 1 << j
			j++
		}
		if equal {
			for ; a < j; a++ {
				if vals[a] != c.best[a] {
					if vals[a] > c.best[a] {
						return
					}
					equal = false
					break
				}
			}
		}
		a = b + 1
	}
	if !equal {
		copy(c.best, vals[:n])
		c.have = true
		c.nxt = c.nxt[:0]
	}
	c.emit(&nm, row, &vals, runs)
}

func (c *bandCanon) emit(m *bandMove, row []uint8, vals *[16]uint8, runs [][2]int) {
	if len(runs) == 0 {
		c.nxt = append(c.nxt, *m)
		return
	}
	start, k := runs[0][0], runs[0][1]
	orig := m.cols
	for _, p := range c.perms[k] {
		for i := 0; i < k; i++ {
			col := orig[start+p[i]]
			m.cols[start+i] = col
			m.label[row[col]] = vals[start+i]
		}
		c.emit(m, row, vals, runs[1:])
	}
	m.cols = orig
}
