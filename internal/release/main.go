// Command release packs sudokubook's release archives and their checksums
// byte for byte the same on every run and every machine; scripts/release
// builds the binaries and calls it.
//
//	go run ./internal/release archive -o FILE -prefix DIR -mtime UNIX -bin BINARY PATH...
//	go run ./internal/release sums -o SHA256SUMS ARCHIVE...
//
// archive writes FILE (.zip or .tar.gz, by its name) holding, under DIR/,
// the binary (mode 0755) and each PATH as it stands relative to the
// current folder, a folder with every regular file in it (mode 0644).
// sums writes one "SHA-256  name" line an archive, as sha256sum -c reads.
package main

import (
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "release: %v\n", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return errors.New("want a command: archive or sums")
	}
	switch args[0] {
	case "archive":
		return runArchive(args[1:])
	case "sums":
		return runSums(args[1:])
	}
	return fmt.Errorf("unknown command %q: want archive or sums", args[0])
}

func runArchive(args []string) error {
	flags := flag.NewFlagSet("archive", flag.ContinueOnError)
	out := flags.String("o", "", "the archive to write, .zip or .tar.gz")
	prefix := flags.String("prefix", "", "the folder everything unpacks into")
	epoch := flags.Int64("mtime", 0, "every entry's time, in seconds since 1970")
	bin := flags.String("bin", "", "the binary")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if *out == "" || *prefix == "" || *bin == "" {
		return errors.New("archive: -o, -prefix and -bin are required")
	}
	format := ""
	switch {
	case strings.HasSuffix(*out, ".zip"):
		format = "zip"
	case strings.HasSuffix(*out, ".tar.gz"):
		format = "tar.gz"
	default:
		return fmt.Errorf("-o %s: want a name ending .zip or .tar.gz", *out)
	}
	data, err := os.ReadFile(*bin)
	if err != nil {
		return err
	}
	entries := []entry{{name: filepath.Base(*bin), mode: 0o755, data: data}}
	for _, p := range flags.Args() {
		more, err := collect(p)
		if err != nil {
			return err
		}
		entries = append(entries, more...)
	}
	return writeFile(*out, func(f *os.File) error {
		return writeArchive(f, format, withFolders(*prefix, entries), time.Unix(*epoch, 0))
	})
}

// collect reads the regular file at p, or every regular file under the
// folder p, refusing anything else (a link would put into the archive
// what is outside the tree).
func collect(p string) ([]entry, error) {
	var entries []entry
	err := filepath.WalkDir(p, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s: not a regular file", name)
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		entries = append(entries, entry{name: filepath.ToSlash(filepath.Clean(name)), mode: 0o644, data: data})
		return nil
	})
	return entries, err
}

func runSums(args []string) error {
	flags := flag.NewFlagSet("sums", flag.ContinueOnError)
	out := flags.String("o", "", "the checksum file to write")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if *out == "" || flags.NArg() == 0 {
		return errors.New("sums: want -o FILE and at least one archive")
	}
	names := slices.Clone(flags.Args())
	slices.SortFunc(names, func(a, b string) int { return strings.Compare(filepath.Base(a), filepath.Base(b)) })
	var b strings.Builder
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%x  %s\n", sha256.Sum256(data), filepath.Base(n))
	}
	return writeFile(*out, func(f *os.File) error {
		_, err := f.WriteString(b.String())
		return err
	})
}

// writeFile writes name through a temporary file beside it, renamed into
// place only when whole, so a failed run leaves no half archive.
func writeFile(name string, write func(*os.File) error) error {
	f, err := os.CreateTemp(filepath.Dir(name), ".release-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), name)
}
