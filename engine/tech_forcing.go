package engine

import ()

// Forcing chains follow a supposition through the singles it forces, on the
// board as it changes (dynamic chains, in SE's terms), until it breaks a
// rule or meets the other branch of a choice:
//
//   - contradiction: suppose r3c4 is 5; then r3c7 is 2 (naked single), 6
//     must go in r8c7 (hidden single in column 7), ... and r9c9 is left
//     with no candidate. So r3c4 is not 5.
//   - cell forcing: r3c4 is 5 or 8, and either way r6c6 ends up 1, so r6c6
//     is 1.
//   - unit (house) forcing: 7 goes in one of two cells of row 2, and either
//     way r6c6 ends up 1.
//
// The note prints only the singles the conclusion rests on, each with the
// reason it was forced, so a solver can replay the chain with a pencil.
// Suppositions are tried on the two candidates of bivalue cells and the two
// places of a digit in a house: the forks a person sees. Only when singles
// give nothing does the finder let each branch apply locked candidates too
// (SE's "dynamic forcing chains (+)"), at a higher rating.
//
// The cheapest finding wins: the shortest contradiction, or the shortest
// pair of branches (counted in singles); ties go to the lowest cell, digit.

func init() {
	register(ForcingChain, findForcingChain)
}

const (
	forcingBase   = 85 // SE's dynamic forcing chains
	forcingLocked = 5  // added when branches need locked candidates (SE's "+")
)

// forcedMove is one single a branch placed, and why.
type forcedMove struct {
	cell  int
	digit uint8
	house int // the house of a hidden single; -1 for a naked single or the supposition
	cause []int16
}

// branch follows one supposition. With log set it records every move and,
// for every candidate it removed, which move removed it, to print the chain.
type branch struct {
	b      Board
	log    bool
	moves  []forcedMove
	killed map[[2]int]int16 // (cell, digit) -> move that removed it
	broke  Part             // what broke, for the pattern
	why    []int16          // the moves the contradiction rests on
}

// place puts d in c as move k and records what it removes.
func (br *branch) place(c int, d uint8, house int, cause []int16) {
	if br.log {
		k := int16(len(br.moves))
		br.moves = append(br.moves, forcedMove{c, d, house, cause})
		g := br.b.geo()
		for _, p := range g.Peers[c] {
			if br.b.Cands[p]&Bit(d) != 0 {
				if _, ok := br.killed[[2]int{p, int(d)}]; !ok {
					br.killed[[2]int{p, int(d)}] = k
				}
			}
		}
	}
	br.b.Place(c, d)
}

// causes lists the moves that removed digits ds from cell c, where the
// start board still had them: the move that filled c, or the moves that
// placed those digits in its peers.
func (br *branch) causes(start *Board, c int, ds uint32) []int16 {
	if !br.log || start.Cands[c]&ds == 0 {
		return nil
	}
	if br.b.Cells[c] != 0 {
		for k, m := range br.moves {
			if m.cell == c {
				return []int16{int16(k)}
			}
		}
	}
	var out []int16
	for m := start.Cands[c] & ds; m != 0; m &= m - 1 {
		if k, ok := br.killed[[2]int{c, int(FirstDigit(m))}]; ok {
			out = append(out, k)
		}
	}
	return out
}

// run fills in singles (and locked candidates when locked is set) until
// nothing follows or the board breaks; it reports false on a contradiction.
func (br *branch) run(start *Board, locked bool) bool {
	b := &br.b
	g := b.geo()
	for {
		changed := false
		for i := 0; i < g.Cells; i++ {
			if b.Cells[i] != 0 {
				continue
			}
			m := b.Cands[i]
			if m == 0 {
				if br.log {
					br.broke = Part{Role: RoleClash, Cells: []int{i}}
					br.why = br.causes(start, i, g.All)
				}
				return false
			}
			if m&(m-1) == 0 {
				br.place(i, FirstDigit(m), -1, br.causes(start, i, g.All&^m))
				changed = true
			}
		}
		for u, h := range g.Houses {
			var once, twice, placed uint32
			for _, c := range h {
				m := b.Cands[c]
				twice |= once & m
				once |= m
				placed |= bitOf(b.Cells[c])
			}
			if missing := g.All &^ (once | placed); missing != 0 {
				if br.log {
					d := FirstDigit(missing)
					br.broke = Part{Role: RoleClash, Houses: []int{u}, Digits: Bit(d)}
					for _, c := range h {
						br.why = append(br.why, br.causes(start, c, Bit(d))...)
					}
				}
				return false
			}
			for uniq := once &^ twice; uniq != 0; uniq &= uniq - 1 {
				d := FirstDigit(uniq)
				at := -1
				for _, c := range h {
					if b.Cands[c]&Bit(d) != 0 {
						at = c
						break
					}
				}
				if at < 0 {
					continue // an earlier single of this sweep took it; the next sweep sees why
				}
				var cause []int16
				if br.log {
					for _, c := range h {
						if c != at {
							cause = append(cause, br.causes(start, c, Bit(d))...)
						}
					}
				}
				br.place(at, d, u, cause)
				changed = true
			}
		}
		if !changed && (!locked || !lockedPass(b)) {
			return true
		}
	}
}

// fork is a pair of suppositions of which one is true: the two candidates
// of a bivalue cell, or the two places of a digit in a house.
type fork struct {
	cells  [2]int
	digits [2]uint8
	house  int // -1 for a cell
}

