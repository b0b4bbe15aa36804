"""Where a quick NetworkX call's time goes once dwell is installed and in
``nx.config.backend_priority``: what NetworkX's dispatcher costs by itself
and what dwell's own choices (which functions it registers, can_run,
should_run) add. Each call of five_graphs.py's list is timed, warm, under
six set-ups, alternating, median of ``--reps`` loops of ≥ 2 ms each:

  bare      NetworkX's dispatcher as it is with no backend installed
            (``_dispatchable._call_if_no_backends_installed``: argument
            check, then the function)
  plain     dwell installed, priority empty: NetworkX's path for "any
            backend installed" (every dispatchable call takes it as soon as
            one backend's entry point exists, whatever the priority)
  unreg     dwell first in the priority, registering no function (NetworkX
            finds no attribute of that name: no can_run asked)
  floor     dwell first, its functions registered, can_run declining at once
  decline   dwell first, dwell's real can_run, should_run declining at once
  auto      dwell first, as shipped (should_run decides)

So plain - bare is what installing any backend costs NetworkX's users
(imposed by NetworkX); unreg - plain what any backend in the priority
costs (imposed); floor - unreg what registering the function costs
(NetworkX's can_run call); decline - floor dwell's can_run; auto - decline
should_run and, where it accepts, NetworkX's conversion path and dwell's
answer. All per call level: has_path makes three dispatched levels.

    python crates/dwell-py/bench/dispatch_floor.py --graphs lesmis,netscience,wordnet --out floor.json
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time

import networkx as nx
from networkx.utils import backends as nxb

import dwell.nx as dnx

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import five_graphs as fg  # noqa: E402 (the graphs and calls of the five-graph benchmark)

_DISPATCH = nxb._dispatchable


class Setup:
    """One way of dispatching, set for a ``with`` block."""

    def __init__(self, priority, bare=False, unreg=False, can_run=None, should_run=None):
        self.priority, self.bare, self.unreg = priority, bare, unreg
        self.can_run, self.should_run = can_run, should_run

    def __enter__(self):
        self.saved = (nx.config.backend_priority.algos, _DISPATCH.__call__,
                      dnx.BackendInterface.can_run, dnx.BackendInterface.should_run)
        nx.config.backend_priority.algos = self.priority
        if self.bare:
            _DISPATCH.__call__ = _DISPATCH._call_if_no_backends_installed
        if self.can_run is not None:
            dnx.BackendInterface.can_run = staticmethod(self.can_run)
        if self.should_run is not None:
            dnx.BackendInterface.should_run = staticmethod(self.should_run)
        if self.unreg:
            self.removed = {n: dnx.BackendInterface.__dict__[n] for n in FUNCTIONS}
            for n in FUNCTIONS:
                delattr(dnx.BackendInterface, n)

    def __exit__(self, *exc):
        if self.unreg:
            for n, f in self.removed.items():
                setattr(dnx.BackendInterface, n, f)
        nx.config.backend_priority.algos, _DISPATCH.__call__ = self.saved[:2]
        dnx.BackendInterface.can_run = staticmethod(self.saved[2])
        dnx.BackendInterface.should_run = staticmethod(self.saved[3])


def _no(name, args, kwargs):
    return "declined at once (dispatch_floor.py)"


FUNCTIONS = [n for n in dir(dnx.BackendInterface) if n in dnx._IMPLEMENTED]
SETUPS = {
    "bare": Setup([], bare=True),
    "plain": Setup([]),
    "unreg": Setup(["dwell"], unreg=True),
    "floor": Setup(["dwell"], can_run=_no),
    "decline": Setup(["dwell"], should_run=_no),
    "auto": Setup(["dwell"]),
}


def per_call(setup, f, H, loops):
    with setup:
        t = time.perf_counter()
        for _ in range(loops):
            fg.outcome(f, H)
        return (time.perf_counter() - t) / loops


def run(name, G, args, rows):
    H = G.copy()
    fg.outcome(lambda X: nx.closeness_centrality(X, backend="dwell"), H)  # converted, as a warm user's G
    for label, f in fg.cases(G):
        if args.only and not any(s in label for s in args.only.split(",")):
            continue
        want = fg.outcome(f, H)
        for key, setup in SETUPS.items():
            with setup:
                if not fg.equal(fg.outcome(f, H), want):
                    sys.exit(f"{name} {label}: {key} answers differently")
        first = per_call(SETUPS["plain"], f, H, 1)
        if first > args.max_ms / 1e3:
            continue  # a call that long is not bound by the dispatcher
        loops = max(1, min(5000, int(0.002 / max(first, 1e-7))))
        times = {k: [] for k in SETUPS}
        for _ in range(args.reps):
            for key, setup in SETUPS.items():
                times[key].append(per_call(setup, f, H, loops))
        us = {k: statistics.median(v) * 1e6 for k, v in times.items()}
        rows.append({"graph": name, "call": label, "us": us, "loops": loops})
        print(f"{name:10} {label:52} " + " ".join(f"{us[k]:8.2f}" for k in SETUPS)
              + f"   auto/plain {us['plain'] / us['auto']:.2f}  floor {us['plain'] / us['floor']:.2f}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default="/work/shared/datasets")
    ap.add_argument("--wordnet", default=str(fg.ROOT / "data" / "names" / "wordnet-pointers.edges.xz"))
    ap.add_argument("--graphs", default="lesmis,netscience,wordnet")
    ap.add_argument("--only", default="", help="comma-separated substrings of call labels")
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--max-ms", type=float, default=0.5, help="skip calls NetworkX takes longer than this for")
    ap.add_argument("--out")
    args = ap.parse_args()
    print(f"{'graph':10} {'call':52} " + " ".join(f"{k:>8}" for k in SETUPS) + "   (µs per call, medians)")
    rows = []
    for name, G in fg.graphs(args):
        if name in args.graphs.split(","):
            run(name, G, args, rows)
    if args.out:
        pathlib.Path(args.out).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
