//! Speedup evidence (spec §3–5): measured sessions become samples, samples
//! pass a strict release gate, and the gate's input is written to and read
//! back from a byte-exact CSV.
//!
//! A sample's pollution counters are what the executor counted inside the
//! timed region (graph uploads, device allocations, host synchronisations),
//! plus the spec's fallback dispatches (always 0 for dwell's own sessions,
//! which refuse a query their backend does not run); the gate rejects any
//! sample where one is non-zero.

use crate::counters::CounterSnapshot;
use crate::session::Plan;

/// Release floors (spec §4).
pub const MIN_NODES: u64 = 10_000;
pub const MIN_EDGES: u64 = 80_000;
pub const MIN_REPETITIONS: u64 = 64;
pub const MIN_SAMPLES: usize = 2;
pub const MIN_DEVICE_MEMORY_BYTES: u64 = 17_179_869_184;
pub const MIN_COMPUTE_CAPABILITY: (u32, u32) = (8, 0);
pub const REQUIRED_BACKEND: &str = "cuda";

/// The CSV header, byte for byte.
pub const CSV_HEADER: &str = "backend_id,device_ordinal,device_memory_bytes,compute_capability_major,compute_capability_minor,graph_nodes,graph_edges,repetitions,host_orchestrated_ns,resident_megakernel_ns,setup_ns,timed_graph_uploads,timed_host_allocations,timed_host_syncs,resident_borrowed_fallback_dispatches";
const FIELDS: usize = 15;

/// What the executor counted inside the timed region.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct TimedCounters {
    pub graph_uploads: u64,
    pub allocations: u64,
    pub host_syncs: u64,
    /// The spec's `resident_borrowed_fallback_dispatches` column, read from
    /// evidence files and gated; dwell's own sessions never hand a run to
    /// another backend (one it does not run is refused), so theirs is 0.
    pub fallback_dispatches: u64,
}

impl TimedCounters {
    /// The pollution counters of a timed region, from the session's counter
    /// snapshots taken just before and just after it; `None` if `after` is
    /// not later than `before`.
    pub fn between(before: &CounterSnapshot, after: &CounterSnapshot) -> Option<TimedCounters> {
        Some(TimedCounters::of(&after.since(before)?))
    }

    /// The pollution counters among `d`, what a timed region counted (e.g.
    /// [`crate::bench::Timing::timed`]).
    pub fn of(d: &CounterSnapshot) -> TimedCounters {
        TimedCounters {
            graph_uploads: d.graph_uploads,
            allocations: d.allocations,
            host_syncs: d.host_syncs,
            fallback_dispatches: 0,
        }
    }

    fn is_clean(&self) -> bool {
        *self == TimedCounters::default()
    }
}

/// Evidence of one measured session (spec §3).
#[derive(Debug, Clone, PartialEq)]
pub struct MeasuredSession {
    pub backend_id: String,
    pub device_ordinal: u64,
    pub device_memory_bytes: u64,
    pub compute_capability: (u32, u32),
    pub graph_nodes: u64,
    pub graph_edges: u64,
    pub plan: Plan,
    pub host_orchestrated_ns: f64,
    pub resident_ns: f64,
    /// Measured outside the timed region.
    pub setup_ns: f64,
    pub timed: TimedCounters,
}

/// One row of evidence.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    pub backend_id: String,
    pub device_ordinal: u64,
    pub device_memory_bytes: u64,
    pub compute_capability: (u32, u32),
    pub graph_nodes: u64,
    pub graph_edges: u64,
    pub repetitions: u64,
    pub host_orchestrated_ns: f64,
    pub resident_ns: f64,
    pub setup_ns: f64,
    pub timed: TimedCounters,
}

impl Sample {
    /// Host-orchestrated time over resident time.
    pub fn speedup(&self) -> f64 {
        self.host_orchestrated_ns / self.resident_ns
    }
}

/// What the gate proved.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Proof {
    pub min_speedup_x: f64,
    pub max_speedup_x: f64,
    pub sample_count: usize,
    pub total_repetitions: u64,
}

