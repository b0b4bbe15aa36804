#!/usr/bin/env python3
"""dwell against the GAP Benchmark Suite (GAPBS) on the GAP kernels (issue 32).

    scripts/gapbs-compare.py GAPBS_CLONE DWELL [--workdir DIR] [--datasets DIR]
        [--graphs enron,condmat,pgp,kron18,bremen] [--kernels bfs,cc,sssp,pr,tc,bc]
        [--threads 2] [--scaling] [--rounds 3] [--sources 4] [--seed 1] [--trials T]
        [--delta D] [--omp-wait-policy passive] [--skip-build]

GAPBS_CLONE is a checkout of https://github.com/sbeamer/gapbs (nothing is downloaded: clone
it beforehand); this script builds it there with its own Makefile (`make`, OpenMP) and prints
its commit. DWELL is a release `dwell` binary (`cargo build --release -p dwell-cli`).

Inputs (in --workdir, default /tmp/gapbs-compare), one edge file per graph that both sides
read, so they hold the same arcs:
  enron, condmat, pgp   --datasets/graphs/*.edges.xz without comment lines, as X.el.
                        GAPBS: `converter -f X.el [-s] -b X.sg` (-s: the undirected ones);
                        dwell: `dwell snapshot X.el --undirected|--directed`.
  kron18                GAPBS's generator: `converter -g18 -k16 -e kron18.el` (and `-w -e
                        kron18.wel`, its weights 1..255); the files list the symmetric CSR's
                        arcs, both ways: kron18.el is read undirected (GAPBS -s, dwell
                        --undirected: the same arcs, duplicates dropped), kron18.wel directed
                        on both sides (sssp: the arcs and weights exactly as listed).
  bremen                --datasets/roads/bremen_dist.gr.xz's `a U V W` lines as bremen.wel
                        (0-based: GAPBS's .gr reader expects 1-based ids), directed, lengths;
                        without its 305 self loops, the shortest of parallel arcs kept (GAPBS
                        drops loops and keeps an arbitrary one of parallel arcs).
Both sides' node and arc counts are compared before anything is timed.

Kernels (RAYON_NUM_THREADS = OMP_NUM_THREADS = THREADS); kernel time only on both sides:
GAPBS's mean "Trial Time" over -n trials after a first, untimed one; dwell's
`timings.per_run_ms` over `--repeat` runs of one session after `--warmup 1` (graph load,
GAPBS's graph build, dwell's session open and warm-up, and output writing excluded):
  bfs   `bfs -r S -n T` vs `dwell run bfs --sources S --repeat T --out F` (levels kept);
        the same --sources random sources (non-zero out-degree, as GAPBS picks them).
  cc    `cc -n T` (Afforest) vs `dwell run wcc --repeat T`.
  sssp  `sssp -r S -d DELTA -n T` vs `dwell run sssp --sources S --delta DELTA --repeat T`,
        the same bucket width DELTA on both sides (dwell's own choice for the graph, which
        `dwell run sssp` reports).
  pr    `pr -t 1e-4 -i 20 -n T` (Gauss-Seidel) vs `dwell run pagerank --stop gapbs --update
        gauss-seidel`, and `pr_spmv` (Jacobi) vs the same with `--update jacobi` (dwell's
        default); GAPBS's rule: L1 change < 1e-4, at most 20 rounds.
  tc    `tc -n T` vs `dwell run triangles --repeat T` (undirected graphs only).
  bc    `bc -i 64 -n T` (64 random sources a trial) vs `dwell run bc --sources random:64
        --repeat T`: time per source.
Every cell alternates the sides (GAPBS first in even rounds, dwell first in odd ones) and
reports each side's median over --rounds; ratio = GAPBS time / dwell time (> 1: dwell is
faster). --scaling adds 1-thread cells for bfs and cc: 2T/1T speedup of each side.
Before timing, each graph's answers are compared once (GAPBS's -a analysis against dwell's
JSON; a difference stops the run): BFS reached vertices, components, SSSP reached vertices,
triangles; PageRank's rounds to the tolerance are printed.
Standard library only.
"""
import argparse
import json
import os
import random
import re
import shlex
import statistics
import subprocess
import sys
import tempfile

