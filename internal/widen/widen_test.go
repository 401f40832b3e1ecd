package main

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestGeneratedCurrent fails when a generated package differs from what its
// 64-bit source generates: someone edited one without the other.
func TestGeneratedCurrent(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	if err := run(root, true); err != nil {
		t.Fatal(err)
	}
}

// TestRefused checks that each construct the rewrite cannot express is
// refused with a message on its line (testdata/refused marks them).
func TestRefused(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	_, err = generate(root, job{from: "c4/internal/widen/testdata/refused", to: "c4/internal/widen/testdata/none"}, shared{})
	if err == nil {
		t.Fatal("no error")
	}
	src := filepath.Join("testdata", "refused", "refused.go")
	f, err2 := os.Open(src)
	if err2 != nil {
		t.Fatal(err2)
	}
	defer f.Close()
	want := regexp.MustCompile(`// want "(.*)"`)
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		m := want.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		re := regexp.MustCompile(regexp.QuoteMeta("refused.go:"+strconv.Itoa(line)+":") + `\d+: ` + regexp.QuoteMeta(m[1]))
		if !re.MatchString(err.Error()) {
			t.Errorf("line %d: no error matching %q in:\n%v", line, m[1], err)
		}
	}
	if n := strings.Count(err.Error(), "\n") + 1; n != 6 {
		t.Errorf("%d errors, want 6:\n%v", n, err)
	}
}
