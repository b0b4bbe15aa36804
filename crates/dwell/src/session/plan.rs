//! Session planning: a [`Profile`] of what a session needs becomes a [`Plan`]
//! that the executor enforces (spec §1).
//!
//! The checks run in a fixed order, each a distinct [`PlanError`]: zero hash,
//! zero graph bytes, zero runs, zero budget, per-run readback, overflow while
//! summing the peak, peak over budget. Every byte figure uses checked
//! arithmetic; an overflow names the quantity being computed.

use super::telemetry::ReuseTelemetry;

/// When results come back to the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Readback {
    /// Once, after every run has finished.
    FinalOnly,
    /// After every run (rejected: it puts the host back inside the loop).
    PerRun,
}

/// What a session over one resident graph needs. All byte counts are u64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Profile {
    pub layout_hash: u64,
    /// Resident topology and immutable metadata.
    pub graph_bytes: u64,
    pub runs: u64,
    /// Refreshed at the start of every run.
    pub frontier_bytes: u64,
    /// Allocated once, reused by every run.
    pub scratch_bytes: u64,
    /// Compact output of one run.
    pub output_bytes: u64,
    pub budget_bytes: u64,
    pub readback: Readback,
    /// Keep every run's compact output resident until the end (peak and
    /// readback become `runs × output_bytes`) instead of one output buffer.
    pub keep_all_outputs: bool,
}

/// The executor's input: what to allocate, what to upload, what to read back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Plan {
    pub layout_hash: u64,
    pub runs: u64,
    pub graph_upload_bytes: u64,
    pub frontier_bytes: u64,
    pub total_frontier_refresh_bytes: u64,
    pub scratch_bytes: u64,
    /// Compact output of one run.
    pub output_bytes: u64,
    /// Bytes of resident output buffers (one output, or `runs` with `keep_all_outputs`).
    pub output_buffer_bytes: u64,
    pub peak_resident_bytes: u64,
    pub budget_bytes: u64,
    pub avoided_graph_upload_bytes: u64,
    pub reuse: ReuseTelemetry,
    pub avoided_device_allocations: u64,
    pub avoided_host_fences: u64,
    pub host_readback_bytes: u64,
    /// Every run's output stays resident until the read-back (else only the last).
    pub keep_all_outputs: bool,
    pub topology_resident: bool,
    pub scratch_reused: bool,
    pub final_only_readback: bool,
}

impl Plan {
    /// What a backend may hold under this plan.
    pub fn reservation(&self) -> crate::backend::Reservation {
        crate::backend::Reservation {
            runs: self.runs,
            frontier_bytes: self.frontier_bytes,
            scratch_bytes: self.scratch_bytes,
            output_bytes: self.output_bytes,
            keep_all_outputs: self.keep_all_outputs,
        }
    }

    /// Resident topology, reused scratch and a single final readback: the
    /// only shape of plan the evidence gate accepts.
    pub fn is_resident(&self) -> bool {
        self.topology_resident && self.scratch_reused && self.final_only_readback
    }
}

/// Why a profile cannot be planned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    #[error("the graph layout hash is 0. Fix: normalize and hash the topology first (load it with dwell, or pass its `dwell info` layout_hash)")]
    ZeroHash,
    #[error("the graph occupies 0 bytes. Fix: pass the resident topology's real byte count (dwell info reports csr_bytes)")]
    ZeroGraphBytes,
    #[error("the session has 0 runs. Fix: plan at least one run")]
    ZeroRuns,
    #[error("the memory budget is 0 bytes. Fix: pass an explicit budget, e.g. --budget-bytes 17179869184")]
    ZeroBudget,
    #[error("per-run readback puts the host back inside the loop. Fix: compact outputs on the device and read back once (--readback final-only)")]
    PerRunReadback,
    #[error("{what} overflows u64. Fix: shard the graph or split the session into fewer runs")]
    Overflow { what: &'static str },
    #[error("the session needs {required} bytes resident but the budget is {budget}. Fix: run fewer sources per session (a smaller --sources list or random:N), keep less output (drop --out), or pass a larger --budget-bytes if that memory is really free (the default is what this process may use; `dwell plan` shows it)")]
    OverBudget { required: u64, budget: u64 },
}

fn add(a: u64, b: u64, what: &'static str) -> Result<u64, PlanError> {
    a.checked_add(b).ok_or(PlanError::Overflow { what })
}

fn mul(a: u64, b: u64, what: &'static str) -> Result<u64, PlanError> {
    a.checked_mul(b).ok_or(PlanError::Overflow { what })
}

