package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// A mistyped flag is reported once, in one line that names the command
// and what it takes, not as the flag package's line, the whole usage and
// then the same line again; the hint after it names the command's help.
func TestFlagErrorsOnce(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"unknown flag", []string{"build", "testdata/small.yaml", "-o", "x", "--prnter", "kdp"},
			[]string{"build: flag provided but not defined: -prnter", "--printer", "--timeout", "-o", "Run 'sudokubook help build' for usage."}},
		{"unknown bank flag", []string{"bank", "fill", "--bogus"},
			[]string{"bank fill: flag provided but not defined: -bogus", "--db", "Run 'sudokubook help bank' for usage."}},
		{"unknown command", []string{"frobnicate"}, []string{"unknown command \"frobnicate\"", "Run 'sudokubook help' for usage."}},
		{"no flags", []string{"templates", "--x"}, []string{"templates takes no flags"}},
		{"duration without unit", []string{"build", "testdata/small.yaml", "-o", "x", "--timeout", "5"},
			[]string{"-timeout: want a duration with a unit, such as 90s or 5m"}},
		{"duration past the most", []string{"build", "testdata/small.yaml", "-o", "x", "--timeout", "200h"},
			[]string{"-timeout: want at most 168h"}},
		{"duration past time.Duration", []string{"build", "testdata/small.yaml", "-o", "x", "--timeout", "99999999h"},
			[]string{"-timeout: want a duration with a unit, such as 90s or 5m, of at most 168h"}},
		{"seed not a number", []string{"generate", "--seed", "abc"},
			[]string{"-seed: want a whole number"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runCmd(t, "", tc.args...)
			if code != 2 || out != "" {
				t.Errorf("got exit %d, stdout %q; want 2 and nothing", code, out)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q lacks %q", stderr, w)
				}
			}
			for _, bad := range []string{"parse error", "usage:"} {
				if strings.Contains(stderr, bad) {
					t.Errorf("stderr %q holds %q", stderr, bad)
				}
			}
			if n := strings.Count(stderr, "\n"); n != 2 {
				t.Errorf("stderr is %d lines, want the error and the help hint:\n%s", n, stderr)
			}
		})
	}
	// -h still prints the command's usage and flags, and exits 0.
	_, stderr, code := runCmd(t, "", "build", "-h")
	if code != 0 || !strings.Contains(stderr, "usage: sudokubook build") || !strings.Contains(stderr, "-timeout") {
		t.Errorf("build -h: exit %d, stderr %q; want 0 and the usage with its flags", code, stderr)
	}
}

// generate asked for a level its kind seldom or never reaches (4x4 expert
// ran silent until Ctrl-C) says so on stderr before it starts; a level in
// reach says nothing. A reversed --clues band is named as reversed, not
// as a band the level cannot reach.
func TestGenerateWarnsOutOfReach(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the note comes before the search, which then stops at once
	var out, errb bytes.Buffer
	err := run(ctx, []string{"generate", "--size", "4", "--level", "expert", "-n", "1"}, strings.NewReader(""), &out, &errb)
	if code := exitCode(err, &errb); code != exitInterrupted || !strings.Contains(errb.String(), "classic 4x4 puzzles seldom or never need expert techniques (a book takes them up to easy)") {
		t.Errorf("generate 4x4 expert: exit %d, stderr %q; want 130 and the note", code, errb.String())
	}
	if _, stderr, code := runCmd(t, "", "generate", "--size", "4", "--level", "easy", "-n", "1", "--seed", "3"); code != 0 || stderr != "" {
		t.Errorf("generate 4x4 easy: exit %d, stderr %q; want 0 and no note", code, stderr)
	}
	if _, stderr, code := runCmd(t, "", "generate", "--level", "easy", "--clues", "40-30"); code != 2 || !strings.Contains(stderr, "--clues 40-30: want MIN-MAX with the smaller first") {
		t.Errorf("generate --clues 40-30: exit %d, stderr %q", code, stderr)
	}
}
