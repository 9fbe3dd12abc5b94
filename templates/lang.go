package templates

import (
	"embed"
	"fmt"
	"regexp"
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

	Puzzle   string `yaml:"puzzle"`   // heading of a grid: "Puzzle {number}"
	Solution string `yaml:"solution"` // label of a solved grid: "{number}"
	// Each grid names the page of its other half: a puzzle its
	// solution's ("Solution p. 87"), a solution its puzzle's ("p. 12").
	SolutionPage string `yaml:"solution_page"` // {page}
	PuzzlePage   string `yaml:"puzzle_page"`   // {page}
	Solutions    string `yaml:"solutions"`     // appendix heading
	Hints        string `yaml:"hints"`         // heading of the hints appendix
	// HintsContinued heads each later page of the hints appendix.
	HintsContinued string `yaml:"hints_continued"`
	Tutorial       string `yaml:"tutorial"` // caption of a technique page: how to read its grid
	Contents       string `yaml:"contents"`

	// Page furniture: a contents entry with its puzzle numbers ("Easy,
	// puzzles 1–24"), a solution page's head ("Solutions 10–18"), the
	// range on a section's opener page, and the labels of a worksheet's
	// name line. {last} sits in an optional part: a run of one puzzle
	// prints its number alone.
	ContentsEntry  string `yaml:"contents_entry"`  // {section}, {first}, {last}
	SolutionsRange string `yaml:"solutions_range"` // {first}, {last}
	SolutionsOne   string `yaml:"solutions_one"`   // {first}: a page of one solution
	PuzzleRange    string `yaml:"puzzle_range"`    // {first}, {last}
	// The same for a section of one puzzle, in the singular ("Bonus,
	// puzzle 101", "Puzzle 101"), as "puzzles 101" reads wrong.
	ContentsOne string            `yaml:"contents_one"` // {section}, {first}
	PuzzleOne   string            `yaml:"puzzle_one"`   // {first}
	NameLine    []string          `yaml:"name_line"`    // Name, Date, Time
	Intro       string            `yaml:"intro"`        // heading of the intro page
	Levels      map[string]string `yaml:"levels"`       // easy..extreme -> printed name
	// A calendar's dates: DateFormat with {weekday}, {day}, {month} and
	// {year}; Weekdays from Monday, Months from January.
	DateFormat string   `yaml:"date"`
	Weekdays   []string `yaml:"weekdays"`
	Months     []string `yaml:"months"`
	// Techniques names each rung of the grader's ladder, keyed by the
	// engine's own name ("hidden single"), for hints and tutorial pages.
	Techniques map[string]string `yaml:"techniques"`

	HowToPlayTitle string   `yaml:"how_to_play_title"`
	HowToPlay      []string `yaml:"how_to_play"`  // paragraphs; "{promise}" stands for one of the two below
	LogicOnly      string   `yaml:"logic_only"`   // the promise when no puzzle needs trial and error
	TrialNeeded    string   `yaml:"trial_needed"` // what is true when some puzzle does
	ExampleCaption string   `yaml:"example_caption"`

	// The how-to-play pages of the kinds other than classic 9x9. A kind's
	// page opens with KindFill (KindFillLetters for a 16x16 book set in
	// letters), {low} and {high} being its first and last symbol, then
	// its own rules. Kinds is keyed by the spec's variant name; "classic"
	// holds the rules of the sizes other than 9x9.
	KindFill string `yaml:"kind_fill"`
	// KindFillSides opens instead the page of a kind on several sides,
	// whose numbers run to each grid's side: {low} the first number, {n}
	// and {high} the smallest side and its last number, {side} and {top}
	// the largest's.
	KindFillSides string `yaml:"kind_fill_sides"`
	// ChildRules are the classic rules for children (front.children), in
	// short sentences: {low} and {high} the first and last number; and
	// ChildExample the example's caption ({digit}). BelongsTo heads the
	// page a child writes their name on (front.belongs_to).
	ChildRules   []string `yaml:"child_rules"`
	ChildExample string   `yaml:"child_example"`
	// ChildRulesShapes and ChildExampleShape are the same for a grid
	// printed in shapes (style.shapes): the first paragraph ends on the
	// shapes, drawn after it with their Shapes names; the caption's
	// {shape} is the example's shape as ShapesA says it, with its article
	// ("a star", "una estrella"). Both lists run 1 to 6: circle, square,
	// triangle, star, heart, diamond.
	ChildRulesShapes  []string             `yaml:"child_rules_shapes"`
	ChildExampleShape string               `yaml:"child_example_shape"`
	Shapes            []string             `yaml:"shapes"`
	ShapesA           []string             `yaml:"shapes_a"`
	BelongsTo         string               `yaml:"belongs_to"`
	KindFillLetters   string               `yaml:"kind_fill_letters"`
	Kinds             map[string]KindRules `yaml:"kinds"`
	// KindSection is the default title of a section of another kind than
	// classic 9x9: {kind}, the kind's Name, and {level}.
	KindSection string `yaml:"kind_section"`

	// The killer reference page: the sums that only one or two digit sets
	// make, by cage size. Intro: {low} and {high}, the digits; Cells: {k}.
	CageCombosTitle string `yaml:"cage_combos_title"`
	CageCombosIntro string `yaml:"cage_combos_intro"`
	CageCombosCells string `yaml:"cage_combos_cells"`
	// CageCombosContinued heads the part of the page that runs onto a
	// second page (large print).
	CageCombosContinued string `yaml:"cage_combos_continued"`

	// A killer's first steps on a tutorial page, in its own terms: a cage
	// combination ({number}, {sum}, {size}, {sets}) and the rule of 45 on
	// one house, its innies or outies ({number}, {house}, {total}, {cages},
	// {sum}, and {sets} when the note lists them). {sets} are digit sets
	// ("6+8") joined by SetsOr; {house} is HouseRow, HouseColumn or HouseBox
	// with its number {n}.
	KillerTutorialCage   string `yaml:"killer_tutorial_cage"`
	KillerTutorialInnies string `yaml:"killer_tutorial_innies"`
	KillerTutorialOuties string `yaml:"killer_tutorial_outies"`
	HouseRow             string `yaml:"house_row"`
	HouseColumn          string `yaml:"house_column"`
	HouseBox             string `yaml:"house_box"`
	SetsOr               string `yaml:"sets_or"`

	Copyright   string `yaml:"copyright"`    // "© {year} {author}. All rights reserved."
	GeneratedBy string `yaml:"generated_by"` // "Puzzles made with {generator} {version}, seed {seed}."
	Rebuild     string `yaml:"rebuild"`      // how a reprint is rebuilt
	// CoverCount is the front cover's count of the book's puzzles, "240
	// puzzles": the first thing a shop's buyer asks of a puzzle book.
	CoverCount string `yaml:"cover_count"` // {count}
}

