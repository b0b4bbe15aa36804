//! Resident sessions: plan, execute, count, and prove speedups
//! (`../shared/spec/session-and-evidence.md`).
//!
//! - [`plan`]: a [`Profile`] of bytes and runs becomes the [`Plan`] an
//!   executor enforces.
//! - [`telemetry`]: cold uploads versus warm reuses of the resident graph.
//! - [`evidence`]: measured sessions → samples → release gate → CSV.

pub mod counters;
pub mod evidence;
pub mod executor;
pub mod plan;
pub mod profile;
pub mod telemetry;

pub use counters::{CounterSnapshot, Counters};
pub use executor::{Session, SessionError, SessionReport};
pub use plan::{plan, Plan, PlanError, Profile, Readback};
pub use telemetry::{ReuseTelemetry, TelemetryError};
