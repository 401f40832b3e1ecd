//widen:skip

package position

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"

	"c4/internal/machine"
)

// attackPath is a way for AttackThreats to compute its moves' threats.
type attackPath uint32

const (
	attackUnchosen attackPath = iota // no call has chosen one yet
	attackGo                         // Go code, one move at a time
	attackAVX2                       // attack8AVX2, eight moves a call
	attackAVX512                     // attack8, eight moves a call
)

// AttackPathEnv is the environment variable that forces AttackThreats'
// path ("go", "avx2" or "avx512") instead of measuring the paths: for tests,
// and for a user who knows the processor better than a few milliseconds'
// timing does.
const AttackPathEnv = "C4_ATTACK_PATH"

func (a attackPath) String() string {
	switch a {
	case attackGo:
		return "go"
	case attackAVX2:
		return "avx2"
	case attackAVX512:
		return "avx512"
	}
	return "unchosen"
}

// attack is the path AttackThreats takes, attackUnchosen until its first
// call chooses one (chooseAttack). It is atomic because the first calls may
// come from several goroutines at once; on amd64 its load is a plain move.
var attack atomic.Uint32

// attackChoice records how chooseAttack chose, for AttackPath.
var attackChoice struct {
	once sync.Once
	how  string
}

// AttackPaths lists the paths AttackThreats can take on this processor:
// "go" everywhere, "avx2" and "avx512" where the processor has those
// instructions.
func AttackPaths() []string {
	names := make([]string, len(attackPaths))
	for i, a := range attackPaths {
		names[i] = a.String()
	}
	return names
}

// AttackPath returns the path AttackThreats takes in this process and how it
// was chosen (the time of a call on each path, or the environment), choosing
// it now if no call has: so a program can report what its speed rests on.
func AttackPath() (name, how string) {
	chooseAttack()
	return attackPath(attack.Load()).String(), attackChoice.how
}

// CheckAttackPathEnv returns an error naming the paths this processor can
// take if $C4_ATTACK_PATH is set to anything else. A library ignores such a
// value (it measures instead, and AttackPath says so); a program should
// refuse it.
func CheckAttackPathEnv() error {
	_, err := forcedAttack()
	return err
}

// forcedAttack is the path $C4_ATTACK_PATH forces, or attackUnchosen.
func forcedAttack() (attackPath, error) {
	v := os.Getenv(AttackPathEnv)
	if v == "" {
		return attackUnchosen, nil
	}
	for _, a := range attackPaths {
		if strings.EqualFold(v, a.String()) {
			return a, nil
		}
	}
	return attackUnchosen, fmt.Errorf("%s=%q: not a path of this processor (it has %s)", AttackPathEnv, v, strings.Join(AttackPaths(), ", "))
}

// chooseAttack sets attack once a process: the path $C4_ATTACK_PATH forces,
// else the quickest on this processor by measurement, because feature bits
// alone mislead (a vector path can lose to plain Go code on one processor
// and win by far on another). machine.ChoosePath chooses for both widths.
func chooseAttack() {
	attackChoice.once.Do(func() {
		const calls = 200
		w := newAttackWorkload()
		paths := make([]machine.Path, len(attackPaths))
		for i, a := range attackPaths {
			paths[i] = machine.Path{Name: a.String(), Run: func() { w.run(a, calls) }, Calls: calls * len(w.positions)}
		}
		i, how := machine.ChoosePath(AttackPathEnv, paths)
		attack.Store(uint32(attackPaths[i]))
		attackChoice.how = how
	})
}

// attackWorkload is a search's kind of AttackThreats calls: positions of
// the opening, middle and end of 7x6 games (lines of the public sets).
type attackWorkload struct {
	positions   []Position
	moves, late []Bits // each position's NonLosingMoves and late cells
	columns     [MaxWidth]Bits
	sink        uint64
}

func newAttackWorkload() *attackWorkload {
	w := &attackWorkload{columns: Standard.CentreFirst()}
	for _, moves := range []string{"", "4453", "2416615552", "44455554221", "2531276566711153", "6242432155656447531617622", "23163416124767223154467471272416755633"} {
		p, err := Parse(Standard, moves)
		if err != nil {
			panic("position: the attack workload: " + err.Error())
		}
		w.positions = append(w.positions, p)
		w.moves = append(w.moves, p.NonLosingMoves())
		w.late = append(w.late, p.OpponentWinningCells()<<1)
	}
	return w
}

// run makes calls rounds of AttackThreats calls on path a, one for each
// position. It sets attack to a: other goroutines' calls meanwhile take a,
// which gives the same results as every path.
func (w *attackWorkload) run(a attackPath, calls int) {
	var threats [MaxWidth]Bits
	var counts [MaxWidth]uint8
	attack.Store(uint32(a))
	for range calls {
		for i, p := range w.positions {
			w.sink += p.AttackThreats(w.moves[i], w.late[i], &w.columns, &threats, &counts)
		}
	}
}

// AttackThreats is Attack for the move of each column, a cell of moves (a
// set of cells of Possible): columns holds masks of the board's columns, in
// any order, in its first Width entries and zeros after. It sets threats[i]
// to the threats of Attack(moves&columns[i]) (with no move there, those the
// side to move has now), bit i of wins when that move exists and wins with
// the next stone but one, and counts[i] to the number of its threats that
// can still count, outside late (for a search, the cells straight above the
// opponent's threats, which come too late), those straight above a cell
// playable after the move twice (the opponent cannot play there). Eight
// columns take one pass of AVX-512 instructions or two of AVX2
// instructions where the processor has them and they are the quickest
// (see AttackPath).
func (p Position) AttackThreats(moves, late Bits, columns, threats *[MaxWidth]Bits, counts *[MaxWidth]uint8) (wins uint64) {
	b := p.b
	switch attackPath(attack.Load()) {
	case attackUnchosen:
		chooseAttack()
		return p.AttackThreats(moves, late, columns, threats, counts)
	case attackAVX512:
		for i := 0; i < b.w; i += 8 {
			w := attack8(p.cur, p.mask, moves, (*[8]Bits)(columns[i:]), (*[8]Bits)(threats[i:]), uint64(b.h1), b.wide, b.full, b.bottom, late, (*[8]uint8)(counts[i:]))
			wins |= w << i
		}
		return wins
	case attackAVX2:
		for i := 0; i < b.w; i += 8 {
			w := attack8AVX2(p.cur, p.mask, moves, (*[8]Bits)(columns[i:]), (*[8]Bits)(threats[i:]), uint64(b.h1), b.wide, b.full, b.bottom, late, (*[8]uint8)(counts[i:]))
			wins |= w << i
		}
		return wins
	}
	return p.attackThreatsGo(moves, late, columns, threats, counts)
}
