package templates

import (
	"embed"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

//go:embed lang/*.yaml
var langFS embed.FS

// Texts are every word a book prints, in one language. Strings may hold the
// placeholders {title}, {author}, {year}, {seed}, {generator}, {version},
// {number} and {page}; Fill replaces them.
type Texts struct {
	Code string `yaml:"-"`    // en, es, ...
	Name string `yaml:"name"` // the language's own name, e.g. "Español"

	Puzzle    string            `yaml:"puzzle"`    // heading of a grid: "Puzzle {number}"
	Solution  string            `yaml:"solution"`  // label of a solved grid: "{number}"
	Solutions string            `yaml:"solutions"` // appendix heading
	Contents  string            `yaml:"contents"`
	Intro     string            `yaml:"intro"`  // heading of the intro page
	Levels    map[string]string `yaml:"levels"` // easy..extreme -> printed name

	HowToPlayTitle string   `yaml:"how_to_play_title"`
	HowToPlay      []string `yaml:"how_to_play"` // paragraphs
	ExampleCaption string   `yaml:"example_caption"`

	Copyright   string `yaml:"copyright"`    // "© {year} {author}. All rights reserved."
	GeneratedBy string `yaml:"generated_by"` // "Puzzles made with {generator} {version}, seed {seed}."
	Rebuild     string `yaml:"rebuild"`      // how a reprint is rebuilt
}

// Level returns the printed name of a level ("easy" -> "Easy", "Fácil").
func (t *Texts) Level(name string) string {
	if s, ok := t.Levels[name]; ok {
		return s
	}
	return name
}

// Fill replaces placeholders in s with the values given as name, value pairs.
func Fill(s string, kv ...string) string {
	pairs := make([]string, 0, len(kv))
	for i := 0; i+1 < len(kv); i += 2 {
		pairs = append(pairs, "{"+kv[i]+"}", kv[i+1])
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

// Languages lists the language codes there are texts for, sorted.
func Languages() []string { return yamlNames(langFS, "lang") }

// Language loads the texts of one language code.
func Language(code string) (*Texts, error) {
	data, err := langFS.ReadFile("lang/" + code + ".yaml")
	if err != nil {
		return nil, fmt.Errorf("unknown language %q (want one of %s)", code, strings.Join(Languages(), ", "))
	}
	var t Texts
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("language %s: %w", code, err)
	}
	t.Code = code
	return &t, nil
}
