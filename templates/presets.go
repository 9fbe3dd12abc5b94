package templates

import (
	"bufio"
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

//go:embed presets/*.yaml
var presetFS embed.FS

// ErrNoPreset is wrapped by Preset when no preset has the name asked for.
var ErrNoPreset = errors.New("no such template")

// PresetInfo names a preset and says in a line what it is for.
type PresetInfo struct {
	Name        string
	Description string
}

// Preset returns the YAML of a named preset: a fragment of a book spec, in
// the spec's own schema, that the book package applies before the spec's
// fields. Names are matched in any case.
func Preset(name string) ([]byte, error) {
	for _, p := range presetNames() {
		if strings.EqualFold(p, strings.TrimSpace(name)) {
			return presetFS.ReadFile("presets/" + p + ".yaml")
		}
	}
	return nil, fmt.Errorf("%w %q (want one of %s)", ErrNoPreset, name, strings.Join(presetNames(), ", "))
}

// Presets lists every preset, sorted by name, with the description its
// file gives on a first comment line ("# ...").
func Presets() []PresetInfo {
	names := presetNames()
	out := make([]PresetInfo, 0, len(names))
	for _, n := range names {
		data, _ := presetFS.ReadFile("presets/" + n + ".yaml")
		out = append(out, PresetInfo{Name: n, Description: description(data)})
	}
	return out
}

func presetNames() []string { return yamlNames(presetFS, "presets") }

// yamlNames lists the files of an embedded folder by name, without their
// .yaml, sorted: the presets and the languages there are.
func yamlNames(fsys embed.FS, dir string) []string {
	ents, _ := fs.ReadDir(fsys, dir)
	var out []string
	for _, e := range ents {
		out = append(out, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	sort.Strings(out)
	return out
}

// description is the first sentence of the file's leading "# " comment,
// joined across its lines: a preset's comment wraps at 80 columns, and a
// description cut at the line's end stops mid-phrase ("room to").
func description(data []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(data))
	var parts []string
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" && len(parts) == 0 {
			continue
		}
		d, ok := strings.CutPrefix(line, "# ")
		if !ok {
			break
		}
		d = strings.TrimSpace(d)
		parts = append(parts, d)
		if strings.HasSuffix(d, ".") {
			break
		}
	}
	return strings.Join(parts, " ")
}
