package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
)

// Quota asks for Count unique puzzles of one Kind and Level, within optional
// clue and score bands (a zero Max means no upper bound), with Symmetry kept
// by the givens.
type Quota struct {
	Kind     Kind // the zero Kind is classic 9x9
	Level    Level
	Count    int
	MinClues int
	MaxClues int
	MinScore int
	MaxScore int
	// MinRating and MaxRating bound the SE-scale rating; zero is no bound.
	MinRating Rating
	MaxRating Rating
	// Technique, when TechniqueSet, is the hardest technique every puzzle
	// must need: a section to practise one technique. Level must be the
	// technique's.
	Technique    Technique
	TechniqueSet bool
	Symmetry     Symmetry
	// MinCage and MaxCage bound the cage sizes of a Kind with CageLayer (zero:
	// KillerQuota's default). There the clue band is the band of givens,
	// and a zero MaxClues means no givens, not no bound; killer givens are
	// placed at random, so Symmetry must be SymNone unless the band allows
	// no givens.
	MinCage, MaxCage int
	// Repeats lets Fill take a puzzle whose key (KeyOf) one already taken
	// has, once the quota has turned such puzzles away repeatPatience
	// times in a row; without it a quota takes none, and one whose Count
	// exceeds the kind's Distinct is refused.
	Repeats bool
}

// Puzzle is a generated, uniquely solvable puzzle with its grading: its
// geometry (a jigsaw's regions and a killer's cages are in it), its givens
// and its answer, cell by cell in the geometry's numbering, whatever the
// kind. The zero Geo reads as Classic9.
type Puzzle struct {
	Geo            *Geometry
	Givens, Answer []uint8
	Grading        Grading
}

// feasibleClues is, per level, the band of clue counts the generator can
// reach in reasonable time. A quota whose clue band misses it is refused
// before any work starts.
//
// Measured without symmetry (see generate.go for the search): at each end
// about one attempt in 25 or more still lands on that clue count. Random
// digging seldom gets below 23 clues, and the harder levels come out of the
// add-back walk with a clue or two more. The upper ends are reached by
// padding a puzzle of the level with clues; extreme stops earlier because
// every padding step there needs a full grading.
var feasibleClueTable = [NumLevels][2]int{
	Easy:    {23, 80},
	Medium:  {23, 55},
	Tough:   {24, 52},
	Hard:    {24, 50},
	Expert:  {24, 45},
	Extreme: {24, 38},
}

// FeasibleClues returns the lowest and highest clue counts at which classic
// 9x9 puzzles of level l can be generated in reasonable time.
func FeasibleClues(l Level) (min, max int) {
	return feasibleClueTable[l][0], feasibleClueTable[l][1]
}

// feasibleClues is FeasibleClues for kind k: the givens its layer
// allows (a cage layer up to half the cells, see KillerQuota), the band
// its row of the kind table measured, or any band.
func (k Kind) feasibleClues(l Level) (min, max int) {
	if lq := k.layerQuota(); lq != nil && lq.clues != nil {
		return lq.clues(k.cells())
	}
	if s, _ := k.side(); s.Clues != nil {
		return s.Clues[l][0], s.Clues[l][1]
	}
	return 0, k.cells()
}

// FeasibleScores returns bounds no classic puzzle of level l can score
// outside, derived from the ladder rather than measured, so they stay true
// when weights change: a band that misses them is refused before work, as
// one that misses FeasibleClues is. The bounds are safe, not tight.
//
// Every step of a solve places a digit or eliminates a candidate. A puzzle
// with c clues has e = 81-c empty cells, so at most e steps place and at
// most 8e eliminate (a cell's ninth candidate is placed, not eliminated).
// Easy needs singles only, which place and never eliminate: at most e
// steps. The fewest clues (FeasibleClues) give the most steps, and no step
// weighs more than the level's heaviest technique. The least a puzzle of
// the level scores is one step of its lightest own technique.
func FeasibleScores(l Level) (lo, hi int) {
	lightest, heaviest := 0, 0
	for t := Technique(0); t < NumTechniques; t++ {
		if t.Level() > l {
			continue
		}
		heaviest = max(heaviest, t.Weight())
		if t.Level() == l && (lightest == 0 || t.Weight() < lightest) {
			lightest = t.Weight()
		}
	}
	fewest, _ := FeasibleClues(l)
	steps := 81 - fewest
	if l > Easy {
		steps *= 9
	}
	return lightest, steps * heaviest
}

