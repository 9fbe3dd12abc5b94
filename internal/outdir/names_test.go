package outdir

import "testing"

// Names Windows takes are not refused by the same rule.
func TestWindowsRefuses(t *testing.T) {
	for name, bad := range map[string]bool{
		"vol1": false, "Volume 2": false, "console": false, "com10": false, "lpt": false, "nul-and-void": false,
		"CON": true, "con.tar": true, "Com3": true, "LPT1.backup": true, "conout$": true,
		"a|b": true, "trailing.": true, "trailing ": true, "q?": true, "x\x01": true,
	} {
		if got := WindowsRefuses(name) != ""; got != bad {
			t.Errorf("WindowsRefuses(%q) = %q, want refused %v", name, WindowsRefuses(name), bad)
		}
	}
}
