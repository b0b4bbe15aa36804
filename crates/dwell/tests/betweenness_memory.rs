//! What the `cpu` betweenness kernel holds (issue 32): its peak heap, counted
//! by a global allocator, stays within the footprint its plan declares, and
//! that footprint grows as n · threads, not with the number of sources.
//! Before, the kernel kept one n-length score vector per chunk of 16 sources
//! to the end (n²/2 bytes) while the plan counted n · 32 · threads. The only
//! test in its binary: the allocator counts every thread.

use dwell::analysis::betweenness::{self, BetweennessQuery};
use dwell::analysis::{Ctx, Query, Workspace};
use dwell::counters::Counters;
use dwell::graph::{Graph, GraphBuilder};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The system allocator, counting live bytes and their peak.
struct Counting;
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(l.size(), Relaxed) + l.size();
        PEAK.fetch_max(live, Relaxed);
        // SAFETY: forwarded unchanged; the caller's contract is System's.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Relaxed);
        // SAFETY: `p` came from `alloc` above with this layout.
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// A cycle with chords: every source reaches every vertex.
fn ring(n: u32) -> Graph {
    let mut b = GraphBuilder::new(false);
    b.set_nodes(n.into()).unwrap();
    for v in 0..n {
        b.push(v.into(), ((v + 1) % n).into()).unwrap();
        b.push(v.into(), ((v * 7 + 3) % n).into()).unwrap();
    }
    b.build().unwrap()
}

/// Bytes the kernel may hold beyond its plan: pool and batch vectors'
/// headers, not per vertex (the old kernel's excess was 8 MiB here).
const SLACK: usize = 16 * 1024;

#[test]
fn the_kernel_holds_what_its_plan_counts() {
    let q = BetweennessQuery {
        sources: None,
        normalized: true,
        endpoints: false,
    };
    let (counters, workspace) = (Counters::default(), Workspace::default());
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            // 4096 vertices: the old kernel's 256 chunk vectors held 8 MiB,
            // over ten times this plan.
            let g = ring(4096);
            let plan = Query::Betweenness(q.clone()).footprint(&g).unwrap();
            let planned = (plan.scratch_bytes + plan.output_bytes) as usize;
            let base = LIVE.load(Relaxed);
            PEAK.store(base, Relaxed);
            let ctx = Ctx::new(&counters, &workspace);
            let out = betweenness::parallel(&g, &q, &ctx);
            // The source list (4 bytes a vertex) is the query's, not
            // scratch; a few small vectors' headers are not per vertex.
            let held = PEAK.load(Relaxed) - base - 4 * g.nodes();
            assert!(
                held <= planned + SLACK,
                "{threads} threads: the kernel held {held} bytes, its plan counts {planned}"
            );
            assert_eq!(out.scores.len(), g.nodes());
            // Linear in n: doubling the graph at most doubles the plan.
            let twice = Query::Betweenness(q.clone())
                .footprint(&ring(8192))
                .unwrap();
            assert!(twice.scratch_bytes <= 2 * plan.scratch_bytes + 64);
        });
    }
}
