package golden

import "testing"

func TestFirstDifference(t *testing.T) {
	for _, c := range []struct {
		name, got, want string
		line            int
		g, w            string
	}{
		{"same", "a\nb\n", "a\nb\n", 0, "", ""},
		{"changed line", "a\nx\n", "a\nb\n", 2, "x", "b"},
		{"got shorter", "a", "a\nb", 2, "(end)", "b"},
		{"got longer", "a\nb\nc", "a\nb", 3, "c", "(end)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			line, g, w, same := firstDifference(c.got, c.want)
			if line != c.line || g != c.g || w != c.w || same != (c.line == 0) {
				t.Errorf("got line %d %q %q same=%v, want line %d %q %q", line, g, w, same, c.line, c.g, c.w)
			}
		})
	}
}
