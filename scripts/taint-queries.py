#!/usr/bin/env python3
"""Write N taint queries for `dwell run taint BUNDLE --queries FILE`: each a
random set of 1-4 source functions, drawn from libc's sources and 100 of the
bundle's defined functions that return pointers (every third such function
in functions.tsv, as docs/BENCHMARKS.md's 100-source SQLite row takes them).

    python3 scripts/taint-queries.py B --count 1000 --seed 7 > queries.txt
"""
import argparse
import csv
import random
import sys
from pathlib import Path

LIBC_SOURCES = ["getenv", "fgets", "read", "fread", "recv"]


def defined_pointer_functions(bundle: Path) -> list[str]:
    with open(bundle / "functions.tsv", newline="") as f:
        rows = list(csv.reader(f, delimiter="\t"))
    # Columns as the bundle writes them: name is 2nd, defined 3rd, the
    # return type 9th.
    names = [r[1] for r in rows[1:] if len(r) > 8 and r[2] == "1" and "*" in r[8]]
    return names[2::3][:100]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundle", type=Path)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    if not (a.bundle / "functions.tsv").is_file():
        sys.exit(f"{a.bundle}: no functions.tsv. Fix: pass a bundle made by `dwell import llvm`")
    names = defined_pointer_functions(a.bundle) + LIBC_SOURCES
    rng = random.Random(a.seed)
    for _ in range(a.count):
        print(",".join(rng.sample(names, rng.randint(1, 4))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
