package negamax

import (
	"math/bits"

	"c4/internal/machine"
)

// The search's tunables, in one place. Each says what it controls, in what
// unit, and why it has its value; the runs behind the values are in
// docs/measurements/2026-11-27-tunables-nearbytes-1-mib.md under the
// constant's name, and for the machine-dependent ones
// docs/measurements/2026-11-28-machine-choices.md.
// None changes a score, only how fast it is found.

// ManyPositionsNearMiB is the near table, in MiB, for solving many
// neighbouring positions, such as a book's layer: consecutive positions
// share their endgames, which a larger near table keeps; past 16 MiB it
// gained nothing (docs/measurements/2026-11-27-book-book-generation.md).
const ManyPositionsNearMiB = 16

// nearBytes is a near table's size, in bytes: a core's second-level cache
// (machine.L2Bytes), so that the deep nodes' probes, most of a search's,
// stay in it; 1 MiB where the size is unknown. On a Zen 5 (1 MiB) 1 MiB beat
// 512 KiB, 2 and 4 MiB; on an Intel Xeon (2 MiB) 2 MiB beat 1 MiB. The near
// tables take at most a quarter of the whole table.
var nearBytes = nearSize(machine.L2Bytes())

// nearSize is nearBytes for a second-level cache of l2 bytes: l2 rounded
// down to a power of two from 256 KiB to 4 MiB, or 1 MiB if l2 is 0.
func nearSize(l2 int) int {
	if l2 <= 0 {
		return 1 << 20
	}
	return 1 << min(max(bits.Len(uint(l2))-1, 18), 22)
}

const (
	// midBytes is the mid table's size, in bytes, when the rest of the
	// table is at least midMinBytes: small enough that its probes stay in
	// memory the processor's page translations cover (16 to 64 MiB took
	// the same time on the empty board).
	midBytes    = 64 << 20
	midMinBytes = 256 << 20

	// etcMinEmpty, in empty cells: a node with more looks up every child
	// in the table before searching any (enhanced transposition cutoff).
	// Every node doing it searched the fewest nodes; below about 10 empty
	// cells the look-ups cost more time than they save.
	etcMinEmpty = 10

	// checkEvery, in nodes: how often a worker looks at its context. Some
	// 70 µs of search, so that a stopped search gives its core back at
	// once; a look costs a few nanoseconds in a thousand nodes.
	checkEvery = 1 << 10

	// signFirstStones, in stones: positions with at most this many probe
	// the sign first (see dichotomy): the empty board's and its children's
	// scores are small, but on two stones the sign first cost more.
	signFirstStones = 1

	// parallelMinEmpty, in empty cells: workers other than the first
	// start only on positions with more; smaller searches take less time
	// than starting them.
	parallelMinEmpty = 20
	// divideMinEmpty, in empty cells: with more than one thread, nodes
	// with more (and fewer stones than the near table's) divide their
	// moves among the workers (see abdada.go). 20 and 24 were about the
	// same on the empty board, 28 and 32 slower.
	divideMinEmpty = 24
	// joinPlies, in plies: a worker of Analyze left without a move joins
	// one under way if the workers divide that many plies of its moves (on
	// 7x6, the moves of positions of up to 14 stones); deeper, joining
	// slowed the move's worker more than it helped.
	joinPlies = 3
	// joinWork, in nodes: the least work of a probe that another worker
	// joins (see dichotomy.join); below it, searching it twice costs more
	// than it saves.
	joinWork = 1 << 16
	// busyBits: the busy marks of the divided search are 2^busyBits words
	// (4,096, 32 KiB): enough that two workers' marks seldom share one,
	// small enough to stay in cache.
	busyBits = 12
)
