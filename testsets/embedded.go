package testsets

import (
	"embed"
	"fmt"

	"c4/position"
)

// The embedded sets are c4's own, made by its generator with the counts and
// seed in embedded/generate.sh; each file's header says how.
//
//go:embed embedded
var embedded embed.FS

// Embedded reads c4's own 7x6 benchmark sets, in the order of PublicNames.
func Embedded() ([]*Set, error) {
	var sets []*Set
	for _, name := range PublicNames {
		f, err := embedded.Open("embedded/" + name)
		if err != nil {
			return nil, err
		}
		set, bad, err := Read(f, name, position.Standard)
		f.Close()
		if err != nil || len(bad) > 0 {
			return nil, fmt.Errorf("embedded set %s: %v %v", name, err, bad)
		}
		sets = append(sets, set)
	}
	return sets, nil
}
