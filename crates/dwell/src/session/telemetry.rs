//! Reuse telemetry (spec §2): how often the resident graph was uploaded
//! (cold) versus reused (warm), and the bytes moved and avoided.

/// Four u64 counters. Arithmetic on them is checked: overflow and underflow
/// are errors, never wrapped or saturated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct ReuseTelemetry {
    pub cold_uploads: u64,
    pub warm_reuses: u64,
    pub upload_bytes: u64,
    pub avoided_upload_bytes: u64,
}

/// Telemetry arithmetic that left u64.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TelemetryError {
    #[error("reuse telemetry overflowed adding {field}. Fix: snapshot and reset the counters more often")]
    Overflow { field: &'static str },
    #[error("reuse telemetry went below zero in {field}: the snapshot is newer than the counters. Fix: subtract an earlier snapshot from a later one")]
    Underflow { field: &'static str },
}

impl ReuseTelemetry {
    /// One cold upload of `bytes`.
    pub fn cold_upload(bytes: u64) -> Self {
        Self::from_counters(1, 0, bytes, 0)
    }

    /// One warm reuse that avoided uploading `bytes`.
    pub fn warm_reuse(bytes: u64) -> Self {
        Self::from_counters(0, 1, 0, bytes)
    }

    pub fn from_counters(
        cold_uploads: u64,
        warm_reuses: u64,
        upload_bytes: u64,
        avoided_upload_bytes: u64,
    ) -> Self {
        ReuseTelemetry {
            cold_uploads,
            warm_reuses,
            upload_bytes,
            avoided_upload_bytes,
        }
    }

    fn zip(
        self,
        other: Self,
        op: fn(u64, u64) -> Option<u64>,
        err: fn(&'static str) -> TelemetryError,
    ) -> Result<Self, TelemetryError> {
        let f = |a, b, name| op(a, b).ok_or_else(|| err(name));
        Ok(ReuseTelemetry {
            cold_uploads: f(self.cold_uploads, other.cold_uploads, "cold_uploads")?,
            warm_reuses: f(self.warm_reuses, other.warm_reuses, "warm_reuses")?,
            upload_bytes: f(self.upload_bytes, other.upload_bytes, "upload_bytes")?,
            avoided_upload_bytes: f(
                self.avoided_upload_bytes,
                other.avoided_upload_bytes,
                "avoided_upload_bytes",
            )?,
        })
    }

    /// Counter-wise sum.
    pub fn checked_add(self, other: Self) -> Result<Self, TelemetryError> {
        self.zip(other, u64::checked_add, |field| TelemetryError::Overflow {
            field,
        })
    }

    /// What happened since `earlier` (counter-wise difference).
    pub fn since(self, earlier: Self) -> Result<Self, TelemetryError> {
        self.zip(earlier, u64::checked_sub, |field| {
            TelemetryError::Underflow { field }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructors() {
        assert_eq!(
            ReuseTelemetry::cold_upload(7),
            ReuseTelemetry::from_counters(1, 0, 7, 0)
        );
        assert_eq!(
            ReuseTelemetry::warm_reuse(7),
            ReuseTelemetry::from_counters(0, 1, 0, 7)
        );
    }

    #[test]
    fn one_cold_then_warm_reuses_add_up() {
        let mut t = ReuseTelemetry::cold_upload(100);
        for _ in 0..3 {
            t = t.checked_add(ReuseTelemetry::warm_reuse(100)).unwrap();
        }
        assert_eq!(t, ReuseTelemetry::from_counters(1, 3, 100, 300));
        let snap = ReuseTelemetry::cold_upload(100);
        assert_eq!(
            t.since(snap).unwrap(),
            ReuseTelemetry::from_counters(0, 3, 0, 300)
        );
    }

    #[test]
    fn overflow_and_underflow_are_errors() {
        let big = ReuseTelemetry::from_counters(0, 0, u64::MAX, 0);
        assert_eq!(
            big.checked_add(ReuseTelemetry::from_counters(0, 0, 1, 0)),
            Err(TelemetryError::Overflow {
                field: "upload_bytes"
            })
        );
        assert_eq!(
            ReuseTelemetry::default().since(ReuseTelemetry::warm_reuse(1)),
            Err(TelemetryError::Underflow {
                field: "warm_reuses"
            })
        );
    }
}
