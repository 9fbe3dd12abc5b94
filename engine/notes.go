package engine

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Explain's words: one English template per technique, filled from the
// step's pattern (see pattern.go) and its moves, never from the search
// that found it. A reader in another language does the same with its own
// templates (the web page's lang files, the book's lessons), so what the
// pattern carries is all any of them can say.

// wording writes the note of a step of one technique; b is the board the
// step was found on.
type wording func(g *Geometry, b *Board, s *Step) string

// writeNote sets s.Note, for a step just found on b, from its pattern.
func writeNote(b *Board, s *Step) {
	if w := wordings[s.Technique]; w != nil {
		s.Note = w(b.geo(), b, s)
	}
}

var wordings [NumTechniques]wording

func init() {
	wordings = [NumTechniques]wording{
		FullHouse: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // the cell, its house, the digit
			return fmt.Sprintf("full house: %s is the last empty cell of %s, so it takes %d", g.CellName(p[0].Cells[0]), g.HouseName(p[1].Houses[0]), digit(p[2]))
		},
		NakedSingle: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // the cell, the digit
			return fmt.Sprintf("naked single: %s can only be %d", g.CellName(p[0].Cells[0]), digit(p[1]))
		},
		HiddenSingle: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // the house, the digit, the cell
			return fmt.Sprintf("hidden single: in %s, %d fits only in %s", g.HouseName(p[0].Houses[0]), digit(p[1]), g.CellName(p[2].Cells[0]))
		},
		Pointing:  lockedWords,
		Claiming:  lockedWords,
		NakedPair: nakedWords, NakedTriple: nakedWords, NakedQuad: nakedWords,
		HiddenPair: hiddenWords, HiddenTriple: hiddenWords, HiddenQuad: hiddenWords,
		XWing: fishWords, Swordfish: fishWords, Jellyfish: fishWords,
		FinnedXWing: fishWords, FinnedSwordfish: fishWords, FinnedJellyfish: fishWords,
		Skyscraper: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // digit, the two lines, two links, the base's house, the tops
			d, tops := digit(p[0]), p[5].Cells
			return fmt.Sprintf("skyscraper on %d: the %s pairs %s and %s stand on %s, so %s or %s holds %d: %s",
				d, lineKind(g, p[1].Houses[0]), link(g, p[2]), link(g, p[3]), g.HouseName(p[4].Houses[0]),
				g.CellName(tops[0]), g.CellName(tops[1]), d, elimText(g, s.Eliminations))
		},
		TwoStringKite: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // digit, row pair, column pair, box, far ends
			d, ends := digit(p[0]), p[4].Cells
			return fmt.Sprintf("2-string kite on %d: the row pair %s and the column pair %s meet in %s, so %s or %s holds %d: %s",
				d, link(g, p[1]), link(g, p[2]), g.HouseName(p[3].Houses[0]), g.CellName(ends[0]), g.CellName(ends[1]), d, elimText(g, s.Eliminations))
		},
		EmptyRectangle: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // digit, box, row and column, pair, target
			d, box, lines := digit(p[0]), g.HouseName(p[1].Houses[0]), p[2].Houses
			return fmt.Sprintf("empty rectangle on %d: in %s, %d lies only on row %d and column %d; with the pair %s, %s would leave %s without %d: %s",
				d, box, d, g.Row(g.Houses[lines[0]][0])+1, g.Col(g.Houses[lines[1]][0])+1, link(g, p[3]), g.CellName(p[4].Cells[0]), box, d, elimText(g, s.Eliminations))
		},
		XYWing: wingWords, XYZWing: wingWords,
		WWing: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // the two cells and their digits, the link, its digit, the digit they give
			return fmt.Sprintf("w-wing: %s and %s are both %s, joined by the strong link %s on %d, so one of them is %d: %s",
				g.CellName(p[0].Cells[0]), g.CellName(p[0].Cells[1]), digitsText(p[0].Digits), link(g, p[1]), digit(p[2]), digit(p[3]), elimText(g, s.Eliminations))
		},
		SimpleColouring: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts
			d := digit(p[0])
			if s.Pattern.Form == FormWrap { // digit, the two cells
				return fmt.Sprintf("simple colouring on %d (wrap): %s and %s share a colour and see each other, so that colour is false: %s",
					d, g.CellName(p[1].Cells[0]), g.CellName(p[1].Cells[1]), elimText(g, s.Eliminations))
			}
			// digit, the start, two cells of opposite colours
			return fmt.Sprintf("simple colouring on %d (trap): the chain of pairs from %s gives %s and %s opposite colours, so one holds %d: %s",
				d, g.CellName(p[1].Cells[0]), g.CellName(p[2].Cells[0]), g.CellName(p[2].Cells[1]), d, elimText(g, s.Eliminations))
		},
		UniqueRectangle1: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // floor, roof, the digits
			f, ds := p[0].Cells, Digits(p[2].Digits)
			return fmt.Sprintf("unique rectangle type 1: %s, %s and %s hold only %s; if %s were %d or %d the four cells could trade them for a second solution: %s",
				g.CellName(f[0]), g.CellName(f[1]), g.CellName(f[2]), digitsText(p[0].Digits), g.CellName(p[1].Cells[0]), ds[0], ds[1], elimText(g, s.Eliminations))
		},
		UniqueRectangle2: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // floor, roof, the extra digit, the floor's digits
			f, r := p[0].Cells, p[1].Cells
			return fmt.Sprintf("unique rectangle type 2: %s and %s hold only %s, %s and %s hold %s; one of the roof cells is %d, or the four could trade %s for a second solution: %s",
				g.CellName(f[0]), g.CellName(f[1]), digitsText(p[0].Digits), g.CellName(r[0]), g.CellName(r[1]), digitsText(p[1].Digits),
				digit(p[2]), digitsText(p[3].Digits), elimText(g, s.Eliminations))
		},
		UniqueRectangle3: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // floor, roof and its extra digits, the floor's digits, the subset and its digits, its house
			f, r := p[0].Cells, p[1].Cells
			return fmt.Sprintf("unique rectangle type 3: %s and %s hold only %s; %s or %s holds one of %s, or the four could trade %s for a second solution, so with %s they lock %s in %s: %s",
				g.CellName(f[0]), g.CellName(f[1]), digitsText(p[0].Digits), g.CellName(r[0]), g.CellName(r[1]), digitsText(p[1].Digits),
				digitsText(p[2].Digits), cellsAnd(g, p[3].Cells), digitsText(p[3].Digits), g.HouseName(p[4].Houses[0]), elimText(g, s.Eliminations))
		},
		UniqueRectangle4: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // floor, house, the roof's digit, roof, the other digit
			f, r := p[0].Cells, p[3].Cells
			return fmt.Sprintf("unique rectangle type 4: %s and %s hold only %s; in %s, %d goes only in %s or %s, so %d cannot join it there without a second solution: %s",
				g.CellName(f[0]), g.CellName(f[1]), digitsText(p[0].Digits), g.HouseName(p[1].Houses[0]), digit(p[2]), g.CellName(r[0]), g.CellName(r[1]),
				digit(p[4]), elimText(g, s.Eliminations))
		},
		UniqueRectangle5: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // corners, extra digit, the corners with it, the digit, the corners' digits
			c := p[0].Cells
			return fmt.Sprintf("unique rectangle type 5: %s, %s, %s and %s hold %s and only %d besides; one of %s is %d, or the four could trade %s for a second solution: %s",
				g.CellName(c[0]), g.CellName(c[1]), g.CellName(c[2]), g.CellName(c[3]), digitsText(p[0].Digits), digit(p[1]), cellsAnd(g, p[2].Cells),
				digit(p[3]), digitsText(p[4].Digits), elimText(g, s.Eliminations))
		},
		UniqueRectangle6: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // the bivalue corners, the digit, its lines, the other corners, the digit, the corners' digits
			c, o := p[0].Cells, p[3].Cells
			return fmt.Sprintf("unique rectangle type 6: %s and %s hold only %s, and %d goes only in the rectangle in %s and %s; were %s and %s %d, the four could trade %s for a second solution: %s",
				g.CellName(c[0]), g.CellName(c[1]), digitsText(p[0].Digits), digit(p[1]), g.HouseName(p[2].Houses[0]), g.HouseName(p[2].Houses[1]),
				g.CellName(o[0]), g.CellName(o[1]), digit(p[4]), digitsText(p[5].Digits), elimText(g, s.Eliminations))
		},
		HiddenRectangle: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // corner, digit, row pair, row, column pair, column, target, its digit, the corner's digits
			return fmt.Sprintf("hidden rectangle: %s holds only %s, and %d goes only in %s or %s in %s and in %s or %s in %s; were %s %d, the four could trade %s for a second solution: %s",
				g.CellName(p[0].Cells[0]), digitsText(p[0].Digits), digit(p[1]), g.CellName(p[2].Cells[0]), g.CellName(p[2].Cells[1]), g.HouseName(p[3].Houses[0]),
				g.CellName(p[4].Cells[0]), g.CellName(p[4].Cells[1]), g.HouseName(p[5].Houses[0]),
				g.CellName(p[6].Cells[0]), digit(p[7]), digitsText(p[8].Digits), elimText(g, s.Eliminations))
		},
		BUGPlus1: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // the cell, its digit
			c, d := g.CellName(p[0].Cells[0]), digit(p[1])
			return fmt.Sprintf("bug+1: every unsolved cell but %s has two candidates, and %d appears three times in its houses; without %d the grid would have no unique solution, so %s is %d",
				c, d, d, c, d)
		},
		WXYZWing: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // four cells, the digit, twice
			return fmt.Sprintf("wxyz-wing: %s hold four digits, and each but %d goes in one of them at most, so one of them is %d: %s",
				withDigits(g, p[:4]), digit(p[4]), digit(p[5]), elimText(g, s.Eliminations))
		},
		SueDeCoq: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // the crossing's cells, the two houses, a set in each
			return fmt.Sprintf("sue de coq: %s %s where %s crosses %s, with %s %s and %s %s: as many digits as cells, none twice: %s",
				spaced(g, p[0].Cells), digitsText(p[0].Digits), g.HouseName(p[1].Houses[0]), g.HouseName(p[2].Houses[0]),
				spaced(g, p[3].Cells), digitsText(p[3].Digits), spaced(g, p[4].Cells), digitsText(p[4].Digits), elimText(g, s.Eliminations))
		},
		AlignedPairExclusion: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // the pair, each with its digits, then the cells both see
			return fmt.Sprintf("aligned pair exclusion: %s %s and %s %s see each other, and both see %s; no pair of digits they can take together uses the rest: %s",
				g.CellName(p[0].Cells[0]), digitsText(p[0].Digits), g.CellName(p[1].Cells[0]), digitsText(p[1].Digits), withDigits(g, p[2:]), elimText(g, s.Eliminations))
		},
		ALSXZ: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // two sets, their restricted commons, the digits in one of them
			common := "the restricted common "
			if bits.OnesCount32(p[2].Digits) > 1 {
				common = "the restricted commons "
			}
			return fmt.Sprintf("als-xz: %s and %s share %s%s, so %s: %s",
				p[0].Text, p[1].Text, common, digitList(p[2].Digits), zText(p[3].Digits), elimText(g, s.Eliminations))
		},
		ALSXYWing: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // pivot, a common, a pincer, the other common, the other pincer, the digits
			return fmt.Sprintf("als-xy-wing: pivot %s shares %d with %s and %d with %s, so %s: %s",
				p[0].Text, digit(p[1]), p[2].Text, digit(p[3]), p[4].Text, zText(p[5].Digits), elimText(g, s.Eliminations))
		},
		ALSChain: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // the chain, the digits in one of its ends
			return fmt.Sprintf("als chain: %s (each set joined to the next by the restricted common between them), so %s: %s",
				p[0].Text, strings.Replace(zText(p[1].Digits), "one of them", "one of the ends", 1), elimText(g, s.Eliminations))
		},
		DeathBlossom: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // stem, each petal after its stem digit, the digit
			var petals []string
			for k := 1; k+1 < len(p)-1; k += 2 {
				petals = append(petals, fmt.Sprintf("%d: %s", digit(p[k]), p[k+1].Text))
			}
			return fmt.Sprintf("death blossom: stem %s %s, petals %s; whichever digit the stem takes, its petal is locked without it, so %d is in one of the petals: %s",
				g.CellName(p[0].Cells[0]), digitsText(p[0].Digits), strings.Join(petals, ", "), digit(p[len(p)-1]), elimText(g, s.Eliminations))
		},
		Medusa3D: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // the two colours, and for a wrap why one is false
			colours := "colours " + p[0].Text + " against " + p[1].Text
			if s.Pattern.Form == FormTrap {
				return fmt.Sprintf("3d medusa: %s; one colour is true, and each candidate removed would clash with both: %s", colours, elimText(g, s.Eliminations))
			}
			return fmt.Sprintf("3d medusa: %s; %s, so that colour is false: %s", colours, clashText(g, p[2]), elimText(g, s.Eliminations))
		},
		XChain: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // digit, chain, ends, digit
			return fmt.Sprintf("x-chain on %d: %s, so %s or %s holds %d: %s",
				digit(p[0]), p[1].Text, g.CellName(p[2].Cells[0]), g.CellName(p[2].Cells[1]), digit(p[3]), elimText(g, s.Eliminations))
		},
		XYChain: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // chain, ends, digit
			return fmt.Sprintf("xy-chain: %s, so %s or %s is %d: %s",
				p[0].Text, g.CellName(p[1].Cells[0]), g.CellName(p[1].Cells[1]), digit(p[2]), elimText(g, s.Eliminations))
		},
		AIC:          chainWords("alternating inference chain"),
		GroupedAIC:   chainWords("grouped alternating inference chain"),
		ForcingChain: forcingWords,
		Bifurcation: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // digit, cell
			d, c := digit(p[0]), g.CellName(p[1].Cells[0])
			return fmt.Sprintf("bifurcation: with %d in %s the puzzle has no solution (found by trial and error), so %d leaves %s", d, c, d, c)
		},
		CageCombination: func(g *Geometry, b *Board, s *Step) string {
			p := s.Pattern.Parts // the cage
			if p[0].Text != "" {
				return fmt.Sprintf("%s: its digits can only be %s, %s", calcCageText(g, p[0]), digitList(p[0].Digits), resultText(b, s))
			}
			return fmt.Sprintf("%s %s, %s", cageText(g, p[0]), liveText(p[0].Sets), resultText(b, s))
		},
		Rule45: func(g *Geometry, b *Board, s *Step) string {
			p := s.Pattern.Parts // the innies or outies
			return fmt.Sprintf("%s%s, %s", sumText(g, p[0]), whichSets(p[0]), resultText(b, s))
		},
		CagePointing: func(g *Geometry, _ *Board, s *Step) string {
			p := s.Pattern.Parts // the cage, the digit, its places, their house
			if p[0].Text != "" {
				return fmt.Sprintf("%s: every way puts %d in %s, which can only go in %s, so %s",
					calcCageText(g, p[0]), digit(p[1]), g.HouseName(p[3].Houses[0]), cellNames(g, p[2].Cells), elimText(g, s.Eliminations))
			}
			return fmt.Sprintf("%s %s: every way needs %d, which can only go in %s, all in %s, so %s",
				cageText(g, p[0]), liveText(p[0].Sets), digit(p[1]), cellNames(g, p[2].Cells), g.HouseName(p[3].Houses[0]), elimText(g, s.Eliminations))
		},
		RunCombination: func(g *Geometry, b *Board, s *Step) string {
			p := s.Pattern.Parts // the run
			return fmt.Sprintf("%s %s, %s", runText(g, p[0]), liveText(p[0].Sets), resultText(b, s))
		},
		RunPermutation: func(g *Geometry, b *Board, s *Step) string {
			p := s.Pattern.Parts // the run
			return fmt.Sprintf("%s %s, but no way of placing them one a cell puts these digits there: %s", runText(g, p[0]), liveText(p[0].Sets), elimText(g, s.Eliminations))
		},
		RunContradiction: runContradictionWords, RunContradictionWide: runContradictionWords,
		KropkiDot: edgePairWords, XVPair: edgePairWords, ConsecutivePair: edgePairWords, InequalitySign: edgePairWords, NoMark: edgePairWords,
		InequalityChain: inequalityChainWords,
		PairSet:         pairSetWords,
		MarkChain:       markChainWords,
		Rule45Houses:    areaWords,
		CageSplit:       areaWords,
		ThermoBounds:    lineWords, ThermoCandidates: lineWords,
		ArrowBounds: lineWords, ArrowSums: lineWords,
		MinMaxSum: func(g *Geometry, b *Board, s *Step) string {
			p := s.Pattern.Parts // the area's parts, what is placed in it, the other open cells, the cell bounded
			k := len(p) - 2
			others, x := p[k], p[k+1]
			placed := ""
			if p[k-1].Role == RoleSum && len(p[k-1].Cells) == 0 {
				k--
				placed = fmt.Sprintf("with %d of it placed, ", p[k].Sum)
			}
			verb := "make"
			if len(others.Cells) == 1 {
				verb = "is"
			}
			return fmt.Sprintf("min/max sums: %s; %s%s %s %d to %d, so %s is %s: %s",
				areaText(g, p[:k]), placed, plusNames(g, others.Cells), verb, others.Sum, others.Total, g.CellName(x.Cells[0]),
				boundText(x.Sum, x.Total, g.N), strings.TrimPrefix(resultText(b, s), "so "))
		},
	}
}