// KindRules is one kind's texts: its name, and its how-to-play page: its
// title ({n}: the grid side), its rules after the opening paragraph ({n};
// {box}, the box shape such as 2x3; {bulb}, the most a four-cell
// thermometer's bulb holds), and the caption of its example ({digit},
// the symbol the framed cell holds; ExamplePlain when no cell is pointed
// at).
type KindRules struct {
	Name         string   `yaml:"name"` // the kind as a heading names it: "Sudoku X", "{n}x{n} Sudoku"
	Title        string   `yaml:"title"`
	Rules        []string `yaml:"rules"`
	Example      string   `yaml:"example"`
	ExamplePlain string   `yaml:"example_plain"`
}

// Level returns the printed name of a level ("easy" -> "Easy", "Fácil").
func (t *Texts) Level(name string) string {
	if s, ok := t.Levels[name]; ok {
		return s
	}
	return name
}

// Technique returns the printed name of a technique given by the engine's
// name ("naked pair" -> "nacktes Paar"), or that name if the language has
// none.
func (t *Texts) Technique(name string) string {
	if s, ok := t.Techniques[name]; ok {
		return s
	}
	return name
}

// Fill replaces placeholders in s with the values given as name, value
// pairs. A part of s in square brackets is optional: it is printed, without
// its brackets, only when every placeholder inside it has a value, so
// "© {year}[ {author}]." reads "© 2026." for a book with no author rather
// than "© 2026 .". Optional parts do not nest.
func Fill(s string, kv ...string) string {
	pairs := make([]string, 0, len(kv))
	empty := map[string]bool{}
	for i := 0; i+1 < len(kv); i += 2 {
		pairs = append(pairs, "{"+kv[i]+"}", kv[i+1])
		empty["{"+kv[i]+"}"] = strings.TrimSpace(kv[i+1]) == ""
	}
	r := strings.NewReplacer(pairs...)
	var b strings.Builder
	for {
		open := strings.IndexByte(s, '[')
		end := strings.IndexByte(s[max(open, 0):], ']')
		if open < 0 || end < 0 {
			break
		}
		end += open
		b.WriteString(r.Replace(s[:open]))
		part := s[open+1 : end]
		keep := true
		for _, p := range placeholderRE.FindAllString(part, -1) {
			if e, known := empty[p]; !known || e {
				keep = false
			}
		}
		if keep {
			b.WriteString(r.Replace(part))
		}
		s = s[end+1:]
	}
	b.WriteString(r.Replace(s))
	return b.String()
}

// placeholderRE finds the {name} placeholders of a text.
var placeholderRE = regexp.MustCompile(`\{[a-z_]+\}`)

// Optional lists the placeholders a book may leave empty; every text that
// holds one puts it in an optional [part] (see Fill).
var Optional = []string{"author", "subtitle", "version", "last"}

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
