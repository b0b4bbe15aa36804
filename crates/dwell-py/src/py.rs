//! The PyO3 module `dwell._dwell`: conversions only. Every graph build and
//! every session runs with the GIL released (`Python::detach`); the Python
//! package (`python/dwell/`) shapes the results into structured arrays,
//! dataclasses and dicts.

use crate::core::{self, Error, Live, Report};
use crate::nx_order;
use dwell::analysis::{
    BfsQuery, DataflowProblem, Direction, FactSets, Meet, Output, Query, ReachQuery, TaintQuery,
};
use dwell::backend::Backend;
use dwell::graph::Graph;
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray1, PyReadonlyArray2};
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

/// `dwell.DwellError(message, fix)` (or its ValueError / OSError kinds),
/// defined in Python so it can carry both.
pub(crate) fn to_py(py: Python<'_>, e: Error) -> PyErr {
    let (message, fix) = e.split();
    let made = py
        .import("dwell._errors")
        .and_then(|m| m.getattr("make"))
        .and_then(|make| make.call1((e.kind().name(), message.clone(), fix)));
    match made {
        Ok(obj) => PyErr::from_value(obj),
        Err(_) => PyException::new_err(message),
    }
}

/// A resident-ready graph: dwell's normalized CSR, shared with every
/// session opened on it; the reverse graph made once on first use.
#[pyclass(frozen, module = "dwell._dwell", name = "CoreGraph")]
pub struct CoreGraph {
    pub(crate) g: Arc<Graph>,
    reverse: OnceLock<Arc<Graph>>,
}

impl CoreGraph {
    fn new(g: Graph) -> CoreGraph {
        CoreGraph {
            g: Arc::new(g),
            reverse: OnceLock::new(),
        }
    }
}

#[pymethods]
impl CoreGraph {
    #[getter]
    fn nodes(&self) -> usize {
        self.g.nodes()
    }
    #[getter]
    fn arcs(&self) -> usize {
        self.g.arcs()
    }
    #[getter]
    fn directed(&self) -> bool {
        self.g.is_directed()
    }
    #[getter]
    fn layout_hash(&self) -> u64 {
        self.g.layout_hash()
    }
    #[getter]
    fn has_labels(&self) -> bool {
        self.g.has_labels()
    }
    /// `[(name, bit mask), …]` in bit order.
    fn label_names(&self) -> Vec<(String, u32)> {
        self.g
            .label_names()
            .iter()
            .map(|(n, b)| (n.to_string(), b))
            .collect()
    }
    /// Vertex names in id order (files with named vertices), else None.
    fn vertex_names(&self) -> Option<Vec<String>> {
        core::vertex_names(&self.g)
    }
    /// The forward CSR: (offsets uint64[n+1], targets uint32[arcs]).
    fn csr<'py>(&self, py: Python<'py>) -> (Bound<'py, PyArray1<u64>>, Bound<'py, PyArray1<u32>>) {
        let csr = self.g.forward();
        (
            PyArray1::from_slice(py, csr.offsets()),
            PyArray1::from_slice(py, csr.targets()),
        )
    }
    #[getter]
    fn has_weights(&self) -> bool {
        self.g.has_weights()
    }
    /// Per-arc weights in CSR order, if the graph has weights.
    fn arc_weights<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray1<f64>>> {
        self.g
            .forward()
            .weights()
            .map(|w| PyArray1::from_slice(py, w))
    }
    /// Per-arc label masks in CSR order, if the graph has labels.
    fn arc_labels<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray1<u32>>> {
        self.g
            .forward()
            .labels()
            .map(|l| PyArray1::from_slice(py, l))
    }
    /// The graph with every arc turned around (itself when undirected).
    fn reversed(&self, py: Python<'_>) -> PyResult<CoreGraph> {
        Ok(CoreGraph {
            g: self.reverse_arc(py)?,
            reverse: OnceLock::from(Arc::clone(&self.g)),
        })
    }
}

