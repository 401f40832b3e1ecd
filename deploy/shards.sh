#!/usr/bin/env bash
# Solves the shards of one book layer on this machine, one after another,
# as the pods of deploy/k8s's Job would: each run is c4 book generate
# --shard, with its index from JOB_COMPLETION_INDEX. A finished shard is
# skipped, a stopped one goes on from its journal. The order is a fixed
# shuffle (index = k*37 mod N, for N a power of two), so that the rate so
# far estimates the whole layer's cost.
#
#   deploy/shards.sh C4 BOARD DEPTH N OUTDIR [c4 flags...]
#   deploy/shards.sh ./c4 7x6 10 64 book/shards/7x6-d10 --threads 2 --tt-mib 512
set -euo pipefail
c4=$1 board=$2 depth=$3 n=$4 out=$5
shift 5
mkdir -p "$out"
for ((k = 0; k < n; k++)); do
	i=$(((k * 37) % n))
	file=$(printf '%s/%s-d%d-%03d-of-%03d.c4s' "$out" "$board" "$depth" "$i" "$n")
	[ -e "$file" ] && continue
	JOB_COMPLETION_INDEX=$i "$c4" book generate --board "$board" --depth "$depth" \
		--shard "$i/$n" --out "$file" "$@"
done
