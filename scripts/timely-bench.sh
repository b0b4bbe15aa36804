#!/usr/bin/env bash
# The timely backend vs `cpu` in the same run (docs/BENCHMARKS.md, "timely
# backend"): per-query time of a 64-source BFS and of WCC, bytes and records
# exchanged per query, resident graph bytes and peak memory per process, for
# 1, 2 and 4 local processes.
#   scripts/timely-bench.sh DWELL_BINARY GRAPH [REPEAT]
# Each row is one session of REPEAT runs (the graph resident, one dataflow);
# the 2- and 4-process rows run on shard folders made once by `dwell shard`.
set -euo pipefail
bin=$1 graph=$2 repeat=${3:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/row.py" <<'PY'
import json, sys
analysis, label = sys.argv[1], sys.argv[2]
d = json.load(sys.stdin)
ms = d["timings"]["per_run_ms"]
graph_mib = d["counters"]["bytes_uploaded"] / 2**20
t = d.get("timely")
if t is None:
    print(f"{analysis:4} {label:11} {ms:9.1f} ms/query {'':34} graph {graph_mib:6.1f} MiB")
else:
    m = t["per_run_mean"]
    peaks = " ".join(f"{p['peak_rss_bytes'] / 2**20:.0f}" for p in t["last_run"]["processes"])
    print(f"{analysis:4} {label:11} {ms:9.1f} ms/query {m['bytes_exchanged'] / 1e6:8.2f} MB "
          f"{m['records_exchanged'] / 1e6:6.2f} Mrec {m['rounds']:5.1f} rounds {m['epochs']:6.1f} epochs "
          f"graph {graph_mib:6.1f} MiB/process, peak MiB/process {peaks}")
PY
echo "graph $graph, $repeat runs per session, $(nproc) cores"
for p in 2 4; do "$bin" shard "$graph" --parts "$p" --out "$work/p$p" > /dev/null; done
for a in bfs wcc; do
  src=(); if [ "$a" = bfs ]; then src=(--sources random:64); fi
  "$bin" run "$a" "$graph" "${src[@]}" --repeat "$repeat" --json | python3 "$work/row.py" "$a" cpu
  "$bin" run "$a" "$graph" "${src[@]}" --repeat "$repeat" --backend timely --json \
    | python3 "$work/row.py" "$a" "timely P=1"
  for p in 2 4; do
    "$bin" run "$a" "$work/p$p" "${src[@]}" --repeat "$repeat" --backend timely --processes "$p" --json \
      | python3 "$work/row.py" "$a" "timely P=$p"
  done
done