// digit is a part's one digit.
func digit(p Part) uint8 { return FirstDigit(p.Digits) }

// link writes a part's two cells as a strong link, "r1c2=r1c7".
func link(g *Geometry, p Part) string { return pairText(g, p.Cells[0], p.Cells[1]) }

// spaced names cells with spaces between, "r1c1 r1c2".
func spaced(g *Geometry, cells []int) string {
	names := make([]string, len(cells))
	for k, c := range cells {
		names[k] = g.CellName(c)
	}
	return strings.Join(names, " ")
}

// withDigits names each part's cell with its digits: "r1c1 {1,2} and r1c5
// {2,3}".
func withDigits(g *Geometry, parts []Part) string {
	var names []string
	for _, p := range parts {
		names = append(names, g.CellName(p.Cells[0])+" "+digitsText(p.Digits))
	}
	return andList(names)
}

func lockedWords(g *Geometry, _ *Board, s *Step) string {
	p := s.Pattern.Parts // the house the digit is confined in, the digit, the house it leaves
	d := digit(p[1])
	return fmt.Sprintf("%s: in %s the %ds lie in %s, so %d leaves %s",
		s.Technique, g.HouseName(p[0].Houses[0]), d, g.HouseName(p[2].Houses[0]), d, cellList(g, s.Eliminations))
}

