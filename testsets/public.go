package testsets

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"c4/position"
)

// ErrNoPublic is returned when the folder of the public sets is not found.
var ErrNoPublic = errors.New("the public sets are not found")

// PublicDir finds the folder of the public sets: $C4_TESTSETS if set, else
// the first shared/testsets beside the working directory or one of its
// parents (the project's checkout sits beside shared/).
func PublicDir() (string, error) {
	if d := os.Getenv("C4_TESTSETS"); d != "" {
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		cand := filepath.Join(d, "shared", "testsets")
		if _, err := os.Stat(filepath.Join(cand, PublicNames[0])); err == nil {
			return cand, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("%w: no shared/testsets beside %s or its parents; set C4_TESTSETS to their folder", ErrNoPublic, wd)
		}
	}
}

// ReadPublic reads the public 7x6 set of that name from PublicDir. A line
// that does not parse is an error: the public sets have none.
func ReadPublic(name string) (*Set, error) {
	dir, err := PublicDir()
	if err != nil {
		return nil, err
	}
	set, bad, err := ReadFile(filepath.Join(dir, name), position.Standard)
	if err == nil && len(bad) > 0 {
		err = bad[0]
	}
	return set, err
}
