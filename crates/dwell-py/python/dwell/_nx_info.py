"""The ``networkx.backend_info`` entry point. NetworkX calls it while it is
still importing itself, so this module imports nothing of NetworkX (nor of
dwell.nx); the test suite checks that FUNCTIONS lists what dwell.nx runs."""

FUNCTIONS = (
    "all_pairs_shortest_path_length", "ancestors", "average_shortest_path_length", "bfs_layers",
    "closeness_centrality", "condensation", "connected_components", "descendants", "descendants_at_distance", "diameter", "eccentricity",
    "harmonic_centrality", "has_path", "is_connected", "is_strongly_connected", "is_weakly_connected",
    "node_connected_component", "number_connected_components", "number_strongly_connected_components",
    "number_weakly_connected_components", "radius", "single_source_shortest_path_length",
    "single_target_shortest_path_length", "strongly_connected_components", "weakly_connected_components",
    "wiener_index",
)


def get_info():
    return {
        "backend_name": "dwell",
        "project": "dwell",
        "package": "dwell",
        "url": "",
        "short_summary": "Bit-parallel multi-source BFS: closeness, harmonic, eccentricity, components, distances.",
        # nx.config.backends.dwell.budget_bytes: the memory a call may use
        # (None: dwell.default_budget(), what this process may really use).
        "default_config": {"budget_bytes": None},
        "functions": {
            name: {"additional_docs": "Unweighted BFS distances from dwell's multi-source BFS; "
                                      "declines weights and parameters it cannot honour."}
            for name in FUNCTIONS
        },
    }