// ErrQuota is wrapped by every error about a quota that cannot be asked for.
var ErrQuota = errors.New("bad quota")

// Validate checks that q can be asked for: a known level and symmetry, a
// positive count, sane bands, and a clue band that meets FeasibleClues.
func (q Quota) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrQuota, fmt.Sprintf(format, args...))
	}
	if q.Level < 0 || q.Level >= NumLevels {
		return bad("level %d out of range", int(q.Level))
	}
	if q.Symmetry < 0 || q.Symmetry >= NumSymmetries {
		return bad("symmetry %d out of range", int(q.Symmetry))
	}
	if err := q.Kind.Validate(); err != nil {
		return bad("%v", err)
	}
	cells := q.Kind.cells()
	if lq := q.Kind.layerQuota(); lq != nil && lq.validate != nil {
		if err := lq.validate(q); err != nil {
			return bad("%v", err)
		}
	}
	if q.Count < 1 {
		return bad("count %d, want at least 1", q.Count)
	}
	if q.MinClues < 0 || q.MinClues > cells {
		return bad("min clues %d, want 0 to %d", q.MinClues, cells)
	}
	if q.MaxClues < 0 || q.MaxClues > cells {
		return bad("max clues %d, want 0 (no limit) or up to %d", q.MaxClues, cells)
	}
	if q.MaxClues > 0 && q.MaxClues < q.MinClues {
		return bad("clue band %d-%d is empty", q.MinClues, q.MaxClues)
	}
	if q.MinScore < 0 || q.MaxScore < 0 {
		return bad("score band %d-%d has a negative end", q.MinScore, q.MaxScore)
	}
	if q.MaxScore > 0 && q.MaxScore < q.MinScore {
		return bad("score band %d-%d is empty", q.MinScore, q.MaxScore)
	}
	if q.MinRating < 0 || q.MaxRating < 0 || (q.MaxRating > 0 && q.MaxRating < q.MinRating) {
		return bad("rating band %s-%s is empty", q.MinRating, q.MaxRating)
	}
	if q.TechniqueSet {
		if err := q.techniqueFits(); err != nil {
			return bad("%v", err)
		}
	}
	// Score bands are derived on classic 9x9 only; other kinds take any.
	side, _ := q.Kind.side()
	if smin, smax := FeasibleScores(q.Level); side.Scores && (q.MinScore > smax || (q.MaxScore > 0 && q.MaxScore < smin)) {
		return bad("%s puzzles cannot score %d-%d (every one scores within %d-%d)", q.Level, q.MinScore, q.MaxScore, smin, smax)
	}
	lo, hi := q.Kind.feasibleClues(q.Level)
	qhi := q.clueCeiling(cells)
	if qhi < lo || q.MinClues > hi {
		return bad("%s puzzles with %s clues cannot be generated (feasible: %d-%d)", q.Level, q.clueBand(), lo, hi)
	}
	if err := q.distinctError(); err != nil {
		return bad("%v", err)
	}
	return nil
}

// clueCeiling is the most clues q lets a puzzle of cells cells have.
func (q Quota) clueCeiling(cells int) int {
	if q.MaxClues == 0 && !q.Kind.Layer.PlacesGivens() {
		return cells
	}
	return q.MaxClues
}

func (q Quota) clueBand() string {
	if q.MaxClues == 0 && !q.Kind.Layer.PlacesGivens() {
		return fmt.Sprintf("%d or more", q.MinClues)
	}
	return fmt.Sprintf("%d-%d", q.MinClues, q.MaxClues)
}

// Accepts reports whether p fits q: its level, its clue count and score
// within the bands, and givens that keep q's symmetry. It does not look at
// Count.
func (q Quota) Accepts(p Puzzle) bool {
	if p.Grading.Level != q.Level || p.Kind() != q.Kind.sized() {
		return false
	}
	if lq := q.Kind.layerQuota(); lq != nil && lq.accepts != nil && !lq.accepts(q, p) {
		return false
	}
	n := CountClues(p.Cells())
	if n < q.MinClues || n > q.clueCeiling(len(p.Cells())) {
		return false
	}
	s := p.Grading.Score
	if s < q.MinScore || (q.MaxScore > 0 && s > q.MaxScore) {
		return false
	}
	if r := p.Grading.Rating; r < q.MinRating || (q.MaxRating > 0 && r > q.MaxRating) {
		return false
	}
	if q.TechniqueSet && p.Grading.Hardest != q.Technique {
		return false
	}
	return p.Geometry().holds(q.Symmetry, p.Cells())
}

