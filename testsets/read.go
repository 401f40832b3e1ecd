// Package testsets reads benchmark sets: files of one position per line with
// its expected score, "<moves> <score>", as in Pascal Pons' public sets.
// Blank lines and lines starting with '#' are allowed and skipped.
//
// The public sets are named Test_L<level>_R<rating>: level 3 End, 2 Middle,
// 1 Begin (by stones played), rating 1 Easy, 2 Medium, 3 Hard (by moves
// left under perfect play).
package testsets

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"c4/game"
	"c4/internal/lines"
	"c4/internal/regular"
)

// Case is one line of a set.
type Case struct {
	Line     int // 1-based line number in the file
	Moves    string
	Position game.Position
	Score    int
}

// Set is a named list of cases on one board.
type Set struct {
	Name  string
	Board game.Board
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

// Read reads a set from r, through lines.Read and ParseLine. Its board is the
// one its header names ("# board 6x4", as Write puts it; or the older
// "(... on 6x4), made by:"), else b; with b not the zero Board, a header
// that names another board is an error, so that a set is never solved on
// the wrong board. With b zero and no board named, the set is of 7x6. Lines that are
// not "<moves> <score>" with a valid position are returned as *LineError
// in bad, and the rest of the set is read; err is for a failure to read r
// or a board that does not match.
func Read(r io.Reader, name string, b game.Board) (set *Set, bad []error, err error) {
	set = &Set{Name: name, Board: b}
	if b == (game.Board{}) {
		set.Board = game.Standard
	}
	header := true // the comments before the first position
	err = lines.Read(context.Background(), r, func(n int, line string, lerr error) error {
		if lerr != nil {
			bad = append(bad, &LineError{name, n, lerr})
			return nil
		}
		if header && strings.HasPrefix(line, "#") {
			return set.headerBoard(line, b)
		}
		moves, rest, comment, err := ParseLine(line, set.Board.Cells())
		switch {
		case comment || err == nil && moves == "" && len(rest) == 0: // a blank line
			return nil
		case err == nil:
			header = false
			var c Case
			if c, err = parseCase(moves, rest, set.Board); err == nil {
				c.Line = n
				set.Cases = append(set.Cases, c)
				return nil
			}
		}
		bad = append(bad, &LineError{name, n, err})
		return nil
	})
	if err != nil {
		return set, bad, fmt.Errorf("reading set %s: %w", name, err)
	}
	return set, bad, nil
}

// boardLine is a header's line that names the set's board.
var boardLine = regexp.MustCompile(`^# (?:board ([0-9]+x[0-9]+)$|.*\(.* on ([0-9]+x[0-9]+)\), made by:$)`)

// headerBoard takes the set's board from a header line that names one;
// want, if not the zero Board, is the board the set must be of.
func (s *Set) headerBoard(line string, want game.Board) error {
	m := boardLine.FindStringSubmatch(line)
	if m == nil {
		return nil
	}
	named, err := game.ParseBoard(m[1] + m[2])
	if err != nil {
		return fmt.Errorf("its header's board: %w", err)
	}
	if want != (game.Board{}) && named != want {
		return fmt.Errorf("it is a set of %s, not %s", named, want)
	}
	s.Board = named
	return nil
}

// parseCase is a set's line of moves and the words after them: one score.
func parseCase(moves string, rest []string, b game.Board) (Case, error) {
	if len(rest) != 1 {
		return Case{}, fmt.Errorf("want \"<moves> <score>\", got %d words", len(rest)+1)
	}
	score, err := strconv.Atoi(rest[0])
	if err != nil {
		return Case{}, fmt.Errorf("score %q is not a number", rest[0])
	}
	p, err := game.Parse(b, moves)
	if err != nil {
		return Case{}, err
	}
	return Case{Moves: moves, Position: p, Score: score}, nil
}

// ReadFile reads the set in the file path, named after the file (see
// Read).
func ReadFile(path string, b game.Board) (*Set, []error, error) {
	f, err := regular.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return Read(f, filepath.Base(path), b)
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
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

// PublicNames returns the public sets' file names, from the quickest to
// solve to the slowest.
func PublicNames() []string {
	return []string{"Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"}
}

// ByName returns the file name of the public set that name names: the
// file name itself, or its label (End-Easy for Test_L3_R1, in any case),
// as c4 bench's table names the rows.
func ByName(name string) (string, bool) {
	for _, n := range PublicNames() {
		if strings.EqualFold(name, n) || strings.EqualFold(name, Label(n)) {
			return n, true
		}
	}
	return "", false
}
