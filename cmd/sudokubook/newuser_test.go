package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/templates"
)

// TestInit: init writes a commented starter spec that loads as it is and
// builds a book passing its preflight; a second init leaves the file alone
// and exits 2.
func TestInit(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mybook")
	out, stderr, code := runCmd(t, "", "init", dir)
	path := filepath.Join(dir, "book.yaml")
	if code != 0 || !strings.Contains(out, "wrote "+path) {
		t.Fatalf("init: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("# ")) || bytes.Count(data, []byte("#")) < 10 {
		t.Errorf("the starter spec is not commented:\n%s", data)
	}
	s, err := book.LoadFile(path)
	if err != nil {
		t.Fatalf("the starter spec does not load: %v", err)
	}
	if len(s.Warnings()) > 0 {
		t.Errorf("the starter spec warns: %v", s.Warnings())
	}
	if err := os.WriteFile(path, append(data, "# mine\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = runCmd(t, "", "init", dir)
	if code != 2 || !strings.Contains(stderr, "already exists") {
		t.Errorf("second init: exit %d, stderr %q; want 2 and already exists", code, stderr)
	}
	if got, _ := os.ReadFile(path); !bytes.HasSuffix(got, []byte("# mine\n")) {
		t.Errorf("second init changed the user's file")
	}
	if testing.Short() {
		return
	}
	_, stderr, code = runCmd(t, "", "build", path, "-o", filepath.Join(dir, "out"), "--quiet", "--strict")
	if code != 0 {
		t.Errorf("building the starter spec: exit %d, stderr %q", code, stderr)
	}
	// A spec written into the book's own folder would sit among files
	// the build manages.
	_, stderr, code = runCmd(t, "", "init", filepath.Join(dir, "out"))
	if code != 2 || !strings.Contains(stderr, "output folder") {
		t.Errorf("init in the built book's folder: exit %d, stderr %q; want 2 and output folder", code, stderr)
	}
	if _, err := os.Lstat(filepath.Join(dir, "out", "book.yaml")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("init in the built book's folder wrote book.yaml there (%v)", err)
	}
}

// TestNewUserExitCodes: mistakes in how the command is called exit 2.
func TestNewUserExitCodes(t *testing.T) {
	dir := t.TempDir()
	const p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	const killer = "................................................................................./abbbbaabbacaaaccccccbcacabbaabcbdaccaaaebdabbbcceeeabbbaaabbccabcccaaccabbccbbcaa/11,14,17,9,16,23,22,3,9,22,12,34,10,8,11,26,14,21,8,16,5,31,14,23,14,12"
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"missing spec file", []string{"build", filepath.Join(dir, "nope.yaml"), "-o", filepath.Join(dir, "out")}, "no such file"},
		{"help for an unknown command", []string{"help", "foo"}, `help: unknown command "foo"`},
		{"png to a .jpg", []string{"png", p, "-o", filepath.Join(dir, "x.jpg")}, "must end in .png"},
		// A careless user's slips: a folder for the spec (exit 1 and
		// "read .: is a directory" before), a killer at png's default
		// side (the message named no flag the user had typed).
		{"spec is a folder", []string{"build", dir, "-o", filepath.Join(dir, "out")}, "is a folder; give the spec's YAML file"},
		// init given a spec's name made a folder called mybook.yaml;
		// given a file, it failed in mkdir's words with exit 1.
		{"init with a file name", []string{"init", filepath.Join(dir, "mybook.yaml")}, "init takes a folder, not a spec's file name: sudokubook init " + filepath.Join(dir, "mybook") + " writes"},
		{"init on a file", []string{"init", filepath.Join(dir, "afile")}, "afile is a file; init takes a folder"},
		{"killer at a small side", []string{"png", killer, "-o", filepath.Join(dir, "k.png"), "--side", "2in"}, "--side 2in: "},
	}
	// A killer pasted with no flags writes an image: the default side
	// grows to what its cage sums need.
	if _, stderr, code := runCmd(t, "", "png", killer, "-o", filepath.Join(dir, "kd.png")); code != 0 {
		t.Errorf("png of a killer at the default side: exit %d, stderr %q; want an image", code, stderr)
	} else if _, err := os.Stat(filepath.Join(dir, "kd.png")); err != nil {
		t.Errorf("png of a killer at the default side: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "afile"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, code := runCmd(t, "", c.args...)
			if code != 2 || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, c.want)
			}
		})
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "afile")); string(b) != "mine" {
		t.Errorf("init changed a file of the user's: %q", b)
	}
	for _, name := range []string{"x.jpg", "k.png", "out", "mybook.yaml"} {
		if _, err := os.Stat(filepath.Join(dir, name)); !os.IsNotExist(err) {
			t.Errorf("a refused command wrote %s", name)
		}
	}
	if _, _, code := runCmd(t, "", "png", p, "-o", filepath.Join(dir, "x.PNG")); code != 0 {
		t.Errorf("png -o x.PNG: exit %d, want 0", code)
	}
}