/// A sample or sample set the gate rejects, in the order the gate checks.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GateError {
    #[error("the session plan is not resident (topology resident, scratch reused, final-only readback). Fix: build evidence from a resident session plan")]
    NonResident,
    #[error("repetition count overflows u64. Fix: record fewer runs per sample")]
    RepetitionOverflow,
    #[error("no samples. Fix: measure at least {MIN_SAMPLES} sessions")]
    Empty,
    #[error("required speedup {required} is not a positive finite number. Fix: pass e.g. --required-speedup 100")]
    InvalidThreshold { required: f64 },
    #[error("sample {index}: backend {id:?} is not {REQUIRED_BACKEND:?}. Fix: measure on the cuda backend")]
    NonCuda { index: usize, id: String },
    #[error("sample {index}: device with {memory_bytes} bytes and compute capability {major}.{minor} is below the floor (17179869184 bytes, 8.0). Fix: measure on a data-centre GPU")]
    InsufficientDevice {
        index: usize,
        memory_bytes: u64,
        major: u32,
        minor: u32,
    },
    #[error("sample {index}: not a repeated fixed-graph session (nodes, edges and repetitions must be non-zero, repetitions above 1). Fix: run many queries over one graph")]
    NotRepeatedFixedGraph { index: usize },
    #[error("sample {index}: {nodes} nodes, {edges} edges, {repetitions} repetitions is below the floor ({MIN_NODES}, {MIN_EDGES}, {MIN_REPETITIONS}). Fix: measure a larger graph or more runs")]
    InsufficientScale {
        index: usize,
        nodes: u64,
        edges: u64,
        repetitions: u64,
    },
    #[error("sample {index}: the timed region did {graph_uploads} graph uploads, {allocations} allocations, {host_syncs} host syncs, {fallback_dispatches} fallback dispatches. Fix: move setup out of the timed region and keep the run on the device")]
    PollutedTimedRegion {
        index: usize,
        graph_uploads: u64,
        allocations: u64,
        host_syncs: u64,
        fallback_dispatches: u64,
    },
    #[error("sample {index}: invalid timing (host {host_ns} ns, resident {resident_ns} ns, setup {setup_ns} ns). Fix: times must be finite, host and resident above 0, setup at least 0")]
    InvalidTiming {
        index: usize,
        host_ns: f64,
        resident_ns: f64,
        setup_ns: f64,
    },
    #[error("sample {index}: speedup {observed}x is below the required {required}x. Fix: improve the resident path or lower the claim")]
    BelowThreshold {
        index: usize,
        observed: f64,
        required: f64,
    },
    #[error(
        "only {count} samples; at least {MIN_SAMPLES} are required. Fix: measure more sessions"
    )]
    InsufficientSampleCount { count: usize },
}

/// Turn a measured session into a sample (spec §3).
pub fn sample(m: &MeasuredSession) -> Result<Sample, GateError> {
    if !m.plan.is_resident() {
        return Err(GateError::NonResident);
    }
    let repetitions = m
        .plan
        .avoided_host_fences
        .checked_add(1)
        .ok_or(GateError::RepetitionOverflow)?;
    Ok(Sample {
        backend_id: m.backend_id.clone(),
        device_ordinal: m.device_ordinal,
        device_memory_bytes: m.device_memory_bytes,
        compute_capability: m.compute_capability,
        graph_nodes: m.graph_nodes,
        graph_edges: m.graph_edges,
        repetitions,
        host_orchestrated_ns: m.host_orchestrated_ns,
        resident_ns: m.resident_ns,
        setup_ns: m.setup_ns,
        timed: m.timed,
    })
}

