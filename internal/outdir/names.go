package outdir

import "strings"

// WindowsRefuses says why Windows would refuse name as a file or folder
// name, or "" when it takes it. A book built anywhere may be copied to a
// Windows machine, so these names are refused on every system.
func WindowsRefuses(name string) string {
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
