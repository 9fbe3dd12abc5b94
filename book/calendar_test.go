package book

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

func TestCalendarSections(t *testing.T) {
	s, err := Load(strings.NewReader(`title: Daily
puzzles_per_page: 1
calendar:
  start: 2026-12-07
  days: 28
  kinds: [classic, killer]
  ramp: {sunday: extreme}
`), "daily.yaml")
	if err != nil {
		t.Fatal(err)
	}
	days := s.CalendarDays()
	if len(s.Sections) != 56 || len(days) != 56 {
		t.Fatalf("%d sections and %d days, want 56 of each (28 days, 2 kinds)", len(s.Sections), len(days))
	}
	want := [7]engine.Level{engine.Easy, engine.Easy, engine.Medium, engine.Medium, engine.Hard, engine.Hard, engine.Extreme}
	for i, sec := range s.Sections {
		d := days[i]
		if wantDate := NewDate(2026, 12, 7).AddDays(i / 2); d.Date != wantDate {
			t.Fatalf("section %d is for %s, want %s", i, d.Date, wantDate)
		}
		if l := want[mondayFirst(d.Date.Weekday())]; sec.Level != l || sec.Count != 1 {
			t.Errorf("section %d (%s, a %s): %d at %s, want 1 at %s", i, d.Date, d.Date.Weekday(), sec.Count, sec.Level, l)
		}
		if wantKind := []string{"classic", "killer"}[i%2]; d.Kind.String() != wantKind || sec.Variant != d.Kind {
			t.Errorf("section %d is %s (day says %s), want %s", i, sec.Variant, d.Kind, wantKind)
		}
	}
	if got := s.Sections[1].Title; got != "Monday, 7 December 2026 — Killer Sudoku" {
		t.Errorf("second section titled %q", got)
	}
	if s.Volume != "2026-12-07..2027-01-03" {
		t.Errorf("volume %q, want the run's days", s.Volume)
	}
	first, last := s.Calendar.Span()
	if first.String() != "2026-12-07" || last.String() != "2027-01-03" {
		t.Errorf("span %s to %s", first, last)
	}
}

func TestDateLabels(t *testing.T) {
	d := NewDate(2027, 3, 1) // a Monday
	want := map[string]string{
		"en": "Monday, 1 March 2027",
		"fr": "lundi 1 mars 2027",
		"es": "lunes, 1 de marzo de 2027",
		"it": "lunedì 1 marzo 2027",
		"de": "Montag, 1. März 2027",
	}
	for _, code := range templates.Languages() {
		tx, err := templates.Language(code)
		if err != nil {
			t.Fatal(err)
		}
		if len(tx.Weekdays) != 7 || len(tx.Months) != 12 {
			t.Fatalf("%s has %d weekdays and %d months, want 7 and 12", code, len(tx.Weekdays), len(tx.Months))
		}
		if got := d.Label(tx); got != want[code] {
			t.Errorf("%s: %q, want %q", code, got, want[code])
		}
		if got := NewDate(2026, 12, 13).Label(tx); !strings.Contains(got, tx.Weekdays[6]) || !strings.Contains(got, tx.Months[11]) {
			t.Errorf("%s: Sunday 13 December is %q", code, got)
		}
	}
	if mondayFirst(time.Sunday) != 6 || mondayFirst(time.Monday) != 0 {
		t.Error("the week does not start on Monday")
	}
}

func TestCalendarEnd(t *testing.T) {
	s, err := Load(strings.NewReader("title: Daily\nlanguage: fr\ncalendar: {start: 2027-02-01, end: 2027-02-28}\n"), "d.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Sections) != 28 || s.Sections[0].Title != "lundi 1 février 2027" {
		t.Errorf("%d sections, the first %q: want 28 from lundi 1 février 2027", len(s.Sections), s.Sections[0].Title)
	}
}

func TestCalendarErrors(t *testing.T) {
	for _, tc := range []struct{ name, spec, want string }{
		{"sections too", "calendar: {start: 2026-12-07, days: 7}\nsections: [{level: easy, count: 1}]\n", "a calendar makes the book's sections"},
		{"days and end", "calendar: {start: 2026-12-07, days: 7, end: 2026-12-20}\n", "give days or end, not both"},
		{"no length", "calendar: {start: 2026-12-07}\n", "no length"},
		{"no start", "calendar: {days: 7}\n", "calendar.start: missing"},
		{"bad date", "calendar: {start: 2026-13-07, days: 7}\n", "is not a date"},
		{"too long", "calendar: {start: 2026-12-07, days: 400}\n", "400 days is not allowed"},
		{"end before start", "calendar: {start: 2026-12-07, end: 2026-12-01}\n", "days is not allowed"},
		{"weekday typo", "calendar: {start: 2026-12-07, days: 7, ramp: {mondy: easy}}\n", `unknown field "mondy"`},
		{"bad level", "calendar: {start: 2026-12-07, days: 7, ramp: {monday: tricky}}\n", "calendar.ramp.monday"},
		{"kind twice", "calendar: {start: 2026-12-07, days: 7, kinds: [killer, killer]}\n", "given twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(strings.NewReader("title: Daily\n"+tc.spec), "d.yaml")
			if err == nil || !errors.Is(err, ErrSpec) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an ErrSpec saying %q", err, tc.want)
			}
			// The calendar's own error says why it made no sections.
			if err != nil && strings.Contains(err.Error(), "sections: none given") {
				t.Errorf("got %v, which also asks for sections the calendar makes", err)
			}
		})
	}
}
