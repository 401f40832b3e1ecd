package prove

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/klauspost/compress/zstd"

	"c4/book"
	"c4/game"
)

// Proof is a settled search's result with the trees that prove it: the
// first question's (does the opponent of the root's side to move win?)
// and, unless that settles the result, the second's (does the side to
// move win?). Anyone can check it with Verify, without trusting the
// search that made it.
type Proof struct {
	Board  game.Board
	Root   string // the moves to the root from the empty board
	Result Result // for the root's side to move
	Trees  []Tree
}

// Tree is one question's proof tree, its nodes in preorder. Its root's side
// to move is the defender in question 0, the attacker in 1; Reached says
// whether it reaches its goal (the attacker's win, the defender's draw or
// win). At a node whose side to move reaches its goal the tree has one
// move, at the others every move that does not let the opponent win at
// once, down to leaves settled by the rules or by an engine.
type Tree struct {
	Question int
	Reached  bool
	Steps    []Step
}

// Step is a node of a Tree: the move to it (the column, 0-based; 255 at
// the root), how it was settled (byRules, byDFPN, byNegamax, or 0 for a
// node settled by its children) and its number of children.
type Step struct {
	Col, How, Kids uint8
}

// Proof returns the settled search's proof, read from the database.
func (m *Manager) Proof() (Proof, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.st.Result == Unknown {
		return Proof{}, errors.New("the search has not settled its root yet: nothing is proved")
	}
	p := Proof{Board: m.board, Root: m.set.Root, Result: m.st.Result}
	for q := 0; q <= m.st.Question; q++ {
		t := &tree{db: m.db, q: q, cache: map[uint64]node{}}
		root, err := t.get(rootID)
		if err != nil {
			return Proof{}, err
		}
		tr := Tree{Question: q, Reached: root.phi == 0}
		if err := t.extract(root, &tr.Steps); err != nil {
			return Proof{}, err
		}
		p.Trees = append(p.Trees, tr)
	}
	return p, nil
}

// extract appends the proof below n, which is settled, to steps.
func (t *tree) extract(n node, steps *[]Step) error {
	if !n.settled() {
		return fmt.Errorf("node %d of question %d is not settled", n.id, t.q)
	}
	if n.nkids == 0 {
		*steps = append(*steps, Step{Col: n.col, How: n.how})
		return nil
	}
	kids, err := t.kids(n)
	if err != nil {
		return err
	}
	if n.phi == 0 { // one move: the first whose side to move misses its goal
		for _, k := range kids {
			if k.delta == 0 {
				*steps = append(*steps, Step{Col: n.col, Kids: 1})
				return t.extract(k, steps)
			}
		}
		return fmt.Errorf("node %d of question %d has phi 0 and no child of delta 0", n.id, t.q)
	}
	*steps = append(*steps, Step{Col: n.col, Kids: n.nkids})
	for _, k := range kids {
		if err := t.extract(k, steps); err != nil {
			return err
		}
	}
	return nil
}

// The portable file of a proof, written by Encode and read by Decode, in
// the manner of a book's file (see package book):
//
//	file = "C4PROOF" version zstd(body)        version: one byte, 1
//	body = width height rootlen root result ntrees tree* crc
//	tree = question reached count step*        count: uvarint
//	step = col how kids                        one byte each
//
// rootlen, result ("w", "d" or "l"), ntrees, question and reached (0 or
// 1) are one byte each; crc is the CRC-32C, little-endian, of the body up
// to it. A file cut short, altered or followed by anything fails to read.
const (
	proofMagic   = "C4PROOF"
	proofVersion = 1
)

var resultBytes = map[Result]byte{Win: 'w', Draw: 'd', Loss: 'l'}

// Encode writes p to w.
func Encode(w io.Writer, p Proof) error {
	return writeSealed(w, proofMagic, proofVersion, func(body io.Writer) error {
		b := []byte{byte(p.Board.Width()), byte(p.Board.Height()), byte(len(p.Root))}
		b = append(b, p.Root...)
		b = append(b, resultBytes[p.Result], byte(len(p.Trees)))
		for _, t := range p.Trees {
			reached := byte(0)
			if t.Reached {
				reached = 1
			}
			b = append(b, byte(t.Question), reached)
			b = binary.AppendUvarint(b, uint64(len(t.Steps)))
			for _, s := range t.Steps {
				b = append(b, s.Col, s.How, s.Kids)
			}
		}
		_, err := body.Write(b)
		return err
	})
}

