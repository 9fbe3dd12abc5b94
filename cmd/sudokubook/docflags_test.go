package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestDocCommandFlags: every command the command tables of the README and
// the manual name is one the program has, and every flag they give it is
// one its --help lists, so the documentation cannot offer a flag that
// does not exist.
func TestDocCommandFlags(t *testing.T) {
	helpFlag := regexp.MustCompile(`(?m)^\s+-([a-z0-9-]+)`)
	known := map[string][]string{}
	flagsOf := func(cmd string) ([]string, bool) {
		if f, ok := known[cmd]; ok {
			return f, true
		}
		_, stderr, code := runCmd(t, "", append(strings.Fields(cmd), "--help")...)
		if code != 0 {
			return nil, false
		}
		var fs []string
		for _, m := range helpFlag.FindAllStringSubmatch(stderr, -1) {
			fs = append(fs, m[1])
		}
		known[cmd] = fs
		return fs, true
	}
	row := regexp.MustCompile("^\\| `((?:bank )?[a-z]+)(?: ([^`]*))?`")
	flag := regexp.MustCompile(`(?:^|[\s\[])--?([a-z][a-z0-9-]*)`)
	rows := 0
	for _, path := range []string{"../../README.md", "../../docs/commands.md", "../../docs/series-and-bank.md"} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		_, body, ok := strings.Cut(string(data), "| command | what it does |")
		if !ok {
			t.Fatalf("%s: no command table", path)
		}
		body, _, _ = strings.Cut(body, "\n\n")
		for _, line := range strings.Split(body, "\n") {
			cell, _, _ := strings.Cut(line, " | ")
			m := row.FindStringSubmatch(cell)
			if m == nil || strings.Contains(m[1], "bank") && !strings.Contains(m[1], " ") {
				continue // a row for bank as a whole lists its subcommands
			}
			flags, ok := flagsOf(m[1])
			if !ok {
				t.Errorf("%s: %q is not a command (its --help fails)", path, m[1])
				continue
			}
			rows++
			for _, f := range flag.FindAllStringSubmatch(cell, -1) {
				if !slices.Contains(flags, f[1]) {
					t.Errorf("%s: %s --%s: %s --help has no such flag", path, m[1], f[1], m[1])
				}
			}
		}
	}
	if rows < 25 {
		t.Errorf("%d command rows read, want the tables' rows", rows)
	}
}
