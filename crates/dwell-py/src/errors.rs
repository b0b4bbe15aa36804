//! Errors of the bindings in Python's terms: which exception each becomes
//! ([`Kind`]) and its message and fix with the CLI's wording (`--ids name`,
//! `ids 0..4`) turned into Python arguments and first-to-last id ranges.

use dwell::analysis::QueryError;
use dwell::formats::FormatError;
use dwell::graph::{GraphError, LabelError};
use dwell::session::plan::PlanError;
use dwell::session::SessionError;

/// Why a call could not be answered; every message ends with a `Fix:` hint.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Graph(#[from] GraphError),
    #[error(transparent)]
    Format(#[from] FormatError),
    #[error(transparent)]
    Session(#[from] SessionError),
    #[error(transparent)]
    Label(#[from] LabelError),
    #[cfg(feature = "cuda")]
    #[error(transparent)]
    Cuda(#[from] dwell_cuda::CudaError),
    /// Something this build leaves out (backend "cuda" without feature
    /// `cuda`); the message ends with a `Fix:` hint.
    #[error("{0}")]
    Unavailable(String),
    /// Bad arguments from Python; the message ends with a `Fix:` hint.
    #[error("{0}")]
    Input(String),
}

/// Which Python exception an [`Error`] becomes (`dwell._errors.make`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A bad argument value: `dwell.DwellValueError` (a `ValueError`).
    Value,
    /// The operating system refused a file: `dwell.DwellOSError` (an `OSError`).
    Os,
    /// The call needs more memory than the session's budget:
    /// `dwell.DwellBudgetError` (a `MemoryError`; the NetworkX backend
    /// hands such a call back to NetworkX).
    Budget,
    /// dwell refused the graph, file or query: `dwell.DwellError`.
    Refused,
    /// An answer that is a failure in itself (PageRank that did not
    /// converge under NetworkX's rule): `dwell.DwellConvergenceError`.
    NotConverged,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Value => "value",
            Kind::Os => "os",
            Kind::Budget => "budget",
            Kind::Refused => "refused",
            Kind::NotConverged => "not_converged",
        }
    }
}

/// CLI wording in dwell's messages and what a Python caller passes instead
/// (after [`python_flags`] has turned the quoted `--flag value` spans).
const PYTHON_WORDS: &[(&str, &str)] = &[
    ("--budget-bytes", "budget_bytes="),
    ("--backend cpu", "backend=\"cpu\""),
    ("--sources-file FILE", "an array of ids"),
    ("--sources", "sources"),
    ("--ids ", "ids="),
    ("--readback final-only", "one read-back per call"),
    ("`LoadOptions::max_nodes`", "the graph's size"),
    // PageRank's and betweenness' parameters.
    ("raise --max-iter", "raise max_iter="),
    ("loosen --tol", "loosen tol="),
    ("pass --stop gapbs", "pass stop=\"gapbs\""),
    ("pass --damping", "pass alpha="),
    ("a positive --tol", "a positive tol="),
    ("pass --max-iter 1", "pass max_iter=1"),
    ("or pass --endpoints", "or pass endpoints=True"),
    ("or leave out --weighted", "or pass weighted=False"),
];

/// CLI flags of quoted spans (`` `--ids name` ``) and the argument of
/// `dwell.load` / a session that does the same; `None`: a switch's value.
const PYTHON_ARGS: &[(&str, &str, Option<&str>)] = &[
    ("--ids", "ids", None),
    ("--columns", "columns", None),
    ("--weights", "weights", None),
    ("--input-format", "format", None),
    ("--backend", "backend", None),
    ("--directed", "directed", Some("True")),
    ("--undirected", "directed", Some("False")),
];

/// `text` with each quoted CLI span (`` `--columns 1,2,3` ``) written as
/// the Python argument (`` `columns="1,2,3"` ``); other spans unchanged.
fn python_flags(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, part) in text.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        // Odd parts are inside backticks.
        let (flag, value) = part.split_once(' ').unwrap_or((part, ""));
        match PYTHON_ARGS.iter().find(|(cli, ..)| *cli == flag) {
            Some((_, arg, switch)) if i % 2 == 1 => match (switch, value) {
                (Some(v), _) => out.push_str(&format!("{arg}={v}")),
                (None, "") => out.push_str(&format!("{arg}=")),
                (None, v) => out.push_str(&format!("{arg}=\"{v}\"")),
            },
            _ => out.push_str(part),
        }
    }
    out
}

