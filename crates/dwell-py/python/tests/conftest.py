"""Shared fixtures: the bundled real graphs (data/graphs) read independently
of dwell (Python's lzma + plain parsing) so they can serve as oracles."""

import lzma
import pathlib

import numpy as np
import pytest

DATA = pathlib.Path(__file__).resolve().parents[4] / "data" / "graphs"
SMALL = ["karate", "dolphins", "celegansneural", "polblogs", "power"]


def read_edges(name):
    """(src, dst, n, directed) from the file's header and arc lines."""
    n, directed, src, dst = None, None, [], []
    with lzma.open(DATA / f"{name}.edges.xz", "rt") as f:
        for line in f:
            if line.startswith("#"):
                words = line[1:].split()
                if words[:1] == ["nodes"]:
                    n, directed = int(words[1]), words[5] == "1"
                continue
            u, v = line.split()[:2]
            src.append(int(u))
            dst.append(int(v))
    return np.array(src), np.array(dst), n, directed


@pytest.fixture(params=SMALL)
def bundled(request):
    return (request.param,) + read_edges(request.param)


def path(name):
    return DATA / f"{name}.edges.xz"

