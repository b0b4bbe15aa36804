//! The one table of analyses. Each analysis implements [`Analysis`] in its
//! own file (validation, footprint, fast kernel, reference oracle, verifier,
//! read-back size); the [`analyses!`] invocation in `analysis/mod.rs` names
//! it once, and from that one line come its [`Query`](super::Query) and
//! [`Output`](super::Output) variants and every dispatch over them. Adding
//! an analysis is one file plus one line there. Front ends take what they
//! need from the same declaration: its name, its default query, whether it
//! has a scipy peer, and how its answer is shown ([`Render`]).

use super::footprint::{Requirements, SizeOverflow};
use super::render::Render;
use super::{Ctx, QueryError, Violation};
use crate::graph::Graph;

/// Which implementation of an analysis runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kernels {
    /// The fast parallel kernel (`cpu`).
    Fast,
    /// The simple single-threaded oracle (`cpu-reference`).
    Reference,
}

/// One analysis: what it asks, what it answers, and how both are checked.
pub trait Analysis {
    /// Name used in reports and on the command line.
    const NAME: &'static str;
    /// The query's parameters (sources, masks, facts, …).
    type Query: Clone + std::fmt::Debug;
    /// The answer.
    type Output: Clone + std::fmt::Debug + PartialEq + Eq;

    /// Check every vertex id, fact and size against `g`. Kernels never see
    /// a query that fails this.
    fn validate(g: &Graph, q: &Self::Query) -> Result<(), QueryError>;

    /// What one run needs resident on the host backends (see
    /// [`footprint`](super::footprint)).
    fn footprint(g: &Graph, q: &Self::Query) -> Result<Requirements, SizeOverflow>;

    /// Bytes of an answer as read back (what [`footprint`](Self::footprint)
    /// plans as output).
    fn output_bytes(g: &Graph, out: &Self::Output) -> Result<u64, SizeOverflow>;

    /// How many independent questions one run answers (a batch of sources
    /// is one run of many): what a per-query time divides by.
    fn queries(_q: &Self::Query) -> u64 {
        1
    }

    /// The query from sources alone, every other parameter at its default
    /// (`dwell bench`, `dwell plan`, and `dwell run` for an analysis without
    /// flags of its own); `None` when it needs more (dataflow's sets).
    fn default_query(_sources: Vec<u32>) -> Option<Self::Query> {
        None
    }

    /// Whether `scripts/scipy_peer.py` answers this analysis (under
    /// [`NAME`](Self::NAME)), so `dwell bench` times it as the peer.
    const SCIPY_PEER: bool = false;

    /// An answer that is a failure in itself (PageRank that did not converge
    /// under NetworkX's rule): the message, ending in `Fix: …`. A session
    /// refuses to hand such an answer back.
    fn failure(_out: &Self::Output) -> Option<String> {
        None
    }

    /// How front ends show an answer (JSON, text, `--out`, the peer's
    /// check), declared beside the analysis. `None` for the analyses whose
    /// renderers predate this hook and still live in the CLI's `report.rs`.
    fn render(_out: &Self::Output) -> Option<&dyn Render> {
        None
    }

