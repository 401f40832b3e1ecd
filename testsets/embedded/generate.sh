#!/usr/bin/env bash
# Regenerates c4's own benchmark sets, byte for byte (the sets depend only on
# the seed, the counts and the exact scores): run from the repository root as
#   bash testsets/embedded/generate.sh
# The other boards' sets take about five minutes (docs/measurements/2026-11-28-big-board-sets.md).
set -euo pipefail
cd "$(dirname "$0")"
(cd ../.. && go build -o /tmp/c4-generate ./cmd/c4)
# gen BOARD SEED LEVEL RATING COUNT FILE [MIN-STONES]
gen() { /tmp/c4-generate testsets generate --board "$1" --seed "$2" --level "$3" --rating "$4" --count "$5" ${7:+--min-stones $7} > "$1/$6.tmp" && mv "$1/$6.tmp" "$1/$6"; }
gen 7x6 2026 end    easy   1000 end-easy.txt
gen 7x6 2026 middle easy   1000 middle-easy.txt
gen 7x6 2026 middle medium 1000 middle-medium.txt
gen 7x6 2026 begin  easy   1000 begin-easy.txt
gen 7x6 2026 begin  medium 100  begin-medium.txt
# Begin-Hard from 8 stones: earlier positions take minutes each to solve.
gen 7x6 2026 begin  hard   20   begin-hard.txt 8
# Boards past 64 bits: one Middle-Medium set each, seconds a position.
for b in 8x8 9x7 10x6 11x5; do gen $b 7 middle medium 20 middle-medium.txt; done
