// Package pebblelog is the logger c4 gives pebble (a book's database, a
// proof search's): pebble's error messages go to the caller's writer, its
// informational ones nowhere, as they would mix with c4's output; a fatal
// one (pebble's state can no longer be trusted, as with a damaged file)
// ends the call under way with a panic that the caller's method turns
// back into an error (Recover): so the command prints one line and exits,
// rather than crashing, and pebble does not go on after it.
package pebblelog

import (
	"fmt"
	"io"
	"strings"

	"github.com/cockroachdb/pebble/v2"
)

// Logger is pebble's logger, writing error messages to W (nil: nowhere).
type Logger struct {
	W io.Writer
}

// fatal is the panic of a fatal message.
type fatal struct{ err error }

func (l *Logger) Infof(string, ...any) {}

func (l *Logger) Errorf(f string, a ...any) {
	if l.W != nil {
		fmt.Fprintf(l.W, "pebble: "+oneLine(f)+"\n", a...)
	}
}

// Fatalf's message is the error the call under way returns, which the
// command prints: it is not logged as well.
func (l *Logger) Fatalf(f string, a ...any) {
	panic(fatal{fmt.Errorf("pebble: "+oneLine(f), a...)})
}

// oneLine is a format with %v for pebble's %+v, which prints an error's
// every wrapper and stack.
func oneLine(f string) string { return strings.ReplaceAll(f, "%+v", "%v") }

// Recover, deferred by a method that calls pebble, turns a fatal message's
// panic into *err; other panics go on.
func Recover(err *error) {
	if r := recover(); r != nil {
		f, ok := r.(fatal)
		if !ok {
			panic(r)
		}
		*err = f.err
	}
}

// Listener is pebble's event listener: a damaged file found is not fatal
// (pebble's default, which would end the process from whichever goroutine
// found it, a background one too), since the read that found it returns
// an error naming the file, which the command prints.
func Listener() *pebble.EventListener {
	return &pebble.EventListener{DataCorruption: func(pebble.DataCorruptionInfo) {}}
}
