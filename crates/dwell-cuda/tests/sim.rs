//! The kernels and the real executor on the simulated device (feature `sim`):
//! each kernel path is driven by tuning knobs and proven to run by the
//! kernels' own probe counters, each predicted first-run fix has a test that
//! fails without it, and property tests compare every mode with the
//! single-threaded oracle, with jitter on.
//!
//! `cargo test -p dwell-cuda --features sim` (see DEVELOPERS.md).
#![cfg(feature = "sim")]

use dwell::analysis::{BfsQuery, Direction, Output, Query, ReachQuery};
use dwell::backend::CpuReference;
use dwell::graph::{Graph, GraphBuilder};
use dwell::session::{plan, profile, Session};
use dwell_cuda::raw::{SimOptions, SimStats};
use dwell_cuda::{Cuda, Mode, Tuning};
use proptest::prelude::*;

const MODES: [Mode; 3] = [
    Mode::Resident,
    Mode::ResidentHostLevels,
    Mode::HostOrchestrated,
];

fn sim(sms: u32, occupancy: u32, jitter: Option<u64>, t: Tuning) -> Cuda {
    let opts = SimOptions {
        sms,
        occupancy,
        jitter,
        timeout_s: 120.0,
    };
    Cuda::sim(opts, t, Mode::Resident).expect("the simulated device opens")
}

fn tuning(alpha: u64, heavy_degree: u64, block_threads: u32) -> Tuning {
    Tuning {
        alpha,
        heavy_degree,
        block_threads,
        ..Tuning::default()
    }
}

fn oracle(g: &Graph, q: &Query) -> Output {
    dwell::session::run_once(&CpuReference, g, q).unwrap()
}

/// Run `q` in every mode, compare with the oracle, return what the sim ran.
fn check_all_modes(c: &Cuda, g: &Graph, q: &Query, what: &str) -> SimStats {
    let want = oracle(g, q);
    c.reset_sim_stats();
    for mode in MODES {
        let got = dwell::session::run_once(&c.with_mode(mode), g, q).unwrap();
        q.verify(g, &got)
            .unwrap_or_else(|e| panic!("{what}: {mode:?} {}: {e}", q.name()));
        assert_eq!(got, want, "{what}: {mode:?} {}", q.name());
    }
    c.sim_stats()
}

/// Run `q` resident only, compare, return the stats of that one run.
fn check_resident(c: &Cuda, g: &Graph, q: &Query, what: &str) -> SimStats {
    c.reset_sim_stats();
    let got = dwell::session::run_once(c, g, q).unwrap();
    assert_eq!(got, oracle(g, q), "{what}");
    c.sim_stats()
}

fn rmat() -> Graph {
    dwell::gen::rmat(10, 8, 7).unwrap().build().unwrap()
}

fn bfs(sources: Vec<u32>) -> Query {
    Query::Bfs(BfsQuery {
        sources,
        keep_levels: false,
    })
}

/// A hub 0 with `leaves` out-arcs to leaves that have no out-arcs.
fn star(leaves: u64) -> Graph {
    let mut b = GraphBuilder::new(true);
    for v in 1..=leaves {
        b.push(0, v).unwrap();
    }
    b.build().unwrap()
}

#[test]
fn top_down_light_path_runs_alone_with_alpha_zero() {
    let g = rmat();
    let c = sim(2, 2, None, tuning(0, 1 << 20, 64));
    let s = check_all_modes(&c, &g, &bfs((0..70).collect()), "alpha 0");
    assert!(s.probe("td_light_vertex") > 0, "{s:?}");
    assert_eq!(s.probe("level_bottom_up"), 0, "{s:?}");
    assert_eq!(s.probe("td_heavy_vertex"), 0, "{s:?}");
    assert_eq!(s.launches_of("traverse_resident"), 1);
    assert!(s.launches_of("trav_level") > 2, "{s:?}");
}

