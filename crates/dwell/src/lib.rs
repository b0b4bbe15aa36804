//! # dwell
//!
//! Keep a graph resident and run dataflow analyses over it again and again.
//!
//! The principal types, in the order a query meets them:
//!
//! - [`graph::Graph`]: a normalized graph in compressed sparse rows (u64
//!   offsets, u32 targets, optional u32 label masks and weights), with a
//!   lazily built reverse CSR and a stable [layout hash](graph::hash). Build
//!   one with [`graph::GraphBuilder`] or read one with [`formats::load`]
//!   (edge lists, Matrix Market, DIMACS; plain, gzip or xz).
//! - [`analysis::Query`]: BFS levels, reachability under a label mask, taint
//!   with witness paths, weak/strong components, bit-vector dataflow. Every
//!   analysis ([`analysis::Analysis`], one line in the registry table) has a
//!   fast kernel, a simple reference oracle, a verifier of its answers'
//!   invariants and its footprint in bytes side by side.
//! - [`session::Plan`]: what a session over one graph may hold and move —
//!   peak resident bytes, one upload, final-only read-back — planned from a
//!   [`session::Profile`] (typed in, or derived from a real graph and query
//!   by [`session::profile::derive`]).
//! - [`backend::Backend`]: says which queries it runs and opens a
//!   [`backend::Resident`] handle within a plan's reservation.
//!   `cpu` (rayon, bit-parallel, the default) and `cpu-reference` (the
//!   single-threaded oracle) live in this crate.
//! - [`session::Session`]: the executor. It takes the plan as input, makes the
//!   graph resident once, checks and runs each query, counts uploads,
//!   allocations, passes, bytes and graph reuse as they happen, and reads
//!   back once. [`evidence`] turns measured sessions into speedup
//!   evidence behind a strict release gate.
//!
//! [`session::run_once`] is the one-query shortcut: a one-run session, and
//! [`session::Session::for_query`] opens a session for many runs of one query.
//!
//! ```
//! use dwell::analysis::{BfsQuery, Output, Query};
//! use dwell::backend::Cpu;
//! use dwell::graph::GraphBuilder;
//! use dwell::session::{plan, profile, Session};
//!
//! // A directed 4-cycle.
//! let mut b = GraphBuilder::new(true);
//! for (u, v) in [(0, 1), (1, 2), (2, 3), (3, 0)] {
//!     b.push(u, v).unwrap();
//! }
//! let g = b.build().unwrap();
//!
//! // Plan 3 runs of a 2-source BFS batch, open the session, run, read back.
//! let q = Query::Bfs(BfsQuery { sources: vec![0, 2], keep_levels: false });
//! let p = plan(&profile::derive(&Cpu, &g, &q, 3, 1 << 20).unwrap()).unwrap();
//! let mut s = Session::open(&Cpu, &g, p).unwrap();
//! for _ in 0..3 {
//!     s.run(&q).unwrap();
//! }
//! let report = s.finish().unwrap();
//! assert_eq!(report.counters.graph_uploads, 1);
//! assert_eq!((report.reuse.cold_uploads, report.reuse.warm_reuses), (1, 2));
//! let Output::Bfs(r) = &report.outputs[0] else { unreachable!() };
//! assert_eq!((r[0].reached, r[0].max_level, r[0].level_sum), (4, 3, 6));
//! ```

#![forbid(unsafe_code)]

pub mod analysis;
pub mod backend;
pub mod bench;
pub mod counters;
pub mod evidence;
pub mod formats;
pub mod gen;
pub mod graph;
pub mod io;
mod pieces;
pub mod program;
pub mod progress;
pub mod session;
pub mod sources;
