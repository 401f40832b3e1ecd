// Package machine describes the processor c4 runs on: its name, for reports
// that must say where their figures come from, and its cache sizes, from
// which the solvers size the tables that should stay in cache.
package machine

import (
	"fmt"
	"runtime"
)

// Processor names the processor: its model name and, on x86, its family and
// model numbers (a virtual machine's model name is often only "Intel(R)
// Xeon(R) Processor"), with the platform. It never fails: what cannot be
// read is left out.
func Processor() string {
	name, family, model := cpuInfo()
	if name == "" {
		name = "unknown processor"
	}
	if family != "" && model != "" {
		name += fmt.Sprintf(" (family %s, model %s)", family, model)
	}
	return fmt.Sprintf("%s, %s/%s, %d logical processors", name, runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
}

// L2Bytes is the size of a core's second-level cache in bytes, or 0 if
// unknown.
func L2Bytes() int { return cacheBytes(2) }