// FillOptions tunes Fill.
type FillOptions struct {
	// Seed fixes the result: the same quotas and seed give the same puzzles
	// in the same order whatever Workers is.
	Seed uint64
	// Workers is the number of goroutines generating candidates; below 1
	// means one per CPU (runtime.GOMAXPROCS). More than fillWindow workers
	// cannot all be busy.
	Workers int
	// Progress, when set, is called with the number of puzzles found per
	// quota each time that changes. It runs on Fill's own goroutine, so it
	// must return quickly; the slice is a copy it may keep.
	Progress func(found []int)
	// Emit, when set, receives each puzzle as it is committed, in the
	// order of the result, and Fill keeps none of them: its result holds
	// empty quotas. A caller can so stream a large batch in constant
	// memory (bar the set of grids already taken). An error from Emit
	// stops Fill, which returns it. Emit runs on Fill's own goroutine.
	Emit func(quota int, p Puzzle) error
	// Skip, when set, drops every candidate for which it returns true, as
	// if it had fitted no quota: a book uses it to leave out puzzles that
	// were printed before. It runs on Fill's own goroutine, once per
	// candidate in job order, and must depend on the puzzle alone for the
	// result to stay independent of timing.
	Skip func(Puzzle) bool
}

// Shortfall is how far one quota got before Fill had to stop.
type Shortfall struct {
	Quota  int // index into the quotas given to Fill
	Level  Level
	Found  int
	Needed int
}

// ShortfallError reports that Fill stopped (its context was done) before
// every quota was full. It lists the quotas that are short and wraps the
// context's error, so errors.Is(err, context.DeadlineExceeded) works.
type ShortfallError struct {
	Short []Shortfall
	Err   error
}

func (e *ShortfallError) Error() string {
	parts := make([]string, len(e.Short))
	for i, s := range e.Short {
		parts[i] = fmt.Sprintf("quota %d (%s) found %d of %d", s.Quota+1, s.Level, s.Found, s.Needed)
	}
	return fmt.Sprintf("puzzle quotas not met: %s: %v", strings.Join(parts, "; "), e.Err)
}

func (e *ShortfallError) Unwrap() error { return e.Err }

// fillWindow is how far job dispatch may run ahead of commits. Job i is
// aimed at a quota chosen from the state after job i-fillWindow committed,
// never later, which is what makes the result independent of timing and of
// the worker count. It is a constant for that reason; it only has to exceed
// any sensible worker count.
const fillWindow = 64

// levelEffort is roughly how many attempts one puzzle of each level costs,
// from the hit rates BenchmarkGenerate reports. Fill aims jobs at the open
// quotas in proportion to the attempts they still need, so that quotas of
// different levels fill up at the same pace and none is left alone at the
// end with most workers idle.
var levelEffort = [NumLevels]int{
	Easy:    1,
	Medium:  4,
	Tough:   4,
	Hard:    4,
	Expert:  9,
	Extreme: 6,
}

