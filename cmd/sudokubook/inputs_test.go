package main

import (
	"bytes"
	bin "encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pngClaiming is a PNG of a few bytes whose header claims w x h pixels.
func pngClaiming(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 17)
	copy(ihdr, "IHDR")
	bin.BigEndian.PutUint32(ihdr[4:], w)
	bin.BigEndian.PutUint32(ihdr[8:], h)
	ihdr[12], ihdr[13] = 8, 0 // 8-bit grey
	bin.Write(&b, bin.BigEndian, uint32(13))
	b.Write(ihdr)
	bin.Write(&b, bin.BigEndian, crc32.ChecksumIEEE(ihdr))
	return b.Bytes()
}

// jpegClaiming is a JPEG header (start, JFIF, frame) whose frame claims
// w x h pixels.
func jpegClaiming(w, h uint16) []byte {
	b := []byte{0xff, 0xd8, 0xff, 0xe0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xc0, 0, 17, 8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), 3}
	for id := byte(1); id <= 3; id++ {
		b = append(b, id, 0x11, 0)
	}
	return b
}

func smallPNG(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 40, 50))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func artSpec(title, art string) string {
	return seriesSpec(title, "seed: 5\ncover: {art: "+art+"}\n")
}

// TestArtBoundedByHeader: art whose header claims more pixels than any
// cover needs is refused at once, exit 2, naming cover.art, its size and
// the bound, with no output folder made.
func TestArtBoundedByHeader(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string][]byte{
		"huge.png": pngClaiming(65535, 65535),
		"huge.jpg": jpegClaiming(65535, 65535),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		spec := writeSpec(t, dir, name+".yaml", artSpec("A", name))
		out := filepath.Join(dir, "out-"+name)
		_, stderr, code := runCmd(t, "", "build", spec, "-o", out, "--quiet")
		if code != 2 || !strings.Contains(stderr, "cover.art") || !strings.Contains(stderr, "65535x65535") || !strings.Contains(stderr, "67.5 million") {
			t.Errorf("%s (%d bytes): exit %d, want 2 naming cover.art, 65535x65535 and the bound: %s", name, len(data), code, stderr)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s: the output folder was made", name)
		}
	}
}

// TestSeriesBadArtCommitsNothing: every volume's inputs are checked before
// the first is built; a bad second volume leaves no first volume behind.
func TestSeriesBadArtCommitsNothing(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "good.png"), smallPNG(t), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bad.png"), pngClaiming(65535, 65535), 0o644); err != nil {
		t.Fatal(err)
	}
	v1 := writeSpec(t, dir, "v1.yaml", artSpec("One", "good.png"))
	v2 := writeSpec(t, dir, "v2.yaml", artSpec("Two", "bad.png"))
	out := filepath.Join(dir, "series")
	_, stderr, code := runCmd(t, "", "build", v1, v2, "-o", out, "--quiet")
	if code != 2 || !strings.Contains(stderr, v2) || !strings.Contains(stderr, "cover.art") {
		t.Errorf("exit %d, want 2 naming %s and cover.art: %s", code, v2, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s was made: volume 1 was built before volume 2's art was read", out)
	}
}

// TestSeriesBadInputsCommitNothing: the other files a spec names (a
// section's puzzles, an exclude manifest, a font), missing or unreadable
// in volume 2, stop the series before volume 1 is built: exit 2, naming
// volume 2's spec and the field, and no OUTDIR made. Before, volume 1 was
// built and committed first.
func TestSeriesBadInputsCommitNothing(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"bad.txt":          "not a puzzle line\n",
		"notmanifest.json": "{\"nope\": 1}\n",
		"bad.ttf":          "not a font\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	v1 := writeSpec(t, dir, "v1.yaml", seriesSpec("One", ""))
	for _, c := range []struct{ name, field, spec string }{
		{"puzzles missing", "sections[0].puzzles", "title: Two\nyear: 2026\nsections:\n  - {level: easy, count: 6, puzzles: missing.txt}\n"},
		{"puzzles unreadable", "sections[0].puzzles", "title: Two\nyear: 2026\nsections:\n  - {level: easy, count: 6, puzzles: bad.txt}\n"},
		{"exclude not a manifest", "exclude[0]", seriesSpec("Two", "exclude: [notmanifest.json]\n")},
		{"font not a font", "fonts.text", seriesSpec("Two", "fonts: {text: bad.ttf}\n")},
	} {
		t.Run(c.name, func(t *testing.T) {
			v2 := writeSpec(t, dir, "v2.yaml", c.spec)
			out := filepath.Join(t.TempDir(), "series")
			_, stderr, code := runCmd(t, "", "build", v1, v2, "-o", out, "--quiet")
			if code != 2 || !strings.Contains(stderr, v2) || !strings.Contains(stderr, c.field) {
				t.Errorf("exit %d, want 2 naming %s and %s: %s", code, v2, c.field, stderr)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("%s was made: volume 1 was built before volume 2's inputs were read", out)
			}
		})
	}
}

// TestSpecFilesCRLF: a spec, a puzzle file and an exclude manifest written
// with Windows line ends read as the same files with LF ends.
func TestSpecFilesCRLF(t *testing.T) {
	dir := t.TempDir()
	first := writeSpec(t, dir, "first.yaml", seriesSpec("First", "seed: 9\n"))
	mustRun(t, "build", first, "-o", filepath.Join(dir, "first"), "--quiet")
	m, err := os.ReadFile(filepath.Join(dir, "first", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	crlf := func(s string) []byte { return []byte(strings.ReplaceAll(s, "\n", "\r\n")) }
	if err := os.WriteFile(filepath.Join(dir, "first-crlf.json"), crlf(string(m)), 0o644); err != nil {
		t.Fatal(err)
	}
	own := "# mine\n" + "530070000600195000098000060800060003400803001700020006060000280000419005000080079\n"
	for _, end := range []string{"lf", "crlf"} {
		conv := func(s string) []byte { return []byte(s) }
		if end == "crlf" {
			conv = crlf
		}
		if err := os.WriteFile(filepath.Join(dir, end+".txt"), conv(own), 0o644); err != nil {
			t.Fatal(err)
		}
		exclude := "first/manifest.json"
		if end == "crlf" {
			exclude = "first-crlf.json"
		}
		text := "title: Second\nyear: 2026\nseed: 9\nexclude: [" + exclude + "]\nsections:\n  - {level: easy, count: 6, puzzles: " + end + ".txt, relabel: true}\n  - {level: medium, count: 3}\n"
		if err := os.WriteFile(filepath.Join(dir, end+".yaml"), conv(text), 0o644); err != nil {
			t.Fatal(err)
		}
		mustRun(t, "build", filepath.Join(dir, end+".yaml"), "-o", filepath.Join(dir, "out-"+end), "--quiet")
		if n := shared(keysOf(t, filepath.Join(dir, "first")), keysOf(t, filepath.Join(dir, "out-"+end))); n != 0 {
			t.Errorf("%s: the book shares %d puzzles with the one it excludes", end, n)
		}
	}
	a, _ := os.ReadFile(filepath.Join(dir, "out-lf", "book.pdf"))
	b, _ := os.ReadFile(filepath.Join(dir, "out-crlf", "book.pdf"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("the CRLF spec made another book than the LF one (%d and %d bytes)", len(a), len(b))
	}
}
