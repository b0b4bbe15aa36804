#!/usr/bin/env bash
# Named vertices at scale: `dwell info --json` on one 10,172,538-arc R-MAT
# graph with every vertex named `user:N@example.org` (A: edge list, then TSV)
# against the same graph with integer ids (B), one scripts/ab.py run each:
# medians of timings.load_ms, CPU (user + sys) and peak RSS; A/B = named / integer.
#   scripts/names-bench.sh DWELL_BINARY [ROUNDS] [WORKDIR]
# The files (145 MB and 2 x 502 MB) are made once in WORKDIR (default
# /tmp/names-bench) and kept. PEER=path adds, per named file, an A/B of that
# binary (A) against DWELL_BINARY (B), e.g. the previous main's.
set -euo pipefail
usage() { sed -n '2,10s/^# \{0,1\}//p' "$0"; }
case "${1:-}" in -h|--help) usage; exit 0 ;; esac
[ $# -ge 1 ] || { usage >&2; exit 2; }
ab=$(realpath "$(dirname "$0")/ab.py")
bin=$(realpath "$1") rounds=${2:-5} work=${3:-/tmp/names-bench}
mkdir -p "$work"
cd "$work"
if [ ! -s named.tsv ]; then
  "$bin" gen rmat --scale 20 --edge-factor 10 --seed 1 --out int.edges > /dev/null
  sed -i '/^#/d' int.edges
  awk '{print "user:" $1 "@example.org", "user:" $2 "@example.org"}' int.edges > named.edges
  awk '{print "user:" $1 "@example.org\tuser:" $2 "@example.org"}' int.edges > named.tsv
fi
q() { printf %q "$1"; }
for f in named.edges named.tsv; do
  echo; echo "## $f against int.edges"
  python3 "$ab" --label-a "$f" --label-b int.edges --rounds "$rounds" --warmup 0 \
    --a "$(q "$bin") info $f --json" --b "$(q "$bin") info int.edges --json" --json timings.load_ms
  if [ -n "${PEER:-}" ]; then
    echo; echo "## $f: PEER against this binary"
    python3 "$ab" --label-a peer --label-b this --rounds "$rounds" --warmup 0 \
      --a "$(q "$(realpath "$PEER")") info $f --json" --b "$(q "$bin") info $f --json" --json timings.load_ms
  fi
done
