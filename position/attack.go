package position

// attackPath is a way for AttackThreats to compute its moves' threats.
type attackPath uint8

const (
	attackGo     attackPath = iota // Go code, one move at a time
	attackAVX2                     // attack8AVX2, eight moves a call
	attackAVX512                   // attack8, eight moves a call
)

// attack is the path AttackThreats takes: the quickest of attackPaths.
var attack = attackPaths[len(attackPaths)-1]