GRAPHS = {
    # name: (file under --datasets, undirected)
    "enron": ("graphs/email-Enron.edges.xz", True),
    "condmat": ("graphs/cond-mat-2005.edges.xz", True),
    "pgp": ("graphs/pgp-strong-2009.edges.xz", False),
    "kron18": (None, True),
    "bremen": ("roads/bremen_dist.gr.xz", False),
}
# Kernels each graph runs by default: weights only where the graph has them (bremen, and
# kron18's weighted copy for sssp), triangles only where the graph is undirected.
KERNELS = ["bfs", "cc", "sssp", "pr", "tc", "bc"]
TRIALS = {"bfs": 20, "cc": 20, "sssp": 10, "pr": 5, "pr_spmv": 5, "tc": 3, "bc": 1}
BIG_TRIALS = {"bfs": 10, "cc": 10, "sssp": 5, "pr": 3, "pr_spmv": 3, "tc": 2, "bc": 1}
# GAPBS's benchmark runs PageRank to its tolerance (benchmark/bench.mk: -i1000 -t1e-4).
PR_ARGS = "-t 1e-4 -i 1000"


def die(msg):
    sys.exit(f"gapbs-compare: {msg}")


def sh(cmd, env=None, check=True):
    """Run a bash command, return its stdout (stderr passed through on failure)."""
    r = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True,
                       env={**os.environ, **(env or {})})
    if check and r.returncode != 0:
        die(f"command failed ({r.returncode}): {cmd}\n{r.stdout[-2000:]}{r.stderr[-2000:]}")
    return r.stdout + r.stderr


class Graph:
    def __init__(self, name, el, undirected, weighted, gapbs_file, dwell_file):
        self.name, self.el, self.undirected, self.weighted = name, el, undirected, weighted
        self.gapbs, self.dwell = gapbs_file, dwell_file
        self.sources = []


def prepare(a, gap, dwell):
    """The workdir's edge files, GAPBS's serialized graphs and dwell's snapshots."""
    os.makedirs(a.workdir, exist_ok=True)
    conv = os.path.join(gap, "converter")
    out = {}
    for name in a.graphs:
        rel, undirected = GRAPHS[name]
        w = os.path.join(a.workdir, name)
        weighted = name == "bremen"
        el = w + (".wel" if weighted else ".el")
        if not os.path.exists(el):
            if name == "kron18":
                sh(f"{conv} -g18 -k16 -e {el}.tmp && mv {el}.tmp {el}")
            elif weighted:
                # GAPBS drops self loops and keeps one of parallel arcs (which one is up to its
                # sort); dwell keeps loops: both read the file without them, the shortest of
                # parallel arcs kept.
                sh(f"xz -dc {a.datasets}/{rel} | awk '$1==\"a\" && $2!=$3 {{k=$2\" \"$3; "
                   f"if (!(k in w) || $4+0 < w[k]+0) w[k]=$4}} END {{for (k in w) print k, w[k]}}' "
                   f"| sort -n -k1,1 -k2,2 > {el}.tmp && mv {el}.tmp {el}")
            else:
                sh(f"xz -dc {a.datasets}/{rel} | grep -v '^#' > {el}.tmp && mv {el}.tmp {el}")
        # kron18's file is already symmetric: both sides read it as undirected (GAPBS -s,
        # dwell --undirected), which leaves its arcs as they are (both drop the duplicates).
        sym = "-s " if undirected else ""
        sg = w + (".wsg" if weighted else ".sg")
        if not os.path.exists(sg):
            sh(f"{conv} {sym}-f {el} {'-wb' if weighted else '-b'} {sg}")
        dflag = "--undirected" if undirected else "--directed"
        wcol = " --weights 3" if weighted else ""
        snap = w + ".dwell"
        if not os.path.exists(snap):
            sh(f"{dwell} snapshot {el} --input-format edgelist {dflag}{wcol} --out {snap}")
        g = Graph(name, el, undirected, weighted, sg, snap)
        if name == "kron18" and "sssp" in a.kernels:
            # GAPBS's weighted kron18 (the same generator seed, weights 1..255).
            wel, wsg, wsnap = w + ".wel", w + ".wsg", w + "-w.dwell"
            if not os.path.exists(wel):
                sh(f"{conv} -g18 -k16 -w -e {wel}.tmp && mv {wel}.tmp {wel}")
            # Directed on both sides: the arcs exactly as listed (symmetrizing would make
            # GAPBS keep an arbitrary one of two opposite arcs' weights).
            if not os.path.exists(wsg):
                sh(f"{conv} -f {wel} -wb {wsg}")
            if not os.path.exists(wsnap):
                sh(f"{dwell} snapshot {wel} --input-format edgelist --directed --weights 3 --out {wsnap}")
            g.wgapbs, g.wdwell = wsg, wsnap
        elif weighted:
            g.wgapbs, g.wdwell = sg, snap
        out[name] = g
    return out


