// Package canon finds canonical forms: the least image of a map of values
// (a grid's givens, a figure's bounding box, a killer's cage map), read
// row by row, under a group of grid moves and the relabelling of its
// values in order of first appearance. Two maps are the same up to those
// moves exactly when their least forms are equal, which is what makes a
// least form a key.
//
// It knows cells, lines, bands and stacks, and nothing of puzzles: the
// caller (package engine) says which moves keep its kind's houses and
// lays its cells out for them. Two ways of finding the least form serve
// every kind:
//
//   - Search, row by row (search.go): the band-and-stack group of a grid
//     of any size (rows within bands, columns within stacks, bands,
//     stacks, transposition when the boxes are square), a figure's box
//     under the line, band and piece moves that keep it (Figure, pieces.go),
//     or a cage map under its grid's group. It never lists the group
//     (a classic 9x9 grid's has 3,359,232 moves, a samurai's about 10^20):
//     it keeps every partial move whose rows so far are the least.
//   - Group, move by move (group.go): a small group listed in full, for the
//     kinds whose houses only part of the band-and-stack group keeps (X
//     9x9: 96 moves, hyper: 128; X 16x16: 18,432 built directly by
//     DiagonalMoves), sifted from a larger one by a Keeper.
//
// A Search keeps scratch space between calls and its moves are sized for
// its shape (a classic 9x9 move fits in 48 bytes, a samurai's about 330):
// give each goroutine its own.
package canon