fn check(index: usize, s: &Sample, required: f64) -> Result<f64, GateError> {
    if s.backend_id != REQUIRED_BACKEND {
        return Err(GateError::NonCuda {
            index,
            id: s.backend_id.clone(),
        });
    }
    if s.device_memory_bytes < MIN_DEVICE_MEMORY_BYTES
        || s.compute_capability < MIN_COMPUTE_CAPABILITY
    {
        let (major, minor) = s.compute_capability;
        return Err(GateError::InsufficientDevice {
            index,
            memory_bytes: s.device_memory_bytes,
            major,
            minor,
        });
    }
    if s.graph_nodes == 0 || s.graph_edges == 0 || s.repetitions <= 1 {
        return Err(GateError::NotRepeatedFixedGraph { index });
    }
    if s.graph_nodes < MIN_NODES || s.graph_edges < MIN_EDGES || s.repetitions < MIN_REPETITIONS {
        return Err(GateError::InsufficientScale {
            index,
            nodes: s.graph_nodes,
            edges: s.graph_edges,
            repetitions: s.repetitions,
        });
    }
    if !s.timed.is_clean() {
        let t = s.timed;
        return Err(GateError::PollutedTimedRegion {
            index,
            graph_uploads: t.graph_uploads,
            allocations: t.allocations,
            host_syncs: t.host_syncs,
            fallback_dispatches: t.fallback_dispatches,
        });
    }
    let positive = |x: f64| x.is_finite() && x > 0.0;
    let setup_ok = s.setup_ns.is_finite() && s.setup_ns >= 0.0;
    if !(positive(s.host_orchestrated_ns) && positive(s.resident_ns) && setup_ok) {
        return Err(GateError::InvalidTiming {
            index,
            host_ns: s.host_orchestrated_ns,
            resident_ns: s.resident_ns,
            setup_ns: s.setup_ns,
        });
    }
    let observed = s.speedup();
    if observed < required {
        return Err(GateError::BelowThreshold {
            index,
            observed,
            required,
        });
    }
    Ok(observed)
}

/// The release gate (spec §4).
pub fn gate(samples: &[Sample], required_speedup: f64) -> Result<Proof, GateError> {
    if samples.is_empty() {
        return Err(GateError::Empty);
    }
    if !(required_speedup.is_finite() && required_speedup > 0.0) {
        return Err(GateError::InvalidThreshold {
            required: required_speedup,
        });
    }
    let mut min = f64::INFINITY;
    let mut max = f64::NEG_INFINITY;
    let mut total: u64 = 0;
    for (index, s) in samples.iter().enumerate() {
        let x = check(index, s, required_speedup)?;
        min = min.min(x);
        max = max.max(x);
        total = total
            .checked_add(s.repetitions)
            .ok_or(GateError::RepetitionOverflow)?;
    }
    if samples.len() < MIN_SAMPLES {
        return Err(GateError::InsufficientSampleCount {
            count: samples.len(),
        });
    }
    Ok(Proof {
        min_speedup_x: min,
        max_speedup_x: max,
        sample_count: samples.len(),
        total_repetitions: total,
    })
}

/// Gate the samples, then format them as CSV (header line, one row each).
pub fn format_csv(samples: &[Sample], required_speedup: f64) -> Result<(Proof, String), GateError> {
    let proof = gate(samples, required_speedup)?;
    let mut csv = String::from(CSV_HEADER);
    csv.push('\n');
    for s in samples {
        let t = s.timed;
        csv.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
            s.backend_id,
            s.device_ordinal,
            s.device_memory_bytes,
            s.compute_capability.0,
            s.compute_capability.1,
            s.graph_nodes,
            s.graph_edges,
            s.repetitions,
            s.host_orchestrated_ns,
            s.resident_ns,
            s.setup_ns,
            t.graph_uploads,
            t.allocations,
            t.host_syncs,
            t.fallback_dispatches
        ));
    }
    Ok((proof, csv))
}

/// Why an evidence CSV was rejected.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CsvError {
    #[error("line 1: the header is {observed:?}, not the evidence header. Fix: start the file with the exact header line dwell writes")]
    InvalidHeader { observed: String },
    #[error("line {line}: {fields} fields, expected {FIELDS}. Fix: one sample per line, fields in header order, no commas inside fields")]
    InvalidRow { line: usize, fields: usize },
    #[error("line {line}: field {field} has invalid value {raw:?}. Fix: plain numbers only (no units or separators); backend_id must be cuda")]
    InvalidValue {
        line: usize,
        field: &'static str,
        raw: String,
    },
    #[error("{0}")]
    Gate(#[from] GateError),
}

