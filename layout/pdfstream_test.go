package layout

import (
	"bytes"
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/internal/pdftest"
)

// streamDoc writes pages with pdfStream, each page drawn by one call of
// draw, and returns the file.
func streamDoc(t *testing.T, compress bool, info docInfo, draw ...func(c canvas)) ([]byte, error) {
	t.Helper()
	var buf bytes.Buffer
	s := newPDFStream(&buf, info, compress)
	for _, d := range draw {
		s.BeginPage(200, 300, rect{10, 20, 180, 260})
		d(s)
	}
	err := s.Close()
	return buf.Bytes(), err
}

// The stream writer's pages read back as the layout drew them: strict
// validity, boxes, text where it was set (through pdftest, which reads
// fpdf's operators), fonts embedded, state not repeated.
func TestPDFStreamReadsBack(t *testing.T) {
	fs := defaultFonts()
	info := docInfo{title: "Sudoku (été)", author: `A\B`, creator: "sudokubook test", lang: "fr", when: time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC)}
	pages := []func(c canvas){
		func(c canvas) {
			c.Rect(20, 30, 50, 40, 0.8)
			c.Line(20, 30, 70, 30, 1.5, Black)
			c.Line(20, 70, 70, 70, 1.5, Black)
			c.Text(100, 100, "Grilles (1 à 6)", fs.Regular, 12, Black, AlignLeft)
			c.Text(100, 120, "9", fs.Given, 12, Black, AlignCenter)
		},
		func(c canvas) {
			c.Text(30, 50, "Lösungen", fs.Bold, 14, 0.2, AlignRight)
		},
	}
	for _, compress := range []bool{false, true} {
		data, err := streamDoc(t, compress, info, pages...)
		if err != nil {
			t.Fatal(err)
		}
		ctx := readPDF(t, data)
		if ctx.PageCount != 2 {
			t.Fatalf("compress %v: %d pages, want 2", compress, ctx.PageCount)
		}
		media, trim := pageBoxes(t, data)
		for i := range media {
			if got, want := boxString(media[i]), "[0.00 0.00 200.00 300.00]"; got != want {
				t.Errorf("page %d MediaBox %s, want %s", i+1, got, want)
			}
			// The trim 10,20 180x260 from the top is 20..280 from the foot.
			if got, want := boxString(trim[i]), "[10.00 20.00 190.00 280.00]"; got != want {
				t.Errorf("page %d TrimBox %s, want %s", i+1, got, want)
			}
		}
		checkGoFonts(t, data)

		one := pageContent(t, ctx, 1)
		items, err := pdftest.Items([]byte(one))
		if err != nil {
			t.Fatal(err)
		}
		if len(items) != 2 || items[0].Text != "Grilles (1 à 6)" || items[0].X != 100 || items[0].Y != 200 || items[0].Size != 12 {
			t.Errorf("page 1 text %+v, want \"Grilles (1 à 6)\" at 100,200 in 12pt, then \"9\"", items)
		}
		nine := 100 - textWidth(fs.Given, 12, "9")/2
		if len(items) == 2 && !near(items[1].X, nine) {
			t.Errorf("centred 9 starts at %.2f, want %.2f", items[1].X, nine)
		}
		if n := strings.Count(one, " w\n"); n != 1 {
			t.Errorf("line width set %d times for two lines of one width, want once:\n%s", n, one)
		}
		two := pageContent(t, ctx, 2)
		if !strings.Contains(two, "0.200 g") {
			t.Errorf("page 2 sets no 0.2 grey for its text:\n%s", two)
		}
		for _, want := range []string{"/Lang (fr)", "/CreationDate (D:20310101000000)", `/Author (A\\B)`, "/Title (\xfe\xff"} {
			if !bytes.Contains(data, []byte(want)) {
				t.Errorf("compress %v: no %q in the file", compress, want)
			}
		}
		again, err := streamDoc(t, compress, info, pages...)
		if err != nil || !bytes.Equal(again, data) {
			t.Errorf("compress %v: the same pages gave different bytes (err %v)", compress, err)
		}
	}
}

