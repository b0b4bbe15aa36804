//! GPU tests: the cuda backend against the CPU oracle, in every mode, and the
//! counters each mode reports. Each test returns early with a notice when no
//! CUDA driver is present; scripts/device-check.sh runs them on a GPU, and
//! with `--features sim` they run on the simulated device (CI).

use dwell::analysis::{BfsQuery, Direction, Output, Query, ReachQuery};
use dwell::backend::{Cpu, CpuReference};
use dwell::graph::{Graph, GraphBuilder};
use dwell::session::{plan, profile, Session};
use dwell_cuda::{Cuda, Mode};

fn cuda() -> Option<Cuda> {
    if !dwell_cuda::raw::driver_present() {
        eprintln!("NOTICE: no CUDA driver; GPU test skipped (run scripts/device-check.sh on a GPU machine)");
        return None;
    }
    Some(Cuda::new(0, Mode::Resident).expect("a driver is present, so the device must open"))
}

fn graphs() -> Vec<(&'static str, Graph)> {
    let mut labelled = GraphBuilder::new(true);
    for v in 0..3000u64 {
        labelled
            .push_arc(v, (v * 7 + 1) % 3000, Some(1 << (v % 3)), None)
            .unwrap();
        labelled
            .push_arc(v, (v * 13 + 5) % 3000, Some(1 << ((v + 1) % 3)), None)
            .unwrap();
    }
    let mut star = GraphBuilder::new(true);
    for v in 1..5000u64 {
        star.push(0, v).unwrap(); // a hub: expanded by a whole block
        star.push(v, (v % 50) + 1).unwrap();
    }
    vec![
        (
            "rmat12",
            dwell::gen::rmat(12, 8, 3).unwrap().build().unwrap(),
        ),
        (
            "grid64",
            dwell::gen::grid(64, 64, 0.9, 2).unwrap().build().unwrap(),
        ),
        ("labelled", labelled.build().unwrap()),
        ("star", star.build().unwrap()),
    ]
}

fn oracle(g: &Graph, q: &Query) -> Output {
    dwell::session::run_once(&CpuReference, g, q).unwrap()
}

fn queries(g: &Graph) -> Vec<Query> {
    let n = g.nodes() as u32;
    let sources: Vec<u32> = (0..150).map(|i| (i * 37) % n).chain([0, 0, 5]).collect();
    vec![
        Query::Bfs(BfsQuery {
            sources: sources.clone(),
            keep_levels: false,
        }),
        Query::Bfs(BfsQuery {
            sources: vec![1, 2, 1],
            keep_levels: true,
        }),
        Query::Reach(ReachQuery {
            sources: sources.clone(),
            direction: Direction::Forward,
            mask: 0b011,
            sinks: vec![0, 7, n - 1, 7],
            keep_sets: true,
        }),
        Query::Reach(ReachQuery {
            sources: sources[..65].to_vec(),
            direction: Direction::Backward,
            mask: 0b100,
            sinks: vec![3, 9],
            keep_sets: false,
        }),
        Query::Wcc,
    ]
}

#[test]
fn gpu_both_modes_pass_the_verifier_and_equal_the_oracle() {
    let Some(cuda) = cuda() else { return };
    for (name, g) in graphs() {
        for q in queries(&g) {
            let want = oracle(&g, &q);
            for mode in [
                Mode::Resident,
                Mode::ResidentHostLevels,
                Mode::HostOrchestrated,
            ] {
                let got = dwell::session::run_once(&cuda.with_mode(mode), &g, &q).unwrap();
                q.verify(&g, &got)
                    .unwrap_or_else(|e| panic!("{name} {mode:?} {}: {e}", q.name()));
                assert_eq!(got, want, "{name} {mode:?} {}", q.name());
            }
        }
    }
}

#[test]
fn gpu_resident_runs_do_no_uploads_allocations_or_waits() {
    let Some(cuda) = cuda() else { return };
    let g = dwell::gen::rmat(14, 8, 1).unwrap().build().unwrap();
    let q = Query::Bfs(BfsQuery {
        sources: (0..64).collect(),
        keep_levels: false,
    });
    let runs = 20;
    let p = plan(&profile::derive(&cuda, &g, &q, runs, u64::MAX).unwrap()).unwrap();
    let mut s = Session::open(&cuda, &g, p).unwrap();
    let opened = s.counters().unwrap();
    assert_eq!(opened.graph_uploads, 1);
    for _ in 0..runs {
        s.run(&q).unwrap();
    }
    let d = s.counters().unwrap().since(&opened).unwrap();
    assert_eq!((d.graph_uploads, d.allocations, d.host_syncs), (0, 0, 0));
    assert_eq!(d.launches, runs, "one cooperative launch per run");
    let r = s.finish().unwrap();
    assert_eq!(r.counters.host_syncs, 1, "one read-back");
    assert_eq!(
        r.outputs,
        vec![dwell::session::run_once(&Cpu, &g, &q).unwrap()]
    );

    let host = cuda.with_mode(Mode::HostOrchestrated);
    let mut h = Session::open(&host, &g, p).unwrap();
    for _ in 0..runs {
        h.run(&q).unwrap();
    }
    let hc = h.counters().unwrap();
    assert_eq!(hc.graph_uploads, runs);
    assert!(hc.host_syncs > runs && hc.allocations >= 8 * runs);

    // Resident graph, host-driven levels: nothing allocated or uploaded per
    // run, but one wait per level.
    let stepped = cuda.with_mode(Mode::ResidentHostLevels);
    let mut r = Session::open(&stepped, &g, p).unwrap();
    let opened = r.counters().unwrap();
    for _ in 0..runs {
        r.run(&q).unwrap();
    }
    let d = r.counters().unwrap().since(&opened).unwrap();
    assert_eq!((d.graph_uploads, d.allocations), (0, 0));
    assert!(d.host_syncs > runs && d.launches > 3 * runs, "{d:?}");
    assert_eq!(
        r.finish().unwrap().outputs,
        vec![dwell::session::run_once(&Cpu, &g, &q).unwrap()]
    );
}
