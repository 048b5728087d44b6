package engine

// Extensions: searching a move one ply deeper (Němec; seed 003).
//
// A check is extended because the reply is forced (a check evasion), a
// recapture because the exchange is not over, a promotion or a pawn push to
// the seventh rank because the pawn is about to change the material. Every
// extension lengthens one line at the cost of the others when time is fixed,
// so a line may have at most Limit of them.

// extension returns why the move just made at ply is extended, or "".
func (s *searcher) extension(ply int, mi *moveInfo, givesCheck bool) string {
	x := &s.opt.Sel.Extensions
	if s.stack[ply].exts >= x.Limit {
		return ""
	}
	switch {
	case x.Check && givesCheck:
		return "check"
	case x.Recapture && mi.recapture:
		return "recapture"
	case x.Promotion && mi.promotion:
		return "promotion"
	case x.Promotion && mi.seventh:
		return "pawn to the seventh rank"
	}
	return ""
}