impl CoreGraph {
    fn reverse_arc(&self, py: Python<'_>) -> PyResult<Arc<Graph>> {
        if !self.g.is_directed() {
            return Ok(Arc::clone(&self.g));
        }
        if let Some(r) = self.reverse.get() {
            return Ok(Arc::clone(r));
        }
        let g = Arc::clone(&self.g);
        let r = py
            .detach(move || core::reversed(&g))
            .map_err(|e| to_py(py, e))?;
        Ok(Arc::clone(self.reverse.get_or_init(|| Arc::new(r))))
    }
}

#[pyfunction]
#[pyo3(signature = (src, dst, nodes, directed, labels, label_names, weights=None))]
#[allow(clippy::too_many_arguments)]
fn from_edges(
    py: Python<'_>,
    src: PyReadonlyArray1<'_, u64>,
    dst: PyReadonlyArray1<'_, u64>,
    nodes: Option<u64>,
    directed: bool,
    labels: Option<PyReadonlyArray1<'_, u32>>,
    label_names: Vec<String>,
    weights: Option<PyReadonlyArray1<'_, f64>>,
) -> PyResult<CoreGraph> {
    let (src, dst) = (src.as_slice()?, dst.as_slice()?);
    let data = core::ArcData {
        labels: labels.as_ref().map(|l| l.as_slice()).transpose()?,
        label_names: &label_names,
        weights: weights.as_ref().map(|w| w.as_slice()).transpose()?,
    };
    py.detach(|| core::from_edges(src, dst, nodes, directed, data))
        .map(CoreGraph::new)
        .map_err(|e| to_py(py, e))
}

#[pyfunction]
#[pyo3(signature = (path, directed, format, ids=None, columns=None, weights=None))]
fn load(
    py: Python<'_>,
    path: PathBuf,
    directed: Option<bool>,
    format: Option<String>,
    ids: Option<String>,
    columns: Option<String>,
    weights: Option<String>,
) -> PyResult<CoreGraph> {
    py.detach(|| {
        core::load(
            &path,
            directed,
            format.as_deref(),
            ids.as_deref(),
            columns.as_deref(),
            weights.as_deref(),
        )
    })
    .map(CoreGraph::new)
    .map_err(|e| to_py(py, e))
}

#[pyfunction]
fn default_budget() -> u64 {
    core::default_budget()
}

