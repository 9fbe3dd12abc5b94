package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/sudokubook/sudokubook/bank"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/publish"
)

// bankCommands are bank's own subcommands.
var bankCommands map[string]command

func init() {
	bankCommands = map[string]command{
		"fill":   {"generate puzzles into a bank; stop with Ctrl-C and run again to go on", "bank fill --level L -n N --db FILE [--variant classic|x|hyper|jigsaw|samurai|twin|butterfly|sohei|flower|killer|killer-x] [--size 9] [--clues MIN-MAX] [--symmetry S] [--seed S] [-j N] [--quiet]", runBankFill},
		"stats":  {"count a bank's puzzles by variant, size and level, used and unused", "bank stats --db FILE", runBankStats},
		"export": {"print a bank's puzzles in the grade format, every kind but classic named on its line", "bank export --db FILE [--level L] [--variant V] [--size N] [--unused]", runBankExport},
		"import": {"prove unique, grade and add puzzles from a file, one per line", "bank import FILE --db FILE [--variant V] [--size N]", runBankImport},
		"check":  {"check a bank's file, re-prove every puzzle unique, recompute its key and grading; --fix rewrites stale ones", "bank check --db FILE [--fix]", runBankCheck},
		"merge":  {"fold banks into the first one", "bank merge INTO.db FROM.db...", runBankMerge},
		"record": {"record the printings of books already built, from their manifest.json; recording one twice changes nothing", "bank record MANIFEST... --db FILE [--volume V]", runBankRecord},
	}
}

func runBank(ctx context.Context, e env, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintf(e.stderr, "usage:\n")
		names := listCommands(e.stderr, bankCommands)
		if len(args) == 0 {
			return usagef("bank needs a subcommand: %s", strings.Join(names, ", "))
		}
		return nil
	}
	c, ok := bankCommands[args[0]]
	if !ok {
		return usagef("unknown bank subcommand %q", args[0])
	}
	return c.run(ctx, e, args[1:])
}

// bankFlags is the flag set of one bank subcommand, with --db.
func bankFlags(e env, sub string) (*flagSet, *string) {
	fs := newFlagSet(e, "bank "+sub, bankCommands[sub].usage)
	help := "the bank file (made if missing)"
	if !bankMakers[sub] {
		help = "the bank file, which must exist (bank fill makes one)"
	}
	db := fs.String("db", "", help)
	return fs, db
}

// bankMakers are the subcommands that may make a bank where --db names no
// file: they fill it. The others only read or mend one, and a mistyped
// path made into an empty bank would look like a bank with nothing in it.
var bankMakers = map[string]bool{"fill": true, "import": true}

// bankReaders are the subcommands that only read a bank: they open it
// read-only, so a bank on a read-only disk can still be read.
var bankReaders = map[string]bool{"stats": true, "export": true, "check": true}

// openBank opens the bank named by --db for subcommand sub, which makes
// it only if sub is one of bankMakers.
func openBank(ctx context.Context, sub, path string) (*bank.Bank, error) {
	if path == "" {
		return nil, usagef("--db FILE: which bank?")
	}
	if err := book.CheckRegular(path); err != nil {
		return nil, inputErr(fmt.Errorf("--db: %w; want a bank file", err))
	}
	if bankMakers[sub] {
		return bank.Open(ctx, path)
	}
	// The others open a bank that must be there already: none at path is
	// bad input (exit 2), and nothing is made.
	open := bank.OpenExisting
	if bankReaders[sub] {
		open = bank.OpenReadOnly
	}
	b, err := open(ctx, path)
	if errors.Is(err, bank.ErrNoBank) {
		return nil, inputErr(fmt.Errorf("no bank at %s; bank fill creates one", path))
	}
	return b, err
}

