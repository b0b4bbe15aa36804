#!/usr/bin/env sh
# Regenerates crates/dwell/tests/data/c/taint_demo{,.g0}.ll from taint_demo.c.
# Needs Debian's clang (`apt-get install -y clang`; committed output: Debian clang 14.0.6).
# -fdebug-prefix-map keeps the build directory out of the IR, so the output
# does not depend on where the checkout lives.
set -eu
cd "$(dirname "$0")/../crates/dwell/tests/data/c"
CC=${CC:-clang}
for g in -g -g0; do
  out=taint_demo.ll; [ "$g" = -g0 ] && out=taint_demo.g0.ll
  "$CC" $g -O0 -S -emit-llvm -fdebug-prefix-map="$PWD"=. -o "$out" taint_demo.c
  # Provenance as the first line (a comment to LLVM).
  { echo "; dwell fixture: \`$CC $g -O0 -S -emit-llvm\` of taint_demo.c, $("$CC" --version | head -1)"; cat "$out"; } > "$out.tmp"
  mv "$out.tmp" "$out"
done
