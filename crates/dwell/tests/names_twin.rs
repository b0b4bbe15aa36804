//! A renamed graph answers like its integer twin: the same random edge list
//! is written once with integer ids and once with the vertices renamed
//! (strings, TSV, CSV with quoting, labels given as free-form names), loaded
//! through `formats::read`, and every reach, BFS and SCC answer compared
//! after mapping ids through the name tables. Also: layout hashes and
//! label masks agree, since the name table is outside the hash.

use dwell::analysis::{BfsQuery, Direction, Output, Query, ReachQuery};
use dwell::backend::CpuReference;
use dwell::formats::{read, IdMode, LoadOptions};
use dwell::graph::Graph;
use proptest::prelude::*;
use std::path::Path;

fn load(text: &str, name: &str, ids: IdMode) -> Graph {
    let opts = LoadOptions {
        ids,
        ..Default::default()
    };
    read(text.as_bytes(), Path::new(name), &opts).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Reached sets of `sources` (bitsets as vertex lists) under `mask`.
fn reached(g: &Graph, sources: &[u32], mask: u32, direction: Direction) -> Vec<Vec<u32>> {
    let q = Query::Reach(ReachQuery {
        sources: sources.to_vec(),
        direction,
        mask,
        keep_sets: true,
        ..Default::default()
    });
    let Output::Reach(rs) = dwell::session::run_once(&dwell::backend::Cpu, g, &q).unwrap() else {
        panic!("reach output")
    };
    rs.iter()
        .map(|r| {
            let set = r.set.as_ref().unwrap();
            (0..g.nodes() as u32)
                .filter(|&v| set[v as usize / 64] >> (v % 64) & 1 == 1)
                .collect()
        })
        .collect()
}

fn levels(g: &Graph, sources: &[u32]) -> Vec<Vec<u32>> {
    let q = Query::Bfs(BfsQuery {
        sources: sources.to_vec(),
        keep_levels: true,
    });
    let Output::Bfs(rs) = dwell::session::run_once(&CpuReference, g, &q).unwrap() else {
        panic!("bfs output")
    };
    rs.into_iter().map(|r| r.levels.unwrap()).collect()
}

const KINDS: [&str; 4] = ["is a", "part of", "~", "#m"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn renamed_graph_answers_like_its_integer_twin(
        n in 1u32..40,
        raw in proptest::collection::vec((0u32..40, 0u32..40, 0usize..4), 1..120),
        salt in 0u32..1000,
        sel in 1u32..16,
    ) {
        let arcs: Vec<(u32, u32, usize)> = raw.into_iter().map(|(u, v, k)| (u % n, v % n, k)).collect();
        // The integer twin: dense ids, labels as bit masks.
        let mut int_text = format!("# nodes {n}\n");
        for &(u, v, k) in &arcs {
            int_text.push_str(&format!("{u} {v} {}\n", 1u32 << k));
        }
        let twin = load(&int_text, "twin.edges", IdMode::Index);
        // The renamed graphs: vertex v is "v{v*7+salt}:x" (integers too under --ids name).
        let vname = |v: u32| format!("v{}:x", v * 7 + salt);
        let mut tsv = String::from("child\tparent\trelationship\n");
        let mut csv = String::from("from,to,kind\n");
        let mut spaced = String::new();
        let mut ints = String::new();
        for &(u, v, k) in &arcs {
            tsv.push_str(&format!("{}\t{}\t{}\n", vname(u), vname(v), KINDS[k]));
            csv.push_str(&format!("\"{} ,\",\"{} ,\",\"{}\"\n", vname(u), vname(v), KINDS[k]));
            spaced.push_str(&format!("{} {} L{k}\n", vname(u), vname(v)));
            ints.push_str(&format!("{} {} L{k}\n", u * 1_000_003 + salt, v * 1_000_003 + salt));
        }
        let variants = [
            (load(&tsv, "g.tsv", IdMode::Auto), 0usize),
            (load(&csv, "g.csv", IdMode::Auto), 1),
            (load(&spaced, "g.edges", IdMode::Auto), 2),
            (load(&ints, "g.edges", IdMode::Name), 3),
        ];
        // Twin ids that appear in some arc (the renamed graphs know no others).
        let mut used: Vec<u32> = arcs.iter().flat_map(|&(u, v, _)| [u, v]).collect();
        used.sort_unstable();
        used.dedup();
        for (g, variant) in &variants {
            prop_assert_eq!(g.nodes(), used.len());
            prop_assert_eq!(g.vertex_names().map(|t| t.len()), Some(used.len()));
            let token = |v: u32| match variant {
                0 | 2 => vname(v),
                1 => format!("{} ,", vname(v)),
                _ => format!("{}", v * 1_000_003 + salt),
            };
            // twin id → renamed id, and back.
            let to_named: Vec<Option<u32>> = (0..n).map(|v| g.id_of(&token(v))).collect();
            for &v in &used {
                prop_assert!(to_named[v as usize].is_some());
            }
            // Label selection: bit k of `sel` picks KINDS[k] / L{k} / mask 1<<k.
            let kind_name = |k: usize| if *variant <= 1 { KINDS[k].to_string() } else { format!("L{k}") };
            let mut mask_named = 0u32;
            let mut mask_twin = 0u32;
            for k in 0..4 {
                if sel >> k & 1 == 1 {
                    mask_twin |= 1 << k;
                    if let Ok(m) = g.label_names().resolve(&kind_name(k)) {
                        mask_named |= m;
                    }
                }
            }
            let srcs_twin: Vec<u32> = used.iter().copied().take(5).collect();
            let srcs_named: Vec<u32> = srcs_twin.iter().map(|&v| to_named[v as usize].unwrap()).collect();
            for dir in [Direction::Forward, Direction::Backward] {
                let a = reached(&twin, &srcs_twin, mask_twin, dir);
                let b = reached(g, &srcs_named, mask_named, dir);
                for (sa, sb) in a.iter().zip(&b) {
                    let mut mapped: Vec<u32> = sa.iter().map(|&v| to_named[v as usize].unwrap()).collect();
                    mapped.sort_unstable();
                    prop_assert_eq!(&mapped, sb);
                }
            }
            let la = levels(&twin, &srcs_twin);
            let lb = levels(g, &srcs_named);
            for (a, b) in la.iter().zip(&lb) {
                for &v in &used {
                    prop_assert_eq!(a[v as usize], b[to_named[v as usize].unwrap() as usize]);
                }
            }
        }
    }
}

#[test]
fn names_are_outside_the_layout_hash() {
    // Same first-seen order as the integers 0, 1, 2: the same CSR, the same hash.
    let named = load("a b\nb c\n", "t.edges", IdMode::Auto);
    let twin = load("0 1\n1 2\n", "t.edges", IdMode::Auto);
    assert!(named.vertex_names().is_some() && twin.vertex_names().is_none());
    assert_eq!(named.layout_hash(), twin.layout_hash());
}
