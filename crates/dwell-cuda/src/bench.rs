//! `dwell bench --backend cuda`: the same queries in all three modes, each
//! checked against the CPU backend (itself property-tested against the
//! single-threaded oracle), one table row and one evidence sample per graph.
//!
//! Three per-query times on the same kernels and queries, and two ratios
//! that separate the effects one end-to-end speedup would mix (residency,
//! device-decided convergence):
//! - host-orchestrated (per run: allocate, upload, one launch + read-back
//!   per level, read back, free);
//! - resident-host-levels (graph and buffers resident, levels still driven
//!   by the host: one launch + read-back per level);
//! - resident (one cooperative launch per run, convergence on the device).
//!
//! `residency` = host-orchestrated / resident-host-levels (upload and
//! allocation avoided); `convergence` = resident-host-levels / resident
//! (per-level round trips avoided). The evidence row keeps the spec's two
//! columns (host-orchestrated vs resident), verified at whatever ratio was
//! measured.
//!
//! Timing. Resident: from just before the first run to the end of the single
//! read-back, so the time includes draining every launched run and one
//! read-back (conservative for the resident side); the pollution counters
//! are the session's counters snapshotted just before the first run and just
//! after the last run was launched (`TimedCounters::between`). Setup (open:
//! allocation, graph upload) is timed separately, outside. Host-orchestrated:
//! wall time of all its runs, each of which allocates, uploads, waits per
//! level, reads back and frees. A warm-up session of one run precedes both.

use crate::{Cuda, CudaError, Mode};
use dwell::analysis::{BfsQuery, Output, Query};
use dwell::backend::Cpu;
use dwell::bench::{Harness, Timing};
use dwell::counters::CounterSnapshot;
use dwell::evidence::{self, MeasuredSession, Sample, TimedCounters};
use dwell::graph::Graph;
use dwell::progress::Quiet;
use dwell::session::SessionError;

