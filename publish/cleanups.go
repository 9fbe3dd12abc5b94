package publish

import (
	"sort"
	"sync"
)

// Cleanups are what must be undone if a program is stopped before its
// builds undo it themselves: a program that ends on a signal without
// waiting for Build (a build may sit in a step that checks no context)
// gives Options.AtExit its Add, and calls Run before it exits, so that the
// stopped build leaves no staged files and no bank claims behind. The
// zero value is ready to use.
type Cleanups struct {
	mu   sync.Mutex
	next int
	fns  map[int]func()
}

// Add registers fn as a clean-up to run should the program stop before
// fn has run, and returns the function to run it normally (deferred). fn
// runs once either way: from its caller or from Run, while the build may
// still be running, so fn must be safe against the build's own
// goroutines (outdir.Dir.Close is). A second caller waits for the first
// to finish.
func (l *Cleanups) Add(fn func()) func() {
	once := sync.OnceFunc(fn)
	l.mu.Lock()
	if l.fns == nil {
		l.fns = map[int]func(){}
	}
	id := l.next
	l.next++
	l.fns[id] = once
	l.mu.Unlock()
	return func() {
		once()
		l.mu.Lock()
		delete(l.fns, id)
		l.mu.Unlock()
	}
}

// Run runs the clean-ups still registered, the latest first, as deferred
// calls would.
func (l *Cleanups) Run() {
	l.mu.Lock()
	ids := make([]int, 0, len(l.fns))
	for id := range l.fns {
		ids = append(ids, id)
	}
	fns := l.fns
	l.mu.Unlock()
	sort.Sort(sort.Reverse(sort.IntSlice(ids)))
	for _, id := range ids {
		l.mu.Lock()
		fn := fns[id]
		l.mu.Unlock()
		if fn != nil {
			fn()
		}
	}
}
