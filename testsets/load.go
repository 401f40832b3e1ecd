package testsets

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"c4/game"
)

// Load reads the sets names names (each a file name, or for a public set
// its label: End-Easy for Test_L3_R1, as c4 bench's table names the rows;
// none: the six public ones, or in a folder without them its every .txt
// file), from the folder dir, or if dir is "" c4's own embedded sets of b
// (none named: all of them; see Embedded). Each set is of the board its
// header names, else of b; with b not the zero Board, a set of another
// board is an error (see Read). The bad lines of every set are returned,
// the rest of each set read.
func Load(dir string, names []string, b game.Board) (sets []*Set, bad []error, err error) {
	if dir == "" {
		return loadEmbedded(names, b)
	}
	if len(names) == 0 {
		if names, err = dirSets(dir); err != nil {
			return nil, nil, err
		}
	}
	for _, name := range names {
		if public, ok := ByName(name); ok && !fileExists(filepath.Join(dir, name)) {
			name = public
		}
		set, lineErrs, err := ReadFile(filepath.Join(dir, name), b)
		if err != nil {
			return nil, bad, err
		}
		bad = append(bad, lineErrs...)
		sets = append(sets, set)
	}
	return sets, bad, nil
}

// loadEmbedded picks the named sets of Embedded(b), or all of them.
func loadEmbedded(names []string, b game.Board) ([]*Set, []error, error) {
	all, err := Embedded(b)
	if err != nil || len(names) == 0 {
		return all, nil, err
	}
	var sets []*Set
	for _, name := range names {
		public, _ := ByName(name)
		i := slices.IndexFunc(all, func(s *Set) bool { return s.Name == public })
		if i < 0 {
			labels, files := make([]string, len(all)), make([]string, len(all))
			for j, s := range all {
				labels[j], files[j] = Label(s.Name), s.Name
			}
			return nil, nil, fmt.Errorf("no embedded set %q of %s: there are %s (or by file name, %s)", name, all[0].Board, strings.Join(labels, ", "), strings.Join(files, ", "))
		}
		sets = append(sets, all[i])
	}
	return sets, nil, nil
}

// dirSets names the sets of dir when none are named: the public ones if
// dir holds the first, else every .txt file in it, in name order.
func dirSets(dir string) ([]string, error) {
	if fileExists(filepath.Join(dir, PublicNames()[0])) {
		return PublicNames(), nil
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err == nil && len(files) == 0 {
		err = fmt.Errorf("%s: no public set (%s) and no .txt set file in it", dir, PublicNames()[0])
	}
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = filepath.Base(f)
	}
	return names, err
}

// Boards names the boards of sets, in order, once each ("7x6" or "8x8,
// 9x7"), and says whether one is past 64 bits: what a report says of the
// sets it ran.
func Boards(sets []*Set) (names string, wide bool) {
	var seen []string
	for _, s := range sets {
		if name := s.Board.String(); !slices.Contains(seen, name) {
			seen = append(seen, name)
		}
		wide = wide || s.Board.Wide()
	}
	return strings.Join(seen, ", "), wide
}