const NAMES: [&str; FIELDS] = [
    "backend_id",
    "device_ordinal",
    "device_memory_bytes",
    "compute_capability_major",
    "compute_capability_minor",
    "graph_nodes",
    "graph_edges",
    "repetitions",
    "host_orchestrated_ns",
    "resident_megakernel_ns",
    "setup_ns",
    "timed_graph_uploads",
    "timed_host_allocations",
    "timed_host_syncs",
    "resident_borrowed_fallback_dispatches",
];

fn parse_row(line: usize, text: &str) -> Result<Sample, CsvError> {
    let f: Vec<&str> = text.split(',').map(str::trim).collect();
    if f.len() != FIELDS {
        return Err(CsvError::InvalidRow {
            line,
            fields: f.len(),
        });
    }
    let bad = |i: usize| CsvError::InvalidValue {
        line,
        field: NAMES[i],
        raw: f[i].to_string(),
    };
    let int = |i: usize| f[i].parse::<u64>().map_err(|_| bad(i));
    let small = |i: usize| f[i].parse::<u32>().map_err(|_| bad(i));
    let real = |i: usize| f[i].parse::<f64>().map_err(|_| bad(i));
    if f[0] != REQUIRED_BACKEND {
        return Err(bad(0));
    }
    Ok(Sample {
        backend_id: f[0].to_string(),
        device_ordinal: int(1)?,
        device_memory_bytes: int(2)?,
        compute_capability: (small(3)?, small(4)?),
        graph_nodes: int(5)?,
        graph_edges: int(6)?,
        repetitions: int(7)?,
        host_orchestrated_ns: real(8)?,
        resident_ns: real(9)?,
        setup_ns: real(10)?,
        timed: TimedCounters {
            graph_uploads: int(11)?,
            allocations: int(12)?,
            host_syncs: int(13)?,
            fallback_dispatches: int(14)?,
        },
    })
}

