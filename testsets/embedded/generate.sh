#!/usr/bin/env bash
# Regenerates c4's own benchmark sets, byte for byte (the sets depend only on
# the seed, the counts and the exact scores): run from the repository root as
#   bash testsets/embedded/generate.sh
set -euo pipefail
cd "$(dirname "$0")"
(cd ../.. && go build -o /tmp/c4-generate ./cmd/c4)
gen() { /tmp/c4-generate testsets generate --seed 2026 --level "$1" --rating "$2" --count "$3" ${5:+--min-stones $5} > "$4.tmp" && mv "$4.tmp" "$4"; }
gen end    easy   1000 end-easy.txt
gen middle easy   1000 middle-easy.txt
gen middle medium 1000 middle-medium.txt
gen begin  easy   1000 begin-easy.txt
gen begin  medium 100  begin-medium.txt
# Begin-Hard from 8 stones: earlier positions take minutes each to solve.
gen begin  hard   20   begin-hard.txt 8
