package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"c4/game"
	"c4/internal/cli"
	"c4/internal/machine"
)

var versionUsage = help("version")

func runVersion(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("version", versionUsage, stdout, stderr)
	if done, err := fs.Parse(args); done {
		return err
	}
	fmt.Fprintf(stdout, "c4 %s %s %s/%s\n", build(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(stdout, "processor: %s\nAttackThreats path: %s\n", machine.Processor(), game.AttackPaths(true))
	return nil
}

// build is c4's module version with the commit the go command recorded:
// "v0.0.0-20261129090819-91fb9d409fdc+dirty" (+dirty: the checkout had
// changes), "(devel) commit 91fb9d409fdc", or a note that none was.
func build() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(no build info)"
	}
	v, rev, dirty := info.Main.Version, "", false
	for _, kv := range info.Settings {
		switch kv.Key {
		case "vcs.revision":
			rev = kv.Value[:min(len(kv.Value), 12)]
		case "vcs.modified":
			dirty = kv.Value == "true"
		}
	}
	switch {
	case rev == "":
		return v + " (no commit recorded: go run, or -buildvcs=false in the build or GOFLAGS)"
	case !strings.Contains(v, rev):
		v += " commit " + rev
		if dirty {
			v += " with changes"
		}
	}
	return v
}
