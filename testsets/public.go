package testsets

import (
	"errors"
	"os"
	"path/filepath"
)

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
			return "", errors.New("no shared/testsets beside " + wd + " or its parents; set C4_TESTSETS to the folder of the public sets")
		}
	}
}
