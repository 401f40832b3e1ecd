package bench

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"c4/testsets"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// sample is a fixed report: the golden files are its renderings.
func sample() Report {
	us := time.Microsecond
	rows := []Row{
		{Set: "Test_L3_R1", Positions: 3, Total: 30 * us, Mean: 10 * us, Median: 8 * us, Max: 17 * us, MeanNodes: 51,
			Times: []time.Duration{5 * us, 8 * us, 17 * us}},
		{Set: "Test_L1_R2", Positions: 4, Total: 800 * time.Millisecond, Mean: 200 * time.Millisecond, Median: 120 * time.Millisecond,
			Max: 2 * time.Second, MeanNodes: 1187923.4, Times: []time.Duration{90 * time.Millisecond, 120 * time.Millisecond, 150 * time.Millisecond, 2 * time.Second},
			Mismatches: []Mismatch{{Case: testsets.Case{Line: 7, Moves: "4453", Score: -2}, Got: -1}}},
		{Set: "mine", Positions: 0},
	}
	return Report{Engine: "negamax", Mode: "strong", Board: "7x6", TableMiB: 128, Rows: rows}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./bench -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n%s\nwant:\n%s", name, got, want)
	}
}

func TestReportFormats(t *testing.T) {
	r := sample()
	old := sample()
	old.Rows[0].Mean, old.Rows[0].MeanNodes = 20*time.Microsecond, 102
	for _, tc := range []struct {
		file, format string
		old          *Report
	}{
		{"report.txt", "table", nil},
		{"report.md", "markdown", nil},
		{"report.csv", "csv", nil},
		{"report.json", "json", nil},
		{"compare.txt", "table", &old},
		{"compare.md", "markdown", &old},
	} {
		t.Run(tc.file, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteReport(&buf, r, tc.format, tc.old); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.file, buf.Bytes())
		})
	}
	var buf bytes.Buffer
	if err := WritePlot(&buf, r); err != nil {
		t.Fatal(err)
	}
	golden(t, "plot.svg", buf.Bytes())
	if err := WriteReport(&buf, r, "xml", nil); err == nil {
		t.Error("format xml accepted")
	}
}

// TestReportRoundTrip checks that --compare reads what --format json wrote.
func TestReportRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	r := sample()
	if err := WriteReport(&buf, r, "json", nil); err != nil {
		t.Fatal(err)
	}
	back, err := ReadReport(&buf)
	if err != nil {
		t.Fatal(err)
	}
	row, ok := back.row("Test_L1_R2")
	if !ok || row.Mean != r.Rows[1].Mean || row.MeanNodes != r.Rows[1].MeanNodes || row.Positions != 4 || back.TableMiB != 128 {
		t.Errorf("round trip: %+v", back)
	}
	if _, err := ReadReport(bytes.NewReader([]byte("{nope"))); err == nil {
		t.Error("a broken report was read")
	}
}
