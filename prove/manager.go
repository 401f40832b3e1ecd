package prove

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/cockroachdb/pebble/v2"

	"c4/game"
	"c4/internal/pebblelog"
	"c4/pns"
)

// Settings are what a proof search is of, kept in its database: a search
// resumed is the same search.
type Settings struct {
	Board string // "WxH"
	Root  string // the moves from the empty board to the position proved
	// JobNodes is a job's budget in DFPN nodes; 0 means DefaultJobNodes.
	JobNodes uint64
	// LeafCells is the size of the strategies' small leaves (see
	// package cert): 0 means DefaultLeafCells.
	LeafCells int
}

// Result is the weak result of the root for its side to move, once known.
type Result string

const (
	Unknown Result = ""
	Win     Result = "win"
	Draw    Result = "draw"
	Loss    Result = "loss"
)

// State is what the search has done, kept in the database beside the trees
// and written in the batch of each change.
type State struct {
	Question int    // 0: does the opponent win? 1: does the side to move?
	Result   Result // once the root is settled
	Tree     Counts // of the question's tree
	Jobs     uint64 // job results stored, of both questions
	Nodes    uint64 // DFPN nodes of those jobs
	Micros   uint64 // the workers' time of those jobs
}

// Counts are a question's tree's nodes.
type Counts struct {
	Next     uint64 // the next node id
	Expanded uint64 // nodes given children
	Proved   uint64 // leaves settled for their side to move's goal
	Failed   uint64 // leaves settled against it
	Dropped  uint64 // leaves left out as the mirror image of another, or below one
}

// Job is a leaf of the tree handed to a worker: search the position of
// Moves on Board with DFPN, the attacker the side to move if Attacker,
// for at most Budget nodes.
type Job struct {
	Lease    uint64 `json:"lease"`
	Question int    `json:"question"`
	Leaf     uint64 `json:"leaf"`
	Board    string `json:"board"`
	Moves    string `json:"moves"`
	Attacker bool   `json:"attacker"`
	// The job stops after Budget nodes, or once the leaf's proof number
	// for the attacker reaches Proof or its disproof number Disproof (the
	// thresholds of DFPN, which make a leaf's job end once another leaf is
	// the most proving).
	Limits pns.Limits `json:"limits"`
	// LeafCells is the size of the small leaves of the strategy built
	// below the leaf if the job settles it.
	LeafCells int `json:"leafCells"`
	// Token is the lease's secret: the result must bring it back.
	Token string `json:"token"`
}

// Done is a job's result: the leaf's proof and disproof numbers for the
// attacker (pns.Estimate's), the nodes searched and the time taken.
type Done struct {
	Job
	Proof    uint32 `json:"proof"`
	Disproof uint32 `json:"disproof"`
	Nodes    uint64 `json:"nodes"`
	Micros   uint64 `json:"micros"`
	Worker   string `json:"worker"`
	// Kids are the numbers of the leaf's children as the worker's table
	// has them, if the leaf is still open: the tree gives them to the
	// children when it splits the leaf.
	Kids []pns.Child `json:"kids,omitempty"`
	// Strategy, if the job settled the leaf, holds the moves of the
	// strategy below it of the side that reaches its goal there (the
	// attacker's win, or the defender's draw or win), as entries (see
	// appendEntry): those the worker had not sent before.
	Strategy []byte `json:"strategy,omitempty"`
}

// lease is a job handed out and not yet done.
type lease struct {
	seq      uint64
	token    string
	moves    string
	path     []uint64 // the leaf's ancestors from the root, then the leaf
	deadline time.Time
}

// Manager keeps a proof search's tree in its database and hands its leaves
// out as jobs: the leaf a proof-number search would expand next, by the
// numbers the jobs have found, with each leaf being searched counted as
// settled for the side that would then need another leaf searched (see
// virtual). Its methods are safe for concurrent use; every change is in
// the database's log before the method returns (synced to disk within
// syncEvery), so that a manager killed at any moment resumes where the
// last change left it.
type Manager struct {
	mu       sync.Mutex
	db       *pebble.DB
	set      Settings
	board    game.Board
	root     game.Position
	st       State
	t        *tree
	busy     map[uint64]*lease // by leaf
	seq      uint64
	leaseFor time.Duration
	changed  chan struct{} // closed and replaced at each change of the tree
	synced   time.Time     // when a commit last synced the log
	log      io.Writer     // where results refused are told; nil: nowhere
}

