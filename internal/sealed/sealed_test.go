package sealed

import (
	"bytes"
	"encoding/binary"
	"io"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// TestReaderUvarint: numbers of every length read back the same whether
// the buffer holds all of one or not, and one too long is refused.
func TestReaderUvarint(t *testing.T) {
	var buf []byte
	var want []uint64
	for i := range 200 {
		v := uint64(1)<<(i%64) + uint64(i)
		want = append(want, v)
		buf = binary.AppendUvarint(buf, v)
	}
	r := &Reader{src: bytes.NewReader(buf), buf: make([]byte, 16)}
	for i, v := range want {
		if got, err := r.Uvarint(); err != nil || got != v {
			t.Fatalf("number %d: %d, %v, want %d", i, got, err, v)
		}
	}
	r = &Reader{src: bytes.NewReader(bytes.Repeat([]byte{0xff}, 11)), buf: make([]byte, 64)}
	if _, err := r.Uvarint(); err == nil {
		t.Error("a number of 77 bits read")
	}
}

// sealedFile is a sealed file of magic "T", version 1, and body.
func sealedFile(t testing.TB, body []byte) []byte {
	var buf bytes.Buffer
	err := Write(&buf, "T", 1, zstd.SpeedDefault, func(w io.Writer) error {
		_, err := w.Write(body)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestDamage: a file read whole gives its body back; the wrong magic or
// version, a file cut short, a byte altered and bytes after the end are
// refused, by ReadAll and by a Reader's End.
func TestDamage(t *testing.T) {
	body := bytes.Repeat([]byte("connect four "), 1000)
	good := sealedFile(t, body)
	altered := bytes.Clone(good)
	altered[len(altered)/2] ^= 1
	for _, tc := range []struct {
		name string
		file []byte
		want string // "" for none
	}{
		{"whole", good, ""},
		{"other magic", append([]byte("U"), good[1:]...), "not a test file"},
		{"other version", append([]byte("T\x02"), good[2:]...), "version 2"},
		{"cut short", good[:len(good)-3], "damaged"},
		{"altered", altered, "damaged"},
		{"bytes after", append(bytes.Clone(good), 0), "damaged"},
		{"a file after", append(bytes.Clone(good), good[2:]...), "damaged"},
	} {
		got, err := ReadAll(bytes.NewReader(tc.file), "T", 1, 1<<20, "test file")
		switch {
		case tc.want == "" && (err != nil || !bytes.Equal(got, body)):
			t.Errorf("%s: ReadAll: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: ReadAll: %v, want an error saying %q", tc.name, err, tc.want)
		}
		if strings.HasPrefix(tc.name, "other") {
			continue
		}
		r, _, err := Open(bytes.NewReader(tc.file), "T")
		if err != nil {
			t.Fatalf("%s: Open: %v", tc.name, err)
		}
		got = make([]byte, len(body))
		_, err = io.ReadFull(r, got)
		if err == nil {
			err = r.End()
		}
		r.Close()
		if (err == nil) != (tc.want == "") {
			t.Errorf("%s: Reader: %v", tc.name, err)
		}
	}
	if _, err := ReadAll(bytes.NewReader(good), "T", 1, 100, "test file"); err == nil || !strings.Contains(err.Error(), "over 100 bytes") {
		t.Errorf("a body over the most: %v", err)
	}
}

// FuzzReadAll: whatever the bytes, ReadAll returns a body only if it is
// what was sealed (the file written again from it is the same file), and
// never panics.
func FuzzReadAll(f *testing.F) {
	f.Add(sealedFile(f, []byte("a body")))
	f.Add(sealedFile(f, nil))
	f.Add([]byte("T\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		body, err := ReadAll(bytes.NewReader(data), "T", 1, 1<<16, "test file")
		if err != nil {
			return
		}
		again, err := ReadAll(bytes.NewReader(sealedFile(t, body)), "T", 1, 1<<16, "test file")
		if err != nil || !bytes.Equal(again, body) {
			t.Fatalf("body %x does not read back: %v", body, err)
		}
	})
}
