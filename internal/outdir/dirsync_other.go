//go:build !windows

package outdir

// dirSync says a folder is synced after its entries change: on Unix a
// file's fsync does not cover its name in the folder.
const dirSync = true
