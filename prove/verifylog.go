package prove

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
)

// VerifyLog is the record of a check of a proof that a process may not
// live to finish: the leaves already checked, one line each, after a
// header that names the proof. A check given the log skips them and adds
// the ones it checks, so a check stopped (Ctrl-C, kill -9, a machine lost
// with the log kept) goes on where it was. A leaf is written once checked
// and agreeing; the log is trusted as the checker's own work, so a check
// from nothing is one without a log.
//
//	c4 prove verify log 1 <SHA-256 of the proof (see Proof.Digest)>
//	"<the leaf's moves>"
type VerifyLog struct {
	mu   sync.Mutex
	f    *os.File
	done map[string]bool
}

const logHeader = "c4 prove verify log 1 "

// OpenVerifyLog opens the log of checking p at path, creating it if there
// is none, and refuses one of another proof.
func OpenVerifyLog(path string, p Proof) (*VerifyLog, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	digest := p.Digest()
	done, end, err := readVerifyLog(f, digest)
	if err == nil {
		// A line cut short by a kill is dropped, and written again once
		// its leaf is checked again.
		err = f.Truncate(end)
	}
	if err == nil {
		_, err = f.Seek(end, io.SeekStart)
	}
	if err == nil && end == 0 {
		_, err = f.WriteString(logHeader + digest + "\n")
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &VerifyLog{f: f, done: done}, nil
}

// readVerifyLog returns the leaves of the log r holds, which must be of
// the proof of the given digest, and where its last whole line ends; an
// empty r is a new log.
func readVerifyLog(r io.Reader, digest string) (map[string]bool, int64, error) {
	done := map[string]bool{}
	br := bufio.NewReader(r)
	var end int64
	for {
		line, err := br.ReadString('\n')
		if err == io.EOF {
			if end == 0 && line != "" {
				return nil, 0, errors.New("not a c4 prove verify log (its first line is cut short)")
			}
			return done, end, nil
		}
		if err != nil {
			return nil, 0, err
		}
		line = strings.TrimSuffix(line, "\n")
		switch {
		case end == 0 && !strings.HasPrefix(line, logHeader):
			return nil, 0, errors.New("not a c4 prove verify log")
		case end == 0 && line != logHeader+digest:
			return nil, 0, errors.New("the log of another proof's check")
		case end > 0:
			moves, err := strconv.Unquote(line)
			if err != nil {
				return nil, 0, fmt.Errorf("line %q: not a leaf's moves in quotes", line)
			}
			done[moves] = true
		}
		end += int64(len(line)) + 1
	}
}

// Checked says whether the leaf of moves was checked before.
func (l *VerifyLog) Checked(moves string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.done[moves]
}

// Add writes down the leaf of moves as checked.
func (l *VerifyLog) Add(moves string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done[moves] = true
	_, err := l.f.WriteString(strconv.Quote(moves) + "\n")
	return err
}

// Close syncs and closes the log.
func (l *VerifyLog) Close() error {
	return errors.Join(l.f.Sync(), l.f.Close())
}

// Digest is the SHA-256 of p, in hexadecimal: its board, root, result and
// trees, the whole of what Verify checks.
func (p Proof) Digest() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s %q %s %d\n", p.Board, p.Root, p.Result, len(p.Trees))
	for _, t := range p.Trees {
		fmt.Fprintf(h, "%d %v %d\n", t.Question, t.Reached, len(t.Steps))
		buf := make([]byte, 0, 3*len(t.Steps))
		for _, s := range t.Steps {
			buf = append(buf, s.Col, s.How, s.Kids)
		}
		h.Write(buf)
	}
	return hex.EncodeToString(h.Sum(nil))
}
