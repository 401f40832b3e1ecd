package gen

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"c4/book"
	"c4/book/store"
	"c4/game"
)

// Merge adds to the book bk the shards in the files at paths (ShardJob's),
// which must together be every shard of one layer, then gives every
// shallower position its score from its children's, as Generator does, and
// records the depth. The result is the book Generator makes on one machine,
// entry for entry. Every file is read and checked before anything is
// written; an interrupted merge is finished by running it again. It returns
// the shards' header.
func Merge(ctx context.Context, bk *store.Book, paths []string, progress io.Writer) (book.Shard, error) {
	s, err := CheckShards(paths)
	if err != nil {
		return s, err
	}
	put, finish := bk.Putter(ctx)
	for _, path := range paths {
		_, err := book.ReadFile(path, func(board game.Board, k game.Key, score int) error {
			if p, _ := game.FromKey(board, k); p.Moves() != s.Depth {
				return fmt.Errorf("%s: position %s has %d stones, not %d", path, store.Name(p), p.Moves(), s.Depth)
			}
			return put(s.Board, k, score)
		})
		if err != nil {
			finish()
			return s, fmt.Errorf("merging %s: %w", path, err)
		}
	}
	if err := finish(); err != nil {
		return s, err
	}
	g := Generator{Book: bk, Root: game.New(s.Board), Depth: s.Depth, Progress: progress, fillOnly: true}
	_, err = g.Run(ctx)
	return s, err
}

// CheckShards reads the files at paths whole, and checks that they are
// the shards of one layer, each once, and all of them: what Merge checks
// before it writes anything, so that a command can check it before it
// makes a database.
func CheckShards(paths []string) (book.Shard, error) {
	if len(paths) == 0 {
		return book.Shard{}, fmt.Errorf("no shard files to merge")
	}
	var first book.Shard
	seen := map[int]string{}
	for _, path := range paths {
		h, err := book.ReadFile(path, func(game.Board, game.Key, int) error { return nil })
		if err != nil {
			return first, fmt.Errorf("merging %s: %w", path, err)
		}
		s := h.Shard()
		switch {
		case h.Count == 0:
			return first, fmt.Errorf("merging %s: a whole book, not a shard: use import", path)
		case len(seen) == 0:
			first = s
		case s.Board != first.Board || s.Depth != first.Depth || s.Count != first.Count:
			return first, fmt.Errorf("merging %s: %s, but %s is %s", path, s, paths[0], first)
		}
		if other, ok := seen[s.Index]; ok {
			return first, fmt.Errorf("merging: %s and %s both hold shard %d/%d", other, path, s.Index, s.Count)
		}
		seen[s.Index] = path
	}
	var missing []string
	for i := range first.Count {
		if _, ok := seen[i]; !ok {
			missing = append(missing, fmt.Sprint(i))
		}
	}
	if len(missing) > 0 {
		if len(missing) > 10 {
			missing = append(slices.Clip(missing[:10]), "...")
		}
		return first, fmt.Errorf("merging: %d of the %d shards are missing: %s", first.Count-len(seen), first.Count, strings.Join(missing, ", "))
	}
	return first, nil
}
