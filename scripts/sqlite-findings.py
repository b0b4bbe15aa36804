#!/usr/bin/env python3
"""Verdicts for dwell's data-flow taint findings on the SQLite amalgamation (issue 31).

Input: the JSON of `dwell run taint B --json` on SQLite 3.46.0's SSA bundle
(shared datasets: programs/sqlite-3.46.0.ssa.ll.xz imported with `dwell import llvm`).
Output: a Markdown table, one row per finding, with a verdict and why.

The verdicts come from reading SQLite's source (sqlite3.c 3.46.0) for where
the attacker's data can go, once, and are applied to each finding's witness
by the rule below; the script checks that every finding fits one of the two
cases and fails otherwise, so a change in dwell's findings needs a new reading.

- getenv("SQLITE_TMPDIR") / getenv("TMPDIR") (unixTempFileInit) are stored in
  azTempDirs[0..1]; only unixTempFileDir reads them, unixGetTempname passes the
  directory to sqlite3_snprintf("%s/etilqs_%llx%c", ...) into a fixed buffer,
  whose printf engine (sqlite3_str_vappendf) appends it with its strlen. The
  memcpy lengths of sqlite3_str_append and enlargeAndAppend are a true data
  flow, and safe: sqlite3_str_append copies only after checking nChar+N
  against nAlloc, and sqlite3StrAccumEnlarge clamps N to the fixed buffer
  (mxAlloc is 0 for snprintf), which therefore never grows: its copy of the
  old text on growth is not reached.
- The indirect sources (osRead of /dev/urandom in unixRandomness, osReadlink in
  appendOnePathElement) feed the PRNG state and a path buffer; neither reaches
  a copy length by data flow (a symlink target's element lengths come from a
  loop over its characters: an implicit flow, which dwell does not follow).
- unixOpen passes the temp name to findCreateFileMode, whose memcpy of it runs
  only for WAL and main-journal files: never for a temp name.
- Every other finding's witness leaves that path at a function that never
  receives a pointer to the string: points-to on SQLite puts the environment
  strings in one merged set that 61,254 of 155,899 pointers share (one heap
  object behind sqlite3MemMalloc, structs with more than 16 field paths
  collapsed, printf varargs), so a read through any of them is "tainted".

    python3 scripts/sqlite-findings.py sq.taint.json > table.md
"""
import sys

from findings_table import print_verdicts

# The printf engine's copies of an appended string: TMPDIR's length really
# reaches their length argument (through sqlite3_snprintf in unixGetTempname).
APPEND_COPIES = {"sqlite3_str_append", "enlargeAndAppend"}
# The copy of an accumulator's old text when it grows on the heap: snprintf's
# fixed buffer never grows (sqlite3StrAccumEnlarge truncates and returns).
GROW_COPY = "sqlite3StrAccumEnlarge"
# Functions the environment string (or its characters) really reaches.
REAL_PATH = {
    "unixTempFileInit",
    "unixTempFileDir",
    "unixGetTempname",
    "sqlite3_snprintf",
    "sqlite3_str_vappendf",
    "sqlite3_str_append",
    "enlargeAndAppend",
    "sqlite3StrAccumEnlarge",
}


def function_of(step):
    """The function a witness step names (`f:%x`, `*f:%p (parameter …)`, `memory f:%s`)."""
    what = step["what"]
    if what.startswith("memory "):
        what = what[len("memory "):]
    return what.lstrip("*").split(":")[0].split("@")[-1]


def verdict(f):
    steps = f["steps"]
    if len(steps) < 2 or not steps[0]["what"].startswith("memory getenv@unixTempFileInit"):
        sys.exit(f"unexpected witness start for {f['at']}: a new reading is needed")
    # Where the witness leaves the path the string really takes.
    off = next((fn for fn in map(function_of, steps[1:]) if fn not in REAL_PATH), None)
    sink_fn = f["at"]["function"]
    if sink_fn in APPEND_COPIES:
        return ("true flow, bounded",
                f"TMPDIR's length reaches `{f['sink']}` in the printf engine of "
                "sqlite3_snprintf (unixGetTempname); the copy is checked against the buffer")
    if sink_fn == "findCreateFileMode":
        return ("false positive",
                "unixOpen does pass it the temp file name, but it copies the name only for "
                "WAL and main-journal files, which are never opened under a temp name "
                "(a flags test: no path sensitivity)")
    if sink_fn == GROW_COPY:
        return ("false positive",
                "copies an accumulator's old text when it grows on the heap; TMPDIR only "
                "reaches snprintf's fixed buffer, which never grows")
    if off is None:
        sys.exit(f"a witness on the string's real path to {sink_fn}: a new reading is needed")
    return ("false positive",
            f"the witness leaves the environment string's real path at `{off}`, which never "
            "receives a pointer to it (merged points-to set)")


if __name__ == "__main__":
    print_verdicts(
        "usage: sqlite-findings.py TAINT.json (from `dwell run taint B --json` on SQLite 3.46.0)",
        verdict,
    )
