"""The ``networkx.backend_info`` entry point. NetworkX calls it while it is
still importing itself, so this module imports nothing of NetworkX (nor of
dwell.nx); the test suite checks that FUNCTIONS lists what dwell.nx runs."""

FUNCTIONS = (
    "all_pairs_dijkstra_path_length", "average_clustering", "betweenness_centrality", "clustering",
    "edge_betweenness_centrality", "pagerank",
    "shortest_path_length", "single_source_dijkstra_path_length", "transitivity", "triangles",
    "all_pairs_shortest_path_length", "ancestors", "average_shortest_path_length", "bfs_layers",
    "closeness_centrality", "condensation", "connected_components", "descendants", "descendants_at_distance", "diameter", "eccentricity",
    "harmonic_centrality", "has_path", "is_connected", "is_strongly_connected", "is_weakly_connected",
    "node_connected_component", "number_connected_components", "number_strongly_connected_components",
    "number_weakly_connected_components", "radius", "single_source_shortest_path_length",
    "single_target_shortest_path_length", "strongly_connected_components", "weakly_connected_components",
    "wiener_index",
)


_GAP = "dwell's {}; declines what it cannot answer as NetworkX does ({})."
_DOCS = {
    "betweenness_centrality": _GAP.format("Brandes (Dijkstra with weight=), sources in parallel",
                                          "zero, negative or callable weights, k=1"),
    "edge_betweenness_centrality": _GAP.format("Brandes (Dijkstra with weight=), sources in parallel",
                                               "zero, negative or callable weights, multigraphs"),
    "pagerank": _GAP.format("pull PageRank under NetworkX's stopping rule", "weights, nstart=, dangling="),
    "triangles": _GAP.format("ordered triangle count", "multigraphs"),
    "clustering": _GAP.format("ordered triangle count", "weight=, directed graphs, multigraphs"),
    "average_clustering": _GAP.format("ordered triangle count", "weight=, directed graphs, multigraphs"),
    "transitivity": _GAP.format("ordered triangle count", "directed graphs, multigraphs"),
    "single_source_dijkstra_path_length": _GAP.format("delta-stepping", "negative or callable weights"),
    "all_pairs_dijkstra_path_length": _GAP.format("delta-stepping", "negative or callable weights"),
    "shortest_path_length": _GAP.format("delta-stepping (weight= given)", "unweighted, Bellman-Ford"),
}


def get_info():
    return {
        "backend_name": "dwell",
        "project": "dwell",
        "package": "dwell",
        "url": "",
        "short_summary": "Bit-parallel multi-source BFS (closeness, harmonic, eccentricity, components, "
                         "distances) and the GAP kernels (betweenness, PageRank, triangles, Dijkstra lengths).",
        # nx.config.backends.dwell.budget_bytes: the memory a call may use
        # (None: dwell.default_budget(), what this process may really use).
        "default_config": {"budget_bytes": None},
        "functions": {
            name: {"additional_docs": _DOCS.get(name, "Unweighted BFS distances from dwell's multi-source BFS; "
                                                      "declines weights and parameters it cannot honour.")}
            for name in FUNCTIONS
        },
    }
