package bench

import (
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"time"
)

// Plot geometry, in SVG user units.
const (
	plotLeft   = 230 // room for the set names
	plotWidth  = 520
	plotRight  = 170 // room for the mean nodes
	plotRowH   = 56
	plotTop    = 40
	plotBottom = 40
)

// WritePlot draws r as an SVG picture: for each set, every position's solve
// time as a dot on a shared logarithmic axis, a box from the first to the
// third quartile with the median marked, and the mean nodes written beside.
// It is drawn by hand rather than with a plotting library: one strip chart
// with a log axis is a few dozen lines, and needs no fonts or dependencies.
func WritePlot(w io.Writer, r Report) error {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, row := range r.Rows {
		for _, t := range row.Times {
			us := max(float64(t)/1e3, 0.1)
			lo, hi = min(lo, us), max(hi, us)
		}
	}
	if lo > hi {
		lo, hi = 1, 10
	}
	d0, d1 := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	if d1 <= d0 {
		d1 = d0 + 1
	}
	x := func(t time.Duration) float64 {
		us := max(float64(t)/1e3, 0.1)
		return plotLeft + (math.Log10(us)-d0)/(d1-d0)*plotWidth
	}
	width := plotLeft + plotWidth + plotRight
	height := plotTop + plotRowH*len(r.Rows) + plotBottom
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", width, height)
	fmt.Fprintf(w, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(w, `<text x="%d" y="20" font-size="14">c4 bench: %s, %s, %s board, %d MiB table: time per position (log scale)</text>`+"\n",
		plotLeft, html.EscapeString(r.Engine), html.EscapeString(r.Mode), html.EscapeString(r.Board), r.TableMiB)
	axisY := plotTop + plotRowH*len(r.Rows)
	for d := d0; d <= d1; d++ {
		px := plotLeft + (d-d0)/(d1-d0)*plotWidth
		fmt.Fprintf(w, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`+"\n", px, plotTop, px, axisY)
		fmt.Fprintf(w, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", px, axisY+16, fmtDur(time.Duration(math.Pow(10, d)*1e3)))
	}
	fmt.Fprintf(w, `<text x="%d" y="%d" text-anchor="start" font-weight="bold">mean nodes</text>`+"\n", plotLeft+plotWidth+10, plotTop-6)
	for i, row := range r.Rows {
		y := float64(plotTop + plotRowH*i + plotRowH/2)
		fmt.Fprintf(w, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", plotLeft-10, y+4, html.EscapeString(label(row.Set)))
		fmt.Fprintf(w, `<text x="%d" y="%.1f">%.0f</text>`+"\n", plotLeft+plotWidth+10, y+4, row.MeanNodes)
		if len(row.Times) == 0 {
			continue
		}
		for j, t := range row.Times {
			jitter := float64((j*7919)%31-15) * 0.8 // spread the dots, the same way every time
			fmt.Fprintf(w, `<circle cx="%.1f" cy="%.1f" r="1.5" fill="#4472c4" fill-opacity="0.35"/>`+"\n", x(t), y+jitter)
		}
		sorted := slices.Sorted(slices.Values(row.Times))
		q1, q3 := sorted[len(sorted)/4], sorted[len(sorted)*3/4]
		fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="%.1f" height="26" fill="none" stroke="#222"/>`+"\n", x(q1), y-13, max(x(q3)-x(q1), 1))
		fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#c00" stroke-width="2"/>`+"\n", x(row.Median), y-13, x(row.Median), y+13)
	}
	_, err := fmt.Fprintln(w, "</svg>")
	return err
}
