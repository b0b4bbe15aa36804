//! `dwell info` and `dwell run bfs|wcc|scc` on the bundled real graphs agree
//! with an independent tool.
//!
//! Every expected number below was computed with scipy 1.x
//! (`scipy.sparse.csgraph.shortest_path(unweighted=True)` for BFS levels,
//! `connected_components(connection="weak"|"strong")` for components) by
//!
//! ```text
//! python3 -m venv .venv && .venv/bin/pip install numpy scipy
//! .venv/bin/python scripts/expected_numbers.py
//! ```
//!
//! which parses the files with plain numpy, sharing no code with dwell.

mod common;

use common::{data, ok_json as dwell};

struct Expect {
    file: &'static str,
    nodes: u64,
    arcs: u64,
    directed: bool,
    /// (source, reached, max_level, level_sum)
    bfs: &'static [(u64, u64, u64, u64)],
    /// (components, largest) weak, then strong
    wcc: (u64, u64),
    scc: (u64, u64),
}

const GRAPHS: &[Expect] = &[
    Expect {
        file: "graphs/email-Enron.edges.xz",
        nodes: 36692,
        arcs: 367662,
        directed: false,
        bfs: &[
            (0, 33696, 9, 146222),
            (5, 33696, 8, 94616),
            (9, 33696, 8, 101831),
            (1000, 33696, 8, 106757),
            (30000, 2, 1, 1),
        ],
        wcc: (1065, 33696),
        scc: (1065, 33696),
    },
    Expect {
        file: "graphs/pgp-strong-2009.edges.xz",
        nodes: 39796,
        arcs: 301498,
        directed: true,
        bfs: &[
            (0, 39796, 27, 193814),
            (5, 39796, 26, 166415),
            (9, 39796, 27, 174875),
            (1000, 39796, 29, 251315),
            (30000, 39796, 28, 226457),
        ],
        wcc: (1, 39796),
        scc: (1, 39796),
    },
    Expect {
        file: "roads/bremen_dist.gr.xz",
        nodes: 40461,
        arcs: 85277,
        directed: true,
        bfs: &[
            (0, 33284, 226, 3144711),
            (5, 33284, 250, 3839640),
            (9, 33284, 285, 4940285),
            (1000, 33284, 291, 4018195),
            (30000, 33284, 190, 3442487),
        ],
        wcc: (343, 33419),
        scc: (722, 33151),
    },
    Expect {
        file: "graphs/karate.edges.xz",
        nodes: 34,
        arcs: 156,
        directed: false,
        bfs: &[(0, 34, 3, 58), (5, 34, 4, 86), (9, 34, 4, 76)],
        wcc: (1, 34),
        scc: (1, 34),
    },
];

#[test]
fn info_counts_match_scipy() {
    for e in GRAPHS {
        let path = data(e.file);
        let v = dwell(&["info", &path, "--json"]);
        assert_eq!(v["nodes"], e.nodes, "{}", e.file);
        assert_eq!(v["arcs"], e.arcs, "{}", e.file);
        assert_eq!(v["directed"], e.directed, "{}", e.file);
        let hash = v["layout_hash"].as_str().unwrap();
        assert!(
            hash.starts_with("0x") && hash != "0x0000000000000000",
            "{hash}"
        );
    }
}

#[test]
fn bfs_matches_scipy_on_every_backend() {
    for e in GRAPHS {
        let path = data(e.file);
        let sources: Vec<String> = e.bfs.iter().map(|b| b.0.to_string()).collect();
        let sources = sources.join(",");
        for backend in ["cpu", "cpu-reference"] {
            let v = dwell(&[
                "run",
                "bfs",
                &path,
                "--sources",
                &sources,
                "--backend",
                backend,
                "--json",
            ]);
            assert_eq!(v["analysis"], "bfs");
            assert_eq!(v["backend"], backend);
            assert!(v["timings"]["load_ms"].as_f64().unwrap() >= 0.0);
            assert!(v["timings"]["query_ms"].as_f64().unwrap() >= 0.0);
            let results = v["results"].as_array().unwrap();
            assert_eq!(results.len(), e.bfs.len());
            for (r, &(source, reached, max_level, level_sum)) in results.iter().zip(e.bfs) {
                let got = (
                    &r["source"],
                    &r["reached"],
                    &r["max_level"],
                    &r["level_sum"],
                );
                assert_eq!(got.0, source, "{} {backend}", e.file);
                assert_eq!(got.1, reached, "{} {backend} source {source}", e.file);
                assert_eq!(got.2, max_level, "{} {backend} source {source}", e.file);
                assert_eq!(got.3, level_sum, "{} {backend} source {source}", e.file);
            }
        }
    }
}

#[test]
fn components_match_scipy_on_every_backend() {
    for e in GRAPHS {
        let path = data(e.file);
        for backend in ["cpu", "cpu-reference"] {
            for (analysis, (count, largest)) in [("wcc", e.wcc), ("scc", e.scc)] {
                let v = dwell(&["run", analysis, &path, "--backend", backend, "--json"]);
                let r = &v["results"][0];
                assert_eq!(r["components"], count, "{} {analysis} {backend}", e.file);
                assert_eq!(r["largest"], largest, "{} {analysis} {backend}", e.file);
            }
        }
    }
}
