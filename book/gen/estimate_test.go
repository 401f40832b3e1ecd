package gen

import (
	"context"
	"testing"
	"time"

	"c4/book"
	"c4/game"
)

// TestEstimate: a layer under the cap is counted exactly, one past it
// extrapolated (more than it holds, the growth falling with depth), and
// the sample is solved.
func TestEstimate(t *testing.T) {
	b := mustBoard(t, 5, 4)
	layers := book.Enumerate(game.New(b), 8)
	exact := Estimate{Board: b, Depth: 8, Sample: 3, TableMiB: 4}
	c, err := exact.Run(context.Background())
	if err != nil || c.Positions != float64(len(layers[8])) || c.CountedTo != 8 || c.Solved != 3 || c.LowerBound() {
		t.Fatalf("counted: %+v, %v; want %d positions", c, err, len(layers[8]))
	}
	capped := Estimate{Board: b, Depth: 8, Sample: 1, TableMiB: 4, CountCap: 200, Budget: time.Minute}
	c, err = capped.Run(context.Background())
	if err != nil || c.CountedTo >= 8 || c.Positions <= float64(len(layers[8])) || len(layers[c.CountedTo]) <= 200 {
		t.Fatalf("extrapolated: %+v, %v; the layer holds %d", c, err, len(layers[8]))
	}
}
