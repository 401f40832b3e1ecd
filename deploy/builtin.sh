#!/usr/bin/env bash
# Makes a whole book's portable file from the finished shards of its
# deepest layer (deploy/shards.sh): merges them into a new database, which
# fills in the shallower layers, checks a sample of every layer with
# negamax and DFPN, and exports the book. For the built-in book, OUT is
# book/builtin/7x6.c4b (then see docs/book.md, "The built-in book").
#
#   deploy/builtin.sh C4 SHARDDIR OUT [verify flags...]
#   deploy/builtin.sh ./c4 book/shards/7x6-d13 book/builtin/7x6.c4b --threads 2 --tt-mib 1024
set -euo pipefail
c4=$1 shards=$2 out=$3
shift 3
db=$(mktemp -d)
trap 'rm -rf "$db"' EXIT
"$c4" book merge --db "$db" "$shards"
"$c4" book verify --db "$db" --sample 100 "$@"
"$c4" book export --db "$db" --out "$out"