func runBankFill(ctx context.Context, e env, args []string) error {
	fs, db := bankFlags(e, "fill")
	levelName := fs.String("level", "", "easy, medium, tough, hard, expert or extreme (required)")
	n := fs.Int("n", 0, "fill until the bank holds at least this many puzzles of the level, in whole batches of 64 (required)")
	variantName := fs.String("variant", "classic", "kind of puzzle: classic, x, hyper, jigsaw, samurai, twin, butterfly, sohei, flower, killer or killer-x")
	size := fs.Int("size", 9, "grid side: 4, 6, 8, 9, 12 or 16 (killer: 6 or 9)")
	seed := fs.Uint64("seed", 1, "random seed; give each shard of a fill its own")
	workers := fs.Int("j", runtime.NumCPU(), "worker goroutines")
	quiet := fs.Bool("quiet", false, "no progress display")
	clues := fs.String("clues", "", "clue band MIN-MAX (default: the band a book section of the level gets)")
	symName := fs.String("symmetry", "", "symmetry of the givens (default: a book's, rotational, for classic 9x9; none for other kinds)")
	if err := fs.noArgs(args); err != nil {
		return err
	}
	level, err := engine.ParseLevel(*levelName)
	if err != nil {
		return usagef("--level: %v", err)
	}
	variant, err := book.ParseVariant(*variantName)
	if err != nil {
		return usagef("--variant: %v", err)
	}
	kind := variant.Kind(*size)
	if err := kind.Validate(); err != nil {
		return usagef("--variant %s --size %d: %v", variant, *size, err)
	}
	if s, _ := kind.Info().Side(*size); !s.Printed {
		return usagef("--variant %s --size %d: the bank holds puzzles for books, and a book prints %s on %s", variant, *size, variant, printedSides(kind.Info()))
	}
	// By default the bank holds what a book section of the kind and level
	// asks for (its clue band, symmetry, a killer's cages and givens), so
	// that a spec that sets no bands draws from it.
	q := book.DefaultQuotaOf(variant, *size, level)
	if *clues != "" {
		r, err := book.ParseRange(*clues)
		if err != nil {
			return usagef("--clues: %v", err)
		}
		q.MinClues, q.MaxClues = r.Min, r.Max
	}
	if *symName != "" {
		if q.Symmetry, err = engine.ParseSymmetry(*symName); err != nil {
			return usagef("--symmetry: %v", err)
		}
	}
	// The bank keeps one puzzle a key, so a batch may repeat keys.
	q.Count, q.Repeats = bank.FillBatch, true
	if err := q.Validate(); err != nil {
		return usagef("%v", err)
	}
	if *n < 1 {
		return usagef("-n %d: want at least 1", *n)
	}
	if d, ok := engine.Distinct(q); ok && *n > d {
		return usagef("-n %d: %s %s has only %d essentially different puzzles", *n, kind, level, d)
	}
	noteHardLevel(e, kind, level)
	if *workers < 1 {
		return usagef("-j %d: want at least 1", *workers)
	}
	b, err := openBank(ctx, "fill", *db)
	if err != nil {
		return err
	}
	defer b.Close()
	prog := newProgress(e.stderr, *quiet, []string{level.String()}, []int{*n})
	defer prog.Done()
	got, err := b.Fill(ctx, q, bank.FillOptions{UpTo: *n, Seed: *seed, Workers: *workers,
		Progress: func(have int) { prog.Found([]int{have}) }})
	prog.Done()
	switch {
	case err != nil && ctx.Err() != nil:
		// The exit code says "interrupted"; this says how to go on.
		fmt.Fprintf(e.stderr, "%s: fill stopped with %d %s puzzles in %s (%d added); run the same command to go on\n", name, got.Have, level, *db, got.Added)
		return err
	case err != nil:
		return fmt.Errorf("%s: %w", *db, err)
	}
	fmt.Fprintf(e.stdout, "%s: %d %s puzzles (%d added)\n", *db, got.Have, level, got.Added)
	return nil
}

