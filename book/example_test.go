package book_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sudokubook/sudokubook/book"
)

func ExampleLoad() {
	spec := `title: Sudoku Sampler
template: kdp-6x9
margins: {top: 0.75in}
sections:
  - {level: easy, count: 20, clues: 36-40}
  - {level: expert, count: 10, title: The Deep End}
`
	s, err := book.Load(strings.NewReader(spec), "spec.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Trim, s.Margins.Top, s.Margins.Bottom, s.PuzzlesPerPage, s.Total())
	for _, q := range s.Quotas() {
		fmt.Println(q.Level, q.Count, q.MinClues, q.MaxClues, q.Symmetry)
	}
	// Output:
	// 6x9in 0.75in 0.5in 2 30
	// easy 20 36 40 rotational
	// expert 10 0 0 rotational
}

func ExampleLoad_errors() {
	spec := `titel: Sudoku Sampler
trim: 6x9
sections:
  - level: easy
    count: 20
    clues: 20
`
	_, err := book.Load(strings.NewReader(spec), "spec.yaml")
	fmt.Println(errors.Is(err, book.ErrSpec))
	fmt.Println(err)
	// Output:
	// true
	// spec.yaml: title: missing (want the title printed on the cover and title page)
	// spec.yaml:1: unknown field "titel" (did you mean "title"?)
	// spec.yaml:2: trim: unknown size "6x9" (want a preset such as 6x9in, a4, or WxH with a unit such as 152x229mm)
	// spec.yaml:6: sections[0].clues: 20 cannot be reached for easy puzzles (want a band that meets 23-80)
}
