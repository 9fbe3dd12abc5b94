package engine

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestDocLadderTable: the technique table of docs/levels.md gives each
// rung's weight, level and SE rating as the ladder has them, so the
// manual cannot drift from technique.go. Rows name a technique first,
// with any gloss in brackets after it; the SE column starts with the
// rung's base figure.
func TestDocLadderTable(t *testing.T) {
	data, err := os.ReadFile("../docs/levels.md")
	if err != nil {
		t.Fatal(err)
	}
	_, part, ok := strings.Cut(string(data), "| technique | weight | level | SE rating |")
	if !ok {
		t.Fatal("docs/levels.md has no technique table")
	}
	part, _, _ = strings.Cut(part, "\n\n")
	lead := regexp.MustCompile(`^(\d+)\.(\d)`)
	rows := 0
	for _, line := range strings.Split(part, "\n") {
		cols := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cols) != 4 || strings.HasPrefix(cols[0], "-") {
			continue
		}
		rows++
		name, _, _ := strings.Cut(cols[0], " (")
		tech, err := ParseTechnique(name)
		if err != nil {
			t.Errorf("row %q: %v", cols[0], err)
			continue
		}
		if w, err := strconv.Atoi(cols[1]); err != nil || w != tech.Weight() {
			t.Errorf("%s: weight %q, the ladder has %d", tech, cols[1], tech.Weight())
		}
		if cols[2] != tech.Level().String() {
			t.Errorf("%s: level %q, the ladder has %s", tech, cols[2], tech.Level())
		}
		m := lead.FindStringSubmatch(cols[3])
		if m == nil {
			t.Errorf("%s: SE rating %q does not start with a figure", tech, cols[3])
			continue
		}
		whole, _ := strconv.Atoi(m[1])
		tenth, _ := strconv.Atoi(m[2])
		if r := Rating(whole*10 + tenth); r != tech.SE() {
			t.Errorf("%s: SE rating %s in the table, the ladder has %s", tech, r, tech.SE())
		}
	}
	if rows < 40 {
		t.Errorf("%d rows read from the table, want the classic ladder's", rows)
	}
}
