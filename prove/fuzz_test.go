package prove

import (
	"bytes"
	"context"
	"testing"
	"time"
)

// FuzzDecode: any bytes read as a proof file give a proof or an error,
// never a panic; a proof read is one Encode writes back the same, and its
// check ends without a panic (on the seeds' small boards it is quick; a
// large board's is cut short by a deadline).
func FuzzDecode(f *testing.F) {
	for _, p := range []Proof{proofOf(f, "4x4"), proofOf(f, "5x4")} {
		var b bytes.Buffer
		if err := Encode(&b, p); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := Encode(&b, p); err != nil {
			t.Fatal(err)
		}
		if q, err := Decode(&b); err != nil || q.Digest() != p.Digest() {
			t.Fatalf("read back: %v", err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		Verify(ctx, p, VerifyOptions{TableMiB: 1})
	})
}

// FuzzRecords: any checkpoint body gives its records or an error, never a
// panic.
func FuzzRecords(f *testing.F) {
	f.Add([]byte{1, 'a', 1, 'b', 0, 1})
	f.Add([]byte{0, 0})
	f.Fuzz(func(t *testing.T, body []byte) {
		records(body, func(k, v []byte) error { return nil })
	})
}

// proofOf is the proof of board's empty position, made with small jobs.
func proofOf(tb testing.TB, board string) Proof {
	p, _ := proved(tb, Settings{Board: board, JobNodes: 100, LeafCells: 4}, 1)
	return p
}

// FuzzVerifyLog: any bytes read as a check's log give its batches or an
// error, never a panic; a log read is one of the header given.
func FuzzVerifyLog(f *testing.F) {
	header := logHeader("00ff")
	f.Add([]byte(header + "\n0 1\n1 7\n"))
	f.Add([]byte(header + "\n0 1\n1 7"))
	f.Add([]byte("c4 prove verify log 1 00ff\n\"44\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		done, end, err := readVerifyLog(bytes.NewReader(data), header)
		if err != nil {
			return
		}
		if end > int64(len(data)) || end > 0 && !bytes.HasPrefix(data, []byte(header+"\n")) {
			t.Fatalf("a log of %d bytes read to %d, %d batches", len(data), end, len(done))
		}
	})
}
