// Package book turns a YAML book spec into a book model: the spec (spec.go,
// with strict parsing and validation), the quotas it asks of the engine, the
// assembled sections of numbered puzzles (model.go) and the manifest that
// records where each puzzle was printed (manifest.go).
//
// Data flows one way: spec -> quotas -> engine -> Book -> layout -> manifest.
// The package never draws and never prints.
package book
