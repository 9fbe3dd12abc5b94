package publish

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/layout"
)

// singles renders the PNG previews and single-grid PDFs the spec asks
// for, on Options.Workers goroutines. Each file depends only on its
// puzzle, so the output is the same whatever the worker count.
func (r *builder) singles(ctx context.Context) error {
	b, st, files := r.b, r.st, &r.files
	ps := b.Spec.PNG
	type job struct {
		rel      string
		p        *book.Puzzle
		solution bool
		format   singleFormat
		cost     int64 // singleCost
	}
	var jobs []job
	files.PNG, files.SolutionPNG = map[int]string{}, map[int]string{}
	files.SinglePDF, files.SolutionPDF = map[int]string{}, map[int]string{}
	files.SVG, files.SolutionSVG = map[int]string{}, map[int]string{}
	for p := range b.All() {
		add := func(on bool, rel string, solution bool, format singleFormat, m map[int]string) {
			if on {
				jobs = append(jobs, job{rel, p, solution, format, singleCost(b.Spec, format)})
				m[p.Number] = rel
			}
		}
		add(ps.Puzzles, singleName(b.Spec, p, "png", false), false, singlePNG, files.PNG)
		add(ps.Solutions, singleName(b.Spec, p, "png", true), true, singlePNG, files.SolutionPNG)
		add(ps.PDFSingles, singleName(b.Spec, p, "pdf", false), false, singlePDF, files.SinglePDF)
		add(ps.PDFSingles, singleName(b.Spec, p, "pdf", true), true, singlePDF, files.SolutionPDF)
		add(ps.SVG, singleName(b.Spec, p, "svg", false), false, singleSVG, files.SVG)
		add(ps.SVG, singleName(b.Spec, p, "svg", true), true, singleSVG, files.SolutionSVG)
	}
	if len(jobs) == 0 {
		return nil
	}
	noun := "single grids"
	if len(jobs) == 1 {
		noun = "single grid"
	}
	// The book's own pictures, decoded once for every grid.
	pics, err := layout.LoadPictures(b.Spec, r.job.pictures)
	if err != nil {
		return err
	}
	r.opt.Progress.Step(fmt.Sprintf("drawing %d %s", len(jobs), noun))
	year := b.Spec.Year
	if year == 0 {
		year = r.opt.Year
	}
	// Workers bound the CPU, the budget the memory: a worker holds a whole
	// raster, and 64 of them at 1200 dpi once took 5.6 GB on 2 cores.
	budget, workers, hooks := r.opt.SinglesMemory, r.opt.Workers, r.opt.Hooks
	work := make(chan job)
	errs := make(chan error, workers)
	freed := make(chan int64, len(jobs)) // never blocks a worker
	var running atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				if now := running.Add(j.cost); hooks.WatchSingles != nil {
					hooks.WatchSingles(now)
				}
				var buf bytes.Buffer
				err := guard(func() error {
					fig := layout.PuzzleFigure(*j.p)
					fig.Pictures = pics
					switch j.format {
					case singlePDF:
						return layout.RenderSpecSinglePDF(&buf, b.Spec, fig, j.solution, year)
					case singleSVG:
						return layout.RenderSpecSVG(&buf, b.Spec, fig, j.solution)
					}
					return layout.RenderSpecPNG(&buf, b.Spec, fig, j.solution)
				})
				if err == nil {
					err = st.Write(j.rel, buf.Bytes())
				}
				buf = bytes.Buffer{}
				running.Add(-j.cost)
				freed <- j.cost
				if err == nil && hooks.AtSingle != nil {
					hooks.AtSingle(ctx)
				}
				if err != nil {
					errs <- fmt.Errorf("%s: %w", j.rel, err)
					return
				}
			}
		}()
	}
	err = nil
	var inFlight int64 // the estimates of the jobs handed out and not done
feed:
	for _, j := range jobs {
		// A job waits until it fits the budget beside those in flight;
		// one bigger than the whole budget goes alone.
		for sent := false; !sent; {
			ready := work
			if inFlight > 0 && inFlight+j.cost > budget {
				ready = nil
			}
			select {
			case ready <- j:
				inFlight += j.cost
				sent = true
			case n := <-freed:
				inFlight -= n
			case err = <-errs:
				break feed
			case <-ctx.Done():
				err = fmt.Errorf("build interrupted, nothing written: %w", ctx.Err())
				break feed
			}
		}
	}
	close(work)
	wg.Wait()
	if err == nil {
		select {
		case err = <-errs:
		default:
		}
	}
	return err
}

// singleName is where the single grid of p in format ext goes: by number
// in a book, png/puzzle-007.png and png/solution-007.png; by date and kind
// in a calendar's, png/2026-12-07-classic.png and
// png/2026-12-07-classic-solution.png, so a day's files sort together
// and a page-layout program finds a day's grid by its date.
func singleName(s *book.Spec, p *book.Puzzle, ext string, solution bool) string {
	if days := s.CalendarDays(); days != nil {
		d := days[p.Section]
		suffix := ""
		if solution {
			suffix = "-solution"
		}
		return fmt.Sprintf("%s/%s-%s%s.%s", ext, d.Date, d.Kind, suffix, ext)
	}
	what := "puzzle"
	if solution {
		what = "solution"
	}
	return fmt.Sprintf("%s/%s-%03d.%s", ext, what, p.Number, ext)
}

// singleFormat is the file format of one single grid.
type singleFormat int

const (
	singlePNG singleFormat = iota
	singlePDF
	singleSVG
)

// defaultSinglesBudget is the memory the PNGs and single PDFs drawn at
// once may take, by singleCost: room for 19 at 1200 dpi and 3in, or for
// 64 workers of the default 300 dpi ones many times over.
const defaultSinglesBudget = 512 << 20

// singleCost estimates the memory one single grid takes while it is drawn
// and staged: a PNG its greyscale raster (a byte a pixel, round(size/72 *
// dpi) pixels square, as layout draws it) and as much again for its
// encoded bytes and the encoder, measured at about 14 MB a worker more at
// 1200 dpi and 3in (13 MB of raster); a single PDF or SVG is vector and
// small.
func singleCost(s *book.Spec, format singleFormat) int64 {
	if format != singlePNG {
		return 1 << 20
	}
	n := int64(math.Round(float64(s.PNG.Size) / 72 * float64(s.PNG.DPI)))
	return 2 * n * n
}
