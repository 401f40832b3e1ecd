// Package testsets reads benchmark sets: files of one position a line with
// its expected score, "<moves> <score>", as in Pascal Pons' public sets.
// Blank lines and lines starting with '#' are allowed and skipped.
//
// The public sets are named Test_L<level>_R<rating>: level 3 End, 2 Middle,
// 1 Begin (by stones played), rating 1 Easy, 2 Medium, 3 Hard (by moves
// left under perfect play).
package testsets

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"c4/position"
)

// Case is one line of a set.
type Case struct {
	Line     int // 1-based line number in the file
	Moves    string
	Position position.Position
	Score    int
}

// Set is a named list of cases on one board.
type Set struct {
	Name  string
	Board *position.Board
	Cases []Case
}

// LineError is a line that could not be read; reading goes on past it.
type LineError struct {
	Name string // the set's name
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s line %d: %v", e.Name, e.Line, e.Err) }

func (e *LineError) Unwrap() error { return e.Err }

// Read reads a set from r. Lines that are not "<moves> <score>" with a valid
// position of board b are returned as *LineError in bad, and the rest of
// the set is read; err is only for a failure to read r.
func Read(r io.Reader, name string, b *position.Board) (set *Set, bad []error, err error) {
	set = &Set{Name: name, Board: b}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if n == 1 {
			line = strings.TrimPrefix(line, "\ufeff") // a byte-order mark
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c, err := parseLine(line, b)
		if err != nil {
			bad = append(bad, &LineError{name, n, err})
			continue
		}
		c.Line = n
		set.Cases = append(set.Cases, c)
	}
	if err := sc.Err(); err != nil {
		return set, bad, fmt.Errorf("reading set %s: %w", name, err)
	}
	return set, bad, nil
}

func parseLine(line string, b *position.Board) (Case, error) {
	fields := strings.Fields(line)
	if len(fields) == 1 && line[0] == ' ' {
		fields = []string{"", fields[0]} // the empty board: " <score>"
	}
	if len(fields) != 2 {
		return Case{}, fmt.Errorf("want \"<moves> <score>\", got %q", line)
	}
	score, err := strconv.Atoi(fields[1])
	if err != nil {
		return Case{}, fmt.Errorf("score %q is not a number", fields[1])
	}
	p, err := position.Parse(b, fields[0])
	if err != nil {
		return Case{}, err
	}
	return Case{Moves: fields[0], Position: p, Score: score}, nil
}

// ReadFile reads the set in the file path, named after the file.
func ReadFile(path string, b *position.Board) (*Set, []error, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return Read(f, filepath.Base(path), b)
}

// Label names a set for people: "End-Easy" for Test_L3_R1, and the name
// itself when it does not follow the Test_L<l>_R<r> pattern.
func Label(name string) string {
	var l, r int
	if n, _ := fmt.Sscanf(name, "Test_L%d_R%d", &l, &r); n != 2 || l < 1 || l > 3 || r < 1 || r > 3 {
		return name
	}
	return [...]string{"Begin", "Middle", "End"}[l-1] + "-" + [...]string{"Easy", "Medium", "Hard"}[r-1]
}

// PublicNames are the public sets' file names, from the quickest to solve
// to the slowest.
var PublicNames = []string{"Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"}
