package main

import (
	"flag"
	"fmt"
	"strings"
	"time"
)

// flagError turns the flag package's error into one line a user can act
// on: the command's name, the flags it takes after an unknown one, and
// what a value should look like in place of "parse error".
func flagError(fs *flag.FlagSet, err error) error {
	msg := err.Error()
	switch {
	case strings.HasPrefix(msg, "flag provided but not defined"):
		msg += " (" + fs.Name() + " takes " + flagNames(fs) + ")"
	case strings.HasSuffix(msg, ": parse error"):
		fs.VisitAll(func(f *flag.Flag) {
			if want := wantValue(f); want != "" && strings.Contains(msg, " for flag -"+f.Name+": ") {
				msg = strings.TrimSuffix(msg, "parse error") + want
			}
		})
	}
	return usagef("%s: %s", fs.Name(), msg)
}

// flagNames lists a command's flags as its usage line writes them: -o and
// -j with one dash, longer names with two.
func flagNames(fs *flag.FlagSet) string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		dash := "--"
		if len(f.Name) == 1 {
			dash = "-"
		}
		names = append(names, dash+f.Name)
	})
	if len(names) == 0 {
		return "no flags"
	}
	return strings.Join(names, ", ")
}

// wantValue says what a typed flag's value looks like, or "" for a flag
// whose own Set already explains its refusals.
func wantValue(f *flag.Flag) string {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return ""
	}
	switch g.Get().(type) {
	case int, int64, uint, uint64:
		return "want a whole number"
	case float64:
		return "want a number"
	case time.Duration:
		return "want a duration with a unit, such as 90s or 5m"
	}
	return ""
}

// maxTimeout is the longest --timeout a build takes: a week, far past any
// book (a 20,000-puzzle one generates in minutes), and far inside what a
// time.Duration holds (292 years), whose overflow time.ParseDuration
// reports only as "invalid duration".
const maxTimeout = 168 * time.Hour

// maxTimeoutText is maxTimeout as a user would type it.
const maxTimeoutText = "168h"

// timeoutFlag is --timeout: a duration with a unit, up to maxTimeout.
type timeoutFlag time.Duration

func (t *timeoutFlag) String() string { return time.Duration(*t).String() }

func (t *timeoutFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	switch {
	case err != nil:
		return fmt.Errorf("want a duration with a unit, such as 90s or 5m, of at most %s", maxTimeoutText)
	case d > maxTimeout:
		return fmt.Errorf("want at most %s", maxTimeoutText)
	}
	*t = timeoutFlag(d)
	return nil
}
