package book

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// CalendarSpec asks for daily puzzles, as a newspaper or a puzzle
// syndicate buys them: from Start, for Days days (or up to End), each day
// one puzzle of every kind in Kinds at the level its weekday's Ramp
// gives. The calendar makes the book's sections, one a day and kind in
// date order, each titled by its date in the book's language; a spec
// with a calendar gives no sections of its own.
//
// With a bank, a run draws from it and records what it printed, so the
// next run (the next month: the day after End as its Start, into a new
// output folder) repeats no puzzle of any run before it.
type CalendarSpec struct {
	Start Date `yaml:"start" spec:"required"`
	Days  int  `yaml:"days"`
	End   Date `yaml:"end"`
	Ramp  Ramp `yaml:"ramp"`
	// Kinds are the kinds printed each day, in the order of the day's
	// pages; none is classic 9x9 alone.
	Kinds []Variant `yaml:"kinds"`
}

// Ramp is the level of each weekday's puzzles; a day not given takes
// DefaultRamp's.
type Ramp struct {
	Monday    *engine.Level `yaml:"monday"`
	Tuesday   *engine.Level `yaml:"tuesday"`
	Wednesday *engine.Level `yaml:"wednesday"`
	Thursday  *engine.Level `yaml:"thursday"`
	Friday    *engine.Level `yaml:"friday"`
	Saturday  *engine.Level `yaml:"saturday"`
	Sunday    *engine.Level `yaml:"sunday"`
}

// DefaultRamp is the week a newspaper prints when the spec names no
// level for a day, rising from Monday to Sunday: easy on Monday and
// Tuesday, medium on Wednesday and Thursday, hard on Friday and Saturday,
// expert on Sunday.
var DefaultRamp = [7]engine.Level{engine.Easy, engine.Easy, engine.Medium, engine.Medium, engine.Hard, engine.Hard, engine.Expert}

// weekdayNames are the ramp's fields, Monday first, as the spec names them.
var weekdayNames = [7]string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}

// Level is the level of the puzzles of a day of weekday w.
func (r Ramp) Level(w time.Weekday) engine.Level {
	i := mondayFirst(w)
	if l := r.days()[i]; l != nil {
		return *l
	}
	return DefaultRamp[i]
}

func (r Ramp) days() [7]*engine.Level {
	return [7]*engine.Level{r.Monday, r.Tuesday, r.Wednesday, r.Thursday, r.Friday, r.Saturday, r.Sunday}
}

// mondayFirst numbers the weekdays from Monday, 0, to Sunday, 6, as
// newspapers and ISO 8601 count the week.
func mondayFirst(w time.Weekday) int { return (int(w) + 6) % 7 }

// Date is a day of the calendar, "2026-12-07" in YAML (ISO 8601).
type Date struct{ t time.Time }

// NewDate is the day y-m-d.
func NewDate(y int, m time.Month, d int) Date { return Date{time.Date(y, m, d, 0, 0, 0, 0, time.UTC)} }

// ParseDate reads "2026-12-07".
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(time.DateOnly, strings.TrimSpace(s))
	if err != nil {
		return Date{}, fmt.Errorf("%q is not a date (want YYYY-MM-DD, such as 2026-12-07)", s)
	}
	return Date{t}, nil
}

