// Command mkengine builds the generator page's engine: package web/wasm
// compiled to WebAssembly, gzipped, and the Go distribution's
// wasm_exec.js that runs it, into the folder it is given (web/wasmbin
// under go generate). The build is reproducible (trimmed paths, no build
// id, gzip with no name or time), so the same commit and Go give the same
// bytes.
//
//	go run ./web/internal/mkengine -o DIR
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	out := flag.String("o", "", "the folder to write engine.wasm.gz and wasm_exec.js into")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "mkengine: want -o DIR")
		os.Exit(2)
	}
	if err := build(*out); err != nil {
		fmt.Fprintln(os.Stderr, "mkengine:", err)
		os.Exit(1)
	}
}

func build(dir string) error {
	tmp, err := os.MkdirTemp("", "mkengine")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	wasm := filepath.Join(tmp, "engine.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w -buildid=", "-o", wasm,
		"github.com/sudokubook/sudokubook/web/wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build: %w", err)
	}
	raw, err := os.ReadFile(wasm)
	if err != nil {
		return err
	}
	var z bytes.Buffer
	w, err := gzip.NewWriterLevel(&z, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := w.Write(raw); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	js, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "engine.wasm.gz"), z.Bytes(), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644)
}
