package main

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// A 449-byte file whose page tree claims 999,999,999 pages: a reader
// that allocates per page before checking the count dies of it.
const countBomb = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" +
	"2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 999999999 >>\nendobj\n" +
	"3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] >>\nendobj\n" +
	"trailer\n<< /Root 1 0 R >>\n%%EOF\n"

// check reads untrusted files within bounds: what is not a regular file
// is refused at once (a FIFO, /dev/zero, a folder), a hostile or broken
// PDF is one line, exit 1 (a failed check), and a file that is no PDF at
// all is one line, exit 2 (an input error).
func TestCheckUntrustedFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.pdf")
	mkfifo(t, fifo)
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
	for name, c := range map[string]struct {
		data, says string
		code       int
	}{
		"count.pdf":   {countBomb, "999999999 pages", 1},
		"trunc.pdf":   {countBomb[:60], "cut short", 1},
		"text.pdf":    {"hello\n", "not a PDF file", 2},
		"nothing.pdf": {"", "not a PDF file", 2},
	} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(c.data), 0o644)
		out, stderr, code := runCmd(t, "", "check", p)
		if code != c.code || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "sudokubook: "+p+": ") ||
			!strings.Contains(stderr, c.says) || out != "" {
			t.Errorf("check %s: exit %d, stdout %q, stderr %q; want %d and one line naming the file and saying %q", name, code, out, stderr, c.code, c.says)
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
	mkfifo(t, filepath.Join(dir, "manifest.json"))
	for _, args := range [][]string{{"check", pdf}, {"check", pdf, "--manifest", "/dev/zero"}} {
		start := time.Now()
		_, stderr, code := runCmd(t, "", args...)
		if code != 2 || !strings.Contains(stderr, "not a regular file") || time.Since(start) > 2*time.Second {
			t.Errorf("%v: exit %d, %q after %v; want 2 at once", args, code, stderr, time.Since(start))
		}
	}
}

// smallBookFile builds testdata/small.yaml into a new folder and reads
// one of the files it wrote.
func smallBookFile(t *testing.T, name string) (dir string, data []byte) {
	t.Helper()
	dir = t.TempDir()
	buildInto(t, "testdata/small.yaml", dir)
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return dir, data
}

// A book's PDF cut short, its manifest beside it or not, is unreadable,
// exit 1: never a report on pages pdfcpu rebuilt from what was left.
func TestCheckTruncatedBook(t *testing.T) {
	dir, whole := smallBookFile(t, "book.pdf")
	cut := filepath.Join(dir, "cut.pdf")
	if err := os.WriteFile(cut, whole[:200], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"check", cut}, {"check", cut, "--manifest", filepath.Join(dir, "manifest.json")}} {
		out, stderr, code := runCmd(t, "", args...)
		if code != 1 || out != "" || !strings.Contains(stderr, "unreadable PDF: the file is cut short") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 1, no report, the file named cut short", args, code, out, stderr)
		}
	}
}

// A manifest whose print block no book has is an input error naming its
// field, exit 2.
func TestCheckBadManifestPrint(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	dir, data := smallBookFile(t, "manifest.json")
	for field, value := range map[string]string{"gutter_pt": "-1e308", "trim_w_pt": "0", "min_text_pt": "-1"} {
		re := regexp.MustCompile(`"` + field + `":\s*[-0-9.e+]+`)
		if !re.Match(data) {
			t.Fatalf("the manifest has no %s", field)
		}
		bad := filepath.Join(dir, field+".json")
		if err := os.WriteFile(bad, re.ReplaceAll(data, []byte(`"`+field+`": `+value)), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, code := runCmd(t, "", "check", filepath.Join(dir, "book.pdf"), "--manifest", bad)
		if code != 2 || !strings.Contains(stderr, bad+": print."+field+" is ") {
			t.Errorf("%s %s: exit %d, %q; want 2 naming print.%s", field, value, code, stderr, field)
		}
	}
}
