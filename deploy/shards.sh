#!/usr/bin/env bash
# Solves the shards of one book layer on this machine, one after another,
# as the pods of deploy/k8s's Job would: each run is c4 book generate
# --shard, with its index from JOB_COMPLETION_INDEX, and c4 names its file
# in OUTDIR. A finished shard is skipped, a stopped one goes on from its
# journal. The order is a fixed shuffle (index = k*step mod N, step the
# first number from 37 with no factor in common with N, so that every index
# comes once), so that the rate so far estimates the whole layer's cost. At
# the end, c4 book merge --check says whether every shard is there; the exit
# status is 1 if one is not.
#
#   deploy/shards.sh C4 BOARD DEPTH N OUTDIR [c4 flags...]
#   deploy/shards.sh ./c4 7x6 10 64 book/shards/7x6-d10 --threads 2 --tt-mib 512
set -euo pipefail
c4=$1 board=$2 depth=$3 n=$4 out=$5
shift 5
gcd() { local a=$1 b=$2; while ((b)); do set -- "$b" $((a % b)); a=$1 b=$2; done; echo "$a"; }
step=37
while (($(gcd "$step" "$n") != 1)); do step=$((step + 1)); done
mkdir -p "$out"
failed=0
for ((k = 0; k < n; k++)); do
	i=$(((k * step) % n))
	JOB_COMPLETION_INDEX=$i "$c4" book generate --board "$board" --depth "$depth" \
		--shard "$i/$n" --out "$out/" "$@" || failed=1
done
"$c4" book merge --check "$out" || exit 1
exit "$failed"
