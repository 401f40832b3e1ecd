package threat

import (
	"strings"
	"testing"
)

// TestParseSides: two names, trimmed, each short and printable; anything
// else refused with the rule.
func TestParseSides(t *testing.T) {
	for in, want := range map[string]Sides{"X,O": XO, " Red , Yellow ": Colours, "Alice,Bob": {"Alice", "Bob"}} {
		if got, err := ParseSides(in); err != nil || got != want {
			t.Errorf("%q: %v, %v", in, got, err)
		}
	}
	for _, in := range []string{"", "X", "X,", ",O", "X,O,Z", "X,O\a", strings.Repeat("a", 21) + ",O"} {
		if _, err := ParseSides(in); err == nil || !strings.Contains(err.Error(), "two names") {
			t.Errorf("%q: %v", in, err)
		}
	}
}