func nakedWords(g *Geometry, _ *Board, s *Step) string {
	p := s.Pattern.Parts // the house, the cells and their digits
	return fmt.Sprintf("%s: in %s, %s hold only %s, so %s",
		s.Technique, g.HouseName(p[0].Houses[0]), cellsAnd(g, p[1].Cells), digitList(p[1].Digits), elimText(g, s.Eliminations))
}

func hiddenWords(g *Geometry, _ *Board, s *Step) string {
	p := s.Pattern.Parts // the house, the digits and their cells
	return fmt.Sprintf("%s: in %s, %s fit only in %s, so %s",
		s.Technique, g.HouseName(p[0].Houses[0]), digitList(p[1].Digits), cellsAnd(g, p[1].Cells), elimText(g, s.Eliminations))
}

func fishWords(g *Geometry, _ *Board, s *Step) string {
	p := s.Pattern.Parts // digit, base lines, cover lines, fins
	d := digit(p[0])
	lines := lineNames(g, p[1].Houses) + " (" + lineNames(g, p[2].Houses)
	if len(p) > 3 {
		word := "fin"
		if len(p[3].Cells) > 1 {
			word = "fins"
		}
		lines += ", " + word + " " + cellsAnd(g, p[3].Cells)
	}
	return fmt.Sprintf("%s on %d in %s): %d leaves %s", s.Technique, d, lines, d, cellList(g, s.Eliminations))
}

