package engines

import (
	"c4/game"
	wthreat "c4/internal/wide/threat"
	"c4/threat"
)

// Explain says in words what Connect Four's rules prove at p, if they
// prove anything, naming the sides as sides does: threat.Explain on p's
// width.
func Explain(p game.Position, sides threat.Sides) (string, bool) {
	if n, ok := p.Narrow(); ok {
		return threat.Explain(n, sides)
	}
	w, _ := p.WidePosition()
	return wthreat.Explain(w, wthreat.Sides(sides))
}
