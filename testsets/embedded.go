package testsets

import (
	"embed"
	"fmt"

	"c4/game"
)

// The embedded sets are c4's own, made by its generator with the counts and
// seed in embedded/generate.sh; each file's header says how. Their files
// are named <level>-<rating>.txt, apart from the public sets' files; the
// sets themselves take the public names, Test_L<l>_R<r>.
//
//go:embed embedded
var embedded embed.FS

// Embedded reads c4's own 7x6 benchmark sets, in the order of PublicNames.
func Embedded() ([]*Set, error) {
	var sets []*Set
	for _, name := range PublicNames() {
		l, r := Level(name[6]-'0'), Rating(name[9]-'0')
		f, err := embedded.Open(fmt.Sprintf("embedded/%s-%s.txt", l, r))
		if err != nil {
			return nil, err
		}
		set, bad, err := Read(f, name, game.Standard)
		f.Close()
		if err != nil || len(bad) > 0 {
			return nil, fmt.Errorf("embedded set %s: %v %v", name, err, bad)
		}
		sets = append(sets, set)
	}
	return sets, nil
}