func wingWords(g *Geometry, _ *Board, s *Step) string {
	p := s.Pattern.Parts // pivot and pincers, each with its digits
	return fmt.Sprintf("%s: pivot %s %s, pincers %s: %s", s.Technique, g.CellName(p[0].Cells[0]), digitsText(p[0].Digits), withDigits(g, p[1:3]), elimText(g, s.Eliminations))
}

// chainWords words a loop of the technique called name: its notation and
// what it proves of its first candidate.
func chainWords(name string) wording {
	return func(g *Geometry, _ *Board, s *Step) string {
		p := s.Pattern.Parts // the chain, its first candidate
		c, d := p[1].Cells[0], digit(p[1])
		verdict := fmt.Sprintf("so %s is %c", g.CellName(c), Symbol(d))
		if slices.Contains(s.Eliminations, Elimination{c, d}) {
			verdict = fmt.Sprintf("so %s is not %c", g.CellName(c), Symbol(d))
		}
		note := fmt.Sprintf("%s: %s, %s", name, p[0].Text, verdict)
		if total := len(s.Placements) + len(s.Eliminations); total > 1 {
			note += fmt.Sprintf(" (and %d more by loops as short)", total-1)
		}
		return note
	}
}

// clashText says what a supposition breaks.
func clashText(g *Geometry, p Part) string {
	switch {
	case len(p.Houses) > 0:
		return fmt.Sprintf("%c has no place left in %s", Symbol(digit(p)), g.HouseName(p.Houses[0]))
	case len(p.Cells) == 2:
		return fmt.Sprintf("%s and %s would both be %c", g.CellName(p.Cells[0]), g.CellName(p.Cells[1]), Symbol(digit(p)))
	case p.Digits != 0:
		return fmt.Sprintf("%s would hold two digits", g.CellName(p.Cells[0]))
	}
	return fmt.Sprintf("%s would be left with no candidate", g.CellName(p.Cells[0]))
}

