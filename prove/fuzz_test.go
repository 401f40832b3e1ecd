package prove

import (
	"bytes"
	"testing"
)

// FuzzDecode: any bytes read as a proof file give a proof or an error,
// never a panic; a proof read is one Encode writes back the same, and
// its structure is checked without a panic (its leaves are not solved: a
// leaf of a large board could take years).
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
		if q, err := Decode(&b); err != nil || q.Root != p.Root || len(q.Trees) != len(p.Trees) {
			t.Fatalf("read back: %v", err)
		}
		structure(p)
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
	return proved(tb, Settings{Board: board, JobNodes: 100}, 1)
}