// Fill generates puzzles until every quota holds Count of them, using a
// bounded pool of opt.Workers goroutines.
//
// Workers only generate and grade candidates; Fill's own goroutine is the
// collector that owns the quotas. It commits candidates in job order and
// puts each into the first quota (in the order given) whose level, bands and
// symmetry it fits and that is not yet full, whatever quota the job was
// aimed at; a candidate that fits none, or a grid already taken, is dropped.
// Job i draws its randomness from (opt.Seed, i) alone and is aimed at a
// quota chosen from the commits of jobs up to i-fillWindow only, so the same
// seed gives the same result for any worker count.
//
// The result holds, per quota, its puzzles in commit order. When ctx is done
// first, Fill stops the workers, waits for them, and returns what it found
// with a *ShortfallError. Quotas are validated first; a bad one gives an
// error wrapping ErrQuota that names it.
func Fill(ctx context.Context, quotas []Quota, opt FillOptions) ([][]Puzzle, error) {
	for i, q := range quotas {
		if err := q.Validate(); err != nil {
			return nil, fmt.Errorf("quota %d: %w", i+1, err)
		}
	}
	workers := opt.Workers
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, fillWindow)

	c := newCollector(quotas)
	c.skip = opt.Skip
	c.emit = opt.Emit
	if c.full() {
		return c.found, nil
	}

	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	jobs := make(chan fillJob)
	results := make(chan fillResult, workers)
	defer func() {
		cancel()
		wg.Wait()
	}()
	for range workers {
		wg.Go(func() { fillWorker(ctx, opt.Seed, jobs, results) })
	}

	next := 0 // next job to dispatch; its target is known once next < c.committed+fillWindow
	pending := make(map[int]fillResult)
	for {
		var send chan fillJob
		var job fillJob
		if next < c.committed+fillWindow {
			send = jobs
			job = fillJob{index: next, quota: quotas[c.target(next)]}
		}
		select {
		case <-ctx.Done():
			return c.found, c.shortfall(ctx.Err())
		case send <- job:
			next++
		case r := <-results:
			if r.err != nil {
				return c.found, r.err
			}
			pending[r.index] = r
			for {
				r, ok := pending[c.committed]
				if !ok {
					break
				}
				delete(pending, c.committed)
				added, err := c.commit(r)
				if err != nil {
					return c.found, err
				}
				if added && opt.Progress != nil {
					opt.Progress(c.counts())
				}
				if c.full() {
					return c.found, nil
				}
			}
		}
	}
}

type fillJob struct {
	index int
	quota Quota
}

type fillResult struct {
	index  int
	puzzle Puzzle
	ok     bool   // a unique puzzle with an exact grading
	key    string // the puzzle's KeyOf when ok, made by the worker
	err    error  // the attempt panicked: a bug, which stops Fill
}

func fillWorker(ctx context.Context, seed uint64, jobs <-chan fillJob, results chan<- fillResult) {
	gen := NewGenerator()
	for {
		var job fillJob
		select {
		case <-ctx.Done():
			return
		case job = <-jobs:
		}
		// One attempt takes a millisecond or so, rarely tens of them, so
		// checking ctx between attempts is prompt enough.
		r := guardedAttempt(gen, jobRand(seed, job.index), job)
		select {
		case <-ctx.Done():
			return
		case results <- r:
		}
	}
}

// guardedAttempt runs one attempt, turning a panic into an error: on a
// worker goroutine a panic would end the whole program, where Fill's
// caller can report it as the bug it is.
func guardedAttempt(gen *Generator, r *rand.Rand, job fillJob) (res fillResult) {
	res.index = job.index
	defer func() {
		if v := recover(); v != nil {
			res.err = fmt.Errorf("engine: internal error generating job %d: %v\n%s", job.index, v, debug.Stack())
		}
	}()
	res.puzzle, res.ok = gen.candidate(r, job.quota)
	if res.ok {
		res.key = repeatKey(res.puzzle)
	}
	return res
}

// repeatKey is what tells two of a fill's puzzles apart: the canonical
// key, so a turned or relabelled copy counts as a repeat, on grids up to
// 9x9. On larger grids a copy is vanishingly rare and the canonical search
// can cost far more than the puzzle (a 16x16 with 150 or more clues has
// so many tied candidates that its search took gigabytes), so the exact
// puzzle is the key there.
func repeatKey(p Puzzle) string {
	if p.Geometry().N <= 9 {
		return string(p.Key())
	}
	return puzzleKey(p)
}

// jobRand is job i's own random source, a function of the seed and i only.
func jobRand(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(splitmix(seed), splitmix(seed^splitmix(uint64(i)))))
}

// splitmix is the SplitMix64 finaliser: it spreads nearby inputs (job 1,
// job 2) over unrelated outputs.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// collector owns the quotas during Fill: what was found, which grids are
// taken, and the target quota of every job in the dispatch window.
type collector struct {
	quotas []Quota
	found  [][]Puzzle
	n      []int // puzzles committed per quota (found holds none under emit)
	emit   func(int, Puzzle) error
	seen   map[string]bool // givens (and regions) of every puzzle taken
	keys   map[string]bool // KeyOf of every puzzle taken
	// dupRun counts, per quota, the puzzles turned away in a row for a
	// key already taken: a quota with Repeats takes one past
	// repeatPatience.
	dupRun    []int
	skip      func(Puzzle) bool
	committed int             // jobs 0..committed-1 are committed
	targets   [fillWindow]int // target quota of job i, at i%fillWindow, for committed <= i < committed+fillWindow
	inflight  []int           // jobs in the window aimed at each quota
	// hardest counts each quota's puzzles by hardest technique, and
	// turnedAway the candidates it refused for variety (see varied).
	hardest    [][NumTechniques]int
	turnedAway []int
}