/// Why a benchmark failed.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error(transparent)]
    Cuda(#[from] CudaError),
    #[error(transparent)]
    Session(#[from] SessionError),
    #[error(transparent)]
    Harness(#[from] dwell::bench::BenchError),
    #[error("{mode} results differ from the CPU backend on {graph}. Fix: this is a kernel bug; report it with the graph and sources")]
    Mismatch { mode: &'static str, graph: String },
    #[error("the session counters went backwards. Fix: report this")]
    Counters,
}

/// One benchmarked graph.
#[derive(Debug, Clone)]
pub struct BenchRow {
    pub graph: String,
    pub nodes: u64,
    pub arcs: u64,
    pub queries_per_run: u64,
    pub runs: u64,
    pub host_ns: f64,
    /// Resident graph, host-driven levels.
    pub stepped_ns: f64,
    pub resident_ns: f64,
    pub setup_ns: f64,
    pub timed: TimedCounters,
    pub resident: CounterSnapshot,
    pub stepped: CounterSnapshot,
    pub host: CounterSnapshot,
}

impl BenchRow {
    fn queries(&self) -> f64 {
        (self.queries_per_run * self.runs) as f64
    }
    pub fn host_us_per_query(&self) -> f64 {
        self.host_ns / self.queries() / 1e3
    }
    pub fn stepped_us_per_query(&self) -> f64 {
        self.stepped_ns / self.queries() / 1e3
    }
    pub fn resident_us_per_query(&self) -> f64 {
        self.resident_ns / self.queries() / 1e3
    }
    /// Host-orchestrated over resident: every effect together.
    pub fn speedup(&self) -> f64 {
        self.host_ns / self.resident_ns
    }
    /// Host-orchestrated over resident-host-levels: upload and allocation avoided.
    pub fn residency(&self) -> f64 {
        self.host_ns / self.stepped_ns
    }
    /// Resident-host-levels over resident: per-level host round trips avoided.
    pub fn convergence(&self) -> f64 {
        self.stepped_ns / self.resident_ns
    }
    /// Arcs × queries / resident time (an upper bound on edges traversed:
    /// every stored arc once per query), in billions per second.
    pub fn gteps(&self) -> f64 {
        self.arcs as f64 * self.queries() / self.resident_ns
    }
}

/// `runs` timed runs of `q` in one session on `backend` through the shared
/// harness (no warm-up inside: the plan is exactly the timed runs, as the
/// evidence sample's repetitions require), the answer checked by its
/// verifier and against `expected`, the CPU backend's.
fn time_session(
    backend: &Cuda,
    g: &Graph,
    q: &Query,
    runs: u64,
    expected: &Output,
    graph: &str,
) -> Result<Timing, BenchError> {
    let h = Harness {
        runs: usize::try_from(runs).map_err(|_| BenchError::Counters)?,
        warm_up: false,
        verify: true,
        budget_bytes: u64::MAX,
    };
    let t = dwell::bench::time_session(backend, g, q, &h, &Quiet)?;
    if &t.output != expected {
        return Err(BenchError::Mismatch {
            mode: backend.mode.name(),
            graph: graph.into(),
        });
    }
    Ok(t)
}

fn ns(d: std::time::Duration) -> f64 {
    d.as_nanos() as f64
}

/// Benchmark BFS from `sources` (one run = the whole batch) over `runs` runs.
pub fn bench_bfs(
    cuda: &Cuda,
    g: &Graph,
    name: &str,
    sources: Vec<u32>,
    runs: u64,
) -> Result<(BenchRow, MeasuredSession), BenchError> {
    let q = Query::Bfs(BfsQuery {
        sources,
        keep_levels: false,
    });
    let expected = dwell::session::run_once(&Cpu, g, &q)?;
    let resident = cuda.with_mode(Mode::Resident);
    let stepped = cuda.with_mode(Mode::ResidentHostLevels);
    let host = cuda.with_mode(Mode::HostOrchestrated);
    // Warm-up: first launches, lazy driver work.
    for mode in [&resident, &stepped, &host] {
        time_session(mode, g, &q, 1, &expected, name)?;
    }
    let r = time_session(&resident, g, &q, runs, &expected, name)?;
    let st = time_session(&stepped, g, &q, runs, &expected, name)?;
    let h = time_session(&host, g, &q, runs, &expected, name)?;
    let (setup_ns, resident_ns, stepped_ns, host_ns) = (
        ns(r.setup),
        ns(r.resident()),
        ns(st.resident()),
        ns(h.resident()),
    );
    let timed = TimedCounters::of(&r.timed);
    let (rc, sc, hc, p) = (r.total, st.total, h.total, r.plan);
    let f = cuda.facts();
    let row = BenchRow {
        graph: name.into(),
        nodes: g.nodes() as u64,
        arcs: g.arcs() as u64,
        queries_per_run: match &q {
            Query::Bfs(b) => b.sources.len() as u64,
            _ => 1,
        },
        runs,
        host_ns,
        stepped_ns,
        resident_ns,
        setup_ns,
        timed,
        resident: rc,
        stepped: sc,
        host: hc,
    };
    let m = MeasuredSession {
        backend_id: "cuda".into(),
        device_ordinal: f.ordinal,
        device_memory_bytes: f.memory_bytes,
        compute_capability: f.compute_capability,
        graph_nodes: row.nodes,
        graph_edges: row.arcs,
        plan: p,
        host_orchestrated_ns: host_ns,
        resident_ns,
        setup_ns,
        timed,
    };
    Ok((row, m))
}

/// The bench table: header line, one line per row. `host`, `res-host-lv`
/// and `resident` are µs per query in the three modes; `residency` and
/// `convergence` the two ratios of the module header; `speedup` both.
pub fn table(rows: &[BenchRow]) -> String {
    let mut s = format!(
        "{:<28} {:>10} {:>11} {:>6} {:>5} {:>12} {:>12} {:>12} {:>9} {:>11} {:>9} {:>7}  {}\n",
        "graph",
        "nodes",
        "arcs",
        "batch",
        "runs",
        "host us/q",
        "res-host-lv",
        "resident us/q",
        "residency",
        "convergence",
        "speedup",
        "GTEPS",
        "timed uploads/allocs/syncs | resident launches | res-host-lv launches/syncs | host launches/syncs/allocs"
    );
    for r in rows {
        s.push_str(&format!(
            "{:<28} {:>10} {:>11} {:>6} {:>5} {:>12.3} {:>12.3} {:>12.3} {:>8.1}x {:>10.1}x {:>8.1}x {:>7.2}  {}/{}/{} | {} | {}/{} | {}/{}/{}\n",
            r.graph,
            r.nodes,
            r.arcs,
            r.queries_per_run,
            r.runs,
            r.host_us_per_query(),
            r.stepped_us_per_query(),
            r.resident_us_per_query(),
            r.residency(),
            r.convergence(),
            r.speedup(),
            r.gteps(),
            r.timed.graph_uploads,
            r.timed.allocations,
            r.timed.host_syncs,
            r.resident.launches,
            r.stepped.launches,
            r.stepped.host_syncs,
            r.host.launches,
            r.host.host_syncs,
            r.host.allocations,
        ));
    }
    s
}

/// The evidence row of one sample, byte for byte as `format_csv` writes it.
/// `format_csv` gates first; a lone sample is gated as a pair of itself at
/// the smallest positive threshold, so every per-sample rule of the release
/// gate (backend, device, scale, clean timed region, timing) applies.
pub fn evidence_row(sample: &Sample) -> Result<String, evidence::GateError> {
    let (_, csv) = evidence::format_csv(&[sample.clone(), sample.clone()], f64::MIN_POSITIVE)?;
    Ok(csv.lines().nth(1).unwrap_or_default().to_string() + "\n")
}

/// Append `row` to the evidence file at `path` (header first if new),
/// atomically (temp file + rename).
pub fn append_evidence(path: &std::path::Path, row: &str) -> std::io::Result<()> {
    let mut text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => format!("{}\n", evidence::CSV_HEADER),
        Err(e) => return Err(e),
    };
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(row);
    dwell::io::atomic_write(path, |w| w.write_all(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwell::session::Plan;

    fn row() -> BenchRow {
        BenchRow {
            graph: "rmat14".into(),
            nodes: 16384,
            arcs: 240_000,
            queries_per_run: 64,
            runs: 100,
            host_ns: 64.0e6,
            stepped_ns: 3.2e6,
            resident_ns: 0.32e6,
            setup_ns: 5.0e6,
            timed: TimedCounters::default(),
            resident: CounterSnapshot {
                launches: 100,
                ..Default::default()
            },
            stepped: CounterSnapshot {
                launches: 1500,
                host_syncs: 1300,
                ..Default::default()
            },
            host: CounterSnapshot {
                launches: 1500,
                host_syncs: 1400,
                allocations: 900,
                ..Default::default()
            },
        }
    }

    #[test]
    fn per_query_figures_and_table() {
        let r = row();
        assert_eq!(r.host_us_per_query(), 10.0);
        assert_eq!(r.resident_us_per_query(), 0.05);
        assert_eq!(r.speedup(), 200.0);
        assert_eq!((r.residency(), r.convergence()), (20.0, 10.0));
        assert_eq!(r.stepped_us_per_query(), 0.5);
        assert!((r.gteps() - 240_000.0 * 6400.0 / 0.32e6).abs() < 1e-9);
        let t = table(&[r]);
        let lines: Vec<_> = t.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[1].starts_with("rmat14"));
        assert!(
            lines[1].contains("20.0x")
                && lines[1].contains("10.0x")
                && lines[1].contains("200.0x")
                && lines[1].contains("0/0/0 | 100 | 1500/1300 | 1500/1400/900"),
            "{}",
            lines[1]
        );
    }

    fn resident_plan(runs: u64) -> Plan {
        dwell::session::plan(&dwell::session::Profile {
            layout_hash: 1,
            graph_bytes: 1 << 20,
            runs,
            frontier_bytes: 4096,
            scratch_bytes: 8192,
            output_bytes: 1536,
            budget_bytes: u64::MAX,
            readback: dwell::session::Readback::FinalOnly,
            keep_all_outputs: false,
        })
        .unwrap()
    }

    fn measured(host_ns: f64, timed: TimedCounters) -> MeasuredSession {
        MeasuredSession {
            backend_id: "cuda".into(),
            device_ordinal: 0,
            device_memory_bytes: 150_000_000_000,
            compute_capability: (9, 0),
            graph_nodes: 16384,
            graph_edges: 240_000,
            plan: resident_plan(64),
            host_orchestrated_ns: host_ns,
            resident_ns: 10_000.0,
            setup_ns: 250_000.0,
            timed,
        }
    }

    #[test]
    fn evidence_rows_verify_and_append() {
        let a = evidence::sample(&measured(1_000_000.0, TimedCounters::default())).unwrap();
        let b = evidence::sample(&measured(2_500_000.0, TimedCounters::default())).unwrap();
        let ra = evidence_row(&a).unwrap();
        assert_eq!(
            ra,
            "cuda,0,150000000000,9,0,16384,240000,64,1000000,10000,250000,0,0,0,0\n"
        );
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("evidence.csv");
        append_evidence(&f, &ra).unwrap();
        append_evidence(&f, &evidence_row(&b).unwrap()).unwrap();
        let text = std::fs::read_to_string(&f).unwrap();
        let proof = evidence::verify_csv(&text, 100.0).unwrap();
        assert_eq!((proof.sample_count, proof.total_repetitions), (2, 128));
        assert_eq!((proof.min_speedup_x, proof.max_speedup_x), (100.0, 250.0));
    }

    #[test]
    fn a_polluted_sample_gets_no_row() {
        let dirty = TimedCounters {
            host_syncs: 3,
            ..Default::default()
        };
        let s = evidence::sample(&measured(1_000_000.0, dirty)).unwrap();
        assert!(matches!(
            evidence_row(&s),
            Err(evidence::GateError::PollutedTimedRegion { host_syncs: 3, .. })
        ));
    }
}
