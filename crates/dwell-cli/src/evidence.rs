//! `dwell evidence verify`: check a speedup-evidence CSV against the release gate.

use crate::error::Result;
use crate::report;
use crate::report::{outln, Out};
use std::path::Path;

pub fn verify(file: &Path, required: f64, json: bool) -> Result<()> {
    let text = std::fs::read_to_string(file).map_err(|e| {
        format!(
            "{}: {e}. Fix: pass the path of an evidence CSV written by dwell bench",
            file.display()
        )
    })?;
    let proof = dwell::evidence::verify_csv(&text, required)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    if json {
        report::print_json(&serde_json::to_value(proof)?)
    } else {
        outln!(
            Out::Stdout,
            "{}: {} samples, {} repetitions, speedup {}x to {}x (required {required}x)",
            file.display(),
            proof.sample_count,
            proof.total_repetitions,
            proof.min_speedup_x,
            proof.max_speedup_x
        );
        Ok(())
    }
}