#[test]
fn top_down_heavy_path_runs_with_a_low_heavy_degree() {
    let g = rmat();
    let c = sim(2, 2, None, tuning(0, 8, 64));
    let s = check_all_modes(&c, &g, &bfs((0..64).map(|i| i * 13).collect()), "heavy 8");
    assert!(s.probe("td_heavy_vertex") > 0, "{s:?}");
    assert!(s.probe("td_light_vertex") > 0, "{s:?}");
}

/// Bottom-up at every level; one vertex per lane: the warps step through
/// the vertices 32 at a time, so each bottom-up level takes exactly
/// ceil(n / 32) warp steps (a warp per vertex took n).
#[test]
fn bottom_up_path_runs_alone_one_vertex_per_lane() {
    let g = rmat();
    let n = g.nodes() as u64;
    let c = sim(2, 2, None, tuning(1 << 30, 1024, 64));
    let s = check_resident(&c, &g, &bfs((0..64).collect()), "alpha huge");
    let levels = s.probe("level_bottom_up");
    assert!(levels > 0 && s.probe("level_top_down") == 0, "{s:?}");
    assert_eq!(s.probe("bu_warp_step"), levels * n.div_ceil(32), "{s:?}");
    check_all_modes(&c, &g, &bfs((0..64).collect()), "alpha huge");
}

#[test]
fn default_alpha_switches_direction_within_a_sweep() {
    let g = rmat();
    let c = sim(2, 2, None, tuning(15, 1024, 64));
    let s = check_resident(&c, &g, &bfs(vec![0, 1, 2, 3]), "alpha 15");
    assert!(
        s.probe("level_top_down") > 0 && s.probe("level_bottom_up") > 0,
        "{s:?}"
    );
    assert!(s.probe("direction_switch") >= 1, "{s:?}");
    check_all_modes(&c, &g, &bfs(vec![0, 1, 2, 3]), "alpha 15");
}

#[test]
fn wcc_hooks_in_every_mode() {
    let g = dwell::gen::rmat(10, 4, 3).unwrap().build().unwrap();
    let c = sim(2, 2, Some(5), tuning(15, 1024, 64));
    let s = check_all_modes(&c, &g, &Query::Wcc, "wcc");
    assert!(s.probe("wcc_hook") > 0, "{s:?}");
    assert_eq!(s.launches_of("wcc_resident"), 1);
    assert_eq!(s.launches_of("wcc_link_k"), 2);
}

/// Many blocks hooking the same roots at once: some CAS must lose and the
/// loop must go on from the value the CAS returned (the wcc.cu fix). On the
/// sim memory is coherent, so the stale-L1 livelock itself cannot show;
/// this proves the lost-CAS path runs and stays correct.
#[test]
fn wcc_lost_cas_path_runs_and_is_correct() {
    let mut b = GraphBuilder::new(false);
    for v in 1..3000u64 {
        b.push(v, v % 7).unwrap();
        b.push(v, (v * 31) % 3000).unwrap();
    }
    let g = b.build().unwrap();
    let mut lost = 0;
    for seed in 1..=4 {
        let c = sim(4, 2, Some(seed), tuning(15, 1024, 32));
        lost += check_resident(&c, &g, &Query::Wcc, "wcc contention").probe("wcc_cas_lost");
    }
    assert!(lost > 0, "no CAS was ever lost in 4 jittered runs");
}

/// Each block appends its pushes to the global queue with one atomicAdd per
/// class per level (before: one per warp chunk, and one per vertex
/// bottom-up).
#[test]
fn queue_pushes_are_aggregated_per_block() {
    let g = rmat();
    for (alpha, what) in [(0, "top-down"), (1 << 30, "bottom-up")] {
        let c = sim(2, 2, None, tuning(alpha, 16, 64));
        let blocks = c.grid_blocks() as u64;
        let s = check_resident(&c, &g, &bfs((0..64).collect()), what);
        let levels = s.probe("level_top_down") + s.probe("level_bottom_up");
        assert_eq!(s.probe("queue_spill"), 0, "{s:?}");
        assert!(
            s.probe("queue_global_atomic") <= 2 * blocks * levels,
            "{what}: {} global queue atomics for {levels} levels of {blocks} blocks: {s:?}",
            s.probe("queue_global_atomic")
        );
    }
}

