package wording

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

var placeholderRE = regexp.MustCompile(`\{[A-Za-z][A-Za-z0-9]*\}`)

// placeholders lists the names a template fills, sorted, each once.
func placeholders(tmpl string) []string {
	var out []string
	for _, m := range placeholderRE.FindAllString(tmpl, -1) {
		out = append(out, m[1:len(m)-1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// stepNames are what every step's template may name besides its fields.
var stepNames = []string{"t", "el", "res"}

// TestEveryTechniqueHasWords holds every technique of the ladder to a
// template in every language, and every template to the fields its
// technique's pattern gives it: a technique added without its words, or a
// template that names a part its pattern lacks, fails here.
func TestEveryTechniqueHasWords(t *testing.T) {
	known := maps.Clone(parts)
	for tech := engine.Technique(0); tech < engine.NumTechniques; tech++ {
		forms := Forms(tech)
		if len(forms) == 0 {
			t.Errorf("%s has no templates: give it a sayer and a form in wording/say.go and its words in templates/lang/steps", tech)
		}
		for key, fields := range forms {
			if f, ok := known[key]; ok && f != fields {
				t.Errorf("%s: template %s with fields %q, elsewhere %q", tech, key, fields, f)
			}
			known[key] = fields
		}
	}
	en, err := templates.Steps("en")
	if err != nil {
		t.Fatal(err)
	}
	// A lesson's own template ("l" before a form's key, Words.Lesson)
	// takes its form's fields, and every language must have it.
	for key := range en {
		if f, ok := known[strings.TrimPrefix(key, "l")]; ok && strings.HasPrefix(key, "l") {
			known[key] = f
		}
	}
	for _, code := range templates.Languages() {
		words, err := templates.Steps(code)
		if err != nil {
			t.Fatal(err)
		}
		for key, fields := range known {
			tmpl, ok := words[key]
			if !ok {
				t.Errorf("%s: no template %s", code, key)
				continue
			}
			allowed := append(strings.Fields(fields), stepNames...)
			if strings.Contains(" "+fields+" ", " B ") {
				allowed = append(allowed, "base", "cover")
			}
			for _, name := range placeholders(tmpl) {
				if !slices.Contains(allowed, name) {
					t.Errorf("%s: template %s %q names {%s}, which its pattern does not give (%s)", code, key, tmpl, name, fields)
				}
			}
			if got, want := placeholders(tmpl), placeholders(en[key]); !slices.Equal(got, want) {
				t.Errorf("%s: template %s fills %v, English %v", code, key, got, want)
			}
		}
		for key := range words {
			if _, ok := known[key]; !ok {
				t.Errorf("%s: template %s belongs to no technique", code, key)
			}
		}
	}
}

// TestStepsFillTheirForms tells the steps of every technique met in the
// test puzzles in every language: each takes one of its technique's
// templates, with exactly the fields it declares, and no placeholder is
// left unfilled.
func TestStepsFillTheirForms(t *testing.T) {
	if testing.Short() {
		t.Skip("tells every step of a corpus of puzzles in five languages: the full tier (go test without -short) runs it")
	}
	var ws []*Words
	for _, code := range templates.Languages() {
		w, err := New(code)
		if err != nil {
			t.Fatal(err)
		}
		ws = append(ws, w)
	}
	met := map[engine.Technique]bool{}
	for _, c := range corpus(t, 40) {
		met[c.step.Technique] = true
		key, fields := Fields(c.geo, c.step)
		want, ok := Forms(c.step.Technique)[key]
		if !ok {
			t.Errorf("%s: template %s is not among its forms %v", c.step.Technique, key, Forms(c.step.Technique))
			continue
		}
		checkFields(t, c.step.Technique.String()+" "+key, fields, want)
		for _, w := range ws {
			got := w.Step(c.geo, &c.board, c.step)
			if left := placeholderRE.FindString(got); left != "" || got == "" {
				t.Errorf("%s: %s left %s unfilled: %q", w.texts.Code, c.step.Technique, left, got)
			}
			if lesson := w.Lesson(c.geo, &c.board, c.step); placeholderRE.MatchString(lesson) || lesson == "" {
				t.Errorf("%s: %s lesson left a placeholder unfilled: %q", w.texts.Code, c.step.Technique, lesson)
			}
		}
	}
	if len(met) < 40 {
		t.Errorf("the test puzzles reach %d techniques, want 40 or more", len(met))
	}
	for _, tech := range []engine.Technique{engine.KropkiDot, engine.XVPair, engine.ConsecutivePair, engine.InequalitySign, engine.NoMark} {
		if !met[tech] {
			t.Errorf("no test puzzle takes a %s step", tech)
		}
	}
}

// checkFields holds fields to the names want and each lesser template's
// fields to its own.
func checkFields(t *testing.T, where string, fields []Field, want string) {
	t.Helper()
	var names []string
	for _, f := range fields {
		names = append(names, f.Name)
		switch f.Kind {
		case Template:
			checkFields(t, where+" "+f.Text, f.Parts, parts[f.Text])
		case TemplateList:
			if _, ok := parts[f.Text]; !ok {
				t.Errorf("%s: %s joins by %q, no lesser template", where, f.Name, f.Text)
			}
			for _, x := range f.List {
				checkFields(t, where+" "+x.Text, x.Parts, parts[x.Text])
			}
		}
	}
	if got := strings.Join(names, " "); got != want {
		t.Errorf("%s: fields %q, want %q", where, got, want)
	}
}

// TestByParts: a technique worded by its parts in order fills each name
// from its part as the part's role reads, and declares the names it fills.
func TestByParts(t *testing.T) {
	tech := byParts("thermo", "d _ a h o")
	if got := tech.forms["thermo"]; got != "d a h o" {
		t.Errorf("forms %q, want \"d a h o\"", got)
	}
	geo := engine.Classic9
	s := engine.Step{Technique: engine.XWing, Pattern: engine.Pattern{Parts: []engine.Part{
		{Role: engine.RoleDigit, Digits: engine.Bit(4)},
		{Role: engine.RoleTarget, Cells: []int{80}},
		{Role: engine.RoleBase, Cells: []int{0, 1, 2}},
		{Role: engine.RoleHouse, Houses: []int{0}},
		{Role: engine.RoleEnds, Cells: []int{3, 12}},
	}}, Eliminations: []engine.Elimination{{Cell: 5, Digit: 4}}}
	key, fields := tech.say(geo, s)
	checkFields(t, key, fields, tech.forms[key])
	w := &Words{texts: mustTexts(t), t: map[string]string{"thermo": "{d} on {a} in {h}, {o}: {el}", "and": " and ", "kor": " or ",
		"row": "row {n}", "leaves": "{d} leaves {cs}", "semi": "; "}}
	if got, want := w.fill(geo, key, fields, s, nil), "4 on r1c1, r1c2 and r1c3 in row 1, r1c4 or r2c4: 4 leaves r1c6"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func mustTexts(t *testing.T) *templates.Texts {
	t.Helper()
	texts, err := templates.Language("en")
	if err != nil {
		t.Fatal(err)
	}
	return texts
}

// TestNoEnglishInOtherLanguages tells every step of the corpus (every
// kind's rungs, the marks' included) in each language but English: no
// word of four letters or more that the English telling of the same step
// uses may appear, but for the language's technique names and the few
// words it spells as English does, so no English template or technique
// name leaks into a French, German, Spanish or Italian book or page.
func TestNoEnglishInOtherLanguages(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	en, err := New("en")
	if err != nil {
		t.Fatal(err)
	}
	word := regexp.MustCompile(`\p{L}{4,}`)
	steps := corpus(t, 10)
	for _, code := range templates.Languages() {
		if code == "en" {
			continue
		}
		w, err := New(code)
		if err != nil {
			t.Fatal(err)
		}
		// Words the language spells as English does, and its technique
		// names (some are English names, as "X-Wing").
		own := map[string]bool{"pivot": true, "cages": true, "solution": true, "place": true}
		for _, s := range w.texts.Techniques {
			for _, x := range word.FindAllString(s, -1) {
				own[x] = true
			}
		}
		leaks := map[string]string{}
		for _, c := range steps {
			english := map[string]bool{}
			for _, x := range word.FindAllString(en.Step(c.geo, &c.board, c.step), -1) {
				english[x] = true
			}
			got := w.Step(c.geo, &c.board, c.step)
			for _, x := range word.FindAllString(got, -1) {
				if english[x] && !own[x] && leaks[x] == "" {
					leaks[x] = c.step.Technique.String() + ": " + got
				}
			}
		}
		for x, where := range leaks {
			t.Errorf("%s: the English word %q in %q", code, x, where)
		}
	}
}

// TestLessonsTellThePattern holds the techniques a lesson page teaches
// in a sentence to a lesson template for every form of theirs, in every
// language, that does not name the technique: the page's head names it,
// and the sentence says why the step holds ("along r7c9=r6c9-..., each =
// joins the only two places of the 1 ...", not "X-chain on 1: ...").
func TestLessonsTellThePattern(t *testing.T) {
	taught := []engine.Technique{
		engine.Pointing, engine.Claiming, engine.NakedPair, engine.XWing, engine.Swordfish,
		engine.FinnedXWing, engine.FinnedSwordfish, engine.Skyscraper, engine.TwoStringKite,
		engine.XYWing, engine.XYZWing, engine.WWing, engine.WXYZWing, engine.SimpleColouring,
		engine.XChain, engine.XYChain, engine.AIC, engine.GroupedAIC,
		engine.ALSXZ, engine.ALSXYWing, engine.ALSChain, engine.Medusa3D,
		engine.EmptyRectangle, engine.UniqueRectangle1, engine.UniqueRectangle2, engine.UniqueRectangle3,
		engine.UniqueRectangle4, engine.UniqueRectangle5, engine.UniqueRectangle6, engine.HiddenRectangle,
		engine.BUGPlus1, engine.SueDeCoq, engine.DeathBlossom, engine.AlignedPairExclusion,
	}
	for _, code := range templates.Languages() {
		words, err := templates.Steps(code)
		if err != nil {
			t.Fatal(err)
		}
		for _, tech := range taught {
			for key := range Forms(tech) {
				l, ok := words["l"+key]
				switch {
				case !ok:
					t.Errorf("%s: %s has no lesson template l%s", code, tech, key)
				case strings.Contains(l, "{t}"):
					t.Errorf("%s: lesson template l%s %q names the technique", code, key, l)
				}
			}
		}
	}
}

// TestForcingLessonEitherWay tells a cell forcing chain as a lesson
// does: the start cell's two choices, each branch's supposition and the
// singles it forces, and the conclusion both reach, in words rather than
// in the notation's "r1c5=8".
func TestForcingLessonEitherWay(t *testing.T) {
	geo := engine.Classic9
	at := func(r, c int) int { return r*9 + c }
	row4 := 3
	s := engine.Step{Technique: engine.ForcingChain, Placements: []engine.Placement{{Cell: at(3, 1), Digit: 3}},
		Pattern: engine.Pattern{Parts: []engine.Part{
			{Role: engine.RolePivot, Cells: []int{at(0, 4)}, Digits: engine.Bit(8) | engine.Bit(9)},
			{Role: engine.RoleLink, Cells: []int{at(0, 4)}, Digits: engine.Bit(8)},
			{Role: engine.RoleCells, Cells: []int{at(3, 1)}, Digits: engine.Bit(3), Houses: []int{row4}},
			{Role: engine.RoleLink, Cells: []int{at(0, 4)}, Digits: engine.Bit(9)},
			{Role: engine.RoleCells, Cells: []int{at(0, 5)}, Digits: engine.Bit(8)},
			{Role: engine.RoleCells, Cells: []int{at(3, 1)}, Digits: engine.Bit(3), Houses: []int{row4}},
			{Role: engine.RoleTarget, Cells: []int{at(3, 1)}, Digits: engine.Bit(3)},
		}}}
	want := map[string]string{
		"en": "r1c5 can only be 8 or 9: if r1c5 is 8, then r4c2 is 3 (its only place in row 4); " +
			"if r1c5 is 9, then r1c6 is 8 (its only candidate), r4c2 is 3 (its only place in row 4); either way r4c2 is 3",
		"de": "r1c5 kann nur 8 oder 9 sein: ist r1c5 8, so gilt: r4c2 ist 3 (einziger Platz in Zeile 4); " +
			"ist r1c5 9, so gilt: r1c6 ist 8 (einziger Kandidat), r4c2 ist 3 (einziger Platz in Zeile 4); in beiden Fällen ist r4c2 3",
	}
	for _, code := range templates.Languages() {
		w, err := New(code)
		if err != nil {
			t.Fatal(err)
		}
		got := w.Lesson(geo, nil, s)
		if x, ok := want[code]; ok && got != x {
			t.Errorf("%s: %q\nwant %q", code, got, x)
		}
		if placeholderRE.MatchString(got) || strings.Contains(got, "r1c5=8") || strings.Count(got, "r1c5") != 3 {
			t.Errorf("%s: %q: want the start cell named three times, in words, every placeholder filled", code, got)
		}
		t.Log(got)
	}
}