// forcingWords words a forcing chain: the fork, each branch as the
// singles it follows, and what breaks or what both branches agree on.
func forcingWords(g *Geometry, _ *Board, s *Step) string {
	p := s.Pattern.Parts // the fork, then each branch: its supposition, its singles, what broke; the conclusion
	var sb strings.Builder
	fork := p[0]
	if len(fork.Houses) == 0 {
		ds := Digits(fork.Digits)
		fmt.Fprintf(&sb, "forcing chain: %s is %c or %c", g.CellName(fork.Cells[0]), Symbol(ds[0]), Symbol(ds[1]))
	} else {
		fmt.Fprintf(&sb, "forcing chain: in %s, %c goes in %s or %s", g.HouseName(fork.Houses[0]), Symbol(digit(fork)), g.CellName(fork.Cells[0]), g.CellName(fork.Cells[1]))
	}
	if s.Pattern.Form == FormLocked {
		sb.WriteString(" (following singles and locked candidates)")
	}
	first := true
	for _, x := range p[1 : len(p)-1] {
		switch x.Role {
		case RoleLink:
			fmt.Fprintf(&sb, "; if %s=%c: ", g.CellName(x.Cells[0]), Symbol(digit(x)))
			first = true
		case RoleCells:
			if !first {
				sb.WriteString(", ")
			}
			first = false
			fmt.Fprintf(&sb, "%s=%c", g.CellName(x.Cells[0]), Symbol(digit(x)))
			if len(x.Houses) > 0 {
				fmt.Fprintf(&sb, " (only place in %s)", g.HouseName(x.Houses[0]))
			} else {
				sb.WriteString(" (only candidate)")
			}
		case RoleClash:
			if !first {
				sb.WriteString(", so ")
			}
			if len(x.Houses) > 0 {
				sb.WriteString(clashText(g, x))
			} else {
				fmt.Fprintf(&sb, "%s has no candidate left", g.CellName(x.Cells[0]))
			}
		}
	}
	end := p[len(p)-1]
	if len(s.Eliminations) > 0 {
		fmt.Fprintf(&sb, "; so %c leaves %s", Symbol(digit(end)), g.CellName(end.Cells[0]))
	} else {
		fmt.Fprintf(&sb, "; either way %s is %c", g.CellName(end.Cells[0]), Symbol(digit(end)))
	}
	return sb.String()
}