// writeSealed writes the file readSealed reads: magic, the version byte,
// then zstd of the body that write writes followed by its CRC-32C.
func writeSealed(w io.Writer, magic string, version byte, write func(body io.Writer) error) error {
	if _, err := io.WriteString(w, magic+string(rune(version))); err != nil {
		return err
	}
	z, err := zstd.NewWriter(w)
	if err != nil {
		return err
	}
	crc := crc32.New(book.Castagnoli)
	if err := write(io.MultiWriter(z, crc)); err != nil {
		z.Close()
		return err
	}
	if _, err := z.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32())); err != nil {
		z.Close()
		return err
	}
	return z.Close()
}

// Decode reads a proof written by Encode; a damaged file is refused.
func Decode(r io.Reader) (Proof, error) {
	body, err := readSealed(r, proofMagic, proofVersion, "c4 proof file")
	if err != nil {
		return Proof{}, err
	}
	p, rest, err := decodeBody(body)
	if err == nil && len(rest) > 0 {
		err = fmt.Errorf("%d bytes after the last tree", len(rest))
	}
	if err != nil {
		return Proof{}, fmt.Errorf("the c4 proof file is damaged: %w", err)
	}
	return p, nil
}

// readSealed reads a file of magic and version: the magic, the version
// byte, then zstd of a body ending with the CRC-32C of what comes before
// it; it returns the body without its checksum. what names the file in
// errors.
func readSealed(r io.Reader, magic string, version byte, what string) ([]byte, error) {
	head := make([]byte, len(magic)+1)
	if _, err := io.ReadFull(r, head); err != nil || string(head[:len(magic)]) != magic {
		return nil, fmt.Errorf("not a %s", what)
	}
	if head[len(magic)] != version {
		return nil, fmt.Errorf("a %s of version %d; this c4 reads version %d", what, head[len(magic)], version)
	}
	z, err := zstd.NewReader(bufio.NewReader(r))
	if err != nil {
		return nil, err
	}
	defer z.Close()
	body, err := io.ReadAll(io.LimitReader(z, 1<<34))
	if err == nil && (len(body) < 4 || crc32.Checksum(body[:len(body)-4], book.Castagnoli) != binary.LittleEndian.Uint32(body[len(body)-4:])) {
		err = errors.New("its checksum does not match")
	}
	if err != nil {
		return nil, fmt.Errorf("the %s is damaged: %w", what, err)
	}
	return body[:len(body)-4], nil
}

// decodeBody reads a body without its checksum; it returns what follows.
func decodeBody(b []byte) (Proof, []byte, error) {
	short := errors.New("cut short")
	if len(b) < 3 || len(b) < 3+int(b[2])+2 {
		return Proof{}, nil, short
	}
	board, err := game.NewBoard(int(b[0]), int(b[1]))
	if err != nil {
		return Proof{}, nil, err
	}
	p := Proof{Board: board, Root: string(b[3 : 3+b[2]])}
	b = b[3+b[2]:]
	for r, c := range resultBytes {
		if b[0] == c {
			p.Result = r
		}
	}
	ntrees := int(b[1])
	b = b[2:]
	if p.Result == Unknown || ntrees < 1 || ntrees > 2 {
		return Proof{}, nil, fmt.Errorf("result %q with %d trees", b[0], ntrees)
	}
	for range ntrees {
		if len(b) < 2 {
			return Proof{}, nil, short
		}
		t := Tree{Question: int(b[0]), Reached: b[1] == 1}
		count, n := binary.Uvarint(b[2:])
		if n <= 0 || count > uint64(len(b)-2-n)/3 {
			return Proof{}, nil, short
		}
		b = b[2+n:]
		t.Steps = make([]Step, count)
		for i := range t.Steps {
			t.Steps[i] = Step{Col: b[0], How: b[1], Kids: b[2]}
			b = b[3:]
		}
		p.Trees = append(p.Trees, t)
	}
	return p, b, nil
}
