package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// Progress goes to a terminal only: a pipe or a buffer gets nothing.
func TestProgressQuietOffTerminal(t *testing.T) {
	var buf bytes.Buffer
	if p := newProgress(&buf, false, []string{"easy"}, []int{3}); p != nil {
		t.Fatal("progress on a buffer: want none")
	}
	var p *progress // a nil progress is safe to call
	p.Found([]int{1})
	p.Step("laying out pages")
	p.Done()
	if buf.Len() != 0 {
		t.Errorf("wrote %q to a non-terminal", buf.String())
	}
}

func TestProgressLine(t *testing.T) {
	var buf bytes.Buffer
	p := &progress{w: &buf, labels: []string{"Warm-up", "hard"}, need: []int{4, 2}, started: time.Now()}
	p.Found([]int{1, 0})
	p.Found([]int{2, 0}) // within 100ms of the last: skipped
	p.Found([]int{4, 2}) // everything full: always drawn
	p.Done()
	out := buf.String()
	if !strings.Contains(out, "Warm-up 1/4 · hard 0/2") || !strings.Contains(out, "Warm-up 4/4 · hard 2/2") {
		t.Errorf("progress output %q lacks the per-section counts", out)
	}
	if strings.Contains(out, "Warm-up 2/4") {
		t.Errorf("progress redrew within 100ms: %q", out)
	}
	if !strings.HasSuffix(out, "\r\033[K") {
		t.Errorf("progress did not clear its line at the end: %q", out)
	}
}
