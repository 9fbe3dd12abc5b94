package publish

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/internal/outdir"
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
// error names its volume. The results are the volumes', one a volume
// built; after an error the last is the failing volume's, nil unless it
// was rejected (ErrRejected).
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
		done = append(done, res)
		if err != nil {
			return done, fmt.Errorf("%s: %w", v.Name, err)
		}
	}
	return done, nil
}

// SeriesVolumes are the volumes of a series of the spec files specs, each
// built into out/NAME, NAME its spec's file name without the extension
// (VolumeName), named by its spec's path; their Spec is the caller's to
// load. Two names one folder on a disk that folds case (vol1 and VOL1)
// are refused.
func SeriesVolumes(out string, specs []string) ([]Volume, error) {
	dirs := map[string]string{}
	vols := make([]Volume, len(specs))
	for i, spec := range specs {
		dir, err := VolumeName(spec)
		if err != nil {
			return nil, err
		}
		// Windows and macOS disks fold case: vol1 and VOL1 are one folder.
		key := strings.ToLower(dir)
		if other, ok := dirs[key]; ok {
			return nil, fmt.Errorf("%s and %s would both be built into %s; rename one", other, spec, filepath.Join(out, dir))
		}
		dirs[key] = spec
		vols[i] = Volume{Name: spec, Out: filepath.Join(out, dir)}
	}
	return vols, nil
}

// VolumeName is the folder a series volume is built into, under the
// series folder:
// its spec's file name without the extension. A name that is empty,
// starts with a dot (., .., .sudokubook and every hidden name), holds
// "..", or is one Windows refuses would put the volume beside OUTDIR, into
// OUTDIR itself or its state folder, or into a folder the book could not
// be copied to on Windows; it is refused before any work.
func VolumeName(spec string) (string, error) {
	base := filepath.Base(spec)
	name := strings.TrimSuffix(base, filepath.Ext(base))
	var why string
	switch {
	case name == "":
		why = "its file name gives an empty volume name"
	case strings.HasPrefix(name, "."):
		why = fmt.Sprintf("its volume name %q starts with a dot", name)
	case strings.Contains(name, ".."):
		why = fmt.Sprintf("its volume name %q holds \"..\"", name)
	default:
		if w := outdir.WindowsRefuses(name); w != "" {
			why = fmt.Sprintf("its volume name %q %s", name, w)
		}
	}
	if why != "" {
		return "", fmt.Errorf("%s: %s; a series builds each volume into OUTDIR/NAME, NAME the spec's file name without .yaml: rename the spec (nothing was written)", spec, why)
	}
	return name, nil
}
