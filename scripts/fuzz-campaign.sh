#!/usr/bin/env bash
# Runs each named fuzz target for RUNS executions (default 1,000,000) from its
# seeds plus its committed corpus, then minimizes the result back into
# fuzz/corpus/<target>/ (cargo fuzz cmin). Logs go to fuzz/logs/<target>.log
# (git-ignored); the last lines of each log give the figures fuzz/README.md records.
# Usage: scripts/fuzz-campaign.sh [TARGET...]   (needs `cargo install cargo-fuzz`)
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
RUNS=${RUNS:-1000000}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(edgelist matrix_market dimacs llvm evidence snapshot)
export RUSTC_BOOTSTRAP=1
cargo fuzz build -O
mkdir -p logs
for t in "${targets[@]}"; do
  work=$(mktemp -d "work-$t.XXXX")
  cp -r seeds/"$t"/. "$work"/ 2>/dev/null || true
  [ -d corpus/"$t" ] && cp -r corpus/"$t"/. "$work"/
  dict=()
  [ -f dict/"$t".dict ] && dict=(-dict=dict/"$t".dict)
  start=$(date +%s)
  cargo fuzz run -O "$t" "$work" -- -runs="$RUNS" -rss_limit_mb=2048 -print_final_stats=1 \
      "${dict[@]}" > logs/"$t".log 2>&1
  echo "wall_s=$(( $(date +%s) - start ))" >> logs/"$t".log
  rm -rf corpus/"$t" && mkdir -p corpus/"$t"
  cargo fuzz cmin -O "$t" "$work" >> logs/"$t".log 2>&1
  cp "$work"/* corpus/"$t"/
  rm -rf "$work"
  echo "$t: $(grep -E '^stat::number_of_executed_units' logs/"$t".log) $(grep -oE 'cov: [0-9]+' logs/"$t".log | tail -1) files=$(ls corpus/"$t" | wc -l)"
done
