package main

import (
	"os"
	"slices"
	"syscall"
	"testing"
)

// On Windows, Ctrl-C and Ctrl-Break come as os.Interrupt and a closed
// console, a log-off or a shutdown as syscall.SIGTERM: main must catch
// both to stop with exit 130 rather than be ended by the system.
func TestStopSignalsWindows(t *testing.T) {
	for _, want := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		if !slices.Contains(stopSignals, want) {
			t.Errorf("stopSignals %v lacks %v", stopSignals, want)
		}
	}
}