func (d *Date) UnmarshalText(b []byte) error {
	v, err := ParseDate(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

func (d Date) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// String is the date as ISO 8601 writes it, which is also how the
// calendar names its files, so they sort by date.
func (d Date) String() string {
	if d.IsZero() {
		return ""
	}
	return d.t.Format(time.DateOnly)
}

// IsZero says the date was not given.
func (d Date) IsZero() bool { return d.t.IsZero() }

// AddDays is the date n days later.
func (d Date) AddDays(n int) Date { return Date{d.t.AddDate(0, 0, n)} }

// Weekday is the date's day of the week.
func (d Date) Weekday() time.Weekday { return d.t.Weekday() }

// Label is the date as the book's language writes it: "Monday, 7
// December 2026", "lundi 7 décembre 2026".
func (d Date) Label(t *templates.Texts) string {
	return templates.Fill(t.DateFormat,
		"weekday", t.Weekdays[mondayFirst(d.t.Weekday())],
		"day", strconv.Itoa(d.t.Day()),
		"month", t.Months[d.t.Month()-1],
		"year", strconv.Itoa(d.t.Year()))
}

// MaxCalendarDays bounds a calendar: a year and a day, leap or not.
const MaxCalendarDays = 366

// CalendarDay is one calendar section's day and kind.
type CalendarDay struct {
	Date Date
	Kind Variant
}

// CalendarDays is the day and kind of each section of a calendar's book, by
// section index; nil for a book without a calendar.
func (s *Spec) CalendarDays() []CalendarDay { return s.calendarDays }

// Span is the calendar's first and last day.
func (c *CalendarSpec) Span() (first, last Date) {
	return c.Start, c.Start.AddDays(c.days() - 1)
}

// days is the calendar's length in days, from Days or End.
func (c *CalendarSpec) days() int {
	if c.Days > 0 || c.End.IsZero() {
		return c.Days
	}
	return int(c.End.t.Sub(c.Start.t).Hours()/24) + 1
}

// calendar checks the spec's calendar and makes its sections.
func (v *validator) calendar() {
	s := v.s
	c := s.Calendar
	if c == nil {
		return
	}
	if _, given := s.pos["sections"]; given {
		v.add([]string{"sections", "calendar"}, "a calendar makes the book's sections, a day and kind each (remove sections, or calendar)")
		return
	}
	if v.ignored("calendar") {
		return
	}
	switch {
	case c.Days != 0 && !c.End.IsZero():
		v.add([]string{"calendar.end", "calendar.days"}, "give days or end, not both")
		return
	case c.Days == 0 && c.End.IsZero():
		v.addf("calendar", "no length (want days: 1 to %d, or end: YYYY-MM-DD)", MaxCalendarDays)
		return
	case c.Start.IsZero():
		return // reported missing
	}
	if n := c.days(); n < 1 || n > MaxCalendarDays {
		field := "calendar.days"
		if c.Days == 0 {
			field = "calendar.end"
		}
		v.addf(field, "%d days is not allowed (want 1 to %d, ending on or after the start)", n, MaxCalendarDays)
		return
	}
	kinds := c.Kinds
	if len(kinds) == 0 {
		kinds = []Variant{{}}
	}
	for i, k := range kinds {
		if slices.Contains(kinds[:i], k) {
			v.addf(fmt.Sprintf("calendar.kinds[%d]", i), "%s is given twice (want each kind once a day)", k)
			return
		}
	}
	texts, err := templates.Language(s.Language)
	if err != nil {
		return // reported with language
	}
	first, last := c.Span()
	s.Sections, s.calendarDays = nil, nil
	for d := first; !last.t.Before(d.t); d = d.AddDays(1) {
		for _, k := range kinds {
			title := d.Label(texts)
			if len(kinds) > 1 {
				title += " — " + kindTitle(texts, k)
			}
			s.Sections = append(s.Sections, SectionSpec{Level: c.Ramp.Level(d.Weekday()), Count: 1, Title: title, Variant: k})
			s.calendarDays = append(s.calendarDays, CalendarDay{Date: d, Kind: k})
		}
	}
	if s.Volume == "" {
		// The bank's records say which days a run printed.
		s.Volume = first.String() + ".." + last.String()
	}
}

// kindTitle is a kind's name in the book's language, for a day's second
// kind: "Killer Sudoku".
func kindTitle(t *templates.Texts, k Variant) string {
	if r, ok := t.Kinds[k.String()]; ok && r.Name != "" {
		return templates.Fill(r.Name, "n", "9")
	}
	return k.String()
}
