#!/usr/bin/env bash
# The CUDA device check (see DEVELOPERS.md).
#
#   scripts/device-check.sh prepare   # here, with cargo: fill device-bin/
#   scripts/device-check.sh           # on the GPU machine (no cargo): run it
#
# prepare: release `dwell`, the release test executables of the GPU tests
# (`cargo test --no-run --release`), and two real graphs from
# ../shared/datasets go into the git-ignored device-bin/, which the device
# tool carries.
#
# run: fails fast and brings back what it has. Every step has its own
# timeout and writes its log under $OUT as it goes (check.log holds the
# whole transcript), and a total budget (DWELL_CHECK_BUDGET_S, default 420 s)
# caps the sum: a step that would not fit is skipped and reported. Order:
#   1. device facts and the NVRTC version the driver side will load;
#   2. smoke (60 s): one tiny graph, every analysis, --backend cuda against
#      --backend cpu, and a tiny bench; the check stops here on failure;
#   3. compute-sanitizer memcheck and synccheck on the tiny graph;
#   4. the GPU test executables;
#   5. benches small to large (R-MAT 14, email-Enron, cond-mat-2005, the
#      1024x1024 grid, R-MAT 18, R-MAT 22 last), the PyTorch peer on the
#      R-MAT graphs answering dwell's own sources, answers compared;
#   6. evidence verified at the measured ratio, and a summary table last.
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=device-bin

if [[ "${1:-run}" == prepare ]]; then
  set -e
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
        if name in ("unit-dwell_cuda", "gpu", "cuda_cli"):
            shutil.copy(m["executable"], "device-bin/test-" + name); print("test-" + name)'
  for f in email-Enron.edges.xz cond-mat-2005.edges.xz; do cp -f "../shared/datasets/graphs/$f" "$BIN/"; done
  # The device tool carries at most 64 MiB: drop debug info from the executables.
  strip --strip-debug "$BIN/dwell" "$BIN"/test-*
  du -sh "$BIN"
  [[ $(du -sm "$BIN" | cut -f1) -lt 60 ]] || { echo "device-bin is over the 64 MiB carry limit" >&2; exit 1; }
  exit 0
fi

[[ -x "$BIN/dwell" ]] || { echo "no $BIN/dwell. Fix: run scripts/device-check.sh prepare here, then carry device-bin" >&2; exit 2; }
CUDA_ROOT="${CUDA_ROOT:-/usr/local/cuda}"
export LD_LIBRARY_PATH="$CUDA_ROOT/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export DWELL_BIN="$PWD/$BIN/dwell" DWELL_DATA="$PWD/data"
OUT="${OUT:-$BIN/out}"; mkdir -p "$OUT"
exec > >(tee -a "$OUT/check.log") 2>&1
BUDGET="${DWELL_CHECK_BUDGET_S:-420}"
T0=$SECONDS
STATUS="$OUT/steps.txt"; : > "$STATUS"
DW="$BIN/dwell"
TINY=data/graphs/karate.edges.xz
G="${TMPDIR:-/tmp}/dwell-graphs"; mkdir -p "$G"  # generated graphs stay out of $OUT

# Seconds left; every step but the last two keeps RESERVE for evidence and summary.
RESERVE=15
left() { echo $(( BUDGET - (SECONDS - T0) - ${1:-$RESERVE} )); }
# step NAME LIMIT_S CMD...: run CMD with a timeout (never past the budget),
# output to $OUT/NAME.log as it goes, tail shown; status recorded.
step() {
  local name=$1 limit=$2; shift 2
  local l; if [[ $name == evidence ]]; then l=$(left 0); else l=$(left); fi
  if (( l < 10 )); then echo "SKIPPED $name: budget spent" | tee -a "$STATUS"; return 124; fi
  (( limit > l )) && limit=$l
  echo "== [$((SECONDS - T0))s] $name (limit ${limit}s)"
  # A child bash, so shell functions (exported below) time out like commands.
  timeout -k 5 "$limit" bash -c '"$@"' step "$@" > "$OUT/$name.log" 2>&1
  local rc=$?
  tail -n 25 "$OUT/$name.log"
  if (( rc == 0 )); then echo "ok      $name" >> "$STATUS"
  elif (( rc == 124 || rc == 137 )); then echo "TIMEOUT $name (${limit}s)" >> "$STATUS"
  else echo "FAILED  $name (rc $rc)" >> "$STATUS"; fi
  return $rc
}