var (
	settingsKey = []byte("settings")
	stateKey    = []byte("state")
)

// Open opens the search in dir, creating it with set if dir holds none; a
// search already there must have been made with the same settings, but for
// those set leaves zero. With set.Board empty, dir must hold a search:
// nothing is created. lease is how long a job stays with a worker before
// it is handed out again (0: DefaultLease).
func Open(dir string, set Settings, leaseFor time.Duration) (_ *Manager, err error) {
	defer pebblelog.Recover(&err)
	_, statErr := os.Stat(dir)
	if set.Board == "" && statErr != nil {
		return nil, fmt.Errorf("no proof search in %s (c4 prove --board WxH --db %s starts one)", dir, dir)
	}
	if errors.Is(statErr, fs.ErrNotExist) {
		defer func() {
			if err != nil {
				os.RemoveAll(dir) // made by this call: nothing is left behind
			}
		}()
	}
	db, err := pebble.Open(dir, dbOptions())
	switch {
	case errors.Is(err, syscall.EAGAIN):
		return nil, fmt.Errorf("%s is in use by another c4 prove", dir)
	case err != nil:
		return nil, fmt.Errorf("opening the proof database %s: %w", dir, err)
	}
	m := &Manager{db: db, busy: map[uint64]*lease{}, leaseFor: leaseFor, changed: make(chan struct{})}
	if m.leaseFor <= 0 {
		m.leaseFor = DefaultLease
	}
	if err := m.load(set); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return m, nil
}

// dbOptions are the options the proof database is opened with.
func dbOptions() *pebble.Options {
	return &pebble.Options{Logger: &pebblelog.Logger{}, EventListener: pebblelog.Listener(), MemTableSize: memTableBytes}
}

// load reads the settings and the state, or starts the search.
func (m *Manager) load(set Settings) error {
	stored, err := readJSON[Settings](m.db, settingsKey)
	switch {
	case errors.Is(err, pebble.ErrNotFound):
		if set.Board == "" {
			return errors.New("no proof search here (c4 prove --board WxH starts one)")
		}
		if it, err := m.db.NewIter(nil); err == nil {
			empty := !it.First()
			it.Close()
			if !empty {
				return errors.New("this database holds something else than a proof search")
			}
		}
		if set.JobNodes == 0 {
			set.JobNodes = DefaultJobNodes
		}
		if set.LeafCells == 0 {
			set.LeafCells = DefaultLeafCells
		}
		if err := m.setUp(set); err != nil {
			return err
		}
		return m.startQuestion(0)
	case err != nil:
		return err
	}
	if err := agree(stored, set); err != nil {
		return err
	}
	if stored.LeafCells == 0 {
		stored.LeafCells = DefaultLeafCells
	}
	if err := m.setUp(stored); err != nil {
		return err
	}
	if m.st, err = readJSON[State](m.db, stateKey); err != nil {
		return err
	}
	m.t = &tree{db: m.db, q: m.st.Question, cache: map[uint64]node{}}
	return m.dropRootTwins()
}

// dropRootTwins leaves out of a tree whose root was expanded before twins
// were (so with both of each pair of the root's moves that are mirror
// images) the one of each pair that is further from a proof: the one of
// the higher proof number for its side to move.
func (m *Manager) dropRootTwins() error {
	r, err := m.t.get(rootID)
	if err != nil || r.nkids == 0 {
		return err
	}
	kids, err := m.t.kids(r)
	if err != nil || len(kids) < int(r.nkids) {
		return err // twins already dropped
	}
	cols := make([]int, len(kids))
	for i, k := range kids {
		cols[i] = int(k.col)
	}
	pairs := twins(m.root, cols)
	if len(pairs) == 0 {
		return nil
	}
	b := m.db.NewBatch()
	defer b.Close()
	for _, t := range pairs {
		drop := kids[t[1]]
		if k := kids[t[0]]; k.phi > drop.phi {
			drop = k
		}
		open, err := m.t.openLeaves(drop)
		if err != nil {
			return err
		}
		m.st.Tree.Dropped += open
		drop.how = mirrored
		if err := m.t.put(b, drop); err != nil {
			return err
		}
	}
	return m.updateAndCommit(b, r)
}

