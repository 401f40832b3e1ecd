package pns

// DFPN's tunables, in one place. Each says what it controls, in what unit,
// and why it has its value; the runs behind the values are in
// docs/measurements/2026-11-27-tunables-and-of-pns-tuning-go.md, under the
// constant's name.
// None changes a result, only how fast it is found.

// DefaultEpsilon is the 1+epsilon trick's epsilon when Options leaves it
// 0: the child searched gets a delta threshold of ceil(d2*(1+epsilon)),
// d2 the second-best child's delta. 1/4 took the least time on the Begin
// sets of 1/4, 1/2 and 1, on one thread; two threads are as quick with any.
const DefaultEpsilon = 0.25

// DefaultEndgameCells is Options.EndgameCells when left 0, in empty
// cells: below it a plain depth-first search costs less than proof
// numbers' table traffic; 18 was the quickest of the values measured.
const DefaultEndgameCells = 18

// Where a node first searched is settled by a combination of Allis's rules
// (threat.Rules, see combination), which costs a few times a node: on
// boards of at most rulesHeight rows, at nodes of at least rulesEmpty
// empty cells. On 8x4 to 10x4 it cuts the nodes 3 to 6 times and takes
// 0.45 to 0.9 of the time (12 to 24 empty cells tried; 16 the quickest);
// on 7x6's sets it saves too few nodes and takes 2 to 3 times the time.
// Asked of every new child instead, it took
// 1.3 to 1.8 times the time on 9x4, 10x4 and a 12x4 position, for 0.58
// to 0.97 times the nodes (docs/measurements/2026-12-06-frontier.md).
const (
	rulesHeight = 4
	rulesEmpty  = 16
)

const (
	// serialWork, in nodes: a parallel Solver searches alone this long
	// before it starts its other threads; most positions of End-Easy need
	// less, and starting threads costs more than it saves on them.
	serialWork = 1 << 8
	// jobWork, in nodes: the most a worker spends on a leaf of the top
	// tree before it reports back, while the search is small (see
	// jobShare).
	jobWork = 1 << 11
	// jobShare: once a search has made more nodes than its table has
	// entries, a job may make up to 1/jobShare of them: fewer restarts,
	// each of which finds the path below its leaf in the table again.
	jobShare = 16
	// splitWork, in nodes: the work after which a leaf of the top tree is
	// split among the workers (2^11 to 2^14 tried; this the quickest).
	splitWork = jobWork
	// treeNodes bounds the top tree, in nodes.
	treeNodes = 1 << 12
	// likelyLoss: after the first question's serial start, the opponent
	// is taken to be winning when its proof number is below likelyLoss
	// times its disproof number, and both questions are searched at once
	// (see weakParallel).
	likelyLoss = 3
	// stopEvery, in nodes: how often a worker looks at its context; a job
	// cancelled once the root is solved stops within this many.
	stopEvery = 1 << 8
	// growEvery, in nodes: how often a search looks at a growing window.
	growEvery = 1 << 12
	// endBits: each worker's table of endgame answers is 2^endBits words
	// (512 KiB), which stays in a core's cache.
	endBits = 16
	// startBuckets is the window of a cleared growing table (4 MiB, see
	// table), unless the table is smaller: most searches fit in a few MiB,
	// and their probes then miss the caches less.
	startBuckets = minBuckets
)