def counts(gap, dwell, name, sg, snap, weighted):
    """GAPBS's and dwell's node and arc counts of one graph (they must agree)."""
    txt = sh(f"{gap}/{'sssp' if weighted else 'bfs'} -f {sg} -n 1 -r 0")
    m = re.search(r"Graph has (\d+) nodes and (\d+) (un)?directed edges", txt)
    if not m:
        die(f"no graph size in GAPBS's output on {g.name}:\n{txt}")
    n, e = int(m.group(1)), int(m.group(2))
    arcs = 2 * e if m.group(3) else e
    info = json.loads(sh(f"{dwell} info {snap} --json"))
    dn, da = find(info, "nodes"), find(info, "arcs")
    ok = (n, arcs) == (dn, da)
    print(f"{name}: GAPBS {n:,} nodes {arcs:,} arcs; dwell {dn:,} nodes {da:,} arcs"
          f" {'(same)' if ok else '(DIFFERENT)'}", flush=True)
    if not ok:
        die(f"{name}: the two sides hold different graphs")
    return n


def find(doc, key):
    """The first value under `key` anywhere in a JSON document."""
    if isinstance(doc, dict):
        if key in doc and not isinstance(doc[key], (dict, list)):
            return doc[key]
        for v in doc.values():
            r = find(v, key)
            if r is not None:
                return r
    elif isinstance(doc, list):
        for v in doc:
            r = find(v, key)
            if r is not None:
                return r
    return None


def pick_sources(g, k, seed):
    """k distinct vertices with out-degree > 0 (GAPBS's rule), drawn with `seed`."""
    has_out = set()
    with open(g.el) as f:
        for line in f:
            p = line.split()
            if p:
                has_out.add(int(p[0]))
                if g.undirected:
                    has_out.add(int(p[1]))
    return random.Random(seed).sample(sorted(has_out), k)