func newCollector(quotas []Quota) *collector {
	c := &collector{
		quotas:   quotas,
		found:    make([][]Puzzle, len(quotas)),
		n:        make([]int, len(quotas)),
		seen:     make(map[string]bool),
		keys:     make(map[string]bool),
		dupRun:   make([]int, len(quotas)),
		inflight: make([]int, len(quotas)),

		hardest:    make([][NumTechniques]int, len(quotas)),
		turnedAway: make([]int, len(quotas)),
	}
	for i := range fillWindow {
		c.aim(i)
	}
	return c
}

// aim picks job i's target from the current commits and the targets of the
// jobs already in the window: the open quota with the most attempts still
// needed (remaining count times its level's effort) per job already aimed
// at it, ties to the lower index.
func (c *collector) aim(i int) {
	best := -1
	var bestNeed, bestJobs int
	for k, q := range c.quotas {
		rem := q.Count - c.n[k]
		if rem <= 0 {
			continue
		}
		need, jobs := rem*levelEffort[q.Level], c.inflight[k]+1
		if best < 0 || need*bestJobs > bestNeed*jobs {
			best, bestNeed, bestJobs = k, need, jobs
		}
	}
	c.targets[i%fillWindow] = best
	if best >= 0 {
		c.inflight[best]++
	}
	// best < 0 means every quota is full, and Fill stops before it would
	// dispatch the job.
}

func (c *collector) target(i int) int { return c.targets[i%fillWindow] }

// commit files job c.committed's result, aims the job one window later, and
// reports whether a quota gained a puzzle, and what emit said of it.
func (c *collector) commit(r fillResult) (bool, error) {
	i := c.committed
	if k := c.target(i); k >= 0 {
		c.inflight[k]--
	}
	c.committed++
	added := false
	key := puzzleKey(r.puzzle)
	if r.ok && r.key == "" {
		r.key = repeatKey(r.puzzle) // a result made outside the workers
	}
	if r.ok && !c.seen[key] && (c.skip == nil || !c.skip(r.puzzle)) {
		for k, q := range c.quotas {
			if c.n[k] < q.Count && q.Accepts(r.puzzle) && c.fresh(k, r.key) && c.varied(k, r.puzzle) {
				c.n[k]++
				c.hardest[k][r.puzzle.Grading.Hardest]++
				c.seen[key] = true
				c.keys[r.key] = true
				added = true
				if c.emit != nil {
					if err := c.emit(k, r.puzzle); err != nil {
						return added, err
					}
				} else {
					c.found[k] = append(c.found[k], r.puzzle)
				}
				break
			}
		}
	}
	c.aim(i + fillWindow)
	return added, nil
}

// varietyPatience is how many candidates per puzzle asked for a quota may
// turn away for variety before it takes what comes: a level where one
// technique is far the commonest (most expert puzzles need an xy-chain)
// would otherwise cost many times the attempts, or never fill on a kind
// where that level has one technique in practice.
const varietyPatience = 8

// repeatPatience is how many puzzles in a row a quota with Repeats turns
// away for a key already taken before it takes one: enough that the
// distinct puzzles left mostly come first (see TestFillRepeats), few
// enough that a quota past its kind's Distinct still fills quickly.
const repeatPatience = 64

// fresh reports whether quota k may take a puzzle of key: one no puzzle
// taken has, or, for a quota with Repeats, any once repeatPatience
// puzzles in a row were turned away for their keys.
func (c *collector) fresh(k int, key string) bool {
	if !c.keys[key] {
		c.dupRun[k] = 0
		return true
	}
	if c.quotas[k].Repeats && c.dupRun[k] >= repeatPatience {
		c.dupRun[k] = 0
		return true
	}
	c.dupRun[k]++
	return false
}