// ErrOtherSettings is the error of a search resumed with settings not its
// own.
var ErrOtherSettings = errors.New("a search resumes with its own settings")

// agree says whether the settings given to resume a search agree with
// the stored ones.
func agree(stored, given Settings) error {
	for _, d := range []struct {
		name      string
		old, new  string
		givenZero bool
	}{
		{"board", stored.Board, given.Board, given.Board == ""},
		{"root", stored.Root, given.Root, given.Root == ""},
		{"job budget", fmt.Sprint(stored.JobNodes), fmt.Sprint(given.JobNodes), given.JobNodes == 0},
		{"leaf size", fmt.Sprint(stored.LeafCells), fmt.Sprint(given.LeafCells), given.LeafCells == 0},
	} {
		if !d.givenZero && d.old != d.new {
			return fmt.Errorf("this search's %s is %q, not %q: %w", d.name, d.old, d.new, ErrOtherSettings)
		}
	}
	return nil
}

func (m *Manager) setUp(set Settings) error {
	b, err := game.ParseBoard(set.Board)
	if err != nil {
		return err
	}
	root, err := game.Parse(b, set.Root)
	if err != nil {
		return fmt.Errorf("root: %w", err)
	}
	if root.IsOver() {
		return fmt.Errorf("root %q: the game is over", set.Root)
	}
	m.set, m.board, m.root = set, b, root
	return nil
}

// startQuestion writes the root of question q, settled at a glance if it
// can be, and the settings and state with it.
func (m *Manager) startQuestion(q int) error {
	m.st.Question, m.st.Tree = q, Counts{Next: rootID + 1}
	m.t = &tree{db: m.db, q: q, cache: map[uint64]node{}}
	r := node{id: rootID, att: q == 1, col: 255}
	r.phi, r.delta, r.how = glance(m.root, r.att)
	if r.how == byGlance {
		m.count(r)
	}
	b := m.db.NewBatch()
	defer b.Close()
	if err := m.t.put(b, r); err != nil {
		return err
	}
	if err := putJSON(b, settingsKey, m.set); err != nil {
		return err
	}
	return m.commit(b, r)
}

// commit writes the state, with the result if root, the question's root,
// is settled, and commits b; a settled first question starts the second.
func (m *Manager) commit(b *pebble.Batch, root node) error {
	next := -1
	if root.settled() {
		// The root's side to move is the defender in question 0, the
		// attacker in 1; phi 0 is its goal reached.
		switch reached := root.phi == 0; {
		case m.st.Question == 0 && !reached:
			m.st.Result = Loss
		case m.st.Question == 0:
			next = 1
		case reached:
			m.st.Result = Win
		default:
			m.st.Result = Draw
		}
	}
	if err := putJSON(b, stateKey, m.st); err != nil {
		return err
	}
	opt := pebble.NoSync
	if now := time.Now(); now.Sub(m.synced) >= syncEvery || m.st.Result != Unknown {
		opt, m.synced = pebble.Sync, now
	}
	if err := b.Commit(opt); err != nil {
		return err
	}
	close(m.changed)
	m.changed = make(chan struct{})
	if next >= 0 {
		clear(m.busy)
		return m.startQuestion(next)
	}
	return nil
}

// Close syncs and closes the database.
func (m *Manager) Close() (err error) {
	defer pebblelog.Recover(&err)
	m.mu.Lock()
	defer m.mu.Unlock()
	return errors.Join(m.db.LogData(nil, pebble.Sync), m.db.Close())
}

// Settings returns the search's settings.
func (m *Manager) Settings() Settings { return m.set }

// Result returns the root's result, Unknown until it is settled.
func (m *Manager) Result() Result {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.st.Result
}

// ErrOver is Next's answer once the root is settled: no job is left.
var ErrOver = errors.New("the search is over")

