package main

// noLinksEnv, set to any value, makes a build commit its output folder
// without symbolic links, as it does on a disk that cannot hold them:
// for a folder that will be copied to such a disk, and for the tests of
// that commit on any disk.
const noLinksEnv = "SUDOKUBOOK_NO_LINKS"
