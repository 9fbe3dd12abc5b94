package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The 449-byte kind of file from the issue: a page tree claiming
// 999,999,999 pages, which check once died of.
const countBomb = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" +
	"2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 999999999 >>\nendobj\n" +
	"3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] >>\nendobj\n" +
	"trailer\n<< /Root 1 0 R >>\n%%EOF\n"

// check reads untrusted files within bounds: what is not a regular file
// is refused at once (a FIFO, /dev/zero, a folder), and a hostile or
// broken file is one line, exit 1.
func TestCheckUntrustedFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.pdf")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, kind string }{{fifo, "a FIFO"}, {"/dev/zero", "a device"}, {dir, "a folder"}} {
		start := time.Now()
		_, stderr, code := runCmd(t, "", "check", c.path)
		if code != 2 || !strings.Contains(stderr, "not a regular file ("+c.kind+")") {
			t.Errorf("check %s: exit %d, %q; want 2 naming %s", c.path, code, stderr, c.kind)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("check %s took %v", c.path, d)
		}
	}
	for name, data := range map[string]string{
		"count.pdf":   countBomb,
		"text.pdf":    "hello\n",
		"trunc.pdf":   countBomb[:60],
		"nothing.pdf": "",
	} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(data), 0o644)
		out, stderr, code := runCmd(t, "", "check", p)
		if code != 1 || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "sudokubook: "+p+": ") || out != "" {
			t.Errorf("check %s: exit %d, stdout %q, stderr %q; want 1 and one line naming the file", name, code, out, stderr)
		}
	}
	if _, stderr, _ := runCmd(t, "", "check", filepath.Join(dir, "count.pdf")); !strings.Contains(stderr, "999999999 pages") {
		t.Errorf("the page-count bomb is not named: %q", stderr)
	}
}

// The time and memory budgets stop a check that runs on or grows: the
// command returns, leaving the stuck reader to die with the process.
func TestWithinBudget(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	start := time.Now()
	err := withinBudget("x.pdf", 1<<30, 100*time.Millisecond, func() error { <-block; return nil })
	if !errors.Is(err, errBudget) || !strings.Contains(err.Error(), "still reading after 100ms") || time.Since(start) > 2*time.Second {
		t.Errorf("time: got %v after %v", err, time.Since(start))
	}
	var keep [][]byte
	err = withinBudget("x.pdf", 32<<20, time.Minute, func() error {
		for {
			keep = append(keep, make([]byte, 1<<20))
			if len(keep) > 4096 {
				return nil // 4 GiB never reached: the budget trips first
			}
			time.Sleep(time.Millisecond)
		}
	})
	if !errors.Is(err, errBudget) || !strings.Contains(err.Error(), "more than 32 MiB") {
		t.Errorf("memory: got %v", err)
	}
	if err := withinBudget("x.pdf", 1<<30, time.Minute, func() error { return nil }); err != nil {
		t.Errorf("a quick check: %v", err)
	}
	// A panic in the reader's goroutine is an internal error, not a crash.
	var m map[string]int
	if err := withinBudget("x.pdf", 1<<30, time.Minute, func() error { m["x"]++; return nil }); err == nil || !strings.Contains(err.Error(), "internal error") {
		t.Errorf("a panicking check: %v", err)
	}
}

// The manifest beside a PDF is untrusted too: a FIFO there, or given by
// --manifest, is refused at once rather than waited on.
func TestCheckManifestNotRegular(t *testing.T) {
	dir := t.TempDir()
	pdf := filepath.Join(dir, "book.pdf")
	os.WriteFile(pdf, []byte(countBomb), 0o644)
	if err := syscall.Mkfifo(filepath.Join(dir, "manifest.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"check", pdf}, {"check", pdf, "--manifest", "/dev/zero"}} {
		start := time.Now()
		_, stderr, code := runCmd(t, "", args...)
		if code != 2 || !strings.Contains(stderr, "not a regular file") || time.Since(start) > 2*time.Second {
			t.Errorf("%v: exit %d, %q after %v; want 2 at once", args, code, stderr, time.Since(start))
		}
	}
}
