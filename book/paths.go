package book

import (
	"fmt"
	"path"
	"path/filepath"
	"runtime"
	"strings"
)

// onWindows is whether spec paths follow Windows' rules here.
const onWindows = runtime.GOOS == "windows"

// specPath turns name, a file named in a spec whose folder is dir ("" for
// the working folder), into a path on a system that is Windows or not.
// The rule is the same on every system, so a spec and its files can be
// copied between them: a relative name is relative to the spec's folder,
// with / or \ between its parts; an absolute path is taken as it is where
// it is absolute (/usr/share/fonts/x.ttf on Linux and macOS; C:\Fonts\x.ttf
// or \\server\share\x.ttf on Windows). A path that is absolute only on the
// other kind of system (a drive letter or \\server on Linux, a leading /
// with no drive on Windows, where it means the current drive) or a drive
// with no folder after it (C:x.ttf, relative to that drive's current
// folder) is refused: it names no file here, or a different one depending
// on where the program runs. A name with a backslash in it on Linux is
// read as folders, the price of one rule.
func specPath(dir, name string, windows bool) (string, error) {
	if name == "" {
		return "", nil
	}
	slashed := strings.ReplaceAll(name, `\`, "/")
	drive := len(slashed) >= 2 && slashed[1] == ':' && ('a' <= slashed[0]|0x20 && slashed[0]|0x20 <= 'z')
	unc := strings.HasPrefix(slashed, "//")
	switch {
	case !windows && (drive || unc):
		return "", fmt.Errorf("\"%s\" is a Windows path, which names no file here (want a path relative to the spec, with / or \\ between folders)", name)
	case windows && drive && (len(slashed) == 2 || slashed[2] != '/'):
		return "", fmt.Errorf("\"%s\" names a file relative to the current folder of drive %s (want %s\\FOLDER\\FILE, or a path relative to the spec)", name, slashed[:2], slashed[:2])
	case windows && !drive && !unc && strings.HasPrefix(slashed, "/"):
		return "", fmt.Errorf("\"%s\" has no drive, so it names a file on whichever drive is current (want C:\\%s, or a path relative to the spec)", name, strings.TrimLeft(name, `/\`))
	}
	p := slashed
	if !(drive || unc || (!windows && strings.HasPrefix(slashed, "/"))) && dir != "" {
		p = path.Join(strings.ReplaceAll(dir, `\`, "/"), slashed)
	} else if !unc {
		p = path.Clean(slashed)
	}
	if windows {
		return strings.ReplaceAll(p, "/", `\`), nil
	}
	return p, nil
}

// ResolvePath turns a file name written in the spec (a font, art, a bank,
// a puzzle file or an exclude manifest) into a path on this system by
// specPath's rule: relative names are relative to the folder of the spec
// file, so a spec and its files move together. Load refuses a name the
// rule refuses, so here such a name (in a spec made in memory) is given
// back as it was, to fail where it is opened.
func (s *Spec) ResolvePath(name string) string {
	dir := ""
	if s.file != "" {
		dir = filepath.Dir(s.file)
	}
	p, err := specPath(dir, name, onWindows)
	if err != nil {
		return name
	}
	return p
}

// paths checks every file name the spec gives by specPath's rule.
func (v *validator) paths() {
	s := v.s
	check := func(field, name string) {
		if _, err := specPath("", name, onWindows); err != nil {
			v.addf(field, "%v", err)
		}
	}
	check("fonts.text", s.Fonts.Text)
	check("fonts.digits", s.Fonts.Digits)
	check("bank", s.Bank)
	for i, e := range s.Exclude {
		check(fmt.Sprintf("exclude[%d]", i), e)
	}
	for i, sec := range s.Sections {
		check(fmt.Sprintf("sections[%d].puzzles", i), sec.Puzzles)
	}
	if s.Cover != nil {
		check("cover.art", s.Cover.Art)
	}
}