// forkFound is the cheapest conclusion so far.
type forkFound struct {
	cost   int // singles followed
	f      fork
	side   int // the branch that broke, for a contradiction; -1 for forcing
	target Placement
}

func findForcingChain(b *Board, s *Step) bool {
	for _, locked := range [2]bool{false, true} {
		if found, ok := cheapestFork(b, locked); ok {
			startStep(s, ForcingChain)
			if found.side >= 0 {
				s.Eliminations = append(s.Eliminations, Elimination{found.f.cells[found.side], found.f.digits[found.side]})
			} else {
				s.Placements = append(s.Placements, found.target)
			}
			s.Length = found.cost
			if locked {
				s.extra = forcingLocked
			}
			if s.Explain() {
				forcingPattern(b, s, found, locked)
			}
			return true
		}
	}
	return false
}

// forks lists the forks of b: bivalue cells, then houses where a digit has
// two places.
func forks(b *Board, yield func(fork) bool) {
	g := b.geo()
	for c := 0; c < g.Cells; c++ {
		if m := b.Cands[c]; Count(m) == 2 {
			if !yield(fork{cells: [2]int{c, c}, digits: [2]uint8{FirstDigit(m), FirstDigit(m & (m - 1))}, house: -1}) {
				return
			}
		}
	}
	places := digitCellSets(b)
	for u := range g.Houses {
		for d := 1; d <= g.N; d++ {
			h := places[d].and(g.houseSets[u])
			if h.count() != 2 {
				continue
			}
			a := h.pop()
			if !yield(fork{cells: [2]int{a, h.first()}, digits: [2]uint8{uint8(d), uint8(d)}, house: u}) {
				return
			}
		}
	}
}

// cheapestFork tries every fork and returns the cheapest conclusion.
func cheapestFork(b *Board, locked bool) (forkFound, bool) {
	best := forkFound{cost: 1 << 30}
	var br [2]branch
	forks(b, func(f fork) bool {
		var ok [2]bool
		var cost [2]int
		for k := range 2 {
			br[k].b = *b
			br[k].b.Place(f.cells[k], f.digits[k])
			ok[k] = br[k].run(b, locked)
			cost[k] = br[k].b.clues() - b.clues()
		}
		for k := range 2 {
			if !ok[k] && cost[k] < best.cost {
				best = forkFound{cost: cost[k], f: f, side: k}
			}
		}
		if ok[0] && ok[1] && cost[0]+cost[1] < best.cost {
			if t, found := commonPlacement(b, &br[0].b, &br[1].b); found {
				best = forkFound{cost: cost[0] + cost[1], f: f, side: -1, target: t}
			}
		}
		return true
	})
	return best, best.cost < 1<<30
}

// commonPlacement is the first cell both branches filled with one digit
// that the board has not filled yet.
func commonPlacement(b, x, y *Board) (Placement, bool) {
	for c := 0; c < b.geo().Cells; c++ {
		if b.Cells[c] == 0 && x.Cells[c] != 0 && x.Cells[c] == y.Cells[c] {
			return Placement{c, x.Cells[c]}, true
		}
	}
	return Placement{}, false
}

// forcingPattern replays the winning fork with the log on and adds it to
// s's pattern: the fork, then each branch shown as its supposition and
// only the singles the conclusion rests on, in the order found, and what
// broke; then the conclusion.
func forcingPattern(b *Board, s *Step, found forkFound, locked bool) {
	f := found.f
	if f.house < 0 {
		s.set(RolePivot, Bit(f.digits[0])|Bit(f.digits[1]), f.cells[0])
	} else {
		s.part(Part{Role: RolePivot, Houses: []int{f.house}, Digits: Bit(f.digits[0]), Cells: []int{f.cells[0], f.cells[1]}})
	}
	if locked {
		s.Pattern.Form = FormLocked
	}
	for k := range 2 {
		if found.side >= 0 && k != found.side {
			continue
		}
		br := branch{b: *b, log: true, killed: map[[2]int]int16{}}
		br.place(f.cells[k], f.digits[k], -1, nil)
		br.run(b, locked)
		var need []int16
		if found.side >= 0 {
			need = br.why
		} else {
			for i, m := range br.moves {
				if m.cell == found.target.Cell {
					need = []int16{int16(i)}
					break
				}
			}
		}
		keep := ancestors(br.moves, need)
		s.set(RoleLink, Bit(f.digits[k]), f.cells[k])
		for i, m := range br.moves {
			if i == 0 || !keep[i] {
				continue
			}
			single := Part{Role: RoleCells, Cells: []int{m.cell}, Digits: Bit(m.digit)}
			if m.house >= 0 {
				single.Houses = []int{m.house}
			}
			s.part(single)
		}
		if found.side >= 0 {
			s.part(br.broke)
		}
	}
	if found.side >= 0 {
		s.set(RoleTarget, Bit(f.digits[found.side]), f.cells[found.side])
	} else {
		s.set(RoleTarget, Bit(found.target.Digit), found.target.Cell)
	}
}

// ancestors marks the moves need rests on, and theirs, back to the
// supposition.
func ancestors(moves []forcedMove, need []int16) []bool {
	keep := make([]bool, len(moves))
	stack := append([]int16(nil), need...)
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if keep[k] {
			continue
		}
		keep[k] = true
		stack = append(stack, moves[k].cause...)
	}
	return keep
}
