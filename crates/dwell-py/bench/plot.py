"""Plot peers.py's JSON: per task and graph, each peer's time over dwell's
(direct API), log scale. Bars above 1 mean dwell is faster. Also prints the
Markdown table of times and ratios that docs/BENCHMARKS.md shows.

    python crates/dwell-py/bench/plot.py docs/py-bench.json docs/py-bench.png
"""

import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

PEERS = ["igraph", "rustworkx", "networkx", "dwell via networkx"]
COLORS = {"igraph": "tab:blue", "rustworkx": "tab:orange", "networkx": "tab:green", "dwell via networkx": "tab:red"}
TASKS = ["closeness", "apsp-stats", "bfs64", "components"]


def main(src, dst):
    data = json.load(open(src))
    rows = [r for r in data["rows"] if r["seconds"] is not None]
    graphs = list(dict.fromkeys(r["graph"] for r in rows))
    t = {(r["graph"], r["task"], r["tool"]): r["seconds"] for r in rows}
    fig, axes = plt.subplots(1, len(TASKS), figsize=(4.2 * len(TASKS), 4.2), sharey=True)
    width = 0.8 / len(PEERS)
    for ax, task in zip(axes, TASKS):
        for k, peer in enumerate(PEERS):
            xs, ys = [], []
            for i, gname in enumerate(graphs):
                base, other = t.get((gname, task, "dwell")), t.get((gname, task, peer))
                if base and other:
                    xs.append(i + (k - (len(PEERS) - 1) / 2) * width)
                    ys.append(other / base)
            ax.bar(xs, ys, width, color=COLORS[peer])
        ax.set_yscale("log")
        ax.axhline(1, color="black", linewidth=0.8)
        ax.set_xticks(range(len(graphs)))
        ax.set_xticklabels(graphs, rotation=30, ha="right", fontsize=8)
        ax.set_title(task)
    axes[0].set_ylabel("peer time / dwell time (log)")
    handles = [Patch(color=COLORS[p], label=p) for p in PEERS]
    fig.legend(handles=handles, loc="upper right", fontsize=8, ncol=len(PEERS))
    fig.suptitle("dwell from Python (direct API) vs peers; peer time / dwell time (the commands: the JSON's meta)", fontsize=9, x=0.3)
    fig.tight_layout(rect=(0, 0, 1, 0.93))
    fig.savefig(dst, dpi=110)
    print(f"wrote {dst}")
    print(table(data))


def table(data):
    """Seconds per tool (median of the runs) and each peer's ratio to dwell."""
    tools = ["dwell", "dwell via networkx", "dwell conversion"] + [p for p in PEERS if p != "dwell via networkx"]
    t = {(r["graph"], r["task"], r["tool"]): r for r in data["rows"]}
    graphs = list(dict.fromkeys(r["graph"] for r in data["rows"]))
    lines = ["| graph | task | " + " | ".join(tools) + " |", "|---|---|" + "---:|" * len(tools)]
    for g in graphs:
        for task in TASKS:
            base = t.get((g, task, "dwell"), {}).get("seconds")
            cells = []
            for tool in tools:
                r = t.get((g, task, tool))
                if r is None:
                    cells.append("")
                elif r["seconds"] is None:
                    cells.append("not run")
                elif tool == "dwell" or not base:
                    cells.append(f"{r['seconds']:.4g} s")
                else:
                    cells.append(f"{r['seconds']:.4g} s ({r['seconds'] / base:.3g}×)")
            lines.append(f"| {g} | {task} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    main(*sys.argv[1:3])
