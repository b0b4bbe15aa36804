#!/usr/bin/env bash
# Two dwell binaries alternated on the timely backend (docs/BENCHMARKS.md):
# one analysis, per-query time, rounds, bytes exchanged and peak memory per
# process, on an edge list from the text file (P=1) and from 1-, 2- and
# 4-part shard folders, ROUNDS times each in turn.
#   scripts/timely-ab.sh BASE NEW ANALYSIS GRAPH [ROUNDS] [REPEAT]
set -euo pipefail
base=$1 new=$2 analysis=$3 graph=$4 rounds=${5:-3} repeat=${6:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=(); if [ "$analysis" = bfs ]; then src=(--sources random:64); fi
for p in 1 2 4; do "$base" shard "$graph" --parts "$p" --out "$work/p$p" > /dev/null; done
row() {
  python3 -c '
import json, sys
d = json.load(sys.stdin); t = d["timely"]; m = t["per_run_mean"]
peaks = " ".join("%.1f" % (p["peak_rss_bytes"] / 2**20) for p in t["last_run"]["processes"])
print("%-28s %9.1f ms/query %5.1f rounds %8.2f MB  peak MiB/process %s"
      % (sys.argv[1], d["timings"]["per_run_ms"], m["rounds"], m["bytes_exchanged"] / 1e6, peaks))' "$1"
}
for r in $(seq "$rounds"); do
  for b in "$base" "$new"; do
    name=$(basename "$(dirname "$b")")/$(basename "$b")
    "$b" run "$analysis" "$graph" "${src[@]}" --repeat "$repeat" --backend timely --json | row "$name text P=1"
    for p in 1 2 4; do
      "$b" run "$analysis" "$work/p$p" "${src[@]}" --repeat "$repeat" --backend timely --processes "$p" --json \
        | row "$name P=$p"
    done
  done
done
