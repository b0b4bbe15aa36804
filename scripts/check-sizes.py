#!/usr/bin/env python3
"""Fail when a Rust source file is over 800 lines or a function over 120 (tests included).

    python3 scripts/check-sizes.py [--files N] [--functions N] [ROOT ...]

Run by .ci/run. Roots default to crates/ and fuzz/. A function is counted from its `fn`
line to the brace that closes its body (strings, chars and line comments are skipped when
matching braces). Long files are split by concern and long functions into named steps,
never squeezed to fit.
"""
import argparse
import os
import re
import sys

FN = re.compile(r'^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?(extern\s+"C"\s+)?fn\s+(\w+)')
STRING = re.compile(r'"([^"\\]|\\.)*"')
CHAR = re.compile(r"'([^'\\]|\\.)'")


def code(line):
    """The line without strings, character literals and a trailing comment."""
    line = STRING.sub('""', line)
    line = CHAR.sub("''", line)
    return line.split("//", 1)[0]


def functions(lines):
    """(name, first line, length) of each function with a body."""
    for i, line in enumerate(lines):
        m = FN.match(line)
        if not m:
            continue
        depth, started = 0, False
        for j in range(i, len(lines)):
            c = code(lines[j])
            if not started and c.rstrip().endswith(";"):
                break  # a declaration without a body (trait method, extern)
            for ch in c:
                if ch == "{":
                    depth, started = depth + 1, True
                elif ch == "}":
                    depth -= 1
            if started and depth == 0:
                yield m.group(7), i + 1, j - i + 1
                break


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=800, help="most lines a file may have")
    ap.add_argument("--functions", type=int, default=120, help="most lines a function may have")
    ap.add_argument("roots", nargs="*", default=["crates", "fuzz"])
    a = ap.parse_args()
    problems = []
    for root in a.roots:
        for dirpath, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in ("target", ".venv", "corpus")]
            for f in sorted(files):
                if not f.endswith(".rs"):
                    continue
                path = os.path.join(dirpath, f)
                with open(path, encoding="utf-8") as fh:
                    lines = fh.read().split("\n")
                if len(lines) - 1 > a.files:
                    problems.append(f"{path}: {len(lines) - 1} lines (at most {a.files}): split it by concern")
                for name, at, n in functions(lines):
                    if n > a.functions:
                        problems.append(f"{path}:{at}: fn {name} is {n} lines (at most {a.functions}): split it into named steps")
    for p in problems:
        print(p)
    if problems:
        sys.exit(1)
    print(f"sizes ok: no file over {a.files} lines, no function over {a.functions}")


if __name__ == "__main__":
    main()
