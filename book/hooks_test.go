package book

import (
	"c4/negamax"
	"c4/position"
)

// SetSearchBook makes j's search consult bk, so that tests of 7x6 shards
// take their scores from the built-in book instead of minutes of search.
func SetSearchBook(j *ShardJob, bk negamax.Book) { j.book = bk }

// Entries calls f on every entry of the book of board.
func (b *Book) Entries(board *position.Board, f func(k uint64, score int) bool) error {
	return b.scan(board, f)
}
