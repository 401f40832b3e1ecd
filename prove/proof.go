package prove

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/klauspost/compress/zstd"

	"c4/cert"
	"c4/game"
	"c4/internal/sealed"
)

// Proof is a settled search's result with the strategies that prove it,
// certificates in package cert's sense: anyone can check it with Verify,
// which trusts neither the search nor the file's Result.
type Proof struct {
	Board  game.Board
	Root   string // the moves to the root from the empty board
	Result Result // for the root's side to move, as the file says
	// LeafCells: positions with at most this many empty cells are the
	// strategies' small leaves, which Verify settles with negamax.
	LeafCells  int
	Strategies []Strategy
}

// Strategy is one player's strategy: the moves it plays, in the order of
// package cert's walk, to reach Goal from the root.
type Strategy struct {
	ToMove bool // the player is the root's side to move, else its opponent
	Goal   cert.Goal
	Moves  []byte
}

// needs returns the strategies, without their moves, that prove r: the
// opponent's win for a loss, the side to move's for a win, and for a draw
// each side's draw or win.
func needs(r Result) []Strategy {
	switch r {
	case Loss:
		return []Strategy{{ToMove: false, Goal: cert.Win}}
	case Win:
		return []Strategy{{ToMove: true, Goal: cert.Win}}
	case Draw:
		return []Strategy{{ToMove: true, Goal: cert.NotLose}, {ToMove: false, Goal: cert.NotLose}}
	}
	return nil
}

// proves returns the result that strategies of these players and goals
// prove together, if they prove one.
func proves(ss []Strategy) (Result, bool) {
	for _, r := range []Result{Loss, Win, Draw} {
		want := needs(r)
		if len(want) != len(ss) {
			continue
		}
		same := true
		for i := range ss {
			same = same && ss[i].ToMove == want[i].ToMove && ss[i].Goal == want[i].Goal
		}
		if same {
			return r, true
		}
	}
	return Unknown, false
}

// claim is s's claim at p's root.
func (p Proof) claim(s Strategy) claim {
	return claim{board: p.Board, root: p.Root, toMove: s.ToMove, goal: s.Goal, leafCells: p.LeafCells}
}

// The portable file of a proof, written by Encode and read by Decode: a
// sealed file (package internal/sealed) of magic "C4PROOF" and version 2,
// whose body is
//
//	body     = width height rootlen root result leafcells count strategy*
//	strategy = tomove goal length move*              length: uvarint
//
// result is "w", "d" or "l"; tomove is 0 or 1, goal 1 (win) or 2 (draw or
// win), as cert.Goal numbers them; each move is a 0-based column; every
// other field is one byte. Version 1 held trees whose leaves a check
// searched again; this c4 does not read it.
const (
	proofMagic   = "C4PROOF"
	proofVersion = 2
	// maxProofBody bounds the body a reader takes: a proof's moves are a
	// byte each, and 13x4's are expected to be under 10^8.
	maxProofBody = 1 << 30
)

var resultBytes = map[Result]byte{Win: 'w', Draw: 'd', Loss: 'l'}

// Encode writes p to w.
func Encode(w io.Writer, p Proof) error {
	return sealed.Write(w, proofMagic, proofVersion, zstd.SpeedBetterCompression, func(body io.Writer) error {
		_, err := body.Write(p.appendBody(nil))
		return err
	})
}

// appendBody appends p's body, without its checksum, to b.
func (p Proof) appendBody(b []byte) []byte {
	b = append(b, byte(p.Board.Width()), byte(p.Board.Height()), byte(len(p.Root)))
	b = append(b, p.Root...)
	b = append(b, resultBytes[p.Result], byte(p.LeafCells), byte(len(p.Strategies)))
	for _, s := range p.Strategies {
		toMove := byte(0)
		if s.ToMove {
			toMove = 1
		}
		b = append(b, toMove, byte(s.Goal))
		b = binary.AppendUvarint(b, uint64(len(s.Moves)))
		b = append(b, s.Moves...)
	}
	return b
}

// Decode reads a proof written by Encode; a damaged file is refused.
func Decode(r io.Reader) (Proof, error) {
	body, err := sealed.ReadAll(r, proofMagic, proofVersion, maxProofBody, "c4 proof file")
	if err != nil {
		return Proof{}, err
	}
	p, err := decodeBody(body)
	if err != nil {
		return Proof{}, fmt.Errorf("the c4 proof file is damaged: %w", err)
	}
	return p, nil
}

// ReadFile reads the proof file at path (see Decode); a folder is an
// error that says a search's database is not a proof.
func ReadFile(path string) (Proof, error) {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return Proof{}, fmt.Errorf("%s is a folder, not a proof file: a search's database is given as --db %s", path, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return Proof{}, err
	}
	defer f.Close()
	p, err := Decode(f)
	if err != nil {
		return Proof{}, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// Moves is the number of the winner's moves the proof's strategies hold.
func (p Proof) Moves() int {
	n := 0
	for _, s := range p.Strategies {
		n += len(s.Moves)
	}
	return n
}

// decodeBody reads a body without its checksum.
func decodeBody(b []byte) (Proof, error) {
	short := errors.New("it is cut short")
	if len(b) < 3 || len(b) < 3+int(b[2])+3 {
		return Proof{}, short
	}
	board, err := game.NewBoard(int(b[0]), int(b[1]))
	if err != nil {
		return Proof{}, err
	}
	p := Proof{Board: board, Root: string(b[3 : 3+b[2]])}
	b = b[3+b[2]:]
	for r, c := range resultBytes {
		if b[0] == c {
			p.Result = r
		}
	}
	p.LeafCells, b = int(b[1]), b[2:]
	n := int(b[0])
	b = b[1:]
	if p.Result == Unknown || n < 1 || n > 2 {
		return Proof{}, fmt.Errorf("a result %q with %d strategies", b[0], n)
	}
	for range n {
		if len(b) < 2 {
			return Proof{}, short
		}
		s := Strategy{ToMove: b[0] == 1, Goal: cert.Goal(b[1])}
		if b[0] > 1 || s.Goal != cert.Win && s.Goal != cert.NotLose {
			return Proof{}, fmt.Errorf("a strategy of player %d and goal %d", b[0], b[1])
		}
		length, k := binary.Uvarint(b[2:])
		if k <= 0 || length > uint64(len(b)-2-k) {
			return Proof{}, short
		}
		s.Moves = b[2+k : 2+k+int(length)]
		b = b[2+k+int(length):]
		p.Strategies = append(p.Strategies, s)
	}
	if len(b) > 0 {
		return Proof{}, fmt.Errorf("%d bytes after the last strategy", len(b))
	}
	return p, nil
}

// Digest is the SHA-256 of p, in hexadecimal: its board, root, result,
// leaf size and strategies, the whole of what Verify checks.
func (p Proof) Digest() string {
	h := sha256.Sum256(p.appendBody(nil))
	return hex.EncodeToString(h[:])
}
