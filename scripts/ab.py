#!/usr/bin/env python3
"""A/B: two commands alternated, each side's median and the ratio of medians (docs/BENCHMARKS.md).

    scripts/ab.py --a 'OLD/dwell run wcc G --repeat 50 --json' \\
                  --b 'NEW/dwell run wcc G --repeat 50 --json' \\
                  [--label-a old --label-b new] [--rounds 5] [--warmup 1] [--order ab|alternate] \\
                  [--json [AGG:]PATH ...] [--regex RE ...] [--same PATH] [--row FILE] [--quiet]

Every round runs A then B (`--order alternate`: A first in even rounds, B first in odd ones);
the first --warmup rounds run but do not count. Each command is one `bash -c` string, so
`RAYON_NUM_THREADS=1 dwell ...`, loops and pipes work. A command that exits non-zero stops
the run.

Figures, each reported the same way (median over the counted rounds per side, the ratio of
medians A/B, min and max per side); the first one named is the headline:
  --json [AGG:]PATH   a number in the JSON the command prints on stdout. PATH is dotted keys;
                      an integer picks a list item and `*` every item (`rows.0.dwell_us_per_query`,
                      `timely.last_run.processes.*.peak_rss_bytes`). Several values (several
                      JSON documents, or `*`) are combined by AGG: mean (default), sum, min, max.
  --regex RE          a number printed on stdout or stderr: RE's first group (or whole match);
                      several matches are averaged.
  always              wall_ms (the command, perf_counter), cpu_s (user + sys of the command
                      and every process it waited for), peak_rss_mib (the largest resident set
                      of any of those processes; needs GNU time at /usr/bin/time, else '-').
A figure a side never printed shows as '-' (e.g. timely counters on a cpu run); one neither
side printed is an error (a mistyped path).

--same PATH checks that A and B printed the same JSON value at PATH in every round (answers
equal, not just timed). --row FILE appends the whole result as one JSON line ('-': stdout).
Standard library only (Python 3.11).
"""
import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

AGGREGATES = {"mean": statistics.fmean, "sum": sum, "min": min, "max": max}
ALWAYS = ("wall_ms", "cpu_s", "peak_rss_mib")
GNU_TIME = "/usr/bin/time"


def json_documents(text):
    """Every JSON object or array in `text`, in order (a command may print several)."""
    dec = json.JSONDecoder()
    i, docs = 0, []
    while True:
        starts = [j for j in (text.find("{", i), text.find("[", i)) if j >= 0]
        if not starts:
            return docs
        i = min(starts)
        try:
            doc, end = dec.raw_decode(text, i)
        except json.JSONDecodeError:
            i += 1
            continue
        docs.append(doc)
        i = end


def walk(value, keys):
    """The values at a dotted path (`*` fans out over a list's items or an object's values)."""
    if not keys:
        return [value]
    key, rest = keys[0], keys[1:]
    if key == "*":
        items = value if isinstance(value, list) else list(value.values()) if isinstance(value, dict) else []
        return [v for item in items for v in walk(item, rest)]
    if isinstance(value, list) and re.fullmatch(r"-?\d+", key):
        i = int(key)
        return walk(value[i], rest) if -len(value) <= i < len(value) else []
    if isinstance(value, dict) and key in value:
        return walk(value[key], rest)
    return []


def parse_json_spec(spec):
    agg, _, path = spec.partition(":") if spec.split(":", 1)[0] in AGGREGATES else ("mean", "", spec)
    return AGGREGATES[agg], path.split(".")


def numbers(values):
    return [float(v) for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]


