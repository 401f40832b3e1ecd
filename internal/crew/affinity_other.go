//go:build !linux

package crew

func cpu() int32         { return -1 }
func leaveCPU(int32) int { return 0 }
func restoreCPUs(int)    {}
