package publish

import (
	"context"
	"fmt"

	"github.com/sudokubook/sudokubook/book"
)

// A Volume is one book of a series: its spec, the folder it is built
// into, and the name its errors go by (the spec's file, say).
type Volume struct {
	Name string
	Spec *book.Spec
	Out  string
}

// BuildSeries builds several volumes in one run, one after another, each
// into its own Out (opt.Out is not used), sharing one set of printed keys
// so that no two volumes share a puzzle. Every volume's files are read and
// checked (Prepare) before the first is built: a bad second volume does
// not leave the first one committed and the run failed half way. An
// error names its volume; the results are those of the volumes built.
func BuildSeries(ctx context.Context, vols []Volume, opt Options) ([]*Result, error) {
	jobs := make([]*Job, len(vols))
	for i, v := range vols {
		j, err := Prepare(v.Spec)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", v.Name, err)
		}
		jobs[i] = j
	}
	printed := map[string]bool{}
	var done []*Result
	for i, v := range vols {
		o := opt
		o.Out = v.Out
		res, err := jobs[i].build(ctx, o, printed)
		if err != nil {
			if res != nil {
				done = append(done, res)
			}
			return done, fmt.Errorf("%s: %w", v.Name, err)
		}
		done = append(done, res)
	}
	return done, nil
}