# JSON `results` of `dwell run` on cuda and cpu must be equal.
same_results() {
  python3 - "$@" <<'PY'
import json, sys
a, b = (json.load(open(p))["results"] for p in sys.argv[1:3])
if a != b:
    print(f"MISMATCH {sys.argv[1]} vs {sys.argv[2]}"); sys.exit(1)
print(f"same results: {sys.argv[1]} == {sys.argv[2]} ({len(a) if isinstance(a, list) else 1} entries)")
PY
}

facts() {
  nvidia-smi --query-gpu=name,compute_cap,memory.total,driver_version,clocks.max.sm --format=csv || true
  python3 - "$CUDA_ROOT" <<'PY' || true
import ctypes, glob, sys
for lib in sorted(glob.glob(sys.argv[1] + "/lib64/libnvrtc.so*")) or ["libnvrtc.so.13"]:
    try:
        h = ctypes.CDLL(lib)
    except OSError as e:
        print(f"NVRTC {lib}: not loadable ({e})"); continue
    major, minor = ctypes.c_int(), ctypes.c_int()
    h.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
    print(f"NVRTC loaded from {lib}: version {major.value}.{minor.value}")
    break
PY
  "$CUDA_ROOT/bin/ptxas" --version 2>/dev/null | tail -1 || true
}

smoke() {
  set -e
  local s=0,1,2,5,33,0
  "$DW" run bfs "$TINY" --sources $s --json --backend cuda > "$OUT/smoke-bfs-cuda.json"
  "$DW" run bfs "$TINY" --sources $s --json --backend cpu > "$OUT/smoke-bfs-cpu.json"
  same_results "$OUT/smoke-bfs-cuda.json" "$OUT/smoke-bfs-cpu.json"
  for dir in forward backward; do
    "$DW" run reach "$TINY" --sources $s --sinks 3,9,20 --direction $dir --json --backend cuda > "$OUT/smoke-reach-$dir-cuda.json"
    "$DW" run reach "$TINY" --sources $s --sinks 3,9,20 --direction $dir --json --backend cpu > "$OUT/smoke-reach-$dir-cpu.json"
    same_results "$OUT/smoke-reach-$dir-cuda.json" "$OUT/smoke-reach-$dir-cpu.json"
  done
  "$DW" run wcc "$TINY" --json --backend cuda > "$OUT/smoke-wcc-cuda.json"
  "$DW" run wcc "$TINY" --json --backend cpu > "$OUT/smoke-wcc-cpu.json"
  same_results "$OUT/smoke-wcc-cuda.json" "$OUT/smoke-wcc-cpu.json"
  # Device facts as dwell sees them (SMs, cooperative grid) and all three modes.
  "$DW" bench "$TINY" --backend cuda --analysis bfs --runs 3 --sources random:8
}

sanitize() {
  local tool=$1 cs="$CUDA_ROOT/bin/compute-sanitizer"
  [[ -x "$cs" ]] || cs=compute-sanitizer
  "$cs" --tool "$tool" --error-exitcode 9 "$DW" run bfs "$TINY" --sources 0,1,2,5 --backend cuda
  "$cs" --tool "$tool" --error-exitcode 9 "$DW" run reach "$TINY" --sources 0,7 --sinks 3 --direction backward --backend cuda
  "$cs" --tool "$tool" --error-exitcode 9 "$DW" run wcc "$TINY" --backend cuda
}

EV="$OUT/evidence.csv"; rm -f "$EV"
bench() {  # bench NAME GRAPH ARGS...
  local name=$1 graph=$2; shift 2
  step "bench-$name" "${BENCH_LIMIT:-60}" "$DW" bench "$graph" --backend cuda --analysis bfs --evidence "$EV" "$@"
  [[ -f "$OUT/bench-$name.log" ]] && cat "$OUT/bench-$name.log" >> "$OUT/bench.txt"
}

