package templates

import (
	"embed"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

//go:embed lang/steps/*.yaml
var stepsFS embed.FS

// Steps returns the words a grader's step is told in, in one language
// (lang/steps/CODE.yaml): one template per technique, and per shape where
// the words differ, with the lesser words they are made of (house names,
// "and", what a step removes). The wording package fills them from a
// step's pattern; the web edition's script fills the same templates in the
// reader's browser.
func Steps(code string) (map[string]string, error) {
	data, err := stepsFS.ReadFile("lang/steps/" + code + ".yaml")
	if err != nil {
		return nil, fmt.Errorf("no step words in language %q (want one of %s)", code, strings.Join(Languages(), ", "))
	}
	var words map[string]string
	if err := yaml.Unmarshal(data, &words); err != nil {
		return nil, fmt.Errorf("step words %s: %w", code, err)
	}
	return words, nil
}
