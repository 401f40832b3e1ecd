package machine

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// cpuInfo reads the first processor's model name, family and model from
// /proc/cpuinfo.
func cpuInfo() (name, family, model string) {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "", "", ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			if name != "" { // the end of the first processor's lines
				break
			}
			continue
		}
		value = strings.TrimSpace(value)
		switch strings.TrimSpace(key) {
		case "model name":
			name = value
		case "cpu family":
			family = value
		case "model":
			model = value
		}
	}
	return name, family, model
}

// cacheBytes reads the size of processor 0's data or unified cache of the
// given level from sysfs, or 0.
func cacheBytes(level int) int {
	dirs, _ := filepath.Glob("/sys/devices/system/cpu/cpu0/cache/index*")
	for _, d := range dirs {
		if read(d, "level") != strconv.Itoa(level) || read(d, "type") == "Instruction" {
			continue
		}
		size := read(d, "size") // "2048K"
		mult := 1
		switch {
		case strings.HasSuffix(size, "K"):
			mult, size = 1<<10, strings.TrimSuffix(size, "K")
		case strings.HasSuffix(size, "M"):
			mult, size = 1<<20, strings.TrimSuffix(size, "M")
		}
		if n, err := strconv.Atoi(size); err == nil && n > 0 {
			return n * mult
		}
	}
	return 0
}

func read(dir, name string) string {
	b, _ := os.ReadFile(filepath.Join(dir, name))
	return strings.TrimSpace(string(b))
}