// varied reports whether quota k may take p for variety's sake: from the
// hard level up, where a level admits several hardest techniques, no one
// technique fills more than half the quota (rounded up), unless the quota
// asks for one technique, or it has already turned away varietyPatience
// candidates per puzzle asked for. Refusals are counted in commit order,
// so the result stays independent of the worker count. A kakuro's hard
// level has one technique (the wide run contradiction), so there it
// refuses nothing: the refusals cost a hard kakuro section of 4 eight
// times the attempts.
func (c *collector) varied(k int, p Puzzle) bool {
	q := c.quotas[k]
	if q.TechniqueSet || q.Level < Hard || q.Count < 2 || q.Kind.Variant == Kakuro {
		return true
	}
	if c.hardest[k][p.Grading.Hardest] < (q.Count+1)/2 || c.turnedAway[k] >= varietyPatience*q.Count {
		return true
	}
	c.turnedAway[k]++
	return false
}

// puzzleKey tells puzzles apart: the givens, for jigsaw the regions, and
// for killer the cages.
func puzzleKey(p Puzzle) string {
	key := string(p.Givens)
	g := p.Geometry()
	if g.Variant == Jigsaw {
		key += string(g.Regions)
	}
	for _, c := range g.layers {
		key += "/" + c.Line()
	}
	return key
}

// layerQuota is how a quota of kind k reads its layer, nil for a plain
// reading.
func (k Kind) layerQuota() *layerQuota {
	if c := k.Layer.kindOf(); c != nil {
		return c.quota
	}
	return nil
}

// killerQuota is what a killer quota asks of Generator.Killer.
func (q Quota) killerQuota() KillerQuota {
	return KillerQuota{Kind: q.Kind, Level: q.Level, MinCage: q.MinCage, MaxCage: q.MaxCage, MinGivens: q.MinClues, MaxGivens: q.MaxClues}
}

// HardestLevel is the hardest level the generator reaches for kind k at a
// rate a book can wait for, as the kind table says (Easy for a kind it
// does not make). Fill takes any level (a harder one only costs time); a
// book spec asking for more than this is refused before any work.
func HardestLevel(k Kind) Level {
	s, _ := k.side()
	return s.Hardest
}

// cells is the number of cells in play on a grid of kind k.
func (k Kind) cells() int {
	if k.Variant.Multi() {
		if g, err := Lookup(k.Variant, k.Side()); err == nil {
			return g.Cells
		}
	}
	return k.Side() * k.Side()
}

func (c *collector) full() bool {
	for k, q := range c.quotas {
		if c.n[k] < q.Count {
			return false
		}
	}
	return true
}

func (c *collector) counts() []int {
	return slices.Clone(c.n)
}

func (c *collector) shortfall(err error) error {
	e := &ShortfallError{Err: err}
	for k, q := range c.quotas {
		if n := c.n[k]; n < q.Count {
			e.Short = append(e.Short, Shortfall{Quota: k, Level: q.Level, Found: n, Needed: q.Count})
		}
	}
	return e
}

// techniqueFits says why q's technique cannot be the hardest a puzzle of
// q's kind needs, or nil. The reasons are structural, so the refusal comes
// before any work: a subset or fish of n houses needs more than 2n cells a
// house (with fewer, its complement is a smaller one that a cheaper rung
// finds first), grouped chains are searched up to 9x9 only, and
// bifurcation cannot be asked for, since a section must not promise
// guessing.
func (q Quota) techniqueFits() error {
	t := q.Technique
	if t < 0 || t >= NumTechniques || finders[t] == nil {
		return fmt.Errorf("technique %d out of range", int(t))
	}
	if t.Level() != q.Level {
		return fmt.Errorf("technique %s is %s, not %s", t, t.Level(), q.Level)
	}
	if t.Guesses() {
		return fmt.Errorf("%s is trial and error, not a technique to practise", t)
	}
	if t == GroupedAIC && q.Kind.Side() > 9 {
		return fmt.Errorf("%s is searched on grids up to 9x9 only, not on %s", t, q.Kind)
	}
	if n := t.houses(); n > 0 && q.Kind.Side() <= 2*n {
		return fmt.Errorf("%s cannot be the hardest step on %s: its houses have %d cells, it needs more than %d", t, q.Kind, q.Kind.Side(), 2*n)
	}
	return nil
}

// houses is the number of houses (or cells) a subset or fish technique
// locks, zero for the others.
func (t Technique) houses() int {
	switch t {
	case NakedPair, HiddenPair, XWing, FinnedXWing:
		return 2
	case NakedTriple, HiddenTriple, Swordfish, FinnedSwordfish:
		return 3
	case NakedQuad, HiddenQuad, Jellyfish, FinnedJellyfish:
		return 4
	}
	return 0
}