/// One block discovering more vertices in a level than its buffer holds:
/// the overflow goes to the global queue and nothing is lost.
#[test]
fn full_block_queue_buffers_spill_correctly() {
    let g = star(9000);
    let c = sim(
        1,
        1,
        None,
        Tuning {
            blocks_per_sm: 1,
            ..tuning(0, 1024, 64)
        },
    );
    let s = check_all_modes(&c, &g, &bfs(vec![0, 5]), "star 9000");
    assert!(s.probe("queue_spill") > 0, "{s:?}");
}

/// A hub's arcs are split over the whole grid: with 4 blocks no block
/// expands more than about a quarter of them (before: one block took all).
#[test]
fn one_hub_is_split_over_the_grid() {
    let g = star(6000);
    let c = sim(2, 2, None, tuning(0, 1024, 64));
    assert_eq!(c.grid_blocks(), 4);
    let s = check_resident(&c, &g, &bfs(vec![0]), "star hub");
    assert_eq!(s.probe("td_heavy_vertex"), 1, "{s:?}");
    assert_eq!(s.probe("td_arcs"), 6000, "{s:?}");
    let max = s.probe("td_block_arcs_max");
    assert!(
        max <= 6000 / 4 + 64 * 2,
        "one block expanded {max} of 6000 arcs: {s:?}"
    );

    // Two hubs on four blocks: two blocks per hub.
    let mut b = GraphBuilder::new(true);
    for v in 2..6002u64 {
        b.push(v % 2, v).unwrap();
    }
    let g = b.build().unwrap();
    let s = check_resident(&c, &g, &bfs(vec![0, 1]), "two hubs");
    assert_eq!(s.probe("td_heavy_vertex"), 2, "{s:?}");
    let max = s.probe("td_block_arcs_max");
    assert!(
        max <= 3000 / 2 + 64 * 2,
        "one block expanded {max} of 6000 arcs: {s:?}"
    );
}

/// Degree-≤4 graphs expand with 4-lane groups: most lane slots carry an arc
/// (before: a warp per vertex, at most 4 of 32 lanes busy).
#[test]
fn degree_four_graphs_keep_most_lanes_busy() {
    let g = dwell::gen::grid(48, 48, 1.0, 1).unwrap().build().unwrap();
    let c = sim(2, 2, None, tuning(0, 1024, 64));
    let s = check_resident(&c, &g, &bfs(vec![0, 1000]), "grid");
    // Slots: loop iterations of every lane, busy or idle.
    let (arcs, slots) = (s.probe("td_light_arcs"), s.probe("td_light_slots"));
    assert!(
        arcs * 2 >= slots,
        "{arcs} arcs in {slots} lane slots: {s:?}"
    );
}

/// One long row among short ones in a level (a degree-600 vertex and 31 of
/// degree 1): the warp expands their concatenated arcs, so lanes stay busy
/// (a warp or lane group per vertex idled most lanes: about 40%).
#[test]
fn a_long_row_among_short_ones_keeps_lanes_busy() {
    let mut b = GraphBuilder::new(true);
    for v in 1..=32u64 {
        b.push(0, v).unwrap();
    }
    for leaf in 0..600u64 {
        b.push(1, 100 + leaf).unwrap();
    }
    for v in 2..=32u64 {
        b.push(v, 1000 + v).unwrap();
    }
    let g = b.build().unwrap();
    let c = sim(
        1,
        1,
        None,
        Tuning {
            blocks_per_sm: 1,
            ..tuning(0, 1024, 32)
        },
    );
    let s = check_resident(&c, &g, &bfs(vec![0]), "long row");
    let (arcs, slots) = (s.probe("td_light_arcs"), s.probe("td_light_slots"));
    assert_eq!(arcs, 32 + 600 + 31, "{s:?}");
    assert!(
        arcs * 10 >= slots * 8,
        "{arcs} arcs in {slots} lane slots: {s:?}"
    );
}

