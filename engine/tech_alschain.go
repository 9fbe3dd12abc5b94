package engine

import (
	"fmt"
	"math/bits"
	"strings"
)

// ALS chains. ALS-XY-wing is a chain of three almost locked sets; the
// argument goes on through any number of them. A1, A2, ..., Ak, each
// pair of neighbours sharing a restricted common (r1 between A1 and A2,
// r2 between A2 and A3, ...), each common different from the one before
// it. If A1 lacks a digit z, it is locked with the rest, r1 among them;
// then A2 has no r1 (its r1 cells see all of A1's), is locked without it
// and holds r2; and so on until Ak, which loses r(k-1) and holds the rest.
// So a digit z of both A1 and Ak (neither r1 nor r(k-1)) is in one of
// them, and leaves every cell that sees all its cells in both:
//
//	A1 --r1-- A2 --r2-- A3 --r3-- A4      z in A1 or in A4
//
// The search runs depth first over the graph of restricted commons (see
// alsTable.graph), chains of four to maxALSChain sets, all disjoint, with a
// budget of links tried per call so that a crowded board costs a bounded
// time; the first chain that removes something is taken. SE has no ALS
// chains; the rating (7.4 plus SE's charge for the cells of the sets) is
// ours, between the ALS-XY-wing's and the death blossom's.

func init() {
	register(ALSChain, findALSChain)
}

const (
	maxALSChain    = 6     // sets in a chain
	alsChainBudget = 20000 // links tried per call
)

// alsChainer is the state of one depth-first search.
type alsChainer struct {
	t      *alsTable
	chain  [maxALSChain]int32
	rcc    [maxALSChain]uint8 // rcc[i] joins chain[i] and chain[i+1]
	cells  cellSet
	budget int
	zs     uint32 // the digits found to go, for the step
	elim   [MaxSide + 1]cellSet
}

func findALSChain(b *Board, s *Step) bool {
	g := b.geo()
	t := alsBufs.Get().(*alsTable)
	defer alsBufs.Put(t)
	t.collect(b)
	t.graph()
	ch := alsChainer{t: t, budget: alsChainBudget}
	for i := range t.list {
		ch.chain[0] = int32(i)
		ch.cells = t.list[i].cells
		if n, ok := ch.extend(1); ok {
			startStep(s, ALSChain)
			for m := ch.zs; m != 0; m &= m - 1 {
				z := uint8(bits.TrailingZeros32(m))
				addElims(s, ch.elim[z], z)
			}
			for _, k := range ch.chain[:n] {
				s.Length += t.list[k].size
			}
			if s.Explain() {
				ch.pattern(g, n, s)
			}
			return true
		}
		if ch.budget <= 0 {
			break
		}
	}
	return false
}

// extend adds a set after the n-1 th and reports the chain's length once
// one removes something.
func (ch *alsChainer) extend(n int) (int, bool) {
	t := ch.t
	k := int(ch.chain[n-1])
	for _, e := range t.at[t.from[k]:t.from[k+1]] {
		if ch.budget--; ch.budget <= 0 {
			return 0, false
		}
		next := t.edges[e].other(k)
		a := &t.list[next]
		if !a.cells.and(ch.cells).empty() {
			continue
		}
		for r := t.edges[e].rcc; r != 0; r &= r - 1 {
			d := uint8(bits.TrailingZeros32(r))
			if n >= 2 && d == ch.rcc[n-2] {
				continue
			}
			ch.chain[n], ch.rcc[n-1] = int32(next), d
			saved := ch.cells
			ch.cells = ch.cells.or(a.cells)
			if n+1 >= 4 && ch.ends(n+1) {
				return n + 1, true
			}
			if n+1 < maxALSChain {
				if m, ok := ch.extend(n + 1); ok {
					return m, true
				}
			}
			ch.cells = saved
		}
	}
	return 0, false
}

// ends checks the chain of n sets for a digit z of both ends that goes.
func (ch *alsChainer) ends(n int) bool {
	t := ch.t
	first, last := &t.list[ch.chain[0]], &t.list[ch.chain[n-1]]
	zs := first.mask & last.mask &^ Bit(ch.rcc[0]) &^ Bit(ch.rcc[n-2])
	ch.zs = 0
	for m := zs; m != 0; m &= m - 1 {
		z := bits.TrailingZeros32(m)
		if e := t.dm[z].and(t.seesDigit(first, z)).and(t.seesDigit(last, z)); !e.empty() {
			ch.elim[z] = e
			ch.zs |= 1 << z
		}
	}
	return ch.zs != 0
}

// pattern adds the chain to s's pattern, in notation "A1 -3- A2 -5- A3",
// and the digits in one of its ends.
func (ch *alsChainer) pattern(g *Geometry, n int, s *Step) {
	var sb strings.Builder
	link := Part{Role: RoleLink}
	for i, k := range ch.chain[:n] {
		if i > 0 {
			fmt.Fprintf(&sb, " -%d- ", ch.rcc[i-1])
		}
		a := &ch.t.list[k]
		sb.WriteString(alsText(g, a))
		link.Cells = append(link.Cells, alsPart(g, RoleSet, a).Cells...)
	}
	link.Text = sb.String()
	s.part(link)
	s.part(Part{Role: RoleDigit, Digits: ch.zs})
}
