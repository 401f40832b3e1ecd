#!/bin/sh
# Makes default.pgo, the CPU profile the go command builds c4 with
# (profile-guided optimisation: it inlines the hot calls of the search):
# c4's embedded benchmark sets solved strongly and weakly by negamax and
# weakly by DFPN, one thread each. Run it as "sh cmd/c4/pgo.sh" from the
# checkout (not by go generate, so that regenerating internal/wide/ never
# rewrites the profile); it takes about half a minute.
set -e
cd "$(dirname "$0")"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -pgo=off -o "$dir/c4" .
for run in strong:"" weak:--weak dfpn:"--engine dfpn --weak"; do
	# shellcheck disable=SC2086 # the flags are meant to split
	"$dir/c4" bench --threads 1 --tt-mib 64 ${run#*:} --cpuprofile "$dir/${run%%:*}.prof" >/dev/null
done
go tool pprof -proto "$dir"/*.prof >default.pgo
