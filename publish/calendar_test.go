package publish

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/sudokubook/sudokubook/bank"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// feedValidator compiles the feed's schema as shipped.
func feedValidator(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(FeedSchema()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("feed.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("feed.schema.json")
	if err != nil {
		t.Fatalf("the feed's schema does not compile: %v", err)
	}
	return sch
}

// validate checks the file at path against the schema.
func validate(t *testing.T, sch *jsonschema.Schema, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("%s does not validate against the feed's schema: %v", path, err)
	}
}

// folderSums is every file under dir with its SHA-256, to tell whether a
// delivered folder was touched.
func folderSums(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 {
			to, err := os.Readlink(p)
			out[p] = "link to " + to
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[p] = fmt.Sprintf("%x", sha256.Sum256(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

const calendarSpec = `title: Daily Sudoku
seed: 7
year: 2026
bank: daily.db
puzzles_per_page: 1
front: {title_page: false, copyright: false, how_to_play: false, contents: false}
calendar:
  start: %s
  days: 28
  kinds: [classic, killer]
  ramp: {sunday: hard}
png: {puzzles: true, solutions: true, svg: true, dpi: 72, size: 3.6in}
`

// Two 28-day runs from one bank, as a syndicate delivers a month and then
// the next: each has 28 days of a classic and a killer, levels rising
// from Monday to Sunday, a PNG and an SVG of each puzzle and solution named by its date,
// a feed whose every document validates against the shipped schema and
// holds the grader's whole path to each solution; no puzzle repeats
// within a run or across the two, the bank records each printing, and
// the first run's folder is left as it was delivered.
func TestCalendarRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two months of puzzles")
	}
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "daily.db")
	bk, err := bank.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	// The easy days come from the bank's stock, the rest are generated
	// and recorded in it.
	if _, err := bk.Fill(ctx, book.DefaultQuotaOf(book.Variant{}, 9, engine.Easy), bank.FillOptions{UpTo: 1, Seed: 3, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	bk.Close()
	sch := feedValidator(t)
	seen := map[string]string{} // key -> the date it was printed for
	var delivered map[string]string
	for run, start := range []string{"2026-12-07", "2027-01-04"} {
		path := filepath.Join(dir, "daily.yaml")
		if err := os.WriteFile(path, []byte(fmt.Sprintf(calendarSpec, start)), 0o644); err != nil {
			t.Fatal(err)
		}
		spec, err := book.LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out-"+start)
		res, err := Build(ctx, spec, Options{Out: out, Workers: 2, Year: 2026, Timeout: 5 * time.Minute})
		if err != nil {
			t.Fatalf("run %d: %v", run+1, err)
		}
		if res.Puzzles != 56 || res.PNGs != 112 || res.SVGs != 112 || res.FeedDays != 28 {
			t.Errorf("run %d: %d puzzles, %d PNGs, %d SVGs, %d days of feed; want 56, 112, 112, 28", run+1, res.Puzzles, res.PNGs, res.SVGs, res.FeedDays)
		}
		t.Logf("run %d: %d puzzles on %d pages, generated in %s, built in %s", run+1, res.Puzzles, res.Pages, res.Generated, res.Total)
		validate(t, sch, filepath.Join(out, "feed", "calendar.json"))
		data, err := os.ReadFile(filepath.Join(out, "feed", "calendar.json"))
		if err != nil {
			t.Fatal(err)
		}
		var feed FeedRun
		if err := json.Unmarshal(data, &feed); err != nil {
			t.Fatal(err)
		}
		if len(feed.Days) != 28 || feed.Days[0].Date != start {
			t.Fatalf("run %d: the feed has %d days from %s, want 28 from %s", run+1, len(feed.Days), feed.Days[0].Date, start)
		}
		levels := map[string]int{}
		for _, l := range engine.Levels() {
			levels[l.String()] = int(l)
		}
		for i, d := range feed.Days {
			validate(t, sch, filepath.Join(out, "feed", d.File))
			if len(d.Puzzles) != 2 || d.Puzzles[0].Kind != "classic" || d.Puzzles[1].Kind != "killer" {
				t.Fatalf("%s has %d puzzles, want a classic and a killer", d.Date, len(d.Puzzles))
			}
			for k, p := range d.Puzzles {
				// The week rises: each day no easier than the one before
				// it from Monday on, and Sunday harder than Monday.
				if i%7 > 0 && levels[p.Level] < levels[feed.Days[i-1].Puzzles[k].Level] {
					t.Errorf("%s (%s) is %s after %s the day before", d.Date, d.Weekday, p.Level, feed.Days[i-1].Puzzles[k].Level)
				}
				if d.Weekday == "sunday" && levels[p.Level] <= levels[feed.Days[i-6].Puzzles[k].Level] {
					t.Errorf("the week ending %s is no harder on Sunday (%s) than on Monday", d.Date, p.Level)
				}
				stem := d.Date + "-" + p.Kind
				for _, rel := range []string{"png/" + stem + ".png", "png/" + stem + "-solution.png", "svg/" + stem + ".svg", "svg/" + stem + "-solution.svg"} {
					if _, err := os.Stat(filepath.Join(out, rel)); err != nil {
						t.Errorf("%s: %v", d.Date, err)
					}
					if !slices.Contains(slices.Collect(maps.Values(p.Files)), rel) {
						t.Errorf("%s: the feed does not name %s (it names %v)", d.Date, rel, p.Files)
					}
				}
				// The hint path is the grader's: replayed, it solves the
				// puzzle from its givens.
				grid := []byte(p.Givens)
				for _, s := range p.Hints {
					for _, x := range s.Placements {
						grid[x.Cell] = engine.Symbol(x.Digit)
					}
				}
				if string(grid) != p.Solution {
					t.Errorf("%s: the hints' placements give %s, want the solution %s", d.Date, grid, p.Solution)
				}
				// The feed's marks make the puzzle again, whose key the
				// bank knows as printed once, in this run.
				if (p.Kind == "killer") != (len(p.Marks["cages"]) > 0) {
					t.Errorf("%s: a %s with %d cages", d.Date, p.Kind, len(p.Marks["cages"]))
				}
				mp := book.ManifestPuzzle{Variant: p.Kind, Size: p.Size, Cages: p.Marks["cages"], Puzzle: p.Givens, Solution: p.Solution}
				geo, givens, sol, err := mp.Grids()
				if err != nil {
					t.Fatalf("%s: the feed's %s does not read back: %v", d.Date, p.Kind, err)
				}
				key := bank.KeyText(engine.Puzzle{Geo: geo, Givens: givens, Answer: sol})
				if at, dup := seen[p.Kind+key]; dup {
					t.Errorf("%s repeats the %s of %s", d.Date, p.Kind, at)
				}
				seen[p.Kind+key] = d.Date
				ps, err := printingsOf(ctx, db, p.Kind, key)
				if err != nil {
					t.Fatal(err)
				}
				if len(ps) != 1 || ps[0].Volume != feed.Volume {
					t.Errorf("%s: the bank records %v of its %s, want one printing in %s", d.Date, ps, p.Kind, feed.Volume)
				}
			}
		}
		if run == 0 {
			delivered = folderSums(t, out)
		} else if got := folderSums(t, filepath.Join(dir, "out-2026-12-07")); !maps.Equal(got, delivered) {
			t.Errorf("the second run touched the first run's folder")
		}
	}
}

func printingsOf(ctx context.Context, db, kind, key string) ([]bank.Printing, error) {
	bk, err := bank.OpenReadOnly(ctx, db)
	if err != nil {
		return nil, err
	}
	defer bk.Close()
	return bk.PrintingsOf(ctx, kind, 9, key)
}

// The schema names every role of the engine's patterns, so a feed of any
// step validates.
func TestFeedSchemaRoles(t *testing.T) {
	var schema struct {
		Defs struct {
			Part struct {
				Properties struct {
					Role struct {
						Enum []string `json:"enum"`
					} `json:"role"`
				} `json:"properties"`
			} `json:"part"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(FeedSchema(), &schema); err != nil {
		t.Fatal(err)
	}
	var roles []string
	for r := engine.Role(0); !strings.HasPrefix(r.String(), "Role("); r++ {
		roles = append(roles, r.String())
	}
	if got := schema.Defs.Part.Properties.Role.Enum; !slices.Equal(got, roles) {
		t.Errorf("the schema's roles are %v, want the engine's %v", got, roles)
	}
	for k := engine.HouseKind(0); k <= engine.WindowHouse; k++ {
		if _, ok := houseKinds[k]; !ok {
			t.Errorf("house kind %d has no name in the feed", k)
		}
	}
}

// A document that breaks the schema is refused: the check can fail.
func TestFeedSchemaRefuses(t *testing.T) {
	sch := feedValidator(t)
	for name, doc := range map[string]string{
		"no puzzles":  `{"format": "sudokubook-daily-day/1", "title": "T", "date": "2026-12-07", "weekday": "monday", "label": "Monday", "puzzles": []}`,
		"bad weekday": `{"format": "sudokubook-daily-day/1", "title": "T", "date": "2026-12-07", "weekday": "funday", "label": "Monday", "puzzles": []}`,
		"bad format":  `{"format": "sudokubook-daily/9", "title": "T", "date": "2026-12-07", "weekday": "monday", "label": "Monday", "puzzles": []}`,
	} {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		if sch.Validate(v) == nil {
			t.Errorf("%s: validated, want refused", name)
		}
	}
}
