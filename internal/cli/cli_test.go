package cli

import (
	"context"
	"errors"
	"io"
	"strings"
	"syscall"
	"testing"
)

func TestExitStatus(t *testing.T) {
	ended, cancel := context.WithCancelCause(context.Background())
	cancel(signalError{syscall.SIGTERM})
	for _, tc := range []struct {
		name   string
		ctx    context.Context
		err    error
		code   int
		stderr string
	}{
		{"done", context.Background(), nil, 0, ""},
		{"failed", context.Background(), errors.New("boom"), 1, "c4 x: boom\n"},
		{"already said", context.Background(), ErrFailed, 1, ""},
		{"usage", context.Background(), ErrUsage, 2, ""},
		{"subcommand", context.Background(), &SubError{"sub", errors.New("boom")}, 1, "c4 x sub: boom\n"},
		{"interrupted", context.Background(), Interrupted(context.Canceled, "kept"), 130, "c4 x: interrupted: kept\n"},
		{"terminated", ended, nil, 143, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var sb strings.Builder
			if code := ExitStatus(tc.ctx, "x", tc.err, &sb); code != tc.code || sb.String() != tc.stderr {
				t.Errorf("ExitStatus = %d, %q; want %d, %q", code, sb.String(), tc.code, tc.stderr)
			}
		})
	}
}

func TestFlagRange(t *testing.T) {
	var sb strings.Builder
	fs := NewFlagSet("x", "x", io.Discard, &sb)
	var n int
	fs.IntVar(&n, "n", -1, 1, 9, "a number") // a default outside the range is no error
	if done, err := fs.Parse(nil); done || err != nil {
		t.Fatalf("defaults: %v, %v", done, err)
	}
	fs = NewFlagSet("x", "x", io.Discard, &sb)
	fs.IntVar(&n, "n", 1, 1, 9, "a number")
	if done, err := fs.Parse([]string{"--n", "10"}); !done || !errors.Is(err, ErrUsage) || sb.String() != "c4 x: --n 10: want 1 to 9 (see --help)\n" {
		t.Errorf("--n 10: %v, %v, %q", done, err, sb.String())
	}
}