// cageText names a cage by its total, size and first cell: "cage 15 in 3
// cells at r1c1".
// runText names a kakuro run: "across run 16 in 2 cells at r2c3".
func runText(g *Geometry, p Part) string {
	way := "across"
	if p.Form == FormDown {
		way = "down"
	}
	return fmt.Sprintf("%s run %d in %d cells at %s", way, p.Sum, len(p.Cells), g.CellName(p.Cells[0]))
}

// runContradictionWords words a run contradiction: the cell and digit
// tried, then the run left no way.
func runContradictionWords(g *Geometry, _ *Board, s *Step) string {
	p := s.Pattern.Parts // the cell and digit tried, the run broken
	broken := "a run nearby would be left no way"
	if len(p) > 1 {
		broken = "the " + runText(g, p[1]) + " would be left no way"
	}
	return fmt.Sprintf("if %s were %d, the run combinations would follow until %s, so %s", g.CellName(p[0].Cells[0]), digit(p[0]), broken, elimText(g, s.Eliminations))
}

func cageText(g *Geometry, p Part) string {
	return fmt.Sprintf("cage %d in %d cells at %s", p.Sum, len(p.Cells), g.CellName(p.Cells[0]))
}

// liveText says which digit sets are left: "must be 1+5" or "can only be
// 1+5 or 2+4".
func liveText(sets []uint32) string {
	parts := make([]string, len(sets))
	for i, m := range sets {
		parts[i] = ComboText(m)
	}
	if len(parts) == 1 {
		return "must be " + parts[0]
	}
	return "can only be " + strings.Join(parts, " or ")
}