func runBankStats(ctx context.Context, e env, args []string) error {
	fs, db := bankFlags(e, "stats")
	if err := fs.noArgs(args); err != nil {
		return err
	}
	b, err := openBank(ctx, "stats", *db)
	if err != nil {
		return err
	}
	defer b.Close()
	st, err := b.Stats(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%-8s %4s %-8s %9s %9s %9s\n", "variant", "size", "level", "puzzles", "used", "unused")
	var total, used int
	for _, s := range st {
		fmt.Fprintf(e.stdout, "%-8s %4d %-8s %9d %9d %9d\n", s.Variant, s.Size, s.Level, s.Total, s.Used, s.Total-s.Used)
		total += s.Total
		used += s.Used
	}
	fmt.Fprintf(e.stdout, "%-8s %4s %-8s %9d %9d %9d\n", "all", "", "", total, used, total-used)
	return nil
}

func runBankExport(ctx context.Context, e env, args []string) error {
	fs, db := bankFlags(e, "export")
	levelName := fs.String("level", "", "only this level")
	unused := fs.Bool("unused", false, "only puzzles never printed")
	variantName := fs.String("variant", "", "only this kind: classic, x, hyper, jigsaw, samurai, twin, butterfly, sohei, flower, killer or killer-x")
	size := fs.Int("size", 0, "only this grid side")
	if err := fs.noArgs(args); err != nil {
		return err
	}
	var level engine.Level
	if *levelName != "" {
		var err error
		if level, err = engine.ParseLevel(*levelName); err != nil {
			return usagef("--level: %v", err)
		}
	}
	// One kind's lines import back with bank import --variant; a file of
	// several kinds does not (a butterfly's 144 symbols read as a 12x12).
	if *variantName != "" {
		v, err := book.ParseVariant(*variantName)
		if err != nil {
			return usagef("--variant: %v", err)
		}
		*variantName = v.String()
	}
	b, err := openBank(ctx, "export", *db)
	if err != nil {
		return err
	}
	defer b.Close()
	var printed map[int64]bool
	if *unused {
		if printed, err = b.PrintedIDs(ctx); err != nil {
			return err
		}
	}
	return b.Each(ctx, func(p bank.Puzzle) error {
		if (*levelName != "" && p.P.Grading.Level != level) || printed[p.ID] ||
			(*variantName != "" && p.Variant != *variantName) || (*size != 0 && p.Size != *size) {
			return nil
		}
		// Every kind but classic names itself (a kind column), so that
		// an export of several kinds imports back as one file.
		_, err := fmt.Fprintln(e.stdout, book.KindLine(p.P.Geometry(), p.P.Cells(), p.P.Grading))
		return err
	})
}

func runBankImport(ctx context.Context, e env, args []string) error {
	fs, db := bankFlags(e, "import")
	kindOf := kindFlags(fs.FlagSet, 0)
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("bank import wants one FILE of puzzles, got %d arguments", len(pos))
	}
	kind, err := kindOf()
	if err != nil {
		return err
	}
	lk := flagKinds(fs.FlagSet, kind)
	r, src, done, err := openInput(e, pos)
	if err != nil {
		return err
	}
	defer done()
	// Every puzzle is proved and graded before the bank is opened: a bad
	// line imports nothing.
	var ps []bank.Puzzle
	grader := engine.NewGrader()
	err = book.EachLine(r, src, lk, func(line int, p book.Line) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		ep, err := p.Prove(grader)
		if err != nil {
			return fmt.Errorf("%s:%d: %w; nothing imported", src, line, err)
		}
		ps = append(ps, bank.FromEngine(ep, fmt.Sprintf("import %s:%d", src, line)))
		return nil
	})
	if err != nil {
		return err
	}
	b, err := openBank(ctx, "import", *db)
	if err != nil {
		return err
	}
	defer b.Close()
	added, err := b.Add(ctx, ps)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s: %s read, %d new, %d already in the bank\n", *db, plural(len(ps), "puzzle"), added, len(ps)-added)
	return nil
}

