package prove

import (
	"time"

	"c4/game"
)

// The job-level search's tunables, in one place; none changes a result,
// only how fast it is found. The runs behind the values are in
// docs/measurements/2026-11-29-prove.md.

const (
	// DefaultJobNodes is a job's budget when Settings leaves it 0, in
	// DFPN nodes: a quarter of a second of a worker's search, of which
	// handing the job out and storing its result take under 1%. Most jobs
	// end sooner, at DFPN's thresholds, when another leaf has become the
	// most proving. Budgets of 2^22 and 2^23 took more time with two
	// workers: fewer leaves are split, and the workers share less.
	DefaultJobNodes = 1 << 20
	// splitNodes: a leaf is given children once jobs have spent this many
	// nodes on it, and its children are then searched as separate jobs.
	// The tree must grow for two workers to search apart; 2^16 took 15 s
	// on 9x4 with two workers sharing a table, 2^18 17 s and 2^20 18 s,
	// though one worker alone is quickest with 2^20 (24 s against 31).
	splitNodes = 1 << 16
	// DefaultLease is how long a job is a worker's before it is handed out
	// again, if its result has not come: many times a job's length, so
	// that only a job lost with its worker is searched twice.
	DefaultLease = 10 * time.Minute
	// syncEvery: a job's result is committed to the database's log at
	// once, which survives the process killed, and the log is synced to
	// disk at most this often, which bounds what a machine's crash loses
	// (the results since, searched again) while a job's commit costs
	// microseconds, not a disk's flush.
	syncEvery = time.Second
	// overFor is how long Serve's stop goes on serving once the search is
	// over, answering "over" (410) to the workers that ask for a job or
	// hand one in meanwhile, so that they stop rather than try a manager
	// that is gone again and again.
	overFor = 5 * time.Second
	// waitFor is how long a worker waits before asking again when every
	// open leaf is being searched by others.
	waitFor = 200 * time.Millisecond
	// CheckpointEvery is how often c4 prove --checkpoint writes the
	// search's checkpoint: what a machine lost for good costs at most this
	// much of the search, and a checkpoint of a tree of a million nodes
	// takes a few seconds of the manager's time (a snapshot: the workers
	// go on).
	CheckpointEvery = 10 * time.Minute
	// DefaultLeafCells is Settings.LeafCells when left 0, in empty cells:
	// a proof's strategies end at positions with at most this many, which
	// the check settles with negamax. Fewer make the file longer, more the
	// check's searches: on 10x4, 16 to 20 checked in 1.2 s with files of
	// 163 to 105 KB, 22 in 1.7 s (79 KB), 24 in 3.7 s (53 KB).
	DefaultLeafCells = 20
	// memTableBytes is the size of the database's memtables (pebble's
	// default is 4 MiB): the tree's nodes along a job's path are written
	// again with every job, and a larger memtable takes a key's rewrites
	// in memory. On 12x4 the default's compactions took 4 to 11% of the
	// search's time and it wrote 7 MB/s; 64 MiB wrote 1 MB/s, with no
	// compaction in a minute (docs/measurements/2026-12-06-prove-workers.md).
	memTableBytes = 64 << 20
	// cacheNodes bounds the nodes of the tree the manager keeps in memory
	// besides the database (about 100 bytes each): when it is full it is
	// emptied, and nodes are read again from pebble's cache.
	cacheNodes = 1 << 20
)

// TableMiB is the DFPN table of a search of board b when none is given, in
// MiB: 16 for 4x4, twice as much for every two more cells, at most 1024. A
// small board's search takes less time than setting up a large table (4x4
// took 2.4 s with 1024 MiB); 7x6 and 10x4 gain from more only in searches
// of hours, for which c4 prove --tt-mib says how much.
func TableMiB(b game.Board) int {
	return min(1024, 16<<max(0, min(b.Cells()-16, 40)/2))
}
