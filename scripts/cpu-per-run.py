#!/usr/bin/env python3
"""CPU milliseconds per run of two commands, by difference: a busy machine's answer to A/B.

    scripts/cpu-per-run.py --a 'GAPBS/tc -f X.sg -n {n}' --b 'dwell run triangles X.dwell --repeat {n} --json' \\
        [--label-a gapbs --label-b dwell] [--low 5] [--high 45] [--rounds 3]

Each side runs with {n} = LOW and {n} = HIGH runs in one process; (CPU of HIGH − CPU of LOW) /
(HIGH − LOW) is its CPU time per run, loading and setup cancelled out. CPU time (user + sys of
the command and its children, from os.wait4) does not count the time a process waits for a
core, which on a shared 2-core machine at load 4–9 swings wall times 2–10× between rounds; it
still counts cache and memory-bandwidth contention. Rounds alternate the sides (A first in even
rounds); the report is each side's median and median(A) / median(B) (> 1: B cheaper). Meant
for one-thread runs: on several threads CPU time adds the threads up, spinning included.
Standard library only.
"""
import argparse
import os
import statistics
import subprocess
import sys


def cpu_s(cmd):
    """User + sys seconds of `cmd` (run by bash) and everything it waited for."""
    p = subprocess.Popen(["bash", "-c", cmd], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"cpu-per-run: `{cmd}` failed:\n{err[-2000:]}")
    return usage.ru_utime + usage.ru_stime


def per_run_ms(template, low, high):
    lo = cpu_s(template.format(n=low))
    hi = cpu_s(template.format(n=high))
    return (hi - lo) / (high - low) * 1e3


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--a", required=True, help="command with {n}, the number of runs")
    p.add_argument("--b", required=True, help="command with {n}, the number of runs")
    p.add_argument("--label-a", default="a")
    p.add_argument("--label-b", default="b")
    p.add_argument("--low", type=int, default=5)
    p.add_argument("--high", type=int, default=45)
    p.add_argument("--rounds", type=int, default=3)
    a = p.parse_args()
    if not 0 < a.low < a.high:
        sys.exit("cpu-per-run: need 0 < --low < --high. Fix: e.g. --low 5 --high 45")
    got = {a.label_a: [], a.label_b: []}
    for r in range(a.rounds):
        sides = [(a.label_a, a.a), (a.label_b, a.b)]
        for label, cmd in sides if r % 2 == 0 else sides[::-1]:
            got[label].append(per_run_ms(cmd, a.low, a.high))
    ma, mb = statistics.median(got[a.label_a]), statistics.median(got[a.label_b])
    load = os.getloadavg()[0]
    for label, xs in got.items():
        print(f"{label}: {' '.join(f'{x:.3f}' for x in xs)} ms CPU per run")
    print(f"{a.label_a} {ma:.3f} ms, {a.label_b} {mb:.3f} ms, {a.label_a}/{a.label_b} "
          f"{ma / mb:.2f}x (load {load:.2f})")


if __name__ == "__main__":
    main()
