package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

const versionUsage = `version

Prints the build: c4's module version, which names the commit it was built
from and whether the checkout had changes when the go command recorded them
(go build and go install do unless -buildvcs=false; go run does not), then
Go's version and the platform.`

func runVersion(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", versionUsage, stdout, stderr)
	if done, err := parse(fs, args); done {
		return err
	}
	v := "(no build info)"
	if info, ok := debug.ReadBuildInfo(); ok {
		v = info.Main.Version // v0.0.0-<commit time>-<commit>[+dirty], or (devel)
	}
	fmt.Fprintf(stdout, "c4 %s %s %s/%s\n", v, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return nil
}