// whichSets is ", which " and the sets still possible, or nothing for a
// single cell, whose total already says its digit.
func whichSets(p Part) string {
	if len(p.Cells) == 1 {
		return ""
	}
	return ", which " + liveText(p.Sets)
}

// sumText says how innies or outies get their total, ending on it: "rule
// of 45 in rows 1-2: the cages inside them add up to 79, so the innies
// r1c9+r2c5 add up to 11".
func sumText(g *Geometry, p Part) string {
	them, pronoun := groupName(g, p.Houses)
	why := fmt.Sprintf("the cages inside %s add up to %d", pronoun, p.Total)
	what := "innies"
	if p.Form == FormOuties {
		why = fmt.Sprintf("the cages touching %s add up to %d, %d of it inside", pronoun, p.Total, g.N*(g.N+1)/2*len(p.Houses))
		what = "outies"
	}
	if len(p.Cells) == 1 {
		what = strings.TrimSuffix(what, "s")
	}
	return fmt.Sprintf("rule of 45 in %s: %s, so the %s %s", them, why, what, leftText(g, p.Cells, p.Sum))
}

// areaText says how an area's total is known, from its parts: a cage, the
// innies or outies of houses, or a split (the area it is taken from, the
// one taken out, and the cells left).
func areaText(g *Geometry, p []Part) string {
	if len(p) == 1 {
		if p[0].Role == RoleCage {
			return cageText(g, p[0])
		}
		return sumText(g, p[0])
	}
	verb := "holds"
	if p[0].Role != RoleCage {
		verb = "hold"
	}
	return fmt.Sprintf("cage splitting: %s %s %s, so the other cells %s", splitPart(g, p[0]), verb, splitPart(g, p[1]), leftText(g, p[2].Cells, p[2].Sum))
}

// splitPart names an area inside a split: "cage 23 in 4 cells at r3c4" or
// "the outie r3c4 of row 2 (7 by the rule of 45)".
func splitPart(g *Geometry, p Part) string {
	if p.Role == RoleCage {
		return cageText(g, p)
	}
	what := "innies"
	if p.Form == FormOuties {
		what = "outies"
	}
	if len(p.Cells) == 1 {
		what = strings.TrimSuffix(what, "s")
	}
	them, _ := groupName(g, p.Houses)
	return fmt.Sprintf("the %s %s of %s (%d by the rule of 45)", what, plusNames(g, p.Cells), them, p.Sum)
}

func areaWords(g *Geometry, b *Board, s *Step) string {
	p := s.Pattern.Parts // the area's parts, the digit sets on the last
	return fmt.Sprintf("%s%s, %s", areaText(g, p), whichSets(p[len(p)-1]), resultText(b, s))
}

// lineNames names lines (house numbers) by their rows or columns of the
// bounding box: "rows 2 and 7", "columns 1, 4 and 9" (rows 7 and 13 in a
// samurai's centre grid).
func lineNames(g *Geometry, lines []int) string {
	kind := "rows"
	num := g.Row
	if g.Kinds[lines[0]] == ColumnHouse {
		kind, num = "columns", g.Col
	}
	var nums []string
	for _, u := range lines {
		nums = append(nums, fmt.Sprint(num(g.Houses[u][0])+1))
	}
	return kind + " " + andList(nums)
}