/// `text` with id ranges written as first and last id: dwell's messages say
/// `ids 0..4` (Rust's half-open range) for 4 nodes; Python users read 0 to 3.
fn last_id_ranges(text: &str) -> String {
    const RANGE: &str = "ids 0..";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(RANGE) {
        let after = &rest[at + RANGE.len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        out.push_str(&rest[..at]);
        match after[..digits].parse::<u64>() {
            Ok(n) if n > 0 => out.push_str(&format!("ids 0 to {}", n - 1)),
            _ => out.push_str(&rest[at..at + RANGE.len() + digits]),
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

impl Error {
    /// The message before `Fix:` and the hint after it, in Python's terms:
    /// arguments, not the CLI's flags; ranges as first and last id.
    pub fn split(&self) -> (String, String) {
        let (message, fix) = match self.python_text() {
            Some(pair) => pair,
            None => {
                let text = self.to_string();
                match text.rfind("Fix:") {
                    Some(i) => (text[..i].to_string(), text[i + 4..].trim().to_string()),
                    None => (text, String::new()),
                }
            }
        };
        let message = message.trim_end().trim_end_matches('.').to_string() + ".";
        let python = |text: &str| {
            PYTHON_WORDS
                .iter()
                .fold(last_id_ranges(&python_flags(text)), |t, (cli, py)| {
                    t.replace(cli, py)
                })
        };
        (python(&message), python(&fix))
    }

    /// The Python exception this error becomes.
    pub fn kind(&self) -> Kind {
        match self {
            Error::Input(_) | Error::Label(_) => Kind::Value,
            Error::Graph(
                GraphError::IdOutOfRange { .. }
                | GraphError::TooManyNodes { .. }
                | GraphError::BadWeight { .. },
            ) => Kind::Value,
            Error::Session(SessionError::Query(_)) => Kind::Value,
            Error::Session(SessionError::Failed(_)) => Kind::NotConverged,
            Error::Session(SessionError::Plan(PlanError::OverBudget { .. })) => Kind::Budget,
            Error::Format(FormatError::Io { .. }) => Kind::Os,
            // A file dwell cannot parse is a bad value, as json's errors are.
            Error::Format(FormatError::Parse { .. }) => Kind::Value,
            Error::Format(FormatError::Graph {
                source: GraphError::IdOutOfRange { .. } | GraphError::TooManyNodes { .. },
                ..
            }) => Kind::Value,
            _ => Kind::Refused,
        }
    }

    /// Messages whose CLI wording needs more than a word swapped.
    fn python_text(&self) -> Option<(String, String)> {
        let ids = |nodes: u64| match nodes.checked_sub(1) {
            Some(last) => format!("ids 0 to {last}"),
            None => "no ids: the graph has no vertices".to_string(),
        };
        Some(match self {
            Error::Session(SessionError::Query(QueryError::VertexOutOfRange {
                what,
                id,
                nodes,
            })) => (
                format!("{what} vertex {id} is out of range: the graph has {nodes} nodes ({})", ids(*nodes as u64)),
                format!("pass {what} {}", ids(*nodes as u64)),
            ),
            Error::Session(SessionError::Query(QueryError::NoSources)) => (
                "no source vertices given".into(),
                "pass at least one vertex id, e.g. sources=[0, 5, 9]".into(),
            ),
            Error::Session(SessionError::Plan(PlanError::OverBudget { required, budget })) => (
                format!("the call needs {required} bytes resident but the session's budget is {budget} bytes"),
                "pass fewer sources per call, ask for summaries instead of levels (levels=False), or open the session with a larger budget_bytes= if that memory is really free (the default, dwell.default_budget(), is what this process may use)".into(),
            ),
            Error::Graph(GraphError::IdOutOfRange { id, nodes }) => (
                format!("vertex id {id} is out of range for a graph of {nodes} nodes ({})", ids(*nodes)),
                "pass n= above every vertex id, or leave n out (it defaults to the largest id + 1)".into(),
            ),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CLI spans and half-open ranges in dwell's own messages, as a
    /// Python caller writes them.
    #[test]
    fn cli_words_become_python_arguments() {
        assert_eq!(
            python_flags("rows (choose fields with `--columns src,dst[,label]`, by header name); `--undirected`"),
            "rows (choose fields with `columns=\"src,dst[,label]\"`, by header name); `directed=False`"
        );
        assert_eq!(
            python_flags("`--columns` position 0; use `--ids auto` or `x`"),
            "`columns=` position 0; use `ids=\"auto\"` or `x`"
        );
        assert_eq!(
            last_id_ranges("node 4 is out of range: 4 nodes (ids 0..4); ids 0..0, ids 0..x"),
            "node 4 is out of range: 4 nodes (ids 0 to 3); ids 0..0, ids 0..x"
        );
    }
}
