package main

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"c4/game"
	"c4/search"
)

// TestPythonContract: the constants python/c4/__init__.py keeps of the
// library's are the library's: each enum value of the C header (the cgo
// preamble of main.go, which the c-shared build copies into libc4.h), the
// score of a full column and the widest board.
func TestPythonContract(t *testing.T) {
	header, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	py, err := os.ReadFile("../c4/__init__.py")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"FULL": search.InvalidMove, "MAX_WIDTH": game.MaxWidth}
	for _, m := range regexp.MustCompile(`\bC4_([A-Z]+) = (-?\d+),`).FindAllSubmatch(header, -1) {
		want[string(m[1])], _ = strconv.Atoi(string(m[2]))
	}
	if len(want) != 12 {
		t.Fatalf("%d constants found in main.go's header, want 10 and 2 of Go's: %v", len(want), want)
	}
	got := pythonConstants(py)
	for name, v := range want {
		if g, ok := got[name]; !ok || g != v {
			t.Errorf("python/c4: _%s = %d (found: %v), the library's is %d", name, g, ok, v)
		}
	}
}

// pythonConstants are the module's private integer constants (_NAME = 1),
// those assigned together too (_A, _B = 1, 2), by name without the "_".
func pythonConstants(src []byte) map[string]int {
	got := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^(_[A-Z_]+(?:, _[A-Z_]+)*) = (-?\d+(?:, -?\d+)*)$`).FindAllSubmatch(src, -1) {
		names := regexp.MustCompile(`_([A-Z_]+)`).FindAllSubmatch(m[1], -1)
		values := regexp.MustCompile(`-?\d+`).FindAll(m[2], -1)
		for i := range min(len(names), len(values)) {
			got[string(names[i][1])], _ = strconv.Atoi(string(values[i]))
		}
	}
	return got
}
