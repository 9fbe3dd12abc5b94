package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildRefusesUnprintableText: a title the fonts cannot show, or that
// no font can (an emoji, a control character, right-to-left text), is a
// spec error before any work: exit 2, the field and the characters named,
// no panic and no output folder.
func TestBuildRefusesUnprintableText(t *testing.T) {
	cases := []struct{ title, want string }{
		{"はじめての数独", `title: "はじめての数独" cannot be printed: the text font`},
		{"Party 🎉", "🎉 (U+1F389) is outside the Basic Multilingual Plane"},
		{`"Bell\a"`, "control character U+0007"},
		{"סודוקו", "right-to-left text"},
		{`"\u200b\u200b\u200b"`, "invisible format character U+200B"},
	}
	for _, c := range cases {
		t.Run(c.title, func(t *testing.T) {
			dir := t.TempDir()
			spec := filepath.Join(dir, "s.yaml")
			if err := os.WriteFile(spec, []byte("title: "+c.title+"\nsections:\n  - level: easy\n    count: 4\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "out")
			_, stderr, code := runCmd(t, "", "build", spec, "-o", out, "--quiet")
			if code != 2 || !strings.Contains(stderr, "s.yaml:1: title: ") || !strings.Contains(stderr, c.want) {
				t.Errorf("got exit %d, stderr %q; want 2 and s.yaml:1: title: ... %s", code, stderr, c.want)
			}
			if strings.Contains(stderr, "panic") {
				t.Errorf("stderr shows a panic: %s", stderr)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("a refused spec created the output folder")
			}
		})
	}
}

// TestBuildWarnsCommentedValue: build shows the spec's warnings on
// standard error and still builds.
func TestBuildWarnsCommentedValue(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(spec, []byte("title: T\nsubtitle: #1 bestseller\nyear: 2026\nsections:\n  - level: easy\n    count: 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCmd(t, "", "build", spec, "-o", filepath.Join(dir, "out"), "--quiet")
	if want := "warning: " + spec + ":2: subtitle is empty: YAML reads #1 bestseller as a comment"; code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("got exit %d, stderr %q; want 0 and %q", code, stderr, want)
	}
}
