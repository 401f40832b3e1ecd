package store

import (
	"c4/game"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
)

// Stats describes the book of one board.
type Stats struct {
	Depth     int          // the depth recorded, -1 if none
	Positions int          // mirror pairs counted once
	ByStones  []StoneStats // by number of stones, 0 to the most found
	DiskBytes int64        // the whole database's files, every board's book
	// TableBytes is DiskBytes without the write-ahead log: the tables
	// that hold the entries.
	TableBytes int64
}

// StoneStats counts the positions of one number of stones by result for
// the side to move.
type StoneStats struct {
	Positions, Wins, Draws, Losses int
}

// Stats scans the book of board.
func (b *Book) Stats(board game.Board) (Stats, error) {
	st := Stats{Depth: b.DepthOf(board)}
	st.DiskBytes, st.TableBytes = b.diskBytes()
	err := b.Entries(board, func(k game.Key, score int) bool {
		p, err := game.FromKey(board, k)
		if err != nil {
			return true
		}
		for len(st.ByStones) <= p.Moves() {
			st.ByStones = append(st.ByStones, StoneStats{})
		}
		s := &st.ByStones[p.Moves()]
		s.Positions++
		st.Positions++
		switch {
		case score > 0:
			s.Wins++
		case score < 0:
			s.Losses++
		default:
			s.Draws++
		}
		return true
	})
	return st, err
}

// Write writes the stats of the book of board b as a table by stones, then
// a line of the board, the depth and the positions.
func (st Stats) Write(w io.Writer, b game.Board) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "stones\tpositions\twins\tdraws\tlosses\t")
	for n, s := range st.ByStones {
		if s.Positions > 0 {
			fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t\n", n, s.Positions, s.Wins, s.Draws, s.Losses)
		}
	}
	tw.Flush()
	depth := "none recorded (a generation under way?)"
	if st.Depth >= 0 {
		depth = strconv.Itoa(st.Depth)
	}
	_, err := fmt.Fprintf(w, "board %s, depth %s, %d positions (mirror images once)\n", b, depth, st.Positions)
	return err
}

// WriteStats writes the Stats of the book of each of boards (every board
// the database holds a book of, if none), then its size on disk.
func (b *Book) WriteStats(w io.Writer, boards ...game.Board) error {
	if len(boards) == 0 {
		var err error
		if boards, err = b.Boards(); err != nil {
			return err
		}
	}
	var st Stats
	for i, board := range boards {
		var err error
		if st, err = b.Stats(board); err != nil {
			return err
		}
		if i > 0 {
			fmt.Fprintln(w)
		}
		st.Write(w, board)
	}
	_, err := fmt.Fprintf(w, "on disk: %d bytes in tables, %d with the write-ahead log\n", st.TableBytes, st.DiskBytes)
	return err
}
