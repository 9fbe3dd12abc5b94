package main

import (
	"strings"
	"testing"
)

// A mistyped flag is reported once, in one line that names the command
// and what it takes, not as the flag package's line, the whole usage and
// then the same line again.
func TestFlagErrorsOnce(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"unknown flag", []string{"build", "testdata/small.yaml", "-o", "x", "--prnter", "kdp"},
			[]string{"build: flag provided but not defined: -prnter", "--printer", "--timeout", "-o"}},
		{"unknown bank flag", []string{"bank", "fill", "--bogus"},
			[]string{"bank fill: flag provided but not defined: -bogus", "--db"}},
		{"no flags", []string{"templates", "--x"}, []string{"templates takes no flags"}},
		{"duration without unit", []string{"build", "testdata/small.yaml", "-o", "x", "--timeout", "5"},
			[]string{"-timeout: want a duration with a unit, such as 90s or 5m"}},
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
