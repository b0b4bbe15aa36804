#!/usr/bin/env bash
# Two dwell binaries on the timely backend, one scripts/ab.py run per input:
# the edge list (text, P=1) and 1-, 2- and 4-part shard folders (made once by
# BASE). Per input: ms per query (the headline), rounds and bytes exchanged per
# query, wall, CPU and the largest process's peak RSS; base/new > 1: NEW is faster.
#   scripts/timely-ab.sh BASE NEW ANALYSIS GRAPH [ROUNDS] [REPEAT]
# ROUNDS (default 3) alternations of `dwell run ANALYSIS ... --repeat REPEAT
# --backend timely --json` (default 3 runs per session; bfs: 64 random sources).
set -euo pipefail
usage() { sed -n '2,8s/^# \{0,1\}//p' "$0"; }
case "${1:-}" in -h|--help) usage; exit 0 ;; esac
[ $# -ge 4 ] || { usage >&2; exit 2; }
base=$1 new=$2 analysis=$3 graph=$4 rounds=${5:-3} repeat=${6:-3}
ab=$(dirname "$0")/ab.py
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=""; if [ "$analysis" = bfs ]; then src="--sources random:64"; fi
for p in 1 2 4; do "$base" shard "$graph" --parts "$p" --out "$work/p$p" > /dev/null; done
one() {  # one() LABEL INPUT PROCESSES
  echo; echo "## $analysis $1"
  local args="run $analysis $(printf %q "$2") $src --repeat $repeat --backend timely --processes $3 --json"
  python3 "$ab" --label-a base --label-b new --rounds "$rounds" --warmup 0 \
    --a "$(printf %q "$base") $args" --b "$(printf %q "$new") $args" \
    --json timings.per_run_ms --json timely.per_run_mean.rounds --json timely.per_run_mean.bytes_exchanged
}
one "text P=1" "$graph" 1
for p in 1 2 4; do one "P=$p" "$work/p$p" "$p"; done