/// The report as (backend, plan JSON, counters JSON, reuse JSON).
pub(crate) type PyReport = (&'static str, String, String, String);

fn report(r: Report) -> PyReport {
    (r.backend, r.plan, r.counters, r.reuse)
}

/// A Python session (`with g.session(backend=…)`): one live dwell session
/// per direction searched (the graph, and its reverse for `reverse=True`
/// searches), each opened by the first call that needs it and kept
/// resident until `close`.
#[pyclass(frozen, module = "dwell._dwell", name = "CoreSession")]
pub struct CoreSession {
    pub(crate) graph: Py<CoreGraph>,
    backend: &'static dyn Backend,
    /// [forward, reverse].
    lives: Mutex<[Option<Arc<Live>>; 2]>,
}

#[pymethods]
impl CoreSession {
    /// Opens the backend (`cuda`: device 0, once per process); the graph is
    /// uploaded by the first call.
    #[new]
    fn new(py: Python<'_>, graph: Py<CoreGraph>, backend: &str) -> PyResult<CoreSession> {
        let backend = py
            .detach(|| core::backend(backend))
            .map_err(|e| to_py(py, e))?;
        Ok(CoreSession {
            graph,
            backend,
            lives: Mutex::new([None, None]),
        })
    }

    /// Release the resident graphs (their threads end once a call still
    /// running returns).
    fn close(&self, py: Python<'_>) {
        let taken = std::mem::take(&mut *self.lives.lock().unwrap_or_else(|p| p.into_inner()));
        py.detach(move || drop(taken));
    }
}

/// The live session for `reverse` (or forward) searches, opened on first use.
pub(crate) fn live(py: Python<'_>, s: &CoreSession, reverse: bool) -> PyResult<Arc<Live>> {
    // The graph first: reversing it releases the GIL, which must not happen
    // while the lock below is held.
    let g = pick(py, s.graph.get(), reverse)?;
    let mut lives = s.lives.lock().unwrap_or_else(|p| p.into_inner());
    let slot = &mut lives[usize::from(reverse)];
    if let Some(l) = slot {
        return Ok(Arc::clone(l));
    }
    let l = Arc::new(Live::new(s.backend, g).map_err(|e| to_py(py, e))?);
    *slot = Some(Arc::clone(&l));
    Ok(l)
}

/// Run `q` `runs` times on the live session and read back (GIL released).
pub(crate) fn call(
    py: Python<'_>,
    live: Arc<Live>,
    q: Query,
    runs: u64,
    budget: Option<u64>,
) -> PyResult<(Output, PyReport)> {
    py.detach(move || {
        let budget = budget.unwrap_or_else(core::default_budget);
        live.run(&q, runs, budget)
    })
    .map(|(out, r)| (out, report(r)))
    .map_err(|e| to_py(py, e))
}

fn pick(py: Python<'_>, g: &CoreGraph, reverse: bool) -> PyResult<Arc<Graph>> {
    if reverse {
        g.reverse_arc(py)
    } else {
        Ok(Arc::clone(&g.g))
    }
}

fn direction(name: &str) -> Result<Direction, Error> {
    match name {
        "forward" => Ok(Direction::Forward),
        "backward" => Ok(Direction::Backward),
        other => Err(Error::Input(format!(
            "unknown direction {other:?}. Fix: use \"forward\" or \"backward\""
        ))),
    }
}

type BfsColumns<'py> = (
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<u64>>,
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<u64>>,
);

/// BFS from each source: summary columns (source, reached, max_level,
/// level_sum), the int32 level matrix when asked for, and the report.
/// `reverse` searches against the arcs (on the cached reverse graph).
#[pyfunction]
#[pyo3(signature = (session, sources, keep_levels, reverse, runs, budget))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn bfs<'py>(
    py: Python<'py>,
    session: &CoreSession,
    sources: PyReadonlyArray1<'_, u32>,
    keep_levels: bool,
    reverse: bool,
    runs: u64,
    budget: Option<u64>,
) -> PyResult<(BfsColumns<'py>, Option<Bound<'py, PyArray2<i32>>>, PyReport)> {
    let q = Query::Bfs(BfsQuery {
        sources: sources.as_slice()?.to_vec(),
        keep_levels,
    });
    let live = live(py, session, reverse)?;
    let n = live.graph().nodes();
    let (out, rep) = call(py, live, q, runs, budget)?;
    let Output::Bfs(rs) = out else {
        unreachable!("a BFS query answers with BFS results")
    };
    let levels = if keep_levels {
        let flat = py
            .detach(|| -> Result<Vec<i32>, Error> {
                let mut flat = Vec::with_capacity(rs.len() * n);
                for r in &rs {
                    flat.extend(core::levels_i32(r.levels.as_deref().unwrap_or(&[]))?);
                }
                Ok(flat)
            })
            .map_err(|e| to_py(py, e))?;
        let m = Array2::from_shape_vec((rs.len(), n), flat).expect("rows of n levels");
        Some(m.into_pyarray(py))
    } else {
        None
    };
    let cols = (
        rs.iter()
            .map(|r| r.source)
            .collect::<Vec<_>>()
            .into_pyarray(py),
        rs.iter()
            .map(|r| r.reached)
            .collect::<Vec<_>>()
            .into_pyarray(py),
        rs.iter()
            .map(|r| r.max_level)
            .collect::<Vec<_>>()
            .into_pyarray(py),
        rs.iter()
            .map(|r| r.level_sum)
            .collect::<Vec<_>>()
            .into_pyarray(py),
    );
    Ok((cols, levels, rep))
}

