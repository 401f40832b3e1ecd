package hugemem

import "fmt"

// Fits returns an error if tables of bytes do not fit in the machine's
// memory (more would crash at the start or have the kernel end the run);
// nil where the memory is unknown.
func Fits(bytes int64) error {
	const gib = 1 << 30
	if have := Physical(); have > 0 && uint64(bytes) > have {
		return fmt.Errorf("the tables take %.1f GiB, more than this machine's %.1f GiB of memory", float64(bytes)/gib, float64(have)/gib)
	}
	return nil
}
