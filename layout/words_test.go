package layout

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/templates"
)

// strayText is what a template leaves when an optional field it prints is
// missing: a placeholder or bracket, a doubled space, a space before
// punctuation, or a line starting with punctuation.
var strayText = regexp.MustCompile(`[{}\[\]]|  | [.,)]|^[.,;:]`)

// leaders are the contents page's dot leaders, the one string made of
// punctuation on purpose.
var leaders = regexp.MustCompile(`^[. ]+$`)

// TestOptionalFieldsMissing renders a book with each optional field left
// out in turn (no subtitle, no author, no version, no generator), and in
// every language with all of them and the intro left out, and reads every
// string of every page back. (The templates' own test fills every text of
// every language with each combination.)
func TestOptionalFieldsMissing(t *testing.T) {
	for _, lang := range templates.Languages() {
		for _, missing := range []string{"subtitle", "author", "version", "generator", "all"} {
			if lang != "en" && missing != "all" {
				continue
			}
			t.Run(lang+"/"+missing, func(t *testing.T) {
				s := testSpec()
				s.Language = lang
				opt := testOptions
				all := missing == "all"
				if all || missing == "subtitle" {
					s.Subtitle = ""
				}
				if all || missing == "author" {
					s.Author = ""
				}
				if all || missing == "version" {
					opt.Version = ""
				}
				if all || missing == "generator" {
					opt.Generator = ""
				}
				if all {
					s.Intro = ""
				}
				res := render(t, testBook(s, 3, 2), opt)
				ctx := readPDF(t, res.PDF)
				sawCopyright := false
				for n := 1; n <= res.Report.Pages; n++ {
					for _, str := range pageText(t, pageContent(t, ctx, n)) {
						if strayText.MatchString(str) && !leaders.MatchString(str) {
							t.Errorf("page %d prints %q", n, str)
						}
						if strings.HasPrefix(str, "©") {
							sawCopyright = true
							if s.Author == "" && !strings.HasPrefix(str, "© "+strconv.Itoa(s.Year)+".") {
								t.Errorf("copyright line %q, want the year followed by a full stop", str)
							}
						}
					}
				}
				if !sawCopyright {
					t.Error("no copyright line printed")
				}
			})
		}
	}
}

// greyOp finds every grey the content streams set: "0.250 g" fills and
// text, "0.250 G" strokes.
var greyOp = regexp.MustCompile(`(?:^|\s)([0-9.]+) ([gG])\b`)

// TestNoLightGrey: every grey a book's pages set, for text, lines or fills,
// is at least 70% black, or white paper. A lighter grey halftones into
// fuzz on a print-on-demand press.
func TestNoLightGrey(t *testing.T) {
	s := testSpec()
	res := render(t, testBook(s, 7, 5), Options{Generator: "sudokubook", Version: "1", Year: 2026, Uncompressed: true})
	ctx := readPDF(t, res.PDF)
	seen := 0
	for n := 1; n <= res.Report.Pages; n++ {
		for _, m := range greyOp.FindAllStringSubmatch(pageContent(t, ctx, n), -1) {
			v, err := strconv.ParseFloat(m[1], 64)
			if err != nil {
				t.Fatalf("page %d: grey %q: %v", n, m[0], err)
			}
			seen++
			if v > float64(lightestInk)+0.002 && v != 1 {
				t.Errorf("page %d sets grey %s (%s): want 0 to %.2f (at least 70%% black) or 1 (paper)", n, m[1], m[2], float64(lightestInk))
			}
		}
	}
	if seen == 0 {
		t.Fatal("no grey operators found: the test reads nothing")
	}
}