func runBankCheck(ctx context.Context, e env, args []string) error {
	fs, db := bankFlags(e, "check")
	fix := fs.Bool("fix", false, "rewrite stale keys and gradings in place, in one transaction")
	if err := fs.noArgs(args); err != nil {
		return err
	}
	sub := "check"
	if *fix {
		sub = "check --fix" // a writer: it opens the bank to write
	}
	b, err := openBank(ctx, sub, *db)
	if err != nil {
		return err
	}
	defer b.Close()
	// A bank of a million puzzles takes minutes: show how far it is, on a
	// terminal only.
	prog := newProgress(e.stderr, false, nil, nil)
	defer prog.Done()
	v, err := b.Verify(ctx, *fix, func(n, total int) { prog.Step(fmt.Sprintf("proving puzzle %d of %d", n, total)) })
	if err != nil {
		return err
	}
	prog.Done()
	// Stale keys and gradings (made by an older sudokubook) are problems
	// --fix can mend; the rest are damage it cannot.
	problems := v.Damage
	for _, p := range problems {
		fmt.Fprintf(e.stdout, "%s: %s\n", *db, p)
	}
	switch rep := v.Fixed; {
	case !*fix:
		for _, p := range v.Stale {
			fmt.Fprintf(e.stdout, "%s: %s\n", *db, p)
		}
		if len(v.Stale) > 0 {
			problems = append(problems, v.Stale...)
			fmt.Fprintf(e.stderr, "%s: %s of keys or gradings from an older sudokubook: bank check --fix --db %s rewrites them\n",
				name, plural(len(v.Stale), "stale puzzle"), *db)
		}
	case v.FileDamaged:
		fmt.Fprintf(e.stdout, "%s: the file itself is damaged: nothing fixed\n", *db)
	case rep != nil:
		for _, m := range rep.Merged {
			fmt.Fprintf(e.stdout, "%s: puzzle %d is puzzle %d under its new key: folded into it, with its %s\n",
				*db, m.From, m.Into, plural(m.Printings, "printing"))
		}
		for _, id := range rep.Skipped {
			fmt.Fprintf(e.stdout, "%s: puzzle %d changed since it was read: left as it is; run check again\n", *db, id)
		}
		fmt.Fprintf(e.stdout, "%s: fixed %s and %s (%s changed level), %s folded into another\n", *db,
			plural(rep.Keys, "key"), plural(rep.Gradings, "grading"), plural(rep.Levels, "puzzle"), plural(len(rep.Merged), "puzzle"))
	}
	if len(problems) > 0 {
		fmt.Fprintf(e.stderr, "%s: %s found in %s\n", name, plural(len(problems), "problem"), *db)
		return errSilent
	}
	fmt.Fprintf(e.stdout, "%s: sound; %s, each proved unique\n", *db, plural(v.Puzzles, "puzzle"))
	for _, r := range v.Reprinted {
		fmt.Fprintf(e.stdout, "%s: reprint: %s\n", *db, r)
	}
	fmt.Fprintf(e.stdout, "%s: %s, %s printed more than once\n", *db, plural(v.Printings, "printing"), plural(len(v.Reprinted), "puzzle"))
	return settlePending(ctx, e, b, *db, *fix)
}

// settlePending lists the printings that builds stopped between recording
// and committing their book left pending; with --fix it settles them as
// the next build would, and drops too those whose folder is gone.
func settlePending(ctx context.Context, e env, b *bank.Bank, db string, fix bool) error {
	if !fix {
		pending, err := b.Pending(ctx)
		for _, p := range pending {
			fmt.Fprintf(e.stdout, "%s: pending: %s, recorded by a build that stopped before it committed the book; the next build or bank check --fix settles them\n", db, p)
		}
		return err
	}
	final, dropped, err := b.ResolvePending(ctx, func(proof, sum string) bank.Outcome {
		o := publish.Outcome(proof, sum)
		if _, err := os.Stat(filepath.Dir(proof)); o == bank.Undecided && errors.Is(err, os.ErrNotExist) {
			return bank.NeverCommitted
		}
		return o
	})
	for _, p := range final {
		fmt.Fprintf(e.stdout, "%s: pending printings of %s made final: the book is committed\n", db, p)
	}
	for _, p := range dropped {
		fmt.Fprintf(e.stdout, "%s: pending printings of %s dropped: the book is not there (if it was moved, bank record its manifest)\n", db, p)
	}
	return err
}