    /// Run the `kernels` implementation.
    fn run(kernels: Kernels, g: &Graph, q: &Self::Query, ctx: &Ctx<'_>) -> Self::Output;

    /// Check an answer's own invariants (GAPBS-style), whichever backend
    /// produced it.
    fn verify(g: &Graph, q: &Self::Query, out: &Self::Output) -> Result<(), Violation>;
}

/// Declares the registered analyses: `Variant(QueryType) => Impl` or, for an
/// analysis without parameters, `Variant => Impl` (its `Query` is `()`).
macro_rules! analyses {
    ($( $(#[$doc:meta])* $variant:ident $( ( $payload:ty ) )? => $imp:ty ),* $(,)?) => {
        /// One request to a backend. A batch of sources is one query with
        /// many independent results.
        #[derive(Debug, Clone)]
        pub enum Query {
            $( $(#[$doc])* $variant $( ($payload) )? ),*
        }

        /// What a backend returns for a [`Query`] (same variant as the query).
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Output {
            $( $variant(<$imp as Analysis>::Output) ),*
        }

        impl Query {
            /// Short name used in reports: `bfs`, `reach`, `wcc`, ….
            pub fn name(&self) -> &'static str {
                match self {
                    $( analyses!(@pat q $variant $($payload)?) => {
                        let _ = analyses!(@arg q $($payload)?);
                        <$imp as Analysis>::NAME
                    } ),*
                }
            }

            /// Every registered analysis's name, in registration order.
            pub const NAMES: &'static [&'static str] = &[$( <$imp as Analysis>::NAME ),*];

            /// Check every vertex id, fact and size against `g`.
            pub fn validate(&self, g: &Graph) -> Result<(), QueryError> {
                match self {
                    $( analyses!(@pat q $variant $($payload)?) =>
                        <$imp as Analysis>::validate(g, analyses!(@arg q $($payload)?)) ),*
                }
            }

            /// What one run of this query needs resident on the host backends.
            pub fn footprint(&self, g: &Graph) -> Result<Requirements, SizeOverflow> {
                match self {
                    $( analyses!(@pat q $variant $($payload)?) =>
                        <$imp as Analysis>::footprint(g, analyses!(@arg q $($payload)?)) ),*
                }
            }

            /// How many independent questions one run answers (sources of
            /// a batch; 1 for a whole-graph analysis).
            pub fn queries(&self) -> u64 {
                match self {
                    $( analyses!(@pat q $variant $($payload)?) =>
                        <$imp as Analysis>::queries(analyses!(@arg q $($payload)?)) ),*
                }
            }

            /// The query `name` asks from sources alone, every other
            /// parameter at its default ([`Analysis::default_query`]); `None`
            /// for an unknown name or an analysis that needs more.
            pub fn with_defaults(name: &str, sources: Vec<u32>) -> Option<Query> {
                $( if name == <$imp as Analysis>::NAME {
                    return <$imp as Analysis>::default_query(sources)
                        .map(|q| analyses!(@make $variant q $($payload)?));
                } )*
                None
            }

            /// Whether the analysis named `name` has a scipy peer
            /// ([`Analysis::SCIPY_PEER`]).
            pub fn has_scipy_peer(name: &str) -> bool {
                $( (name == <$imp as Analysis>::NAME && <$imp as Analysis>::SCIPY_PEER) )||*
            }

            /// Run `kernels` on a validated query.
            pub fn run(&self, kernels: Kernels, g: &Graph, ctx: &Ctx<'_>) -> Output {
                match self {
                    $( analyses!(@pat q $variant $($payload)?) => Output::$variant(
                        <$imp as Analysis>::run(kernels, g, analyses!(@arg q $($payload)?), ctx)
                    ) ),*
                }
            }

            /// Check `out`, an answer to this query on `g`, against the
            /// analysis's invariants.
            pub fn verify(&self, g: &Graph, out: &Output) -> Result<(), Violation> {
                match (self, out) {
                    $( (analyses!(@pat q $variant $($payload)?), Output::$variant(o)) =>
                        <$imp as Analysis>::verify(g, analyses!(@arg q $($payload)?), o) ),*,
                    _ => Err(Violation::new(format!(
                        "a {} query was answered with a {} output",
                        self.name(),
                        out.name()
                    ))),
                }
            }
        }

        impl Output {
            /// The analysis that produced this output.
            pub fn name(&self) -> &'static str {
                match self {
                    $( Output::$variant(_) => <$imp as Analysis>::NAME ),*
                }
            }

            /// Why this answer is a failure in itself, if it is
            /// ([`Analysis::failure`]).
            pub fn failure(&self) -> Option<String> {
                match self {
                    $( Output::$variant(o) => <$imp as Analysis>::failure(o) ),*
                }
            }

            /// How front ends show this answer, when its analysis declares
            /// it ([`Analysis::render`]).
            pub fn render(&self) -> Option<&dyn Render> {
                match self {
                    $( Output::$variant(o) => <$imp as Analysis>::render(o) ),*
                }
            }

            /// Bytes of this output as read back.
            pub fn bytes(&self, g: &Graph) -> Result<u64, SizeOverflow> {
                match self {
                    $( Output::$variant(o) => <$imp as Analysis>::output_bytes(g, o) ),*
                }
            }
        }
    };
    (@pat $q:ident $variant:ident $payload:ty) => { Query::$variant($q) };
    (@pat $q:ident $variant:ident) => { Query::$variant };
    (@arg $q:ident $payload:ty) => { $q };
    (@arg $q:ident) => { &() };
    (@make $variant:ident $q:ident $payload:ty) => { Query::$variant($q) };
    (@make $variant:ident $q:ident) => {{
        let () = $q;
        Query::$variant
    }};
}

pub(crate) use analyses;