/// Parse and gate an evidence CSV (spec §5). Blank lines are ignored; line
/// numbers in errors are 1-based lines of the file.
pub fn verify_csv(text: &str, required_speedup: f64) -> Result<Proof, CsvError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    match lines.next() {
        Some((_, h)) if h.trim() == CSV_HEADER => {}
        Some((_, h)) => {
            return Err(CsvError::InvalidHeader {
                observed: h.trim().to_string(),
            })
        }
        None => {
            return Err(CsvError::InvalidHeader {
                observed: String::new(),
            })
        }
    }
    let samples = lines
        .map(|(i, l)| parse_row(i + 1, l))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(gate(&samples, required_speedup)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::plan::{plan, Profile, Readback};

    const EXAMPLE: &str = "backend_id,device_ordinal,device_memory_bytes,compute_capability_major,compute_capability_minor,graph_nodes,graph_edges,repetitions,host_orchestrated_ns,resident_megakernel_ns,setup_ns,timed_graph_uploads,timed_host_allocations,timed_host_syncs,resident_borrowed_fallback_dispatches
cuda,0,34359738368,12,0,10000,80000,64,1000000,10000,250000,0,0,0,0
cuda,0,34359738368,12,0,20000,160000,128,2500000,20000,350000,0,0,0,0
";

    fn samples() -> Vec<Sample> {
        verify_csv(EXAMPLE, 100.0).unwrap();
        EXAMPLE
            .lines()
            .skip(1)
            .enumerate()
            .map(|(i, l)| parse_row(i + 2, l).unwrap())
            .collect()
    }

    #[test]
    fn spec_example_verifies() {
        let p = verify_csv(EXAMPLE, 100.0).unwrap();
        assert_eq!(
            p,
            Proof {
                min_speedup_x: 100.0,
                max_speedup_x: 125.0,
                sample_count: 2,
                total_repetitions: 192
            }
        );
    }

    #[test]
    fn format_then_verify_round_trips_byte_exact() {
        let s = samples();
        let (proof, csv) = format_csv(&s, 100.0).unwrap();
        assert_eq!(csv, EXAMPLE);
        assert_eq!(verify_csv(&csv, 100.0).unwrap(), proof);
    }

    #[test]
    fn gate_errors_in_order() {
        let base = samples();
        let with = |f: &dyn Fn(&mut Sample)| {
            let mut v = base.clone();
            f(&mut v[1]);
            gate(&v, 100.0).unwrap_err()
        };
        assert_eq!(gate(&[], 100.0), Err(GateError::Empty));
        assert!(matches!(
            gate(&base, f64::NAN),
            Err(GateError::InvalidThreshold { .. })
        ));
        assert!(matches!(
            gate(&base, 0.0),
            Err(GateError::InvalidThreshold { .. })
        ));
        // Every rule broken at once: the backend check comes first.
        let e = with(&|s| {
            s.backend_id = "cpu".into();
            s.device_memory_bytes = 1;
            s.graph_nodes = 0;
            s.timed.host_syncs = 1;
        });
        assert_eq!(
            e,
            GateError::NonCuda {
                index: 1,
                id: "cpu".into()
            }
        );
        assert!(matches!(
            with(&|s| {
                s.compute_capability = (7, 5);
                s.graph_nodes = 0
            }),
            GateError::InsufficientDevice { index: 1, .. }
        ));
        assert!(matches!(
            with(&|s| s.device_memory_bytes = MIN_DEVICE_MEMORY_BYTES - 1),
            GateError::InsufficientDevice { .. }
        ));
        assert_eq!(
            with(&|s| {
                s.repetitions = 1;
                s.graph_edges = 5
            }),
            GateError::NotRepeatedFixedGraph { index: 1 }
        );
        assert_eq!(
            with(&|s| s.graph_edges = 0),
            GateError::NotRepeatedFixedGraph { index: 1 }
        );
        assert_eq!(
            with(&|s| {
                s.repetitions = 63;
                s.timed.allocations = 2
            }),
            GateError::InsufficientScale {
                index: 1,
                nodes: 20000,
                edges: 160000,
                repetitions: 63
            }
        );
        assert_eq!(
            with(&|s| {
                s.timed = TimedCounters {
                    graph_uploads: 1,
                    allocations: 2,
                    host_syncs: 3,
                    fallback_dispatches: 4,
                };
                s.resident_ns = -1.0
            }),
            GateError::PollutedTimedRegion {
                index: 1,
                graph_uploads: 1,
                allocations: 2,
                host_syncs: 3,
                fallback_dispatches: 4
            }
        );
        assert!(matches!(
            with(&|s| s.resident_ns = 0.0),
            GateError::InvalidTiming { index: 1, .. }
        ));
        assert!(matches!(
            with(&|s| s.host_orchestrated_ns = f64::INFINITY),
            GateError::InvalidTiming { .. }
        ));
        assert!(matches!(
            with(&|s| s.setup_ns = -1.0),
            GateError::InvalidTiming { .. }
        ));
        assert_eq!(
            with(&|s| s.host_orchestrated_ns = 1_980_000.0),
            GateError::BelowThreshold {
                index: 1,
                observed: 99.0,
                required: 100.0
            }
        );
        assert_eq!(
            gate(&base[..1], 100.0),
            Err(GateError::InsufficientSampleCount { count: 1 })
        );
        let mut huge = base.clone();
        huge[0].repetitions = u64::MAX;
        assert_eq!(gate(&huge, 100.0), Err(GateError::RepetitionOverflow));
    }

    #[test]
    fn csv_errors_name_line_and_field() {
        assert!(
            matches!(verify_csv("nope\n", 100.0), Err(CsvError::InvalidHeader { observed }) if observed == "nope")
        );
        assert!(matches!(
            verify_csv("", 100.0),
            Err(CsvError::InvalidHeader { .. })
        ));
        let row2 = EXAMPLE.lines().nth(2).unwrap();
        let text = format!("{CSV_HEADER}\n\ncuda,0,1\n{row2}\n");
        assert_eq!(
            verify_csv(&text, 100.0),
            Err(CsvError::InvalidRow { line: 3, fields: 3 })
        );
        let text = format!(
            "{CSV_HEADER}\n{}\n",
            row2.replace("20000,160000", "20000,16e4x")
        );
        assert_eq!(
            verify_csv(&text, 100.0),
            Err(CsvError::InvalidValue {
                line: 2,
                field: "graph_edges",
                raw: "16e4x".into()
            })
        );
        let text = format!("{CSV_HEADER}\n{}\n", row2.replacen("cuda", "cpu", 1));
        assert!(matches!(
            verify_csv(&text, 100.0),
            Err(CsvError::InvalidValue {
                line: 2,
                field: "backend_id",
                ..
            })
        ));
        let text = format!("{CSV_HEADER}\n{row2}\n");
        assert_eq!(
            verify_csv(&text, 100.0),
            Err(CsvError::Gate(GateError::InsufficientSampleCount {
                count: 1
            }))
        );
        for e in [
            CsvError::InvalidHeader {
                observed: "x".into(),
            },
            CsvError::InvalidRow { line: 1, fields: 1 },
        ] {
            assert!(e.to_string().contains("Fix:"));
        }
    }

    #[test]
    fn sample_from_measured_session() {
        let p = plan(&Profile {
            layout_hash: 9,
            graph_bytes: 1 << 20,
            runs: 64,
            frontier_bytes: 8,
            scratch_bytes: 8,
            output_bytes: 8,
            budget_bytes: 1 << 30,
            readback: Readback::FinalOnly,
            keep_all_outputs: false,
        })
        .unwrap();
        let mut m = MeasuredSession {
            backend_id: "cuda".into(),
            device_ordinal: 0,
            device_memory_bytes: 150_000_000_000,
            compute_capability: (9, 0),
            graph_nodes: 16384,
            graph_edges: 262144,
            plan: p,
            host_orchestrated_ns: 5e6,
            resident_ns: 4e4,
            setup_ns: 1e5,
            timed: TimedCounters::default(),
        };
        let s = sample(&m).unwrap();
        assert_eq!(s.repetitions, 64);
        assert_eq!(s.speedup(), 125.0);
        m.plan.final_only_readback = false;
        assert_eq!(sample(&m), Err(GateError::NonResident));
    }

    #[test]
    fn timed_counters_come_from_the_session_that_ran() {
        use crate::analysis::{BfsQuery, Query};
        use crate::backend::Cpu;
        use crate::graph::GraphBuilder;
        use crate::session::{profile, Session};
        let mut b = GraphBuilder::new(true);
        for v in 0..300u64 {
            b.push(v, (v * 7 + 1) % 300).unwrap();
        }
        let g = b.build().unwrap();
        let q = Query::Bfs(BfsQuery {
            sources: (0..64).collect(),
            keep_levels: false,
        });
        let p = plan(&profile::derive(&Cpu, &g, &q, 3, u64::MAX).unwrap()).unwrap();
        let mut s = Session::open(&Cpu, &g, p).unwrap();
        // Cold run outside the timed region allocates the sweep buffers.
        let before_cold = s.counters().unwrap();
        s.run(&q).unwrap();
        let cold = TimedCounters::between(&before_cold, &s.counters().unwrap()).unwrap();
        assert!(cold.allocations > 0);
        // Warm runs inside it reuse everything.
        let before = s.counters().unwrap();
        s.run(&q).unwrap();
        s.run(&q).unwrap();
        let timed = TimedCounters::between(&before, &s.counters().unwrap()).unwrap();
        assert_eq!(timed, TimedCounters::default());
        assert!(TimedCounters::between(&s.counters().unwrap(), &before_cold).is_none());
    }

    proptest::proptest! {
        #[test]
        fn verifier_never_panics(text in "\\PC{0,400}", req in proptest::prelude::any::<f64>()) {
            let _ = verify_csv(&text, req);
            let _ = verify_csv(&format!("{CSV_HEADER}\n{text}"), req);
        }
    }
}
