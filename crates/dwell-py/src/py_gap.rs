//! The GAP kernels of `dwell._dwell`: shortest paths, betweenness, PageRank
//! and triangles, one function each, conversions only (queries are built
//! here, run by `py::call` on the session's resident graph, and the results
//! handed back as numpy arrays; `python/dwell/_gap.py` checks arguments).

use crate::core::Error;
use crate::py::{call, live, to_py, CoreSession, PyReport};
use dwell::analysis::{
    BetweennessQuery, EdgeBetweennessQuery, Output, PageRankQuery, Query, SsspQuery, StopRule,
};
use dwell::graph::NO_VERTEX;
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray1};
use pyo3::prelude::*;

/// Shortest path lengths from each source: (distances sources × nodes,
/// +inf where unreached; parents as int64, −1 where unreached, when asked
/// for; reached per source; the bucket width used; whether weights were
/// the lengths; report).
#[pyfunction]
#[pyo3(signature = (session, sources, parents, delta, runs, budget))]
#[allow(clippy::type_complexity)]
fn sssp<'py>(
    py: Python<'py>,
    session: &CoreSession,
    sources: PyReadonlyArray1<'_, u32>,
    parents: bool,
    delta: Option<f64>,
    runs: u64,
    budget: Option<u64>,
) -> PyResult<(
    Bound<'py, PyArray2<f64>>,
    Option<Bound<'py, PyArray2<i64>>>,
    Bound<'py, PyArray1<u64>>,
    f64,
    bool,
    PyReport,
)> {
    let q = Query::Sssp(SsspQuery {
        sources: sources.as_slice()?.to_vec(),
        delta,
        parents,
    });
    let live = live(py, session, false)?;
    let n = live.graph().nodes();
    let (out, rep) = call(py, live, q, runs, budget)?;
    let Output::Sssp(r) = out else {
        unreachable!("an SSSP query answers with distances")
    };
    let rows = r.sources.len();
    let (dist, tree) = py.detach(|| {
        let dist: Vec<f64> = r
            .sources
            .iter()
            .flat_map(|s| s.dist.iter().copied())
            .collect();
        let tree = parents.then(|| {
            let parent = |p: &u32| if *p == NO_VERTEX { -1 } else { i64::from(*p) };
            let each = r.sources.iter();
            each.flat_map(|s| s.parent.as_deref().unwrap_or(&[]).iter().map(parent))
                .collect::<Vec<i64>>()
        });
        (dist, tree)
    });
    let matrix = |v| Array2::from_shape_vec((rows, n), v).expect("rows of n per source");
    let reached: Vec<u64> = r.sources.iter().map(|s| s.reached).collect();
    Ok((
        matrix(dist).into_pyarray(py),
        tree.map(|t| {
            Array2::from_shape_vec((rows, n), t)
                .expect("rows of n per source")
                .into_pyarray(py)
        }),
        reached.into_pyarray(py),
        r.delta,
        r.weighted,
        rep,
    ))
}

/// Betweenness centrality (Brandes; `weighted`: by the graph's arc
/// lengths): (scores, report). `sample` None: every vertex a source.
#[pyfunction]
#[pyo3(signature = (session, sample, normalized, endpoints, weighted, runs, budget))]
#[allow(clippy::too_many_arguments)]
fn betweenness<'py>(
    py: Python<'py>,
    session: &CoreSession,
    sample: Option<PyReadonlyArray1<'_, u32>>,
    normalized: bool,
    endpoints: bool,
    weighted: bool,
    runs: u64,
    budget: Option<u64>,
) -> PyResult<(Bound<'py, PyArray1<f64>>, PyReport)> {
    let q = Query::Betweenness(BetweennessQuery {
        sources: sample
            .map(|s| s.as_slice().map(<[u32]>::to_vec))
            .transpose()?,
        normalized,
        endpoints,
        weighted,
    });
    let (out, rep) = call(py, live(py, session, false)?, q, runs, budget)?;
    let Output::Betweenness(r) = out else {
        unreachable!("a betweenness query answers with scores")
    };
    Ok((r.scores.into_pyarray(py), rep))
}

