package prove

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"c4/cert"
)

// VerifyLog is the record of a check of a proof that a process may not
// live to finish: the batches of small leaves (see cert.BatchLeaves)
// already searched and found as claimed, one line each, after a header
// that names the proof and the version of the walk. A check given the log
// skips them and adds the ones it searches, so a check stopped (Ctrl-C,
// kill -9, a machine lost with the log kept) goes on where it was; the
// walk itself is made again. A log is trusted: a check that takes leaves
// from one says how many (Report.Logged), and a check from nothing is one
// without it.
//
//	c4 prove verify log 2 <SHA-256 of the proof (Proof.Digest)> walk <cert.Version>
//	<strategy index> <batch>
type VerifyLog struct {
	mu   sync.Mutex
	f    *os.File
	done map[[2]int]bool
}

// logHeader is the log's first line for the proof of digest.
func logHeader(digest string) string {
	return fmt.Sprintf("c4 prove verify log 2 %s walk %d", digest, cert.Version)
}

// OpenVerifyLog opens the log of checking p at path, creating it if there
// is none, and refuses one of another proof or of another walk.
func OpenVerifyLog(path string, p Proof) (*VerifyLog, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	header := logHeader(p.Digest())
	done, end, err := readVerifyLog(f, header)
	if err == nil {
		// A line cut short by a kill is dropped, and written again once
		// its batch is searched again.
		err = f.Truncate(end)
	}
	if err == nil {
		_, err = f.Seek(end, io.SeekStart)
	}
	if err == nil && end == 0 {
		_, err = f.WriteString(header + "\n")
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &VerifyLog{f: f, done: done}, nil
}

// readVerifyLog returns the batches of the log r holds, which must start
// with header, and where its last whole line ends; an empty r is a new
// log.
func readVerifyLog(r io.Reader, header string) (map[[2]int]bool, int64, error) {
	done := map[[2]int]bool{}
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
		case end == 0 && !strings.HasPrefix(line, "c4 prove verify log "):
			return nil, 0, errors.New("not a c4 prove verify log")
		case end == 0 && line != header:
			return nil, 0, errors.New("the log of another proof's check, or of another version of the check")
		case end > 0:
			var b [2]int
			if _, err := fmt.Sscanf(line, "%d %d", &b[0], &b[1]); err != nil || fmt.Sprintf("%d %d", b[0], b[1]) != line {
				return nil, 0, fmt.Errorf("line %q: not a strategy's index and a batch", line)
			}
			done[b] = true
		}
		end += int64(len(line)) + 1
	}
}

// checked says whether batch of strategy i was searched before.
func (l *VerifyLog) checked(i, batch int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.done[[2]int{i, batch}]
}

// add writes down batch of strategy i as searched.
func (l *VerifyLog) add(i, batch int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done[[2]int{i, batch}] = true
	_, err := fmt.Fprintf(l.f, "%d %d\n", i, batch)
	return err
}

// Close syncs and closes the log.
func (l *VerifyLog) Close() error {
	return errors.Join(l.f.Sync(), l.f.Close())
}
