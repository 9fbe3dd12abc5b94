package main

import (
	"context"
	"fmt"

	"github.com/sudokubook/sudokubook/templates"
)

// runTemplates lists the presets a spec can name with template: and the
// languages it can name with language:.
func runTemplates(_ context.Context, e env, args []string) error {
	if err := (&flagSet{newFlags(e, "templates")}).noArgs(args); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, "Presets (template: NAME):")
	for _, p := range templates.Presets() {
		fmt.Fprintf(e.stdout, "  %-14s %s\n", p.Name, p.Description)
	}
	fmt.Fprintln(e.stdout, "Languages (language: CODE):")
	for _, code := range templates.Languages() {
		t, err := templates.Language(code)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "  %-14s %s\n", code, t.Name)
	}
	return nil
}
