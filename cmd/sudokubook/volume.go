package main

import (
	"fmt"
	"path/filepath"
	"strings"
)

// volumeName is the folder a series volume is built into, under OUTDIR:
// its spec's file name without the extension. A name that is empty,
// starts with a dot (., .., .sudokubook and every hidden name), holds
// "..", or is one Windows refuses would put the volume beside OUTDIR, into
// OUTDIR itself or its state folder, or into a folder the book could not
// be copied to on Windows; it is refused before any work.
func volumeName(spec string) (string, error) {
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
		if w := windowsRefuses(name); w != "" {
			why = fmt.Sprintf("its volume name %q %s", name, w)
		}
	}
	if why != "" {
		return "", usagef("%s: %s; a series builds each volume into OUTDIR/NAME, NAME the spec's file name without .yaml: rename the spec (nothing was written)", spec, why)
	}
	return name, nil
}

// windowsRefuses says why Windows would refuse name as a file or folder
// name, or "" when it takes it. A book built anywhere may be copied to a
// Windows machine, so these names are refused on every system.
func windowsRefuses(name string) string {
	if strings.ContainsAny(name, `<>:"/\|?*`) {
		return `holds one of < > : " / \ | ? *`
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return "holds a control character"
		}
	}
	if strings.HasSuffix(name, ".") || strings.HasSuffix(name, " ") {
		return "ends in a dot or a space"
	}
	stem, _, _ := strings.Cut(name, ".")
	stem = strings.ToUpper(strings.TrimRight(stem, " "))
	switch stem {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return "is a device name on Windows"
	}
	if len(stem) == 4 && (strings.HasPrefix(stem, "COM") || strings.HasPrefix(stem, "LPT")) &&
		strings.ContainsAny(stem[3:], "0123456789¹²³") {
		return "is a device name on Windows"
	}
	return ""
}
