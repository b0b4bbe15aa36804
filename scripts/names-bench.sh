#!/usr/bin/env bash
# Named vertices at scale (docs/BENCHMARKS.md, "Named vertices at scale"):
# `dwell info` on the same 10,172,538-arc R-MAT graph with integer ids and
# with every vertex named `user:N@example.org` (edge list and TSV), the files
# alternated ROUNDS times in one shell; per file the medians of load_ms, CPU
# (user + sys) and peak RSS, and named / integer ratios of the medians.
#   scripts/names-bench.sh DWELL_BINARY [ROUNDS] [WORKDIR]
# The files (145 MB and 2 x 502 MB) are made once in WORKDIR (default
# /tmp/names-bench) and kept. Give a second binary as PEER=path to alternate
# it too (rows `peer-…`), e.g. the previous main's, to compare in one run.
set -euo pipefail
bin=$(realpath "$1") rounds=${2:-5} work=${3:-/tmp/names-bench}
mkdir -p "$work"
cd "$work"
if [ ! -s named.tsv ]; then
  "$bin" gen rmat --scale 20 --edge-factor 10 --seed 1 --out int.edges > /dev/null
  sed -i '/^#/d' int.edges
  awk '{print "user:" $1 "@example.org", "user:" $2 "@example.org"}' int.edges > named.edges
  awk '{print "user:" $1 "@example.org\tuser:" $2 "@example.org"}' int.edges > named.tsv
fi
bins=("this=$bin")
[ -n "${PEER:-}" ] && bins+=("peer=$(realpath "$PEER")")
log=$work/runs.txt
: > "$log"
echo "$(nproc) cores; $rounds rounds; before: $(uptime)"
for r in $(seq "$rounds"); do
  for b in "${bins[@]}"; do
    name=${b%%=*} exe=${b#*=}
    for f in int.edges named.edges named.tsv; do
      out=$( { /usr/bin/time -f "TIME %U %S %M" "$exe" info "$f" --json; } 2>&1 )
      ms=$(grep -o '"load_ms":[0-9.]*' <<< "$out" | cut -d: -f2)
      read -r _ u s m < <(grep '^TIME' <<< "$out")
      echo "$name $f $ms $u $s $m" >> "$log"
    done
  done
done
echo "after: $(uptime)"
python3 - "$log" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
med = {}
for who in sorted({r[0] for r in rows}, reverse=True):
    for f in ["int.edges", "named.edges", "named.tsv"]:
        rs = [r for r in rows if r[0] == who and r[1] == f]
        ms = [float(r[2]) for r in rs]
        cpu = [float(r[3]) + float(r[4]) for r in rs]
        rss = [int(r[5]) / 1024 for r in rs]
        med[who, f] = (statistics.median(ms), statistics.median(cpu), statistics.median(rss))
        print(f"{who:5} {f:12} load_ms median {med[who, f][0]:7.0f} (runs {', '.join(f'{x:.0f}' for x in ms)}); "
              f"cpu {med[who, f][1]:5.2f} s; rss {med[who, f][2]:4.0f} MB")
    i = med[who, "int.edges"]
    for f in ["named.edges", "named.tsv"]:
        n = med[who, f]
        print(f"{who:5} {f:12} / int.edges: load_ms {n[0] / i[0]:.2f}x, cpu {n[1] / i[1]:.2f}x, rss {n[2] / i[2]:.2f}x")
PY
