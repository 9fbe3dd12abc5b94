//go:build windows

package outdir

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Two handles on one lock file contend as two processes would: the
// second is refused at once, and gets the lock once the first closes.
func TestLockFileExContends(t *testing.T) {
	p := filepath.Join(t.TempDir(), "lock")
	first, err := openLock(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := lockFile(first); err != nil {
		t.Fatalf("first lock: %v", err)
	}
	second, err := openLock(p)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	if err := lockFile(second); !errors.Is(err, errWouldBlock) {
		t.Errorf("second lock while the first is held: got %v, want %v", err, errWouldBlock)
	}
	first.Close()
	if err := lockFile(second); err != nil {
		t.Errorf("second lock after the first closed: %v", err)
	}
}

// A lock file that is a link is refused, not followed.
func TestOpenLockRefusesLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "elsewhere")
	os.WriteFile(target, []byte("mine"), 0o644)
	p := filepath.Join(dir, "lock")
	if err := os.Symlink(target, p); err != nil {
		t.Skipf("this Windows cannot make links here: %v", err)
	}
	if _, err := openLock(p); !errors.Is(err, ErrTampered) {
		t.Errorf("got %v, want ErrTampered", err)
	}
}
