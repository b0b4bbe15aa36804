//! Verifiers' common error: an answer that breaks its analysis's invariants.

/// An answer that breaks an invariant of its analysis (a wrong level, a
/// set not closed under arcs, a broken witness path, …).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("answer failed verification: {message}. Fix: this is a bug in the backend that produced it; report it with the graph and query")]
pub struct Violation {
    pub message: String,
}

impl Violation {
    pub fn new(message: impl Into<String>) -> Violation {
        Violation {
            message: message.into(),
        }
    }
}

use super::{Analysis, Ctx, Kernels, Workspace};
use crate::counters::Counters;
use crate::graph::Graph;

/// The fallback check for an analysis without invariant checks of its own:
/// the answer must equal the reference oracle's.
pub(crate) fn against_reference<A: Analysis>(
    g: &Graph,
    q: &A::Query,
    out: &A::Output,
) -> Result<(), Violation> {
    let (counters, workspace) = (Counters::default(), Workspace::default());
    let want = A::run(Kernels::Reference, g, q, &Ctx::new(&counters, &workspace));
    if &want == out {
        Ok(())
    } else {
        Err(Violation::new(format!(
            "the {} answer differs from the reference oracle's",
            A::NAME
        )))
    }
}