def cell_cmds(a, gap, dwell, g, kernel, src, threads, scratch):
    """(GAPBS command, dwell command) of one cell; both print one figure in ms. Each side
    runs T timed trials after one warm-up: GAPBS -n T+1 (its first "Trial Time" dropped),
    dwell --warmup 1 --repeat T (the warm-up builds what the session keeps: a skewed
    graph's degree-grouped copy)."""
    t = (BIG_TRIALS if g.name == "kron18" else TRIALS)[kernel]
    t = a.trials or t
    gsg, dsn = g.gapbs, g.dwell
    if kernel == "sssp":
        gsg, dsn = g.wgapbs, g.wdwell
    d = f"{dwell} run"
    out = f"--warmup 1 --out {scratch} --json"
    t1 = t + 1
    if kernel == "bfs":
        return f"{gap}/bfs -f {gsg} -r {src} -n {t1}", f"{d} bfs {dsn} --sources {src} --repeat {t} {out}"
    if kernel == "cc":
        return f"{gap}/cc -f {gsg} -n {t1}", f"{d} wcc {dsn} --repeat {t} {out}"
    if kernel == "sssp":
        return (f"{gap}/sssp -f {gsg} -r {src} -d {g.delta:g} -n {t1}",
                f"{d} sssp {dsn} --sources {src} --delta {g.delta:g} --repeat {t} {out}")
    if kernel in ("pr", "pr_spmv"):
        # Each side's own update: pr is Gauss-Seidel, pr_spmv Jacobi (dwell's default).
        update = "gauss-seidel" if kernel == "pr" else "jacobi"
        return (f"{gap}/{kernel} -f {gsg} {PR_ARGS} -n {t1}",
                f"{d} pagerank {dsn} --stop gapbs --max-iter 1000 --update {update} --repeat {t} {out}")
    if kernel == "tc":
        return f"{gap}/tc -f {gsg} -n {t1}", f"{d} triangles {dsn} --repeat {t} {out}"
    if kernel == "bc":
        return (f"{gap}/bc -f {gsg} -i 64 -n {t1}",
                f"{d} bc {dsn} --sources random:64 --seed {src} --repeat {t} {out}")
    raise ValueError(kernel)


def gapbs_ms(txt):
    """The mean of GAPBS's "Trial Time"s after the first (the warm-up), in ms."""
    trials = [float(x) for x in re.findall(r"Trial Time:\s+([0-9.]+)", txt)]
    if len(trials) < 2:
        die(f"fewer than 2 'Trial Time's in GAPBS's output:\n{txt[-2000:]}")
    return statistics.mean(trials[1:]) * 1e3


def dwell_ms(txt):
    return float(json.loads(txt)["timings"]["per_run_ms"])


def measure(a, gap, dwell, g, kernel, threads, scratch):
    """Median over rounds of each side's mean over sources (ms per query)."""
    env = {"OMP_NUM_THREADS": str(threads), "RAYON_NUM_THREADS": str(threads)}
    if a.omp_wait_policy:
        env["OMP_WAIT_POLICY"] = a.omp_wait_policy
    srcs = g.sources if kernel in ("bfs", "sssp") else [a.seed]
    per = 64.0 if kernel == "bc" else 1.0
    sides = {"gapbs": [], "dwell": []}
    for r in range(a.rounds):
        order = ["gapbs", "dwell"] if r % 2 == 0 else ["dwell", "gapbs"]
        for side in order:
            vals = []
            for s in srcs:
                gc, dc = cell_cmds(a, gap, dwell, g, kernel, s, threads, scratch)
                if side == "gapbs":
                    vals.append(gapbs_ms(sh(gc, env)) / per)
                else:
                    vals.append(dwell_ms(sh(dc, env)) / per)
            sides[side].append(statistics.mean(vals))
    gm, dm = statistics.median(sides["gapbs"]), statistics.median(sides["dwell"])
    load = open("/proc/loadavg").read().split()[0]
    print(f"  {g.name} {kernel} {threads}T (load {load}): GAPBS {fmt(sides['gapbs'])} ms, dwell "
          f"{fmt(sides['dwell'])} ms -> {gm / dm:.2f}x", flush=True)
    return gm, dm


def fmt(xs):
    return " ".join(f"{x:.3f}" for x in xs)


