#!/usr/bin/env python3
"""Score dwell's taint and the Clang Static Analyzer on the taint suite (issue 31).

The suite (crates/dwell-cli/tests/data/taint-suite/) is Juliet-style C: bad/good
function pairs whose sink lines carry a ground-truth marker, `/* BAD */` or
`/* GOOD */`. This script compiles each file to textual LLVM IR with -g at each
optimisation level, imports it (`dwell import llvm`), runs `dwell run taint
--format sarif` with the suite's sources, sinks and sanitizers, and scores the
findings by sink line:

  true positive  = a BAD line with a finding
  false positive = a GOOD line, or an unmarked line, with a finding
  false negative = a BAD line without a finding

It does the same "with main": one translation unit that includes every case
file plus a generated main() calling every bad and good function in turn, so
that data read in one case can leak into later ones through unmatched returns.
Then it runs `clang --analyze` (alpha.security.taint.TaintPropagation, told the
same sanitizers through csa-taint-config.yaml) on the same files and scores its
SARIF the same way. Both tools' rows go into one table.

    python3 scripts/taint-suite.py --clang clang --dwell target/release/dwell
    python3 scripts/taint-suite.py --files 01_direct.c --levels O0 --no-csa --json out.json
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlparse

REPO = Path(__file__).resolve().parent.parent
SUITE = REPO / "crates/dwell-cli/tests/data/taint-suite"

# The suite's sources, sinks and sanitizers, with the names clang emits at -O2.
SOURCES = ["getenv", "fgets", "read", "recv", "fread", "scanf", "fscanf",
           "__isoc99_scanf", "__isoc99_fscanf"]
SINKS = ["system", "popen", "execl", "execlp", "execle", "execv", "execvp", "execve",
         "strcpy", "strcat", "sprintf", "memcpy", "memmove", "strncpy"]
SANITIZERS = ["is_safe_cmd", "len_ok"]
CSA_CHECKER = "alpha.security.taint.TaintPropagation"

MARKER = re.compile(r"/\*\s*(BAD|GOOD)\s*\*/")
ENTRY = re.compile(r"^void\s+(\w+_(?:bad|good)\w*)\s*\(\s*(void|int\s+\w+)\s*\)\s*\{", re.M)


def fail(msg):
    sys.exit(f"taint-suite: {msg}")


def case_files(names):
    files = sorted(SUITE.glob("[0-9][0-9]_*.c"))
    if names:
        wanted = set(names)
        files = [f for f in files if f.name in wanted]
        missing = wanted - {f.name for f in files}
        if missing:
            fail(f"no such case file in {SUITE}: {', '.join(sorted(missing))}. "
                 f"Fix: name files as `ls {SUITE}` shows them.")
    if not files:
        fail(f"no case files under {SUITE}. Fix: run from a dwell checkout.")
    return files


def markers(files):
    """{(file name, line): 'BAD' | 'GOOD'} for the given case files."""
    out = {}
    for f in files:
        for no, text in enumerate(f.read_text().splitlines(), start=1):
            m = MARKER.search(text)
            if m:
                out[(f.name, no)] = m.group(1)
    return out


def entries(files):
    """(name, takes an int) of every bad/good entry function, in file order."""
    out = []
    for f in files:
        for m in ENTRY.finditer(f.read_text()):
            out.append((m.group(1), m.group(2) != "void"))
    return out


def write_unity(files, work):
    """One translation unit: every case file, then a main() calling each entry."""
    lines = [f'#include "{f.name}"' for f in files]
    lines.append("int main(void) {")
    for name, takes_int in entries(files):
        lines.append(f"    {name}({'1' if takes_int else ''});")
    lines += ["    return 0;", "}", ""]
    path = work / "all_main.c"
    path.write_text("\n".join(lines))
    return path


def run(cmd, what):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        fail(f"{what} failed ({' '.join(map(str, cmd))}):\n{r.stderr.strip()}\n"
             "Fix: see the error above.")
    return r


def sarif_lines(path, rule=None):
    """{(file name, line)} of the results in a SARIF log (optionally one rule)."""
    found = set()
    log = json.loads(Path(path).read_text())
    for r in (res for run_ in log.get("runs", []) for res in run_.get("results", [])):
        if rule and r.get("ruleId") != rule:
            continue
        for loc in r.get("locations", [])[:1]:
            phys = loc.get("physicalLocation", {})
            uri = phys.get("artifactLocation", {}).get("uri", "")
            line = phys.get("region", {}).get("startLine")
            if line is not None:
                found.add((os.path.basename(unquote(urlparse(uri).path) or uri), line))
    return found


def dwell_findings(args, c_file, level, work):
    stem = f"{c_file.stem}-{level}"
    ll, bundle, out = work / f"{stem}.ll", work / f"{stem}.bundle", work / f"{stem}.sarif"
    run([args.clang, "-S", "-emit-llvm", "-g", f"-{level}", "-I", str(SUITE),
         str(c_file), "-o", str(ll)], f"clang -{level} on {c_file.name}")
    run([args.dwell, "import", "llvm", str(ll), "--out", str(bundle)], f"dwell import of {ll.name}")
    run([args.dwell, "run", "taint", str(bundle), "--sources-fn", ",".join(SOURCES),
         "--sinks-fn", ",".join(SINKS), "--sanitizers-fn", ",".join(SANITIZERS),
         "--format", "sarif", "--out", str(out)], f"dwell taint on {bundle.name}")
    return sarif_lines(out)


def csa_findings(args, c_file, level, work):
    out = work / f"{c_file.stem}-{level}.csa.sarif"
    run([args.clang, "--analyze", "--analyzer-output", "sarif", f"-{level}", "-I", str(SUITE),
         "-Xclang", "-analyzer-checker=" + CSA_CHECKER,
         "-Xclang", "-analyzer-config", "-Xclang",
         f"{CSA_CHECKER}:Config={SUITE / 'csa-taint-config.yaml'}",
         str(c_file), "-o", str(out)], f"clang --analyze -{level} on {c_file.name}")
    return sarif_lines(out, rule=CSA_CHECKER)


def score(truth, found):
    """Counts by sink line; `found` may hold lines of files outside `truth`'s."""
    files = {f for f, _ in truth}
    found = {k for k in found if k[0] in files}
    tp = sorted(k for k in found if truth.get(k) == "BAD")
    fp_good = sorted(k for k in found if truth.get(k) == "GOOD")
    fp_unmarked = sorted(k for k in found if k not in truth)
    fn = sorted(k for k, v in truth.items() if v == "BAD" and k not in found)
    n_fp = len(fp_good) + len(fp_unmarked)
    precision = len(tp) / (len(tp) + n_fp) if tp or n_fp else None
    bad = len(tp) + len(fn)
    recall = len(tp) / bad if bad else None
    return {"found": sorted(f"{f}:{n}" for f, n in found), "tp": len(tp), "fp": n_fp, "fn": len(fn), "fp_unmarked": len(fp_unmarked),
            "precision": precision, "recall": recall,
            "fp_lines": [f"{f}:{n}" for f, n in fp_good + fp_unmarked],
            "fn_lines": [f"{f}:{n}" for f, n in fn]}


