package lines

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// TestLong: a line over MaxLine is reported, and the next read.
func TestLong(t *testing.T) {
	in := strings.Repeat("4", MaxLine+1) + "\n4453\n"
	var got []string
	Read(context.Background(), strings.NewReader(in), func(n int, text string, err error) error {
		if err != nil {
			text = err.Error()
		}
		got = append(got, text)
		return nil
	})
	if len(got) != 2 || got[0] != ErrLong.Error() || got[1] != "4453" {
		t.Fatalf("got %.60q", got)
	}
}

// TestInterrupted: an ended context ends Read at once, even while a
// read waits for input that never comes.
func TestInterrupted(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		done <- Read(ctx, r, func(int, string, error) error { return nil })
	}()
	w.Write([]byte("4453\n"))
	time.Sleep(10 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Read = %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Read still waits for input after its context ended")
	}
}