// A character beyond the Basic Multilingual Plane has no two-byte code:
// the writer refuses it rather than print something else.
func TestPDFStreamRefusesAstralText(t *testing.T) {
	_, err := streamDoc(t, true, docInfo{when: time.Unix(0, 0).UTC()}, func(c canvas) {
		c.Text(10, 10, "a\U0001F600", defaultFonts().Regular, 12, Black, AlignLeft)
	})
	if !errors.Is(err, ErrBook) || !strings.Contains(err.Error(), "U+1F600") {
		t.Errorf("got %v, want ErrBook naming U+1F600", err)
	}
}

// A write error is sticky and comes back from Close.
func TestPDFStreamWriteError(t *testing.T) {
	s := newPDFStream(failWriter{}, docInfo{}, true)
	s.BeginPage(100, 100, rect{0, 0, 100, 100})
	s.Line(0, 0, 10, 10, 1, Black)
	if err := s.Close(); !errors.Is(err, errDiskFull) {
		t.Errorf("Close: %v, want the writer's error", err)
	}
}

var errDiskFull = errors.New("disk full")

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errDiskFull }

// liveWriter discards a PDF and, at every write that reaches it (pdfStream
// flushes 64 KB at a time), records the live heap after a collection: what
// the writer holds while the book is being written, garbage left out.
type liveWriter struct{ high uint64 }

func (w *liveWriter) Write(p []byte) (int, error) {
	w.high = max(w.high, liveHeap())
	return len(p), nil
}

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// WriteBook holds a page at a time, not the book: the live heap while a
// book is written grows by far less than its pages would take. Holding
// every page's content, as fpdf did, grows it by several KB a puzzle: a
// writer that kept each page's content stream (a trial of this test) grew
// it by 3.7 MB more for the larger book, the streaming one by 0.2 MB.
// The live heap, not the peak or the time, is measured, so the test does
// not depend on the machine or its load.
func TestWriteBookHoldsAPageAtATime(t *testing.T) {
	growth := func(puzzles int) uint64 {
		spec := testSpec()
		spec.PuzzlesPerPage, spec.SolutionsPerPage = 6, 12
		b := testBook(spec, puzzles)
		base := liveHeap()
		w := &liveWriter{}
		if _, err := WriteBook(context.Background(), w, b, testOptions); err != nil {
			t.Fatal(err)
		}
		runtime.KeepAlive(b)
		return w.high - min(base, w.high)
	}
	// The first book written in a process also loads the fonts and fills
	// the caches every later book shares; write one first so that neither
	// figure counts them.
	growth(60)
	small, large := growth(60), growth(600)
	t.Logf("live heap growth while writing: %d KB (60 puzzles), %d KB (600)", small>>10, large>>10)
	const slack = 1 << 20 // 1 MB for 540 more puzzles: 2 KB a puzzle at most
	if large > small+slack {
		t.Errorf("live heap while writing grew by %d KB for 60 puzzles and %d KB for 600: the writer holds pages, want at most %d KB more",
			small>>10, large>>10, slack>>10)
	}
}

// WriteBook stops at the next page once its context is done, so a build
// stopped while it lays out stops drawing: a writer that cancels after
// the first bytes sees the context's error and far fewer bytes than the
// whole book.
func TestWriteBookStopsWhenCancelled(t *testing.T) {
	b := testBook(testSpec(), 60)
	var whole bytes.Buffer
	if _, err := WriteBook(context.Background(), &whole, b, testOptions); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelWriter{cancel: cancel}
	if _, err := WriteBook(ctx, w, b, testOptions); !errors.Is(err, context.Canceled) {
		t.Fatalf("WriteBook cancelled at its first write: %v, want context.Canceled", err)
	}
	if w.n >= whole.Len()/2 {
		t.Errorf("WriteBook cancelled at its first write went on to %d of the book's %d bytes", w.n, whole.Len())
	}
}

// cancelWriter cancels its context at the first write, and counts.
type cancelWriter struct {
	cancel func()
	n      int
}

func (w *cancelWriter) Write(p []byte) (int, error) {
	w.cancel()
	w.n += len(p)
	return len(p), nil
}
