package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBuildRefusesRepeats: a section of more 4x4 puzzles than the kind has
// different ones is refused before any work, exit 2, naming the field.
func TestBuildRefusesRepeats(t *testing.T) {
	dir := t.TempDir()
	spec := writeSpec(t, dir, "b.yaml", "title: T\nsections:\n  - {level: easy, count: 200, size: 4}\n")
	out := filepath.Join(dir, "out")
	_, stderr, code := runCmd(t, "", "build", spec, "-o", out)
	if code != 2 || !strings.Contains(stderr, "sections[0].count: 200 easy classic 4x4 puzzles cannot all be different: only 13 are essentially different") {
		t.Fatalf("exit %d, stderr %q; want 2 and the count refused", code, stderr)
	}
}

// TestBankFillDistinct: bank fill refuses an -n past the kind's distinct
// puzzles at once, and fills up to it.
func TestBankFillDistinct(t *testing.T) {
	db := filepath.Join(t.TempDir(), "b.db")
	_, stderr, code := runCmd(t, "", "bank", "fill", "--size", "4", "--level", "easy", "-n", "100", "--db", db, "--quiet")
	if code != 2 || !strings.Contains(stderr, "-n 100: classic 4x4 easy has only 13 essentially different puzzles") {
		t.Fatalf("-n 100: exit %d, stderr %q; want 2 and the refusal", code, stderr)
	}
	stdout, stderr, code := runCmd(t, "", "bank", "fill", "--size", "4", "--level", "easy", "-n", "13", "--db", db, "--quiet")
	if code != 0 || !strings.Contains(stdout, "13 easy puzzles (13 added)") {
		t.Fatalf("-n 13: exit %d, stdout %q, stderr %q; want the 13", code, stdout, stderr)
	}
}

// TestBankFillNotesHardLevel: bank fill warns before a level its kind
// seldom or never reaches, as generate does. The deadline only ends the
// fill, which would run on.
func TestBankFillNotesHardLevel(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	db := filepath.Join(t.TempDir(), "b.db")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	run(ctx, []string{"bank", "fill", "--size", "4", "--level", "extreme", "-n", "1", "--db", db, "--quiet"}, strings.NewReader(""), &out, &errb)
	if want := "note: classic 4x4 puzzles seldom or never need extreme techniques (a book takes them up to easy)"; !strings.Contains(errb.String(), want) {
		t.Errorf("stderr %q, want %q", errb.String(), want)
	}
}