// Next returns the next job, waiting until one comes free or ctx ends
// (ctx's error); ErrOver once the search is over.
func (m *Manager) Next(ctx context.Context) (Job, error) {
	for {
		j, ok, changed, err := m.next()
		switch {
		case err != nil || ok:
			return j, err
		case changed == nil:
			return Job{}, ErrOver
		}
		t := time.NewTimer(waitFor)
		select {
		case <-ctx.Done():
			t.Stop()
			return Job{}, context.Cause(ctx)
		case <-changed:
		case <-t.C: // a lease may have run out
		}
		t.Stop()
	}
}

// Wait waits until the root is settled, and returns its result; or ctx's
// error if ctx ends first.
func (m *Manager) Wait(ctx context.Context) (Result, error) {
	for {
		m.mu.Lock()
		r, changed := m.st.Result, m.changed
		m.mu.Unlock()
		if r != Unknown {
			return r, nil
		}
		select {
		case <-ctx.Done():
			return Unknown, context.Cause(ctx)
		case <-changed:
		}
	}
}

// next returns the next job. With no job to hand out now it returns false
// and a channel closed when that may have changed; once the root is
// settled, false and nil.
func (m *Manager) next() (_ Job, _ bool, _ <-chan struct{}, err error) {
	defer pebblelog.Recover(&err)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.st.Result != Unknown {
		return Job{}, false, nil, nil
	}
	m.expire()
	for _, sideWins := range []bool{false, true} {
		if sideWins && len(m.busy) == 0 {
			break
		}
		for {
			j, ok, again, err := m.walk(sideWins)
			switch {
			case err != nil || ok:
				return j, ok, nil, err
			case m.st.Result != Unknown: // an expansion settled the root
				return Job{}, false, nil, nil
			case !again:
			default:
				continue
			}
			break
		}
	}
	return Job{}, false, m.changed, nil
}

// expire frees the leaves whose lease has run out.
func (m *Manager) expire() {
	now := time.Now()
	for id, l := range m.busy {
		if now.After(l.deadline) {
			delete(m.busy, id)
		}
	}
}

// walk goes from the root to the most-proving leaf by the virtual numbers
// (see virtual), as a proof-number search does, and hands that leaf out.
// A leaf that a job has searched is given its children instead, and then
// again says that the tree has changed and the walk is to be made anew.
func (m *Manager) walk(sideWins bool) (j Job, ok, again bool, err error) {
	virt, err := m.virtual(sideWins)
	if err != nil {
		return Job{}, false, false, err
	}
	v := func(n node) [2]uint32 {
		if p, ok := virt[n.id]; ok {
			return p
		}
		return [2]uint32{n.phi, n.delta}
	}
	n, err := m.t.get(rootID)
	path := []uint64{rootID}
	thPhi, thDelta := uint32(inf), uint32(inf)
	for err == nil {
		vn := v(n)
		if vn[0] == 0 || vn[1] == 0 {
			return Job{}, false, false, nil // settled, for now
		}
		if n.nkids == 0 {
			break
		}
		var kids []node
		if kids, err = m.t.kids(n); err != nil {
			break
		}
		best, second := 0, uint32(inf)
		for i := 1; i < len(kids); i++ {
			switch d := v(kids[i])[1]; {
			case d < v(kids[best])[1]:
				second, best = v(kids[best])[1], i
			case d < second:
				second = d
			}
		}
		// DFPN's thresholds for the child, with the 1+epsilon trick.
		c := v(kids[best])
		childThPhi := uint32(inf)
		if thDelta < inf {
			childThPhi = thDelta - min(thDelta-1, vn[1]-c[0])
		}
		thPhi, thDelta = childThPhi, min(thPhi, pns.Widen(second, pns.DefaultEpsilon))
		n = kids[best]
		path = append(path, n.id)
	}
	switch {
	case err != nil:
		return Job{}, false, false, err
	case n.work >= splitNodes:
		return Job{}, false, true, m.expand(n)
	}
	moves, err := m.t.moves(m.set.Root, n.id)
	if err != nil {
		return Job{}, false, false, err
	}
	m.seq++
	token := rand.Text()
	m.busy[n.id] = &lease{seq: m.seq, token: token, moves: moves, path: path, deadline: time.Now().Add(m.leaseFor)}
	lim := pns.Limits{Budget: m.set.JobNodes, Proof: thPhi, Disproof: thDelta}
	if !n.att {
		lim.Proof, lim.Disproof = thDelta, thPhi
	}
	return Job{Lease: m.seq, Question: m.st.Question, Leaf: n.id, Board: m.set.Board,
		Moves: moves, Attacker: n.att, Limits: lim, LeafCells: m.set.LeafCells, Token: token}, true, false, nil
}

