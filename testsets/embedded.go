package testsets

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"

	"c4/game"
)

// The embedded sets are c4's own, made by its generator with the counts and
// seeds in embedded/generate.sh; each file's header says how. They sit in
// a folder per board, embedded/<W>x<H>/, as <level>-<rating>.txt; the sets
// themselves take the public names, Test_L<l>_R<r>.
//
//go:embed embedded
var embedded embed.FS

// Embedded reads c4's own benchmark sets of board b (the zero Board: 7x6),
// in the order of PublicNames: all six on 7x6, Middle-Medium on 8x8, 9x7,
// 10x6 and 11x5 (see EmbeddedBoards). A board without sets is an error
// that names the boards with them.
func Embedded(b game.Board) ([]*Set, error) {
	if b == (game.Board{}) {
		b = game.Standard
	}
	var sets []*Set
	for _, name := range PublicNames() {
		l, r := Level(name[6]-'0'), Rating(name[9]-'0')
		f, err := embedded.Open(fmt.Sprintf("embedded/%s/%s-%s.txt", b, l, r))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		} else if err != nil {
			return nil, err
		}
		set, bad, err := Read(f, name, b)
		f.Close()
		if err != nil || len(bad) > 0 {
			return nil, fmt.Errorf("embedded set %s of %s: %v %v", name, b, err, bad)
		}
		sets = append(sets, set)
	}
	if len(sets) == 0 {
		return nil, fmt.Errorf("no embedded sets of %s (only of %s): name a folder of %s sets", b, game.List(EmbeddedBoards()), b)
	}
	return sets, nil
}

// EmbeddedBoards lists the boards that have embedded sets, the smallest
// first (7x6).
func EmbeddedBoards() []game.Board {
	var boards []game.Board
	entries, _ := embedded.ReadDir("embedded")
	for _, e := range entries {
		if b, err := game.ParseBoard(e.Name()); e.IsDir() && err == nil {
			boards = append(boards, b)
		}
	}
	slices.SortFunc(boards, func(x, y game.Board) int { return x.Cells() - y.Cells() })
	return boards
}