/// Harmonic sums Σ 1/d per source, from the sweeps' per-level counts.
#[pyfunction]
#[pyo3(signature = (session, sources, reverse, budget))]
fn harmonic<'py>(
    py: Python<'py>,
    session: &CoreSession,
    sources: PyReadonlyArray1<'_, u32>,
    reverse: bool,
    budget: Option<u64>,
) -> PyResult<(Bound<'py, PyArray1<f64>>, String)> {
    let live = live(py, session, reverse)?;
    let sources = sources.as_slice()?;
    py.detach(move || core::harmonic(&live, sources, budget.unwrap_or_else(core::default_budget)))
        .map(|(v, plan)| (v.into_pyarray(py), plan))
        .map_err(|e| to_py(py, e))
}

/// Reachability: (sources, reached, [sinks reached per source], bool set
/// matrix or None, report).
#[pyfunction]
#[pyo3(signature = (session, sources, direction, mask, sinks, keep_sets, runs, budget))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn reach<'py>(
    py: Python<'py>,
    session: &CoreSession,
    sources: PyReadonlyArray1<'_, u32>,
    direction: &str,
    mask: u32,
    sinks: PyReadonlyArray1<'_, u32>,
    keep_sets: bool,
    runs: u64,
    budget: Option<u64>,
) -> PyResult<(
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<u64>>,
    Vec<Bound<'py, PyArray1<u32>>>,
    Option<Bound<'py, PyArray2<bool>>>,
    PyReport,
)> {
    let q = Query::Reach(ReachQuery {
        sources: sources.as_slice()?.to_vec(),
        direction: self::direction(direction).map_err(|e| to_py(py, e))?,
        mask,
        sinks: sinks.as_slice()?.to_vec(),
        keep_sets,
    });
    let n = session.graph.get().g.nodes();
    let (out, rep) = call(py, live(py, session, false)?, q, runs, budget)?;
    let Output::Reach(rs) = out else {
        unreachable!("a reach query answers with reach results")
    };
    let sets = keep_sets.then(|| {
        let m = Array2::from_shape_fn((rs.len(), n), |(i, v)| {
            rs[i]
                .set
                .as_ref()
                .is_some_and(|s| s[v / 64] >> (v % 64) & 1 == 1)
        });
        m.into_pyarray(py)
    });
    Ok((
        rs.iter()
            .map(|r| r.source)
            .collect::<Vec<_>>()
            .into_pyarray(py),
        rs.iter()
            .map(|r| r.reached)
            .collect::<Vec<_>>()
            .into_pyarray(py),
        rs.iter()
            .map(|r| PyArray1::from_slice(py, &r.sinks_reached))
            .collect(),
        sets,
        rep,
    ))
}

type PyFinding = (u32, Option<Vec<u32>>);

/// Taint: per source (source, tainted count, [(sink, witness path)]), report.
#[pyfunction]
#[pyo3(signature = (session, sources, sinks, sanitizers, mask, witnesses, runs, budget))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn taint(
    py: Python<'_>,
    session: &CoreSession,
    sources: PyReadonlyArray1<'_, u32>,
    sinks: PyReadonlyArray1<'_, u32>,
    sanitizers: PyReadonlyArray1<'_, u32>,
    mask: u32,
    witnesses: bool,
    runs: u64,
    budget: Option<u64>,
) -> PyResult<(Vec<(u32, u64, Vec<PyFinding>)>, PyReport)> {
    let q = Query::Taint(TaintQuery {
        sources: sources.as_slice()?.to_vec(),
        sinks: sinks.as_slice()?.to_vec(),
        sanitizers: sanitizers.as_slice()?.to_vec(),
        mask,
        witnesses,
    });
    let (out, rep) = call(py, live(py, session, false)?, q, runs, budget)?;
    let Output::Taint(rs) = out else {
        unreachable!("a taint query answers with taint results")
    };
    let rows = rs
        .into_iter()
        .map(|r| {
            let f = r.findings.into_iter().map(|f| (f.sink, f.path)).collect();
            (r.source, r.tainted, f)
        })
        .collect();
    Ok((rows, rep))
}