// virtual returns the virtual numbers of the leaves being searched and of
// their ancestors: a busy leaf counts as settled for the attacker, so that
// the next walk finds the next most-proving leaf, which a proof needs as
// well (a sibling where the attacker moved, another defence further up
// where the defender did). Where that leaves nothing to search, as below
// a chain of forced moves, sideWins counts each busy leaf as settled for
// its side to move instead. Every other node's numbers are its own.
func (m *Manager) virtual(sideWins bool) (map[uint64][2]uint32, error) {
	virt := map[uint64][2]uint32{}
	depth := map[uint64]int{}
	for id, l := range m.busy {
		n, err := m.t.get(id)
		if err != nil {
			return nil, err
		}
		if n.att || sideWins {
			virt[id] = [2]uint32{0, inf}
		} else {
			virt[id] = [2]uint32{inf, 0}
		}
		for d, a := range l.path[:len(l.path)-1] {
			depth[a] = d
		}
	}
	order := make([]uint64, 0, len(depth))
	for a := range depth {
		order = append(order, a)
	}
	slices.SortFunc(order, func(a, b uint64) int { return depth[b] - depth[a] }) // children first
	for _, a := range order {
		n, err := m.t.get(a)
		if err != nil {
			return nil, err
		}
		kids, err := m.t.kids(n)
		if err != nil {
			return nil, err
		}
		for i, k := range kids {
			if p, ok := virt[k.id]; ok {
				kids[i].phi, kids[i].delta = p[0], p[1]
			}
		}
		phi, delta := value(kids)
		virt[a] = [2]uint32{phi, delta}
	}
	return virt, nil
}

// expand gives leaf n its children, each with the numbers of glance, and
// brings the numbers above it up to date.
func (m *Manager) expand(n node) error {
	p, err := m.position(n.id)
	if err != nil {
		return err
	}
	b := m.db.NewBatch()
	defer b.Close()
	known, err := m.t.kidNumbers(n.id)
	if err != nil {
		return err
	}
	cols := nonLosing(p)
	n.first, n.nkids = m.st.Tree.Next, uint8(len(cols))
	m.st.Tree.Next += uint64(len(cols))
	m.st.Tree.Expanded++
	twin := make([]bool, len(cols))
	for _, t := range twins(p, cols) {
		twin[t[1]] = true
	}
	for i, c := range cols {
		q := p
		q.PlayColumn(c)
		k := node{id: n.first + uint64(i), parent: n.id, col: uint8(c), att: !n.att}
		k.phi, k.delta, k.how = glance(q, k.att)
		if nums, ok := known[c]; ok && k.how == open {
			k.phi, k.delta = nums[0], nums[1]
			if k.settled() {
				k.how = byDFPN
			}
		}
		switch {
		case twin[i]:
			k.how = mirrored
			m.st.Tree.Dropped++
		case k.how != open:
			m.count(k)
		}
		if err := m.t.put(b, k); err != nil {
			return err
		}
	}
	return m.updateAndCommit(b, n)
}

// updateAndCommit brings the numbers that depend on n up to date (update)
// and commits b with them.
func (m *Manager) updateAndCommit(b *pebble.Batch, n node) error {
	root, err := m.update(b, n)
	if err != nil {
		return err
	}
	return m.commit(b, root)
}

// count counts a leaf settled.
func (m *Manager) count(n node) {
	if n.phi == 0 {
		m.st.Tree.Proved++
	} else {
		m.st.Tree.Failed++
	}
}

// update writes n to b, recomputes the numbers of its ancestors up to the
// first that does not change, writing each changed one, and returns the
// root as it now is.
func (m *Manager) update(b *pebble.Batch, n node) (node, error) {
	for {
		if n.nkids > 0 {
			kids, err := m.t.kids(n)
			if err != nil {
				return n, err
			}
			n.phi, n.delta = value(kids)
		}
		old, err := m.t.get(n.id)
		if err != nil {
			return n, err
		}
		if err := m.t.put(b, n); err != nil {
			return n, err
		}
		if n.id == rootID {
			return n, nil
		}
		if old.phi == n.phi && old.delta == n.delta && old.nkids == n.nkids {
			return m.t.get(rootID)
		}
		if n, err = m.t.get(n.parent); err != nil {
			return n, err
		}
	}
}