/// Inputs are staged in pinned memory, one slot per planned run: runs make
/// no host waits until the ring is exhausted (4096 slots), then one.
#[test]
fn staging_ring_waits_only_when_exhausted() {
    let mut b = GraphBuilder::new(true);
    b.push(0, 1).unwrap();
    let g = b.build().unwrap();
    let c = sim(
        1,
        1,
        None,
        Tuning {
            blocks_per_sm: 1,
            ..tuning(15, 1024, 32)
        },
    );
    let q = bfs(vec![0]);
    let runs = 4100;
    let p = plan(&profile::derive(&c, &g, &q, runs, u64::MAX).unwrap()).unwrap();
    let mut s = Session::open(&c, &g, p).unwrap();
    let opened = s.counters().unwrap();
    for _ in 0..4096 {
        s.run(&q).unwrap();
    }
    let d = s.counters().unwrap().since(&opened).unwrap();
    assert_eq!((d.host_syncs, d.allocations), (0, 0));
    for _ in 4096..runs {
        s.run(&q).unwrap();
    }
    let d = s.counters().unwrap().since(&opened).unwrap();
    assert_eq!(d.host_syncs, 1, "one wait to reuse the ring");
    assert_eq!(d.bytes_uploaded, 4 * runs, "4 bytes of input per run");
    assert_eq!(s.finish().unwrap().outputs, vec![oracle(&g, &q)]);
}

#[test]
fn bad_tuning_is_rejected_with_a_fix() {
    let c = sim(1, 1, None, Tuning::default());
    for t in [
        tuning(15, 1024, 48),
        tuning(15, 1024, 1024),
        tuning(15, 0, 64),
    ] {
        let e = c.with_tuning(t).err().expect("rejected").to_string();
        assert!(e.contains("Fix:"), "{e}");
    }
}

/// An arbitrary small graph: `n` vertices, directed or not, arcs with labels 1, 2 or 4.
#[derive(Debug, Clone)]
struct Arcs {
    n: u64,
    directed: bool,
    arcs: Vec<(u64, u64, u32)>,
}

impl Arcs {
    fn build(&self) -> Graph {
        let mut b = GraphBuilder::new(self.directed);
        b.set_nodes(self.n).unwrap();
        for &(u, v, l) in &self.arcs {
            b.push_arc(u, v, Some(1 << l), None).unwrap();
        }
        b.build().unwrap()
    }
}

fn arcs_strategy() -> impl Strategy<Value = Arcs> {
    (1u64..90, any::<bool>()).prop_flat_map(|(n, directed)| {
        prop::collection::vec((0..n, 0..n, 0u32..3), 0..(n as usize * 3))
            .prop_map(move |arcs| Arcs { n, directed, arcs })
    })
}

#[derive(Debug, Clone)]
struct Case {
    sources: Vec<u32>,
    sinks: Vec<u32>,
    mask: u32,
    backward: bool,
    keep: bool,
    kind: u8,
    alpha: u64,
    heavy: u64,
    threads: u32,
    sms: u32,
    occupancy: u32,
    mode: usize,
    seed: u64,
}