func runBankMerge(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "bank merge", bankCommands["merge"].usage)
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(pos) < 2 {
		return usagef("bank merge wants the bank to fold into and at least one more, got %d", len(pos))
	}
	for _, p := range pos[1:] {
		if p == pos[0] {
			return usagef("bank merge: %s is both the target and a source", p)
		}
	}
	np, nr, err := bank.MergeFiles(ctx, pos[0], pos[1:]...)
	if errors.Is(err, bank.ErrNoBank) {
		return inputErr(fmt.Errorf("bank merge: %w", err))
	} else if err != nil {
		return fmt.Errorf("bank merge: %w", err)
	}
	fmt.Fprintf(e.stdout, "%s: %d new puzzles, %d new printings from %s\n", pos[0], np, nr, plural(len(pos)-1, "bank"))
	return nil
}

// flagSet is a subcommand's flags under a name of more than one word
// ("bank fill"), with run's usage and error conventions.
type flagSet struct{ *flag.FlagSet }

func newFlagSet(e env, cmd, usage string) *flagSet {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "usage: %s %s\n", name, usage)
		fs.PrintDefaults()
	}
	return &flagSet{fs}
}

func (fs *flagSet) parse(args []string) ([]string, error) { return parseArgs(fs.FlagSet, args) }

// noArgs parses flags where no positional argument is wanted.
func (fs *flagSet) noArgs(args []string) error {
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("%s takes no arguments, got %q", fs.Name(), pos[0])
	}
	return nil
}

func runBankRecord(ctx context.Context, e env, args []string) error {
	fs, db := bankFlags(e, "record")
	volume := fs.String("volume", "", "the book's volume, for a manifest that does not name one (made before manifests did)")
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("bank record wants at least one MANIFEST (a built book's manifest.json)")
	}
	type built struct {
		path, title, volume string
		ps                  []bank.Printed
	}
	// Every manifest is read before the bank is opened: a bad one
	// records nothing.
	var books []built
	for _, path := range pos {
		m, err := book.ReadManifestFile(path)
		if err != nil {
			return inputErr(err)
		}
		bk := built{path: path, title: m.Title, volume: m.Volume}
		if *volume != "" {
			if m.Volume != "" && m.Volume != *volume {
				return usagef("--volume %s: %s says it is volume %s", *volume, path, m.Volume)
			}
			bk.volume = *volume
		}
		if bk.ps, err = publish.Printed(m, "record "+path); err != nil {
			return inputErr(fmt.Errorf("%s: %w; nothing recorded", path, err))
		}
		books = append(books, bk)
	}
	b, err := openBank(ctx, "record", *db)
	if err != nil {
		return err
	}
	defer b.Close()
	for _, bk := range books {
		added, known, err := b.RecordBook(ctx, bk.title, bk.volume, bk.ps)
		if err != nil {
			return fmt.Errorf("%s: %w (manifests before it are recorded)", bk.path, err)
		}
		if added == 0 {
			fmt.Fprintf(e.stdout, "%s: %s: already recorded, all %s; nothing changed\n", *db, bk.path, plural(known, "printing"))
			continue
		}
		fmt.Fprintf(e.stdout, "%s: %s: %s recorded, %d already known\n", *db, bk.path, plural(added, "printing"), known)
	}
	return nil
}

// printedSides names the sides a book prints a kind on: "6x6 and 9x9".
func printedSides(r engine.KindInfo) string {
	var s []string
	for _, sd := range r.Sides {
		if sd.Printed {
			s = append(s, fmt.Sprintf("%dx%d", sd.N, sd.N))
		}
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