// position returns the position of node id.
func (m *Manager) position(id uint64) (game.Position, error) {
	moves, err := m.t.moves("", id)
	if err != nil {
		return game.Position{}, err
	}
	p := m.root
	for i := range len(moves) {
		c, _ := m.board.Column(moves[i : i+1])
		p.PlayColumn(c)
	}
	return p, nil
}

// ErrStale is the error of a result of a job that is not leased now: its
// lease ran out (the job is someone else's), the search has moved on to
// its other question or is over, or the job was never handed out. The
// result is dropped; the worker goes on.
var ErrStale = errors.New("the job is not leased now: its result is dropped")

// Finish stores a job's result: the leaf's new numbers, the moves of the
// strategy below it if it is settled, and the job's record. It takes only
// the result of a job leased now, with the lease's token (else ErrStale),
// and refuses one that contradicts what the tree knows of the leaf, saying
// so on the log (see LogTo). It takes the result at once: ctx is there for
// Source's sake.
func (m *Manager) Finish(_ context.Context, d Done) (err error) {
	defer pebblelog.Recover(&err)
	m.mu.Lock()
	defer m.mu.Unlock()
	l := m.busy[d.Leaf]
	if l == nil || l.seq != d.Lease || subtle.ConstantTimeCompare([]byte(l.token), []byte(d.Token)) != 1 || d.Question != m.st.Question {
		return fmt.Errorf("job %d: %w", d.Lease, ErrStale)
	}
	n, err := m.t.get(d.Leaf)
	if err != nil {
		return err
	}
	if err := m.plausible(n, l, d); err != nil {
		if m.log != nil {
			fmt.Fprintf(m.log, "c4 prove: a result refused, of job %d (worker %q, leaf %q): %v\n", d.Lease, d.Worker, l.moves, err)
		}
		return fmt.Errorf("job %d: %w", d.Lease, err)
	}
	delete(m.busy, d.Leaf)
	b := m.db.NewBatch()
	defer b.Close()
	m.st.Jobs++
	m.st.Nodes += d.Nodes
	m.st.Micros += d.Micros
	strategy := d.Strategy
	d.Strategy = nil // kept as entries, not in the job's record
	if err := putJSON(b, jobKey(m.st.Jobs), d); err != nil {
		return err
	}
	if err := putEntries(b, strategy); err != nil {
		return err
	}
	root, err := m.record(b, n, d)
	if err != nil {
		return err
	}
	return m.commit(b, root)
}

// plausible says whether d, the result of the job of lease l on leaf n,
// agrees with what the tree knows: its moves and side, numbers that a
// search can give, children among the leaf's moves, a strategy of the
// board's positions.
func (m *Manager) plausible(n node, l *lease, d Done) error {
	settled := d.Proof == 0 || d.Disproof == 0
	switch {
	case d.Moves != l.moves || d.Attacker != n.att || d.Board != m.set.Board:
		return fmt.Errorf("a result for %q on %s, the job was %q on %s", d.Moves, d.Board, l.moves, m.set.Board)
	case n.nkids > 0 || n.settled():
		return errors.New("a result for a leaf no longer open")
	case d.Proof > inf || d.Disproof > inf || d.Proof == 0 && d.Disproof != inf || d.Disproof == 0 && d.Proof != inf:
		return fmt.Errorf("proof and disproof numbers %d and %d", d.Proof, d.Disproof)
	case settled && len(d.Kids) > 0:
		return errors.New("children's numbers for a leaf settled")
	}
	p, err := m.position(n.id)
	if err != nil {
		return err
	}
	moves := map[int]bool{}
	for _, c := range nonLosing(p) {
		moves[c] = true
	}
	for _, k := range d.Kids {
		if !moves[k.Col] || k.Proof > inf || k.Disproof > inf {
			return fmt.Errorf("a child of column %d with numbers %d and %d", k.Col+1, k.Proof, k.Disproof)
		}
		delete(moves, k.Col)
	}
	return checkEntries(d.Strategy, m.board)
}