fn case_strategy(n: u32) -> impl Strategy<Value = Case> {
    (
        (
            prop::collection::vec(0..n, 1..80),
            prop::collection::vec(0..n, 0..6),
            1u32..8,
            any::<bool>(),
            any::<bool>(),
            0u8..3,
        ),
        (
            prop::sample::select(vec![0u64, 2, 15, 1 << 30]),
            prop::sample::select(vec![1u64, 3, 1024]),
            prop::sample::select(vec![32u32, 64, 96]),
            1u32..3,
            1u32..3,
            0usize..3,
            any::<u64>(),
        ),
    )
        .prop_map(
            |(
                (sources, sinks, mask, backward, keep, kind),
                (alpha, heavy, threads, sms, occupancy, mode, seed),
            )| Case {
                sources,
                sinks,
                mask,
                backward,
                keep,
                kind,
                alpha,
                heavy,
                threads,
                sms,
                occupancy,
                mode,
                seed,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Random graphs, sources, sinks, label masks, directions, tuning, grid
    /// shapes and modes, jitter on: every answer equals the oracle's.
    #[test]
    fn every_mode_equals_the_oracle_under_jitter(
        (arcs, case) in arcs_strategy().prop_flat_map(|a| {
            let n = a.n as u32;
            (Just(a), case_strategy(n))
        })
    ) {
        let g = arcs.build();
        let q = match case.kind {
            0 => Query::Bfs(BfsQuery { sources: case.sources.clone(), keep_levels: case.keep }),
            1 => Query::Reach(ReachQuery {
                sources: case.sources.clone(),
                direction: if case.backward { Direction::Backward } else { Direction::Forward },
                mask: case.mask,
                sinks: case.sinks.clone(),
                keep_sets: case.keep,
            }),
            _ => Query::Wcc,
        };
        let c = sim(case.sms, case.occupancy, Some(case.seed), Tuning {
            blocks_per_sm: 2,
            ..tuning(case.alpha, case.heavy, case.threads)
        })
        .with_mode(MODES[case.mode]);
        let got = dwell::session::run_once(&c, &g, &q).unwrap();
        prop_assert!(q.verify(&g, &got).is_ok(), "verifier: {:?} {:?}", q.verify(&g, &got), case);
        prop_assert_eq!(got, oracle(&g, &q), "{:?}", case);
    }
}

/// A server's session on the device: opened by a small query, re-planned
/// for larger ones (more sources and sinks, more runs, other analyses) and
/// smaller ones, each read back on its own. The topology is uploaded once;
/// the per-query buffers grow only when a plan needs more; answers equal
/// the oracle's.
#[test]
fn one_resident_session_answers_differently_sized_queries_with_one_upload() {
    let g = rmat();
    let n = g.nodes() as u32;
    let c = sim(2, 2, None, Tuning::default());
    let queries = [
        (bfs(vec![0]), 1),
        (bfs((0..150).map(|v| v * 7 % n).collect()), 3),
        (Query::Wcc, 1),
        (
            Query::Reach(ReachQuery {
                sources: (0..70).collect(),
                sinks: (0..40).map(|v| v * 13 % n).collect(),
                direction: Direction::Backward,
                ..ReachQuery::default()
            }),
            2,
        ),
        (bfs(vec![3, 5]), 5),
    ];
    let mut s: Option<Session<'_>> = None;
    for (i, (q, runs)) in queries.iter().enumerate() {
        let p = Session::plan_query(&c, &g, q, *runs, u64::MAX).unwrap();
        match s.as_mut() {
            Some(s) => s.replan(p).unwrap(),
            None => s = Some(Session::open(&c, &g, p).unwrap()),
        }
        let s = s.as_mut().unwrap();
        for _ in 0..*runs {
            s.run(q).unwrap();
        }
        let mut r = s.read_back().unwrap();
        assert_eq!(r.counters.graph_uploads, u64::from(i == 0), "query {i}");
        assert_eq!(r.counters.runs, *runs, "query {i}");
        assert_eq!(r.outputs.pop().unwrap(), oracle(&g, q), "query {i}");
    }
    assert_eq!(s.unwrap().counters().unwrap().graph_uploads, 1);
}
