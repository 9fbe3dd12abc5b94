package outdir

// dirSync is false on Windows: a folder opened for reading, as os.Open
// opens one, cannot be flushed (FlushFileBuffers answers "Access is
// denied"), and NTFS journals a folder's entries itself, so a file's own
// flush before its rename is what makes the book durable there.
const dirSync = false
