package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"
)

// progress shows per-section found/needed counts on one rewritten line of a
// terminal. On anything else (a pipe, a file, CI) it stays silent, so logs
// hold only results and errors.
type progress struct {
	mu      sync.Mutex
	w       io.Writer
	labels  []string
	need    []int
	last    time.Time
	started time.Time
	shown   bool
}

// newProgress returns nil (a silent progress) unless w is a terminal.
// labels and need may come later, from Start.
func newProgress(w io.Writer, quiet bool, labels []string, need []int) *progress {
	if quiet || !isTerminal(w) {
		return nil
	}
	return &progress{w: w, labels: labels, need: need, started: time.Now()}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Start names the sections and what each needs, for a build's progress.
func (p *progress) Start(labels []string, need []int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.labels, p.need = labels, need
}

// Found redraws the line at most ten times a second, and always when a
// section has just filled.
func (p *progress) Found(found []int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	full := true
	for i := range found {
		if found[i] < p.need[i] {
			full = false
		}
	}
	if !full && now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	parts := make([]string, len(found))
	for i := range found {
		parts[i] = fmt.Sprintf("%s %d/%d", p.labels[i], found[i], p.need[i])
	}
	fmt.Fprintf(p.w, "\r\033[Kgenerating: %s  (%.1fs)", strings.Join(parts, " · "), now.Sub(p.started).Seconds())
	p.shown = true
}

// Step shows a phase name after generation ("laying out pages").
func (p *progress) Step(msg string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "\r\033[K%s…", msg)
	p.shown = true
}

// Done clears the line so what follows starts clean.
func (p *progress) Done() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
