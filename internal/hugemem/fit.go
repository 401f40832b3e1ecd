package hugemem

import "fmt"

// TooBig is Fits's error: tables of Bytes do not fit in the machine's Have.
type TooBig struct{ Bytes, Have uint64 }

func (e *TooBig) Error() string {
	const gib = 1 << 30
	return fmt.Sprintf("the tables take %.1f GiB, more than this machine's %.1f GiB of memory", float64(e.Bytes)/gib, float64(e.Have)/gib)
}

// Fits returns a *TooBig if tables of bytes do not fit in the machine's
// memory (more would crash at the start or have the kernel end the run);
// nil where the memory is unknown.
func Fits(bytes int64) error {
	if have := Physical(); have > 0 && uint64(bytes) > have {
		return &TooBig{uint64(bytes), have}
	}
	return nil
}
