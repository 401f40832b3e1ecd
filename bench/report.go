package bench

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"c4/testsets"
)

// WriteTable prints rows as an aligned text table.
func WriteTable(w io.Writer, rows []Row) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "set\tpositions\tmean time\tmedian\tmax\tmean nodes\tK pos/s\tmismatches\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%.0f\t%.3f\t%d\t\n", label(r.Set), r.Positions,
			fmtDur(r.Mean), fmtDur(r.Median), fmtDur(r.Max), r.MeanNodes, r.KPosPerSec(), len(r.Mismatches))
	}
	return tw.Flush()
}

func label(name string) string {
	if l := testsets.Label(name); l != name {
		return l + " (" + name + ")"
	}
	return name
}

// fmtDur writes a duration with three significant digits in a unit that
// suits it.
func fmtDur(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.3g µs", float64(d)/float64(time.Microsecond))
	case d < time.Second:
		return fmt.Sprintf("%.3g ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.3g s", d.Seconds())
}
