package outdir

// InPlace reports whether Commit got as far as putting the new book in
// place. After a Commit error it tells the two outcomes apart: the new
// book is there (only making it durable or tidying up failed), or the
// previous book is unchanged. A build that recorded the book elsewhere
// before committing it undoes that record only in the second case.
func (s *Stage) InPlace() bool { return s.switched }
