//! Resident sessions: plan, execute, count, and prove speedups
//! (`docs/spec/session-and-evidence.md`).
//!
//! - [`plan()`]: a [`Profile`] of bytes and runs becomes the [`Plan`] an
//!   executor enforces.
//! - [`memory`]: the memory the process can really use, the default budget.
//! - [`telemetry`]: cold uploads versus warm reuses of the resident graph.
//! - [`executor`]: the [`Session`] that enforces a plan, and [`run_once`].
//! - [`worker`]: a thread owning a resident session across calls (`dwell
//!   serve`, Python sessions).
//!
//! Speedup evidence from measured sessions lives above, in
//! [`crate::evidence`].

pub mod executor;
pub mod memory;
pub mod plan;
pub mod profile;
pub mod telemetry;
pub mod worker;

pub use crate::counters::{self, CounterSnapshot, Counters};
pub use executor::{run_once, run_once_within, Session, SessionError, SessionReport};
pub use plan::{plan, Plan, PlanError, Profile, Readback};
pub use telemetry::{ReuseTelemetry, TelemetryError};
