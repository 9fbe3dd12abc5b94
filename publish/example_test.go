package publish_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/publish"
)

// A service builds a book from a spec it holds in memory, into a folder
// of its own, and reads what was written from the result.
func ExampleBuild() {
	spec, err := book.Load(strings.NewReader(`
title: Puzzles for the Train
seed: 7
year: 2026
sections:
  - {level: easy, count: 24}
  - {level: medium, count: 12}
`), "train.yaml")
	if err != nil {
		log.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "train")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	res, err := publish.Build(context.Background(), spec, publish.Options{Out: filepath.Join(dir, "book")})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d puzzles in %d sections on %d pages (%s)\n", res.Puzzles, res.Sections, res.Pages, res.Trim)
	fmt.Println("preflight passed:", res.OK())
	m, err := os.ReadFile(filepath.Join(res.Out, "manifest.json"))
	fmt.Println("manifest written:", err == nil && len(m) > 0)
	// Output:
	// 36 puzzles in 2 sections on 28 pages (6x9in)
	// preflight passed: true
	// manifest written: true
}

// A file the spec names that cannot be used is an error wrapping
// book.ErrSpec, naming the field, before the output folder is touched.
func ExampleBuild_specError() {
	spec, err := book.Load(strings.NewReader("title: Own Puzzles\nsections:\n  - {level: easy, count: 3, puzzles: mine.txt}\n"), "own.yaml")
	if err != nil {
		log.Fatal(err)
	}
	_, err = publish.Build(context.Background(), spec, publish.Options{Out: "never-made"})
	var fe *book.FieldError
	if errors.As(err, &fe) {
		fmt.Println("field:", fe.Field)
	}
	_, statErr := os.Stat("never-made")
	fmt.Println("spec error:", errors.Is(err, book.ErrSpec), "folder made:", statErr == nil)
	// Output:
	// field: sections[0].puzzles
	// spec error: true folder made: false
}

// Volumes of a series share no puzzle: each is built into its own folder,
// and the keys one prints are left out of the next.
func ExampleBuildSeries() {
	dir, err := os.MkdirTemp("", "series")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	var vols []publish.Volume
	for _, v := range []string{"1", "2"} {
		spec, err := book.Load(strings.NewReader("title: Weekly\nvolume: \""+v+"\"\nseed: 1\nyear: 2026\nsections:\n  - {level: easy, count: 3}\n"), "week"+v+".yaml")
		if err != nil {
			log.Fatal(err)
		}
		vols = append(vols, publish.Volume{Name: "week" + v, Spec: spec, Out: filepath.Join(dir, "week"+v)})
	}
	results, err := publish.BuildSeries(context.Background(), vols, publish.Options{})
	if err != nil {
		log.Fatal(err)
	}
	for i, res := range results {
		fmt.Printf("%s: %d puzzles\n", vols[i].Name, res.Puzzles)
	}
	// Output:
	// week1: 3 puzzles
	// week2: 3 puzzles
}
