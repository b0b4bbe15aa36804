#!/usr/bin/env bash
# The CUDA device check (see DEVELOPERS.md).
#
#   scripts/device-check.sh prepare   # here, with cargo: fill device-bin/
#   scripts/device-check.sh           # on the GPU machine (no cargo): run it
#
# prepare: release `dwell`, the release test executables of the GPU tests
# (`cargo test --no-run --release`), and two real graphs from
# ../shared/datasets go into the git-ignored device-bin/, which the device
# tool carries. run: every GPU test, then `dwell bench --backend cuda` on
# R-MAT scale 14/18/22, a 1024x1024 grid with 10% of edges removed and the
# two real graphs, the PyTorch peer on the R-MAT graphs, and a short table
# last. Budget: well inside 10 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=device-bin

if [[ "${1:-run}" == prepare ]]; then
  mkdir -p "$BIN"
  cargo build --release -p dwell-cli
  cp target/release/dwell "$BIN/dwell"
  cargo test --release --no-run -p dwell-cuda -p dwell-cli --message-format=json 2>/dev/null \
    | python3 -c '
import json, sys, shutil
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        name = m["target"]["name"]
        if m["target"]["kind"] == ["lib"]: name = "unit-" + name
        if name in ("unit-dwell_cuda", "gpu", "nvrtc_ptxas", "cuda_cli"):
            shutil.copy(m["executable"], "device-bin/test-" + name); print("test-" + name)'
  for f in email-Enron.edges.xz cond-mat-2005.edges.xz; do cp -f "../shared/datasets/graphs/$f" "$BIN/"; done
  # The device tool carries at most 64 MiB: drop debug info from the executables.
  strip --strip-debug "$BIN/dwell" "$BIN"/test-*
  du -sh "$BIN"
  [[ $(du -sm "$BIN" | cut -f1) -lt 60 ]] || { echo "device-bin is over the 64 MiB carry limit" >&2; exit 1; }
  exit 0
fi

export LD_LIBRARY_PATH="/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export DWELL_BIN="$PWD/$BIN/dwell" DWELL_DATA="$PWD/data"
OUT="${OUT:-$BIN/out}"; mkdir -p "$OUT"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true
echo "== GPU tests"
# A failing test is reported and the check goes on: one device session should
# bring back everything it can.
for t in "$BIN"/test-*; do echo "-- $t"; timeout 180 "$t" --test-threads=1 || echo "FAILED: $t"; done

echo "== graphs"
# Generated graphs stay out of $OUT: only small reports travel back.
G="${TMPDIR:-/tmp}/dwell-graphs"; mkdir -p "$G"
"$BIN/dwell" gen rmat --scale 14 --edge-factor 8 --seed 1 --out "$G/rmat14.edges"
"$BIN/dwell" gen rmat --scale 18 --edge-factor 16 --seed 1 --out "$G/rmat18.edges"
"$BIN/dwell" gen rmat --scale 22 --edge-factor 16 --seed 1 --out "$G/rmat22.edges"
"$BIN/dwell" gen grid --rows 1024 --cols 1024 --keep 0.9 --seed 1 --out "$G/grid1024.edges"

echo "== dwell bench"
EV="$OUT/evidence.csv"; rm -f "$EV"
bench() { timeout 240 "$BIN/dwell" bench --backend cuda --analysis bfs --evidence "$EV" "$@" 2>&1 | tee -a "$OUT/bench.txt" || echo "FAILED: bench $*"; }
bench "$G/rmat14.edges" --runs 100
bench "$G/rmat18.edges" --runs 64
bench "$G/rmat22.edges" --runs 64
bench "$G/grid1024.edges" --runs 64 --sources random:1
bench "$BIN/email-Enron.edges.xz" --runs 100
bench "$BIN/cond-mat-2005.edges.xz" --runs 100
"$BIN/dwell" evidence verify "$EV" --required-speedup 100 || true

echo "== PyTorch peer"
for s in 14 18 22; do
  timeout 120 python3 scripts/torch_peer.py "$G/rmat$s.edges" --batch 64 --runs 10 | tee -a "$OUT/torch.txt" || true
done

echo "== summary"
grep -h -A1 '^graph ' "$OUT/bench.txt" | grep -v '^--$' | awk 'NR==1 || !/^graph /'
cat "$OUT/torch.txt" 2>/dev/null || true