def check_answers(a, gap, dwell, g, scratch):
    """GAPBS's -a analysis beside dwell's JSON, once per graph and kernel."""
    s = g.sources[0]
    env = {"OMP_NUM_THREADS": "2", "RAYON_NUM_THREADS": "2"}
    notes = []
    if "bfs" in a.kernels and not g.weighted:
        gt = sh(f"{gap}/bfs -f {g.gapbs} -r {s} -n 1 -a", env)
        m = re.search(r"BFS Tree has (\d+) nodes", gt)
        dj = json.loads(sh(f"{dwell} run bfs {g.dwell} --sources {s} --out {scratch} --json", env))
        notes.append(("bfs reached", m and int(m.group(1)), find(dj, "reached")))
    if "cc" in a.kernels and not g.weighted:
        gt = sh(f"{gap}/cc -f {g.gapbs} -n 1 -a", env)
        m = re.search(r"There are (\d+) components", gt)
        dj = json.loads(sh(f"{dwell} run wcc {g.dwell} --out {scratch} --json", env))
        notes.append(("components", m and int(m.group(1)), find(dj, "components")))
    if "tc" in a.kernels and g.undirected:
        gt = sh(f"{gap}/tc -f {g.gapbs} -n 1 -a", env)
        m = re.search(r"(\d+) triangles", gt)
        dj = json.loads(sh(f"{dwell} run triangles {g.dwell} --out {scratch} --json", env))
        notes.append(("triangles", m and int(m.group(1)), find(dj, "triangles")))
    if "pr" in a.kernels and not g.weighted:
        its = []
        for k in ("pr", "pr_spmv"):
            gt = sh(f"{gap}/{k} -f {g.gapbs} {PR_ARGS} -n 1 -l", env)
            its.append(len(re.findall(r"^\s*\d+\s+[0-9.e+-]+\s*$", gt, re.M)))
        pr = f"{dwell} run pagerank {g.dwell} --stop gapbs --max-iter 1000 --out {scratch} --json"
        gs = find(json.loads(sh(f"{pr} --update gauss-seidel", env)), "iterations")
        jacobi = find(json.loads(sh(pr, env)), "iterations")
        print(f"  {g.name} pagerank rounds to L1 < 1e-4: GAPBS pr {its[0]}, pr_spmv {its[1]}; dwell "
              f"gauss-seidel {gs}, jacobi {jacobi}", flush=True)
    if "sssp" in a.kernels and hasattr(g, "wgapbs"):
        dj = json.loads(sh(f"{dwell} run sssp {g.wdwell} --sources {s} --out {scratch} --json", env))
        # GAPBS's weights are int32 and it reads -d with atol (8.6 runs as 8):
        # both sides get the width GAPBS will use.
        g.delta = float(max(1, int(a.delta or find(dj, "delta"))))
        gt = sh(f"{gap}/sssp -f {g.wgapbs} -r {s} -d {g.delta:g} -n 1 -a", env)
        m = re.search(r"SSSP Tree reaches (\d+) nodes", gt)
        notes.append(("sssp reached", m and int(m.group(1)), find(dj, "reached")))
        print(f"  {g.name} sssp bucket width (both sides): {g.delta:g}", flush=True)
    for what, x, y in notes:
        print(f"  {g.name} {what}: GAPBS {x}, dwell {y}{'' if x == y else '  (DIFFERENT)'}", flush=True)
    if any(x != y for _, x, y in notes):
        die(f"{g.name}: GAPBS and dwell answer differently")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("gapbs", nargs="?")
    p.add_argument("dwell", nargs="?")
    p.add_argument("--workdir", default="/tmp/gapbs-compare")
    p.add_argument("--datasets", default="/work/shared/datasets")
    p.add_argument("--graphs", default="enron,condmat,pgp,kron18,bremen")
    p.add_argument("--kernels", default=",".join(KERNELS))
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--scaling", action="store_true")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--sources", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--trials", type=int, default=0, help="override every kernel's -n/--repeat")
    p.add_argument("--delta", type=float, default=0,
                   help="sssp bucket width, truncated to an integer as GAPBS reads it (default: dwell's)")
    p.add_argument("--skip-build", action="store_true")
    p.add_argument("--omp-wait-policy", default="", help="OMP_WAIT_POLICY for GAPBS (default: unset,"
                   " libgomp spins; 'passive' sleeps, which a loaded machine favours)")
    a = p.parse_args()
    if not a.gapbs or not os.path.isfile(os.path.join(a.gapbs, "src", "bfs.cc")):
        die("the first argument must be a GAPBS checkout (git clone https://github.com/sbeamer/gapbs"
            " DIR; the script never downloads it), got " + repr(a.gapbs))
    if not a.dwell or not os.access(a.dwell, os.X_OK):
        die("the second argument must be a dwell binary (cargo build --release -p dwell-cli;"
            " target/release/dwell), got " + repr(a.dwell))
    gap, dwell = os.path.abspath(a.gapbs), os.path.abspath(a.dwell)
    a.graphs, a.kernels = a.graphs.split(","), a.kernels.split(",")
    for x in a.graphs:
        if x not in GRAPHS:
            die(f"unknown graph {x!r}: pick from {','.join(GRAPHS)}")
    commit = sh(f"git -C {shlex.quote(gap)} rev-parse HEAD 2>/dev/null || echo unknown").strip()
    if not a.skip_build:
        sh(f"make -C {shlex.quote(gap)} -j2 bfs cc sssp pr pr_spmv tc bc converter")
    print(f"GAPBS {commit} (make, OpenMP), dwell {dwell}; threads {a.threads}, rounds {a.rounds},"
          f" OMP_WAIT_POLICY={a.omp_wait_policy or '(unset)'}", flush=True)
    print("load: " + sh("uptime").strip(), flush=True)
    graphs = prepare(a, gap, dwell)
    rows = []
    with tempfile.TemporaryDirectory(prefix="gapbs-compare-") as tmp:
        scratch = os.path.join(tmp, "out.txt")
        for name, g in graphs.items():
            if not g.weighted:
                counts(gap, dwell, name, g.gapbs, g.dwell, False)
            if hasattr(g, "wgapbs"):
                counts(gap, dwell, name + " (weighted)", g.wgapbs, g.wdwell, True)
            g.sources = pick_sources(g, a.sources, a.seed)
            print(f"  {name} sources: {g.sources}", flush=True)
            check_answers(a, gap, dwell, g, scratch)
            for k in a.kernels:
                kernels = ["pr", "pr_spmv"] if k == "pr" else [k]
                for kk in kernels:
                    if kk == "tc" and not g.undirected:
                        continue
                    if kk == "sssp" and not hasattr(g, "wgapbs"):
                        continue
                    if g.weighted and kk != "sssp":
                        continue
                    gm, dm = measure(a, gap, dwell, g, kk, a.threads, scratch)
                    row = [name, kk, gm, dm, None, None]
                    if a.scaling and kk in ("bfs", "cc") and a.threads != 1:
                        g1, d1 = measure(a, gap, dwell, g, kk, 1, scratch)
                        row[4:] = [g1 / gm, d1 / dm]
                    rows.append(row)
    print("load: " + sh("uptime").strip())
    print(f"\nGAPBS {commit[:7]}, {a.threads} threads, medians of {a.rounds} alternations;"
          " ms per query (bc: per source)")
    head = "| graph | kernel | GAPBS ms | dwell ms | GAPBS/dwell |"
    if a.scaling:
        head += f" GAPBS {a.threads}T/1T | dwell {a.threads}T/1T |"
    print(head)
    print("|---" * 2 + "|---:" * (3 + 2 * a.scaling) + "|")
    for name, k, gm, dm, gs, ds in rows:
        line = f"| {name} | {k} | {gm:,.3f} | {dm:,.3f} | {gm / dm:.2f}× |"
        if a.scaling:
            line += f" {gs:.2f}× | {ds:.2f}× |" if gs else " | |"
        print(line)

if __name__ == "__main__":
    main()
