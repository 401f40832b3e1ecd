package position

import (
	"sync"
	"sync/atomic"

	"c4/internal/machine"
)

// AttackThreats is Attack for the move of each column, as in c4/position,
// where it is documented. It takes a Go path, a column at a time, or where
// the processor has AVX-512 with VBMI2 and it is the quicker (timed once a
// process, as c4/position times its paths), a vector path of four columns
// a pass, on boards of up to 32 columns whose shifts stay under 64 bits
// (H <= 19).
func (p Position) AttackThreats(moves, late Bits, columns, threats *[MaxWidth]Bits, counts *[MaxWidth]uint8) (wins uint64) {
	if !useAttack4() || !p.b.vectorFits() {
		return p.attackThreatsGo(moves, late, columns, threats, counts)
	}
	return p.attackThreats4(moves, late, columns, threats, counts)
}

// vectorFits says whether attack4 works on b: at most 32 columns (the
// callers' arrays hold MaxWidth, 35, not a multiple of four), and its
// shifts, up to 3*(H+2), under 64.
func (b *Board) vectorFits() bool { return b.w <= 32 && 3*(b.h1+1) < 64 }

// attackThreats4 is AttackThreats on the vector path, four columns a call.
func (p Position) attackThreats4(moves, late Bits, columns, threats *[MaxWidth]Bits, counts *[MaxWidth]uint8) (wins uint64) {
	b := p.b
	geometry := [4]Bits{b.wide, b.full, b.bottom, late}
	for i := 0; i < b.w; i += 4 {
		w := attack4(&p.cur, &p.mask, &moves, (*[4]Bits)(columns[i:]), (*[4]Bits)(threats[i:]), uint64(b.h1), &geometry, (*[4]uint8)(counts[i:]))
		wins |= w << i
	}
	return wins
}

// The path AttackThreats takes: attackChosen once chooseAttack has run,
// attackVector whether it is the vector path.
var (
	attackChosen, attackVector atomic.Bool
	attackOnce                 sync.Once
	attackHow                  string
)

// AttackPathEnv forces a path, as in c4/position: "go" or "avx512" where
// the processor has the vector path; another value is ignored here (and
// refused by c4/position's CheckAttackPathEnv, which a program calls).
const AttackPathEnv = "C4_ATTACK_PATH"

// useAttack4 says whether AttackThreats takes the vector path, choosing
// at the first call.
func useAttack4() bool {
	if !attackChosen.Load() {
		attackOnce.Do(chooseAttack)
	}
	return attackVector.Load()
}

// AttackPath names the path AttackThreats takes on boards of up to 32
// columns and 19 rows, and how it was chosen.
func AttackPath() (name, how string) {
	if useAttack4() {
		return "avx512", attackHow
	}
	return "go", attackHow
}

// chooseAttack takes the path C4_ATTACK_PATH names, else the quicker on a
// fixed workload (machine.ChoosePath, as c4/position chooses its paths).
func chooseAttack() {
	defer attackChosen.Store(true)
	const calls = 200
	w := newAttackWorkload()
	paths := []machine.Path{{Name: "go", Run: func() { w.run(Position.attackThreatsGo, calls) }, Calls: calls * len(w.positions)}}
	if hasAttack4 {
		paths = append(paths, machine.Path{Name: "avx512", Run: func() { w.run(Position.attackThreats4, calls) }, Calls: calls * len(w.positions)})
	}
	var i int
	i, attackHow = machine.ChoosePath(AttackPathEnv, paths)
	attackVector.Store(i == 1)
}

// attackWorkload is what chooseAttack times: positions of an 8x8 game, from
// the empty board to 28 stones, each with its moves, computed before the
// timing as c4/position's workload does.
type attackWorkload struct {
	positions []Position
	moves     []Bits
	columns   [MaxWidth]Bits
	sink      uint64
}

func newAttackWorkload() *attackWorkload {
	b, _ := NewBoard(8, 8)
	w := &attackWorkload{columns: b.CentreFirst()}
	for _, moves := range []string{"", "4453", "325288874681", "3252888746817718542611117667"} {
		p, _ := Parse(b, moves)
		w.positions = append(w.positions, p)
		w.moves = append(w.moves, p.NonLosingMoves())
	}
	return w
}

// run makes calls rounds of calls of path, one for each position.
func (w *attackWorkload) run(path func(Position, Bits, Bits, *[MaxWidth]Bits, *[MaxWidth]Bits, *[MaxWidth]uint8) uint64, calls int) {
	var threats [MaxWidth]Bits
	var counts [MaxWidth]uint8
	for range calls {
		for i, p := range w.positions {
			w.sink += path(p, w.moves[i], Bits{}, &w.columns, &threats, &counts)
		}
	}
}