/// Weak (`strong=False`) or strong components: (count, largest, labels, report).
#[pyfunction]
#[pyo3(signature = (session, strong, runs, budget))]
fn components<'py>(
    py: Python<'py>,
    session: &CoreSession,
    strong: bool,
    runs: u64,
    budget: Option<u64>,
) -> PyResult<(u64, u64, Bound<'py, PyArray1<u32>>, PyReport)> {
    let q = if strong { Query::Scc } else { Query::Wcc };
    let (out, rep) = call(py, live(py, session, false)?, q, runs, budget)?;
    let (Output::Wcc(c) | Output::Scc(c)) = out else {
        unreachable!("a components query answers with components")
    };
    Ok((c.count, c.largest, c.labels.into_pyarray(py), rep))
}

fn fact_sets(m: &PyReadonlyArray2<'_, bool>, nodes: usize, what: &str) -> Result<FactSets, Error> {
    let a = m.as_array();
    let (rows, facts) = a.dim();
    if rows != nodes {
        return Err(Error::Input(format!(
            "{what} has {rows} rows but the graph has {nodes} nodes. Fix: pass one row per node (shape (nodes, facts))"
        )));
    }
    let mut s = FactSets::try_new(nodes, facts).ok_or_else(|| {
        Error::Input(format!(
            "{what}: {nodes} × {facts} facts do not fit in memory. Fix: use fewer facts"
        ))
    })?;
    for ((v, f), &on) in a.indexed_iter() {
        if on {
            s.set(v as u32, f as u32);
        }
    }
    Ok(s)
}

fn fact_matrix(s: &FactSets) -> Array2<bool> {
    Array2::from_shape_fn((s.nodes(), s.facts), |(v, f)| {
        s.node(v as u32)[f / 64] >> (f % 64) & 1 == 1
    })
}

/// Bit-vector dataflow: (input, output, evaluations, report); gen and kill
/// are (nodes, facts) bool matrices.
#[pyfunction]
#[pyo3(signature = (session, gen, kill, direction, meet, runs, budget))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn dataflow<'py>(
    py: Python<'py>,
    session: &CoreSession,
    gen: PyReadonlyArray2<'_, bool>,
    kill: PyReadonlyArray2<'_, bool>,
    direction: &str,
    meet: &str,
    runs: u64,
    budget: Option<u64>,
) -> PyResult<(
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray2<bool>>,
    u64,
    PyReport,
)> {
    let n = session.graph.get().g.nodes();
    let problem = (|| -> Result<DataflowProblem, Error> {
        let meet = match meet {
            "union" => Meet::Union,
            "intersection" => Meet::Intersection,
            other => {
                return Err(Error::Input(format!(
                    "unknown meet {other:?}. Fix: use \"union\" (may-analyses) or \"intersection\" (must-analyses)"
                )))
            }
        };
        Ok(DataflowProblem::new(
            self::direction(direction)?,
            meet,
            fact_sets(&gen, n, "gen")?,
            fact_sets(&kill, n, "kill")?,
        ))
    })()
    .map_err(|e| to_py(py, e))?;
    let live = live(py, session, false)?;
    let (out, rep) = call(py, live, Query::Dataflow(problem), runs, budget)?;
    let Output::Dataflow(sol) = out else {
        unreachable!("a dataflow query answers with a solution")
    };
    Ok((
        fact_matrix(&sol.input).into_pyarray(py),
        fact_matrix(&sol.output).into_pyarray(py),
        sol.evaluations,
        rep,
    ))
}

