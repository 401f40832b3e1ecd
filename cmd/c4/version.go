package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"c4/internal/cli"
	"c4/internal/machine"
	"c4/position"
	wposition "c4/wide/position"
)

const versionUsage = `version

Prints the build: c4's module version, which names the commit it was built
from and whether the checkout had changes when the go command recorded them
(go build and go install do unless -buildvcs=false; go run does not), then
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
	v := "(no build info)"
	if info, ok := debug.ReadBuildInfo(); ok {
		v = info.Main.Version // v0.0.0-<commit time>-<commit>[+dirty], or (devel)
	}
	fmt.Fprintf(stdout, "c4 %s %s %s/%s\n", v, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(stdout, "processor: %s\nAttackThreats path: %s\n", machine.Processor(), attackPath(true))
	return nil
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
