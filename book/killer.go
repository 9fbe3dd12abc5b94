package book

// MinCageSum is the least size, in points, of a killer cage's sum: as
// small as the book prints anything (MinText), read at a glance.
const MinCageSum = MinText

// MinKillerCell is the least cell, in points, of a printed killer puzzle:
// the cage sum at MinCageSum on its knockout in the top-left corner stays
// clear of the digit the reader writes in the middle, with the other
// corners left for pencil marks (layout checks the geometry at this size).
// Solutions print as classic grids and need no more than MinCell.
const MinKillerCell = 28.0

// killerCell is the least cell a spec may ask of a killer grid, measured
// as its side over its width: MinKillerCell and the grid's share of its
// frame (a heavy line of up to 4.5pt over nine cells).
const killerCell = MinKillerCell + 0.5
