package testsets

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Write writes set in the set format, "<moves> <score>" per line, after the
// given comment lines (each written with a leading "# ").
func Write(w io.Writer, set *Set, comments ...string) error {
	bw := bufio.NewWriter(w)
	for _, c := range comments {
		for _, line := range strings.Split(c, "\n") {
			fmt.Fprintf(bw, "# %s\n", line)
		}
	}
	for _, c := range set.Cases {
		fmt.Fprintf(bw, "%s %d\n", c.Moves, c.Score)
	}
	return bw.Flush()
}