// TestInitNamesTheChoices: the starter spec's comments name every preset
// there is, and a kind of puzzle the reader can switch on by removing a
// '#': the variants it lists are the ones a spec takes, and the section it
// sits in loads with the line uncommented.
func TestInitNamesTheChoices(t *testing.T) {
	text := string(starterSpec)
	line := func(key string) string {
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "# "+key+":") {
				return l
			}
		}
		t.Fatalf("the starter spec has no commented %s: line", key)
		return ""
	}
	tmpl := line("template")
	for _, p := range templates.Presets() {
		if !strings.Contains(tmpl, " "+p.Name) {
			t.Errorf("the starter spec's template line does not name the preset %s: %q", p.Name, tmpl)
		}
	}
	va := line("variant")
	_, list, _ := strings.Cut(strings.TrimSpace(va)[1:], "#")
	list = strings.NewReplacer("(the default)", "", " or ", ", ").Replace(list)
	n := 0
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if _, err := book.ParseVariant(name); err != nil {
			t.Errorf("the starter spec offers variant %q: %v", name, err)
		}
		n++
	}
	if n < 10 {
		t.Errorf("the starter spec lists %d variants, want every kind: %q", n, va)
	}
	for _, key := range []string{"variant", "size"} {
		l := line(key)
		on := strings.Replace(text, l, strings.Replace(l, "# "+key, key, 1), 1)
		dir := t.TempDir()
		path := filepath.Join(dir, "book.yaml")
		if err := os.WriteFile(path, []byte(on), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := book.LoadFile(path); err != nil {
			t.Errorf("the starter spec with its %s line uncommented does not load: %v", key, err)
		}
	}
}

// TestHelpStatesEachDefaultOnce: the flag package prints a flag's default
// after its usage text, so a usage text that states it too reads
// "(default 3in) (default 3in)".
func TestHelpStatesEachDefaultOnce(t *testing.T) {
	for name := range commands {
		out, stderr, code := runCmd(t, "", name, "--help")
		if code != 0 {
			continue // a command without flags of its own
		}
		for _, line := range strings.Split(out+stderr, "\n") {
			if strings.Count(line, "(default") > 1 {
				t.Errorf("%s --help: %q states its default twice", name, strings.TrimSpace(line))
			}
		}
	}
}

// A puzzle file saved by Windows Notepad (a byte-order mark, CRLF line
// ends) reads as any other: the mark made line 1 "unexpected '\ufeff'".
func TestPuzzleFileFromNotepad(t *testing.T) {
	const a = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	const b = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	plain, _, code := runCmd(t, a+"\n"+b+"\n", "solve")
	if code != 0 || strings.Count(plain, "\n") != 2 {
		t.Fatalf("solve of two puzzles: exit %d, %q", code, plain)
	}
	file := filepath.Join(t.TempDir(), "notepad.txt")
	if err := os.WriteFile(file, []byte("\ufeff"+a+"\r\n"+b+"\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCmd(t, "", "solve", file)
	if code != 0 || out != plain {
		t.Errorf("solve of a Notepad file: exit %d, stdout %q, stderr %q; want 0 and %q", code, out, stderr, plain)
	}
	// A mark anywhere else is still refused.
	if _, stderr, code := runCmd(t, a+"\n\ufeff"+b+"\n", "solve"); code != 2 || !strings.Contains(stderr, "stdin:2:") {
		t.Errorf("a mark on line 2: exit %d, stderr %q; want 2 naming line 2", code, stderr)
	}
}