/// Edge betweenness centrality (Brandes; `weighted`: by the graph's arc
/// lengths): (sources of the edges, their targets, scores, report); the
/// edges as the library lists them (every arc of a directed graph, each
/// undirected edge once with `u ≤ v`, in CSR order).
#[pyfunction]
#[pyo3(signature = (session, sample, normalized, weighted, runs, budget))]
#[allow(clippy::type_complexity)]
fn edge_betweenness<'py>(
    py: Python<'py>,
    session: &CoreSession,
    sample: Option<PyReadonlyArray1<'_, u32>>,
    normalized: bool,
    weighted: bool,
    runs: u64,
    budget: Option<u64>,
) -> PyResult<(
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<f64>>,
    PyReport,
)> {
    let q = Query::EdgeBetweenness(EdgeBetweennessQuery {
        sources: sample
            .map(|s| s.as_slice().map(<[u32]>::to_vec))
            .transpose()?,
        normalized,
        weighted,
    });
    let (out, rep) = call(py, live(py, session, false)?, q, runs, budget)?;
    let Output::EdgeBetweenness(r) = out else {
        unreachable!("an edge betweenness query answers with edge scores")
    };
    let (us, vs): (Vec<u32>, Vec<u32>) = r.edges.into_iter().unzip();
    Ok((
        us.into_pyarray(py),
        vs.into_pyarray(py),
        r.scores.into_pyarray(py),
        rep,
    ))
}

/// PageRank: (scores, iterations, converged, last L1 change, threshold,
/// report). Under `stop="networkx"` an answer that did not converge is an
/// error (`DwellConvergenceError`), as NetworkX raises.
#[pyfunction]
#[pyo3(signature = (session, damping, tolerance, max_iterations, stop, personalization, runs, budget))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn pagerank<'py>(
    py: Python<'py>,
    session: &CoreSession,
    damping: f64,
    tolerance: f64,
    max_iterations: u32,
    stop: &str,
    personalization: Option<PyReadonlyArray1<'_, f64>>,
    runs: u64,
    budget: Option<u64>,
) -> PyResult<(Bound<'py, PyArray1<f64>>, u32, bool, f64, f64, PyReport)> {
    let stop = match stop {
        "networkx" => StopRule::Networkx,
        "gapbs" => StopRule::Gapbs,
        other => {
            return Err(to_py(
                py,
                Error::Input(format!(
                    "unknown stop rule {other:?}. Fix: pass stop=\"networkx\" (L1 change below n·tol, an error past max_iter) or stop=\"gapbs\" (below tol, stops at max_iter)"
                )),
            ))
        }
    };
    let q = Query::PageRank(PageRankQuery {
        damping,
        tolerance,
        max_iterations,
        stop,
        update: dwell::analysis::Update::Jacobi,
        personalization: personalization
            .map(|p| p.as_slice().map(<[f64]>::to_vec))
            .transpose()?,
    });
    let (out, rep) = call(py, live(py, session, false)?, q, runs, budget)?;
    let Output::PageRank(r) = out else {
        unreachable!("a PageRank query answers with scores")
    };
    let summary = (r.iterations, r.converged, r.error, r.threshold);
    Ok((
        r.scores.into_pyarray(py),
        summary.0,
        summary.1,
        summary.2,
        summary.3,
        rep,
    ))
}

/// Triangles on the undirected view: (total, per vertex, local clustering,
/// average clustering, transitivity, report).
#[pyfunction]
#[pyo3(signature = (session, runs, budget))]
#[allow(clippy::type_complexity)]
fn triangles<'py>(
    py: Python<'py>,
    session: &CoreSession,
    runs: u64,
    budget: Option<u64>,
) -> PyResult<(
    u64,
    Bound<'py, PyArray1<u64>>,
    Bound<'py, PyArray1<f64>>,
    f64,
    f64,
    PyReport,
)> {
    let (out, rep) = call(
        py,
        live(py, session, false)?,
        Query::Triangles,
        runs,
        budget,
    )?;
    let Output::Triangles(t) = out else {
        unreachable!("a triangles query answers with counts")
    };
    Ok((
        t.triangles,
        t.per_vertex.into_pyarray(py),
        t.clustering.into_pyarray(py),
        t.average_clustering,
        t.transitivity,
        rep,
    ))
}

/// Adds this file's functions to `dwell._dwell`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sssp, m)?)?;
    m.add_function(wrap_pyfunction!(betweenness, m)?)?;
    m.add_function(wrap_pyfunction!(edge_betweenness, m)?)?;
    m.add_function(wrap_pyfunction!(pagerank, m)?)?;
    m.add_function(wrap_pyfunction!(triangles, m)?)?;
    Ok(())
}