/// NetworkX's strongly connected components in its yield order, over an
/// adjacency in the NetworkX graph's own neighbour order.
#[pyfunction]
fn nx_strong_components<'py>(
    py: Python<'py>,
    offsets: PyReadonlyArray1<'_, u64>,
    targets: PyReadonlyArray1<'_, u32>,
) -> PyResult<(Bound<'py, PyArray1<u32>>, u32)> {
    let (o, t) = (offsets.as_slice()?, targets.as_slice()?);
    let (labels, count) = py
        .detach(|| nx_order::Adjacency::new(o, t).map(|a| nx_order::strong_components(&a)))
        .map_err(|e| to_py(py, e))?;
    Ok((labels.into_pyarray(py), count))
}

/// `nx.bfs_layers` from `first`: (vertices in layer order, layer bounds),
/// layers 0 to `max_depth` (all when None).
#[pyfunction]
#[pyo3(signature = (offsets, targets, first, max_depth=None))]
#[allow(clippy::type_complexity)]
fn nx_bfs_layers<'py>(
    py: Python<'py>,
    offsets: PyReadonlyArray1<'_, u64>,
    targets: PyReadonlyArray1<'_, u32>,
    first: PyReadonlyArray1<'_, u32>,
    max_depth: Option<u64>,
) -> PyResult<(Bound<'py, PyArray1<u32>>, Bound<'py, PyArray1<u64>>)> {
    let (o, t, f) = (offsets.as_slice()?, targets.as_slice()?, first.as_slice()?);
    let depth = max_depth.unwrap_or(u64::MAX);
    let (order, bounds) = py
        .detach(|| nx_order::Adjacency::new(o, t).and_then(|a| nx_order::bfs_layers(&a, f, depth)))
        .map_err(|e| to_py(py, e))?;
    Ok((order.into_pyarray(py), bounds.into_pyarray(py)))
}

/// `nx_bfs_layers` from each source alone: (orders, order starts, layer
/// bounds, bound starts), see `nx_order::bfs_layers_each`.
#[pyfunction]
#[pyo3(signature = (offsets, targets, sources, max_depth=None))]
#[allow(clippy::type_complexity)]
fn nx_bfs_layers_each<'py>(
    py: Python<'py>,
    offsets: PyReadonlyArray1<'_, u64>,
    targets: PyReadonlyArray1<'_, u32>,
    sources: PyReadonlyArray1<'_, u32>,
    max_depth: Option<u64>,
) -> PyResult<(
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<u64>>,
    Bound<'py, PyArray1<u64>>,
    Bound<'py, PyArray1<u64>>,
)> {
    let (o, t, s) = (
        offsets.as_slice()?,
        targets.as_slice()?,
        sources.as_slice()?,
    );
    let depth = max_depth.unwrap_or(u64::MAX);
    let each = py
        .detach(|| {
            nx_order::Adjacency::new(o, t).and_then(|a| nx_order::bfs_layers_each(&a, s, depth))
        })
        .map_err(|e| to_py(py, e))?;
    Ok((
        each.orders.into_pyarray(py),
        each.order_starts.into_pyarray(py),
        each.bounds.into_pyarray(py),
        each.bound_starts.into_pyarray(py),
    ))
}

#[pymodule]
fn _dwell(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CoreGraph>()?;
    m.add_class::<CoreSession>()?;
    m.add_function(wrap_pyfunction!(from_edges, m)?)?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(default_budget, m)?)?;
    m.add_function(wrap_pyfunction!(bfs, m)?)?;
    m.add_function(wrap_pyfunction!(harmonic, m)?)?;
    m.add_function(wrap_pyfunction!(reach, m)?)?;
    m.add_function(wrap_pyfunction!(taint, m)?)?;
    m.add_function(wrap_pyfunction!(components, m)?)?;
    m.add_function(wrap_pyfunction!(dataflow, m)?)?;
    m.add_function(wrap_pyfunction!(nx_strong_components, m)?)?;
    m.add_function(wrap_pyfunction!(nx_bfs_layers, m)?)?;
    m.add_function(wrap_pyfunction!(nx_bfs_layers_each, m)?)?;
    crate::py_gap::register(m)
}