// LogTo tells the results refused to w (nil: nowhere).
func (m *Manager) LogTo(w io.Writer) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.log = w
}

// record sets leaf n's numbers from d and brings those above it up to date.
func (m *Manager) record(b *pebble.Batch, n node, d Done) (node, error) {
	n.phi, n.delta = d.Proof, d.Disproof
	if !n.att {
		n.phi, n.delta = d.Disproof, d.Proof
	}
	n.phi, n.delta = min(n.phi, inf), min(n.delta, inf)
	n.work += d.Nodes
	if n.settled() {
		n.how = byDFPN
		m.count(n)
	} else if err := m.t.putKids(b, n, d.Kids); err != nil {
		return n, err
	}
	return m.update(b, n)
}

func jobKey(seq uint64) []byte { return binary.BigEndian.AppendUint64([]byte{'j'}, seq) }

// Status is a search's progress.
type Status struct {
	Settings
	State
	RootProof, RootDisproof uint32 // the question's root's, for its attacker
	Busy                    int    // jobs out
	// Moves are the root's moves the tree has made, with their numbers
	// for the attacker: each move is settled once one of them is 0.
	Moves []Move `json:",omitempty"`
}

// Move is one of the root's moves in a Status: its column (0-based) and
// the numbers of the position after it. (Of two moves that are each
// other's mirror image, one is left out.)
type Move struct {
	Col             int
	Proof, Disproof uint32
}

// Status returns the search's progress.
func (m *Manager) Status() (_ Status, err error) {
	defer pebblelog.Recover(&err)
	m.mu.Lock()
	defer m.mu.Unlock()
	r, err := m.t.get(rootID)
	if err != nil {
		return Status{}, err
	}
	s := Status{Settings: m.set, State: m.st, RootProof: r.phi, RootDisproof: r.delta, Busy: len(m.busy)}
	if !r.att {
		s.RootProof, s.RootDisproof = r.delta, r.phi
	}
	kids, err := m.t.kids(r)
	for _, k := range kids {
		mv := Move{Col: int(k.col), Proof: k.phi, Disproof: k.delta}
		if !k.att {
			mv.Proof, mv.Disproof = k.delta, k.phi
		}
		s.Moves = append(s.Moves, mv)
	}
	return s, err
}

// Settled is how many of Moves are settled.
func (s Status) Settled() int {
	n := 0
	for _, m := range s.Moves {
		if m.Proof == 0 || m.Disproof == 0 {
			n++
		}
	}
	return n
}

// String is the progress in a line of a wide terminal: "does the side to
// move win? root 12/3, moves 1/4 settled, leaves 10 open 2 proved 1
// disproved, 5 jobs, 1.2 M nodes/s a worker".
func (s Status) String() string {
	q := "the opponent"
	if s.Question == 1 {
		q = "the side to move"
	}
	rate := 0.0
	if s.Micros > 0 {
		rate = float64(s.Nodes) / float64(s.Micros)
	}
	jobs := "jobs"
	if s.Jobs == 1 {
		jobs = "job"
	}
	return fmt.Sprintf("does %s win? root %d/%d, moves %d/%d settled, leaves %d open %d proved %d disproved, %d %s, %.1f M nodes/s a worker",
		q, s.RootProof, s.RootDisproof, s.Settled(), len(s.Moves), s.Open(), s.Tree.Proved, s.Tree.Failed, s.Jobs, jobs, rate)
}

// Open is the number of leaves not yet settled.
func (s Status) Open() uint64 {
	return s.Tree.Next - 1 - s.Tree.Expanded - s.Tree.Proved - s.Tree.Failed - s.Tree.Dropped
}

func readJSON[T any](db *pebble.DB, key []byte) (T, error) {
	var v T
	data, closer, err := db.Get(key)
	if err != nil {
		return v, err
	}
	defer closer.Close()
	if err := json.Unmarshal(data, &v); err != nil {
		return v, fmt.Errorf("the record %q: %w", key, err)
	}
	return v, nil
}

func putJSON(b *pebble.Batch, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return b.Set(key, data, nil)
}

var _ io.Closer = (*Manager)(nil)
