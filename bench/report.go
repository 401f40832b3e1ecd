package bench

import (
	"c4/internal/regular"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"c4/testsets"
)

// Report is the result of one run: what was run, and a row per set. It is
// what --format json writes and --compare reads.
type Report struct {
	Engine   string `json:"engine"`
	Mode     string `json:"mode"`
	Board    string `json:"board"`
	TableMiB int    `json:"table_mib"`
	Threads  int    `json:"threads,omitempty"`
	// Processor and AttackPath say where the figures come from: the
	// processor (machine.Processor) and the path position.AttackThreats
	// took on it, with how it was chosen.
	Processor  string `json:"processor,omitempty"`
	AttackPath string `json:"attack_path,omitempty"`
	Rows       []Row  `json:"rows"`
}

// Formats returns the names WriteReport accepts.
func Formats() []string { return []string{"table", "markdown", "csv", "json"} }

// Mismatches is the number of scores that differed from the sets'.
func (r Report) Mismatches() int {
	n := 0
	for _, row := range r.Rows {
		n += len(row.Mismatches)
	}
	return n
}

// WriteReport writes r in format (one of Formats). With old, the report of
// an earlier run, the table and markdown formats show each figure beside the
// earlier one and their ratio (new/old).
func WriteReport(w io.Writer, r Report, format string, old *Report) error {
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	case "csv":
		return writeCSV(w, r)
	case "table", "markdown":
		cells := tableCells(r, old)
		if format == "markdown" {
			writeMarkdown(w, cells)
		} else {
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
			for _, row := range cells {
				fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
			}
			if err := tw.Flush(); err != nil {
				return err
			}
		}
		if r.Processor != "" {
			_, err := fmt.Fprintf(w, "\n%s, %s %s, %d MiB table, %d threads; %s; AttackThreats path %s\n",
				r.Board, r.Engine, r.Mode, r.TableMiB, r.Threads, r.Processor, r.AttackPath)
			return err
		}
		return nil
	}
	return fmt.Errorf("format %q: want one of %s", format, strings.Join(Formats(), ", "))
}

// tableCells lays out the table and markdown formats.
func tableCells(r Report, old *Report) [][]string {
	head := []string{"set", "positions", "mean time", "median", "max", "mean nodes", "K pos/s", "mismatches"}
	if old != nil {
		head = []string{"set", "positions", "mean time", "was", "ratio", "mean nodes", "was", "ratio", "K pos/s", "was", "mismatches"}
	}
	cells := [][]string{head}
	for _, row := range r.Rows {
		nodes := strconv.FormatFloat(row.MeanNodes, 'f', 0, 64)
		kps := kposText(row.KPosPerSec())
		if old == nil {
			cells = append(cells, []string{label(row.Set), strconv.Itoa(row.Positions), fmtDur(row.Mean),
				fmtDur(row.Median), fmtDur(row.Max), nodes, kps, strconv.Itoa(len(row.Mismatches))})
			continue
		}
		o, ok := old.row(row.Set)
		if !ok {
			cells = append(cells, []string{label(row.Set), strconv.Itoa(row.Positions), fmtDur(row.Mean), "-", "-", nodes, "-", "-", kps, "-", strconv.Itoa(len(row.Mismatches))})
			continue
		}
		cells = append(cells, []string{label(row.Set), strconv.Itoa(row.Positions),
			fmtDur(row.Mean), fmtDur(o.Mean), ratio(float64(row.Mean), float64(o.Mean)),
			nodes, strconv.FormatFloat(o.MeanNodes, 'f', 0, 64), ratio(row.MeanNodes, o.MeanNodes),
			kps, kposText(o.KPosPerSec()), strconv.Itoa(len(row.Mismatches))})
	}
	return cells
}

func (r *Report) row(set string) (Row, bool) {
	for _, row := range r.Rows {
		if row.Set == set {
			return row, true
		}
	}
	return Row{}, false
}

func ratio(a, b float64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fx", a/b)
}

func writeMarkdown(w io.Writer, cells [][]string) {
	for i, row := range cells {
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
		if i == 0 {
			sep := make([]string, len(row))
			for j := range sep {
				sep[j] = "---:"
			}
			sep[0] = "---"
			fmt.Fprintf(w, "|%s|\n", strings.Join(sep, "|"))
		}
	}
}

func writeCSV(w io.Writer, r Report) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"set", "label", "positions", "mean_us", "median_us", "max_us", "mean_nodes", "kpos_per_s", "mismatches"})
	for _, row := range r.Rows {
		cw.Write([]string{row.Set, testsets.Label(row.Set), strconv.Itoa(row.Positions),
			us(row.Mean), us(row.Median), us(row.Max),
			strconv.FormatFloat(row.MeanNodes, 'f', 1, 64), kposText(row.KPosPerSec()),
			strconv.Itoa(len(row.Mismatches))})
	}
	cw.Flush()
	return cw.Error()
}

func us(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Microsecond), 'f', 3, 64)
}

// ReadReportFile reads the JSON report at path, for a comparison; nil if
// path is "".
func ReadReportFile(path string) (*Report, error) {
	if path == "" {
		return nil, nil
	}
	f, err := regular.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := ReadReport(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// ReadReport reads a report written with format json.
func ReadReport(rd io.Reader) (*Report, error) {
	var r Report
	if err := json.NewDecoder(rd).Decode(&r); err != nil {
		return nil, fmt.Errorf("reading a JSON report: %w", err)
	}
	return &r, nil
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

// kposText writes a throughput in thousands of positions a second with three
// decimals, or three significant digits below 1, so that a set of positions
// taking seconds each does not read as 0.000.
func kposText(v float64) string {
	if v == 0 || v >= 1 {
		return strconv.FormatFloat(v, 'f', 3, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}