# torch NAME GRAPH: the peer answers dwell's own 64 sources; answers compared.
torch_peer() {
  local name=$1 graph=$2
  "$DW" run bfs "$graph" --sources random:64 --seed 1 --json --backend cuda > "$OUT/dwell-$name.json" || return 1
  local sources
  sources=$(python3 -c 'import json,sys; print(",".join(str(r["source"]) for r in json.load(open(sys.argv[1]))["results"]))' "$OUT/dwell-$name.json")
  python3 scripts/torch_peer.py "$graph" --sources "$sources" --runs 10 --answers "$OUT/torch-$name.json" | tee -a "$OUT/torch.txt"
  local rc=${PIPESTATUS[0]}
  (( rc == 3 )) && { echo "torch peer skipped (no torch/CUDA)"; return 0; }
  (( rc == 0 )) || return $rc
  python3 - "$OUT/dwell-$name.json" "$OUT/torch-$name.json" <<'PY'
import json, sys
d = {r["source"]: r for r in json.load(open(sys.argv[1]))["results"]}
t = json.load(open(sys.argv[2]))
bad = [r for r in t if {k: d[r["source"]][k] for k in ("reached", "max_level", "level_sum")} != {k: r[k] for k in ("reached", "max_level", "level_sum")}]
print(f"torch vs dwell: {len(t) - len(bad)}/{len(t)} sources agree")
sys.exit(1 if bad else 0)
PY
}

export -f same_results facts smoke sanitize torch_peer
export OUT DW TINY CUDA_ROOT EV

# ---- 1. facts
step facts 20 facts

# ---- 2. smoke: stop at once if the tiny graph fails.
if ! step smoke 60 smoke; then
  echo "SMOKE FAILED: stopping (logs in $OUT)"; cat "$STATUS"; exit 1
fi

# ---- 3. sanitizers on the tiny graph
step memcheck 60 sanitize memcheck
step synccheck 60 sanitize synccheck

# ---- 4. GPU test executables (the tests that need no GPU run in CI)
for t in "$BIN"/test-*; do
  [[ -x "$t" ]] && step "$(basename "$t")" 60 "$t" --test-threads=1
done

# ---- 5. benches small to large, the torch peer next to each R-MAT
step gen-rmat14 20 "$DW" gen rmat --scale 14 --edge-factor 8 --seed 1 --out "$G/rmat14.edges"
bench rmat14 "$G/rmat14.edges" --runs 64
step torch-rmat14 60 torch_peer rmat14 "$G/rmat14.edges"
[[ -f "$BIN/email-Enron.edges.xz" ]] && bench email-Enron "$BIN/email-Enron.edges.xz" --runs 64
[[ -f "$BIN/cond-mat-2005.edges.xz" ]] && bench cond-mat-2005 "$BIN/cond-mat-2005.edges.xz" --runs 64
step gen-grid1024 30 "$DW" gen grid --rows 1024 --cols 1024 --keep 0.9 --seed 1 --out "$G/grid1024.edges"
BENCH_LIMIT=60 bench grid1024 "$G/grid1024.edges" --runs 16 --sources random:1
step gen-rmat18 30 "$DW" gen rmat --scale 18 --edge-factor 16 --seed 1 --out "$G/rmat18.edges"
BENCH_LIMIT=60 bench rmat18 "$G/rmat18.edges" --runs 32
step torch-rmat18 60 torch_peer rmat18 "$G/rmat18.edges"
step gen-rmat22 60 "$DW" gen rmat --scale 22 --edge-factor 16 --seed 1 --out "$G/rmat22.edges"
BENCH_LIMIT=90 bench rmat22 "$G/rmat22.edges" --runs 16
step torch-rmat22 90 torch_peer rmat22 "$G/rmat22.edges"

# ---- 6. evidence at the measured ratio, summary last
# Verified at whatever ratio was measured (no gate: it prints min and max).
[[ -s "$EV" ]] && step evidence 10 "$DW" evidence verify "$EV" --required-speedup 0.001
echo "== summary [$((SECONDS - T0))s of ${BUDGET}s]"
grep -h -A1 '^graph ' "$OUT/bench.txt" 2>/dev/null | grep -v '^--$' | awk 'NR==1 || !/^graph /'
cat "$OUT/torch.txt" 2>/dev/null
cat "$STATUS"
! grep -q '^FAILED\|^TIMEOUT' "$STATUS"
