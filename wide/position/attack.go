package position

import (
	"fmt"
	"os"
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

// AttackPathEnv forces a path, as in c4/position: "go" forces the Go path
// here, any path of c4/position's the vector path where the processor has
// it.
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

// chooseAttack times both paths on a fixed workload, each keeping its
// best of seven rounds, and takes the quicker; without AVX-512 and VBMI2,
// or with C4_ATTACK_PATH=go, the Go path.
func chooseAttack() {
	defer attackChosen.Store(true)
	switch {
	case !hasAttack4:
		attackHow = "the only path on this processor"
		return
	case os.Getenv(AttackPathEnv) == "go":
		attackHow = "forced by " + AttackPathEnv
		return
	case os.Getenv(AttackPathEnv) != "":
		attackVector.Store(true)
		attackHow = "forced by " + AttackPathEnv
		return
	}
	ps, columns := attackWorkload()
	var threats [MaxWidth]Bits
	var counts [MaxWidth]uint8
	const calls = 200
	run := func(path func(Position, Bits, Bits, *[MaxWidth]Bits, *[MaxWidth]Bits, *[MaxWidth]uint8) uint64) func() {
		return func() {
			for range calls {
				for _, p := range ps {
					path(p, p.NonLosingMoves(), Bits{}, &columns, &threats, &counts)
				}
			}
		}
	}
	quickest, best := machine.Quickest(7, run(Position.attackThreatsGo), run(Position.attackThreats4))
	perCall := float64(calls * len(ps))
	attackVector.Store(quickest == 1)
	attackHow = fmt.Sprintf("measured, a call: go %.1f ns, avx512 %.1f ns", float64(best[0])/perCall, float64(best[1])/perCall)
}

// attackWorkload is what chooseAttack times: positions of an 8x8 game, from
// the empty board to 28 stones, and the board's columns.
func attackWorkload() ([]Position, [MaxWidth]Bits) {
	b, _ := NewBoard(8, 8)
	var ps []Position
	for _, moves := range []string{"", "4453", "325288874681", "3252888746817718542611117667"} {
		p, _ := Parse(b, moves)
		ps = append(ps, p)
	}
	return ps, b.CentreFirst()
}
