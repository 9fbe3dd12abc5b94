package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/preflight"
)

// readPDF reads a PDF that may come from anywhere: only a regular file
// (a FIFO or /dev/zero would never end), and at most preflight's
// MaxFileBytes of it.
func readPDF(path string) ([]byte, error) {
	return readUntrusted(path, "PDF", preflight.MaxFileBytes)
}

// readUntrusted reads a regular file of at most max bytes; what names
// the kind of file it should be, for the error.
func readUntrusted(path, what string, max int64) ([]byte, error) {
	f, err := book.OpenInput(path)
	if errors.Is(err, book.ErrNotRegular) {
		return nil, inputErr(fmt.Errorf("%w; want a %s file", err, what))
	}
	if err != nil {
		return nil, inputErr(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() > max {
		return nil, fmt.Errorf("%s: %w: the file is %d MiB (at most %d MiB are read)", path, preflight.ErrLimit, fi.Size()>>20, max>>20)
	}
	// The size can change under us; the limit holds whatever it says.
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s: %w: the file grew past %d MiB while read", path, preflight.ErrLimit, max>>20)
	}
	return data, nil
}

// errBudget is wrapped when a check of an untrusted PDF runs past its time
// or memory budget.
var errBudget = errors.New("past a safety bound")

// withinBudget runs fn, a check of an untrusted PDF, within a heap of mem
// bytes and a time of limit (preflight's MemoryBudget and TimeBudget).
// Past either, it returns at once with an error and leaves fn behind:
// pdfcpu cannot be stopped from outside, and the command ends right after,
// taking fn with it.
func withinBudget(what string, mem uint64, limit time.Duration, fn func() error) error {
	old := debug.SetMemoryLimit(int64(mem)) // the GC works harder near the budget
	defer debug.SetMemoryLimit(old)
	done := make(chan error, 1)
	go func() { done <- guard(fn) }()
	deadline := time.NewTimer(limit)
	defer deadline.Stop()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	// runtime.ReadMemStats, not runtime/metrics: linking runtime/metrics
	// runs its init, which builds a description of every metric, in every
	// command, `version` included (about 0.1 ms of each start); a short
	// stop of the world each tick costs less, and only a check pays it.
	// HeapAlloc is the same figure as /memory/classes/heap/objects:bytes.
	var ms runtime.MemStats
	for {
		select {
		case err := <-done:
			return err
		case <-deadline.C:
			return fmt.Errorf("%s: %w: still reading after %s", what, errBudget, limit)
		case <-tick.C:
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > mem {
				return fmt.Errorf("%s: %w: reading it took more than %d MiB of memory", what, errBudget, mem>>20)
			}
		}
	}
}

// oneLine keeps a parser's error on one line, as check reports a broken
// file.
func oneLine(err error) error {
	if err == nil {
		return nil
	}
	msg := strings.Join(strings.Fields(err.Error()), " ")
	return fmt.Errorf("%s", msg)
}
