package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"c4/internal/cli"
	"c4/internal/machine"
	"c4/position"
	wposition "c4/wide/position"
)

const versionUsage = `version

Prints the build: c4's module version and the commit it was built from,
with its time and whether the checkout had changes, as the go command
recorded them (go build and go install do unless -buildvcs=false; go run
does not), then
Go's version and the platform; then the processor, and the path the search's
threat detection takes on it with how it was chosen: by timing each path
the processor has (go, avx2, avx512) once a process, or forced by the
environment variable C4_ATTACK_PATH (for example C4_ATTACK_PATH=avx2);
and the same for boards past 64 bits (go, or avx512 where the processor has
VBMI2; C4_ATTACK_PATH=go forces go there too).`

func runVersion(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("version", versionUsage, stdout, stderr)
	if done, err := fs.Parse(args); done {
		return err
	}
	fmt.Fprintf(stdout, "c4 %s %s %s/%s\n", build(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(stdout, "processor: %s\nAttackThreats path: %s\n", machine.Processor(), attackPath(true))
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

// attackPath names the path position.AttackThreats takes and how it was
// chosen, for reports that must say what their figures rest on; with wide,
// also the path of boards past 64 bits (wide/position's).
func attackPath(wide bool) string {
	name, how := position.AttackPath()
	s := name + " (" + how + ")"
	if wide {
		name, how = wposition.AttackPath()
		s += "; past 64 bits " + name + " (" + how + ")"
	}
	return s
}