def run_once(cmd):
    """Runs one command; returns (stdout, stderr, {figure: value}) or exits on failure."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r") as rss:
        argv = ["bash", "-c", cmd]
        if os.access(GNU_TIME, os.X_OK):
            # A child forked from this process inherits its resident set (about 15 MiB) as
            # its peak; one forked from GNU time's small image does not.
            argv = [GNU_TIME, "-f", "%M", "-o", rss.name] + argv
        t0 = time.perf_counter()
        p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        # wait4, not wait: its rusage is this child's and that of every process it waited for.
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
        peak_kib = rss.read().split()
    if p.returncode != 0:
        tail = "\n".join(stderr.strip().splitlines()[-15:])
        sys.exit(f"ab.py: exit status {p.returncode} from: {cmd}\n{tail}")
    figures = {"wall_ms": wall * 1e3, "cpu_s": ru.ru_utime + ru.ru_stime,
               "peak_rss_mib": int(peak_kib[-1]) / 1024 if peak_kib else None}
    return stdout, stderr, figures


def measure(cmd, a):
    """One run of `cmd`: every figure asked for, plus the values --same compares."""
    stdout, stderr, figures = run_once(cmd)
    docs = json_documents(stdout) if (a.json or a.same) else []
    for spec in a.json:
        agg, keys = parse_json_spec(spec)
        vals = numbers([v for d in docs for v in walk(d, keys)])
        figures[spec] = agg(vals) if vals else None
    for pattern in a.regex:
        found = [m.group(1) if m.groups() else m.group(0)
                 for m in re.finditer(pattern, stdout + "\n" + stderr)]
        vals = []
        for s in found:
            try:
                vals.append(float(s.replace(",", "")))
            except ValueError:
                pass
        figures[pattern] = statistics.fmean(vals) if vals else None
    same = [v for d in docs for v in walk(d, a.same.split("."))] if a.same else None
    return figures, same


def fmt(x):
    if x is None:
        return "-"
    m = abs(x)
    if m >= 1000:
        return f"{x:,.0f}"
    if m >= 100:
        return f"{x:.1f}"
    if m >= 10:
        return f"{x:.2f}"
    if m >= 1:
        return f"{x:.3f}"
    return f"{x:#.3g}" if m else "0"


def span(side):
    return "-" if side["min"] is None else f"{fmt(side['min'])}-{fmt(side['max'])}"


def summarize(runs):
    vals = [v for v in runs if v is not None]
    if not vals:
        return {"median": None, "min": None, "max": None, "runs": runs}
    return {"median": statistics.median(vals), "min": min(vals), "max": max(vals), "runs": runs}


def ratio(x, y):
    return x / y if x is not None and y not in (None, 0) else None


def loadavg():
    return round(os.getloadavg()[0], 2)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--a", required=True, metavar="CMD", help="command A (a bash -c string)")
    p.add_argument("--b", required=True, metavar="CMD", help="command B")
    p.add_argument("--label-a", default="A")
    p.add_argument("--label-b", default="B")
    p.add_argument("--rounds", type=int, default=5, help="counted rounds (default 5)")
    p.add_argument("--warmup", type=int, default=1, help="uncounted rounds first (default 1)")
    p.add_argument("--order", choices=["ab", "alternate"], default="ab",
                   help="ab: A then B every round; alternate: BA in odd rounds")
    p.add_argument("--json", action="append", default=[], metavar="[AGG:]PATH")
    p.add_argument("--regex", action="append", default=[], metavar="RE")
    p.add_argument("--same", metavar="PATH", help="JSON value A and B must print alike")
    p.add_argument("--row", metavar="FILE", help="append the result as one JSON line ('-': stdout)")
    p.add_argument("--quiet", action="store_true", help="no line per round")
    a = p.parse_args()
    if a.rounds < 1 or a.warmup < 0:
        p.error("--rounds must be at least 1 and --warmup at least 0")
    for spec in a.json:
        parse_json_spec(spec)
    for pattern in a.regex:
        re.compile(pattern)

    names = a.json + a.regex + list(ALWAYS)
    head = names[0]
    sides = {"a": (a.label_a, a.a), "b": (a.label_b, a.b)}
    runs = {s: {n: [] for n in names} for s in sides}
    load_before = loadavg()
    for r in range(a.warmup + a.rounds):
        order = ["a", "b"] if a.order == "ab" or r % 2 == 0 else ["b", "a"]
        got = {s: measure(sides[s][1], a) for s in order}
        if a.same and not got["a"][1] and not got["b"][1]:
            sys.exit(f"ab.py: round {r + 1}: neither A nor B printed JSON at {a.same}")
        if a.same and got["a"][1] != got["b"][1]:
            sys.exit(f"ab.py: round {r + 1}: A and B printed different {a.same}")
        counted = r >= a.warmup
        if counted:
            for s in sides:
                for n in names:
                    runs[s][n].append(got[s][0][n])
        if not a.quiet:
            x, y = got["a"][0][head], got["b"][0][head]
            tag = f"round {r - a.warmup + 1}" if counted else f"warm-up {r + 1}"
            print(f"{tag:10} load {loadavg():5.2f}  {head} {a.label_a} {fmt(x)}  {a.label_b} {fmt(y)}"
                  f"  {a.label_a}/{a.label_b} {fmt(ratio(x, y))}", flush=True)
    load_after = loadavg()

    missing = [n for n in names if n not in ALWAYS
               and all(v is None for s in sides for v in runs[s][n])]
    figures = {}
    for n in names:
        sa, sb = summarize(runs["a"][n]), summarize(runs["b"][n])
        figures[n] = {"a": sa, "b": sb, "ratio": ratio(sa["median"], sb["median"])}

    print(f"A = {a.label_a}: {a.a}\nB = {a.label_b}: {a.b}")
    print(f"{a.rounds} rounds (+{a.warmup} warm-up), order {a.order}, {os.cpu_count()} cores, "
          f"load average {load_before} -> {load_after}; medians over the rounds")
    print(f"| figure | {a.label_a} median | {a.label_b} median | {a.label_a}/{a.label_b} "
          f"| {a.label_a} min-max | {a.label_b} min-max |")
    print("|---|---:|---:|---:|---|---|")
    for n, f in figures.items():
        sa, sb = f["a"], f["b"]
        print(f"| {n} | {fmt(sa['median'])} | {fmt(sb['median'])} | {fmt(f['ratio'])} "
              f"| {span(sa)} | {span(sb)} |")
    if a.row:
        row = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
               "a": {"label": a.label_a, "cmd": a.a}, "b": {"label": a.label_b, "cmd": a.b},
               "rounds": a.rounds, "warmup": a.warmup, "order": a.order, "cores": os.cpu_count(),
               "load_before": load_before, "load_after": load_after, "headline": head,
               "figures": figures}
        line = json.dumps(row)
        if a.row == "-":
            print(line)
        else:
            with open(a.row, "a") as f:
                f.write(line + "\n")
    if missing:
        sys.exit(f"ab.py: no value for {', '.join(missing)} in any run: check the path or pattern")


if __name__ == "__main__":
    main()
