#!/usr/bin/env bash
# The timely backend against `cpu` in the same run, one scripts/ab.py run per
# analysis (bfs: 64 random sources; wcc) and process count (A = timely P=1 on
# the text file, P=2 and P=4 on shard folders made once by `dwell shard`; B =
# cpu): ms per query (A/B: how much slower timely is), resident graph bytes,
# bytes and records exchanged, rounds and epochs per query, and each process's
# peak (largest process).
#   scripts/timely-bench.sh DWELL_BINARY GRAPH [REPEAT] [ROUNDS]
# Each side of a round is one session of REPEAT runs (default 5); ROUNDS
# (default 1) alternations, no warm-up.
set -euo pipefail
usage() { sed -n '2,10s/^# \{0,1\}//p' "$0"; }
case "${1:-}" in -h|--help) usage; exit 0 ;; esac
[ $# -ge 2 ] || { usage >&2; exit 2; }
bin=$1 graph=$2 repeat=${3:-5} rounds=${4:-1}
ab=$(dirname "$0")/ab.py
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "graph $graph, $repeat runs per session, $(nproc) cores"
for p in 2 4; do "$bin" shard "$graph" --parts "$p" --out "$work/p$p" > /dev/null; done
q() { printf %q "$1"; }
for a in bfs wcc; do
  src=""; if [ "$a" = bfs ]; then src="--sources random:64"; fi
  cpu="$(q "$bin") run $a $(q "$graph") $src --repeat $repeat --json"
  for p in 1 2 4; do
    input=$graph; [ "$p" = 1 ] || input=$work/p$p
    echo; echo "## $a timely P=$p against cpu"
    python3 "$ab" --label-a "timely P=$p" --label-b cpu --rounds "$rounds" --warmup 0 \
      --a "$(q "$bin") run $a $(q "$input") $src --repeat $repeat --backend timely --processes $p --json" \
      --b "$cpu" --json timings.per_run_ms --json counters.bytes_uploaded \
      --json timely.per_run_mean.bytes_exchanged --json timely.per_run_mean.records_exchanged \
      --json timely.per_run_mean.rounds --json timely.per_run_mean.epochs \
      --json 'max:timely.last_run.processes.*.peak_rss_bytes'
  done
done
