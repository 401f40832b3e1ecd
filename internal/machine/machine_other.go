//go:build !linux

package machine

// cpuInfo knows nothing of the processor outside Linux.
func cpuInfo() (name, family, model string) { return "", "", "" }

// cacheBytes knows no cache size outside Linux.
func cacheBytes(level int) int { return 0 }