/// Device allocations a per-run executor makes that a resident one makes once:
/// graph, scratch and output.
pub const ALLOCATIONS_PER_RUN: u64 = 3;

/// Plan a session (spec §1).
pub fn plan(p: &Profile) -> Result<Plan, PlanError> {
    if p.layout_hash == 0 {
        return Err(PlanError::ZeroHash);
    }
    if p.graph_bytes == 0 {
        return Err(PlanError::ZeroGraphBytes);
    }
    if p.runs == 0 {
        return Err(PlanError::ZeroRuns);
    }
    if p.budget_bytes == 0 {
        return Err(PlanError::ZeroBudget);
    }
    if p.readback == Readback::PerRun {
        return Err(PlanError::PerRunReadback);
    }
    let output_buffer_bytes = if p.keep_all_outputs {
        mul(
            p.runs,
            p.output_bytes,
            "resident output bytes (runs × output)",
        )?
    } else {
        p.output_bytes
    };
    let peak = add(p.graph_bytes, p.frontier_bytes, "graph plus frontier bytes")?;
    let peak = add(peak, p.scratch_bytes, "graph, frontier and scratch bytes")?;
    let peak = add(peak, output_buffer_bytes, "peak resident bytes")?;
    if peak > p.budget_bytes {
        return Err(PlanError::OverBudget {
            required: peak,
            budget: p.budget_bytes,
        });
    }
    let repeats = p.runs - 1;
    let avoided_upload = mul(repeats, p.graph_bytes, "avoided graph upload bytes")?;
    let reuse = if p.runs == 1 {
        ReuseTelemetry::cold_upload(p.graph_bytes)
    } else {
        ReuseTelemetry::from_counters(1, repeats, p.graph_bytes, avoided_upload)
    };
    Ok(Plan {
        layout_hash: p.layout_hash,
        runs: p.runs,
        graph_upload_bytes: p.graph_bytes,
        frontier_bytes: p.frontier_bytes,
        total_frontier_refresh_bytes: mul(
            p.runs,
            p.frontier_bytes,
            "total frontier refresh bytes",
        )?,
        scratch_bytes: p.scratch_bytes,
        output_bytes: p.output_bytes,
        output_buffer_bytes,
        peak_resident_bytes: peak,
        budget_bytes: p.budget_bytes,
        avoided_graph_upload_bytes: avoided_upload,
        reuse,
        avoided_device_allocations: mul(
            repeats,
            ALLOCATIONS_PER_RUN,
            "avoided device allocations",
        )?,
        avoided_host_fences: repeats,
        host_readback_bytes: output_buffer_bytes,
        keep_all_outputs: p.keep_all_outputs,
        topology_resident: true,
        scratch_reused: true,
        final_only_readback: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn reference_profile() -> Profile {
        Profile {
            layout_hash: 0xfeed,
            graph_bytes: 1_048_576,
            runs: 128,
            frontier_bytes: 4_096,
            scratch_bytes: 65_536,
            output_bytes: 2_048,
            budget_bytes: 2_000_000,
            readback: Readback::FinalOnly,
            keep_all_outputs: false,
        }
    }

    #[test]
    fn spec_reference_figures() {
        let p = plan(&reference_profile()).unwrap();
        assert_eq!(p.total_frontier_refresh_bytes, 524_288);
        assert_eq!(p.avoided_graph_upload_bytes, 133_169_152);
        assert_eq!(
            p.reuse,
            ReuseTelemetry::from_counters(1, 127, 1_048_576, 133_169_152)
        );
        assert_eq!(p.avoided_device_allocations, 381);
        assert_eq!(p.avoided_host_fences, 127);
        assert_eq!(p.host_readback_bytes, 2_048);
        assert_eq!(p.graph_upload_bytes, 1_048_576);
        assert_eq!(p.peak_resident_bytes, 1_048_576 + 4_096 + 65_536 + 2_048);
        assert!(p.is_resident());
    }

    #[test]
    fn single_run_is_a_cold_upload() {
        let p = plan(&Profile {
            runs: 1,
            ..reference_profile()
        })
        .unwrap();
        assert_eq!(p.total_frontier_refresh_bytes, 4_096);
        assert_eq!(p.avoided_graph_upload_bytes, 0);
        assert_eq!(p.reuse, ReuseTelemetry::cold_upload(1_048_576));
        assert_eq!(
            (
                p.avoided_device_allocations,
                p.avoided_host_fences,
                p.host_readback_bytes
            ),
            (0, 0, 2_048)
        );
    }

    #[test]
    fn spec_over_budget_figure() {
        let p = Profile {
            layout_hash: 1,
            graph_bytes: 128,
            runs: 1,
            frontier_bytes: 16,
            scratch_bytes: 16,
            output_bytes: 16,
            budget_bytes: 127,
            readback: Readback::FinalOnly,
            keep_all_outputs: false,
        };
        assert_eq!(
            plan(&p),
            Err(PlanError::OverBudget {
                required: 176,
                budget: 127
            })
        );
    }

    #[test]
    fn checks_run_in_spec_order() {
        let all_bad = Profile {
            layout_hash: 0,
            graph_bytes: 0,
            runs: 0,
            budget_bytes: 0,
            readback: Readback::PerRun,
            ..reference_profile()
        };
        assert_eq!(plan(&all_bad), Err(PlanError::ZeroHash));
        let p = Profile {
            layout_hash: 1,
            ..all_bad
        };
        assert_eq!(plan(&p), Err(PlanError::ZeroGraphBytes));
        let p = Profile {
            graph_bytes: 1,
            ..p
        };
        assert_eq!(plan(&p), Err(PlanError::ZeroRuns));
        let p = Profile { runs: 1, ..p };
        assert_eq!(plan(&p), Err(PlanError::ZeroBudget));
        let p = Profile {
            budget_bytes: u64::MAX,
            ..p
        };
        assert_eq!(plan(&p), Err(PlanError::PerRunReadback));
        let p = Profile {
            readback: Readback::FinalOnly,
            graph_bytes: u64::MAX,
            ..p
        };
        assert!(matches!(
            plan(&p),
            Err(PlanError::Overflow {
                what: "graph plus frontier bytes"
            })
        ));
        assert_eq!(
            plan(&Profile {
                runs: 0,
                ..reference_profile()
            }),
            Err(PlanError::ZeroRuns)
        );
    }

    #[test]
    fn keep_all_outputs_multiplies_peak_and_readback() {
        let p = plan(&Profile {
            keep_all_outputs: true,
            budget_bytes: 10_000_000,
            ..reference_profile()
        })
        .unwrap();
        assert_eq!(p.host_readback_bytes, 128 * 2_048);
        assert_eq!(
            p.peak_resident_bytes,
            1_048_576 + 4_096 + 65_536 + 128 * 2_048
        );
        // A budget that fits one output (1,120,256 B) does not fit 128 of them.
        let tight = Profile {
            budget_bytes: 1_200_000,
            ..reference_profile()
        };
        assert!(plan(&tight).is_ok());
        assert_eq!(
            plan(&Profile {
                keep_all_outputs: true,
                ..tight
            }),
            Err(PlanError::OverBudget {
                required: 1_048_576 + 4_096 + 65_536 + 262_144,
                budget: 1_200_000
            })
        );
    }

    #[test]
    fn every_message_has_a_fix_hint() {
        let errors = [
            PlanError::ZeroHash,
            PlanError::ZeroGraphBytes,
            PlanError::ZeroRuns,
            PlanError::ZeroBudget,
            PlanError::PerRunReadback,
            PlanError::Overflow { what: "x" },
            PlanError::OverBudget {
                required: 2,
                budget: 1,
            },
        ];
        for e in errors {
            assert!(e.to_string().contains("Fix:"), "{e}");
        }
    }

    proptest::proptest! {
        #[test]
        fn planner_never_panics_and_peak_is_exact(
            hash in proptest::prelude::any::<u64>(),
            graph in proptest::prelude::any::<u64>(),
            runs in proptest::prelude::any::<u64>(),
            f in proptest::prelude::any::<u64>(),
            s in proptest::prelude::any::<u64>(),
            o in proptest::prelude::any::<u64>(),
            budget in proptest::prelude::any::<u64>(),
            keep in proptest::prelude::any::<bool>(),
        ) {
            let prof = Profile { layout_hash: hash, graph_bytes: graph, runs, frontier_bytes: f,
                scratch_bytes: s, output_bytes: o, budget_bytes: budget, readback: Readback::FinalOnly,
                keep_all_outputs: keep };
            if let Ok(p) = plan(&prof) {
                let out = if keep { u128::from(runs) * u128::from(o) } else { u128::from(o) };
                let peak = u128::from(graph) + u128::from(f) + u128::from(s) + out;
                proptest::prop_assert_eq!(u128::from(p.peak_resident_bytes), peak);
                proptest::prop_assert!(p.peak_resident_bytes <= budget);
                proptest::prop_assert_eq!(u128::from(p.avoided_graph_upload_bytes), u128::from(runs - 1) * u128::from(graph));
            }
        }
    }
}
