#!/usr/bin/env bash
# Regenerates c4's own benchmark sets, byte for byte (the sets depend only on
# the seed, the counts and the exact scores): run from the repository root as
#   bash testsets/embedded/generate.sh
set -euo pipefail
cd "$(dirname "$0")"
(cd ../.. && go build -o /tmp/c4-generate ./cmd/c4)
gen() { /tmp/c4-generate testsets generate --seed 2026 --level "$1" --rating "$2" --count "$3" ${5:+--min-stones $5} > "$4.tmp" && mv "$4.tmp" "$4"; }
gen end    easy   1000 Test_L3_R1
gen middle easy   1000 Test_L2_R1
gen middle medium 1000 Test_L2_R2
gen begin  easy   1000 Test_L1_R1
gen begin  medium 100  Test_L1_R2
# Begin-Hard from 8 stones: earlier positions take minutes each to solve.
gen begin  hard   20   Test_L1_R3 8