def measure(args, files, truth, work):
    rows = []
    tools = [("dwell", dwell_findings)] + ([] if args.no_csa else [("clang-sa", csa_findings)])
    unity = write_unity(files, work) if not args.no_main else None
    for tool, findings in tools:
        for level in args.levels:
            units = [(False, files)] + ([(True, [unity])] if unity else [])
            for with_main, inputs in units:
                found = set()
                for f in inputs:
                    found |= findings(args, f, level, work)
                row = {"tool": tool, "level": level, "main": with_main}
                row.update(score(truth, found))
                rows.append(row)
    return rows


def fmt(x):
    return "—" if x is None else f"{x:.2f}"


def table(rows, truth):
    n_bad = sum(1 for v in truth.values() if v == "BAD")
    n_good = len(truth) - n_bad
    out = [f"{len({f for f, _ in truth})} files, {n_bad} BAD and {n_good} GOOD sink lines",
           "", "| tool | level | main | TP | FP (unmarked) | FN | precision | recall |",
           "|---|---|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        out.append(f"| {r['tool']} | -{r['level']} | {'yes' if r['main'] else 'no'} | {r['tp']} "
                   f"| {r['fp']} ({r['fp_unmarked']}) | {r['fn']} | {fmt(r['precision'])} "
                   f"| {fmt(r['recall'])} |")
    return "\n".join(out)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--clang", default=shutil.which("clang") or "clang")
    p.add_argument("--dwell", default=str(REPO / "target/release/dwell"))
    p.add_argument("--levels", default="O0,O2", help="comma list, e.g. O0,O2")
    p.add_argument("--files", default="", help="comma list of case files (default: all)")
    p.add_argument("--no-csa", action="store_true", help="skip the Clang Static Analyzer")
    p.add_argument("--no-main", action="store_true", help="skip the all-calls main runs")
    p.add_argument("--json", help="also write the rows (with found/FP/FN lines) here")
    p.add_argument("--keep", help="keep the .ll, bundles and SARIF logs in this folder")
    p.add_argument("--verbose", action="store_true", help="print FP and FN lines per row")
    args = p.parse_args()
    args.levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    for lv in args.levels:
        if lv not in ("O0", "O1", "O2", "O3", "Os"):
            fail(f"--levels: `{lv}` is not an optimisation level. Fix: use O0,O2.")
    for tool, path in (("clang", args.clang), ("dwell", args.dwell)):
        if not (shutil.which(path) or Path(path).is_file()):
            fail(f"{tool} not found at `{path}`. Fix: pass --{tool} PATH "
                 f"(dwell: cargo build --release -p dwell-cli; clang: apt-get install -y clang).")
    files = case_files([f for f in args.files.split(",") if f])
    truth = markers(files)
    if args.keep:
        work = Path(args.keep)
        work.mkdir(parents=True, exist_ok=True)
        rows = measure(args, files, truth, work)
    else:
        with tempfile.TemporaryDirectory(prefix="taint-suite-") as tmp:
            rows = measure(args, files, truth, Path(tmp))
    print(table(rows, truth))
    if args.verbose:
        for r in rows:
            tag = f"{r['tool']} -{r['level']} main={'yes' if r['main'] else 'no'}"
            print(f"\n{tag}\n  FP: {' '.join(r['fp_lines'])}\n  FN: {' '.join(r['fn_lines'])}")
    if args.json:
        doc = {"markers": [{"file": f, "line": n, "verdict": v} for (f, n), v in sorted(truth.items())],
               "rows": rows}
        Path(args.json).write_text(json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    main()
