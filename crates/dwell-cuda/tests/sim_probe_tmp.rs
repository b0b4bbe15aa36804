#![cfg(feature = "sim")]
use dwell::analysis::{self, BfsQuery, Query};
use dwell_cuda::{raw::SimOptions, Cuda, Mode, Tuning};
use std::time::Instant;

#[test]
fn timing() {
    let g = dwell::gen::rmat(12, 8, 3).unwrap().build().unwrap();
    let q = Query::Bfs(BfsQuery { sources: (0..64).collect(), keep_levels: false });
    for threads in [64u32, 128, 512] {
        for mode in [Mode::Resident, Mode::HostOrchestrated] {
            let c = Cuda::sim(SimOptions::default(), Tuning { block_threads: threads, ..Tuning::default() }, mode).unwrap();
            let t = Instant::now();
            let got = analysis::run(&c, &g, &q).unwrap();
            eprintln!("{threads} {mode:?} {:?} {:?}", t.elapsed(), c.sim_stats().launches);
            assert_eq!(got, analysis::run(&dwell::backend::CpuReference, &g, &q).unwrap());
        }
    }
}
