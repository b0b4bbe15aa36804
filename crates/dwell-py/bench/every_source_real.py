"""Closeness and harmonic centrality through the NetworkX backend on real
edge lists (``.edges.xz``, read as NetworkX reads them), each graph converted
first: wall and CPU seconds per call (CPU time: the load moves it less).

    python crates/dwell-py/bench/every_source_real.py /work/shared/datasets/graphs/as-22july06.edges.xz
"""
import lzma
import resource
import sys
import time

import networkx as nx

import dwell.nx  # noqa: F401 (registers the backend)


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main():
    nx.config.cache_converted_graphs = True
    for path in sys.argv[1:]:
        with lzma.open(path, "rt") as f:
            G = nx.Graph(tuple(line.split()[:2]) for line in f if line.strip() and line[0] not in "#%")
        nx.number_connected_components(G, backend="dwell")  # converts G
        for name in ("closeness_centrality", "harmonic_centrality"):
            t, c = time.perf_counter(), cpu()
            getattr(nx, name)(G, backend="dwell")
            print(f"{path.rsplit('/', 1)[-1]} ({len(G)} nodes, {G.number_of_edges()} edges) {name}: "
                  f"wall {time.perf_counter() - t:.2f} s, cpu {cpu() - c:.2f} s", flush=True)


if __name__ == "__main__":
    main()
