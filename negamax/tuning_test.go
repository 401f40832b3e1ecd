package negamax

import (
	"fmt"
	"testing"
)

func TestNearSize(t *testing.T) {
	for _, tc := range []struct{ l2, want int }{
		{0, 1 << 20},
		{-1, 1 << 20},
		{48 << 10, 256 << 10},
		{1 << 20, 1 << 20},
		{1280 << 10, 1 << 20}, // 1.25 MiB: rounded down
		{2 << 20, 2 << 20},
		{32 << 20, 4 << 20},
	} {
		t.Run(fmt.Sprintf("L2 %d", tc.l2), func(t *testing.T) {
			if got := nearSize(tc.l2); got != tc.want {
				t.Errorf("nearSize(%d) = %d, want %d", tc.l2, got, tc.want)
			}
		})
	}
}
