//! Flags and subcommands: every clap type of the binary, and nothing else.
//! The command modules read these; this file imports none of them.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "dwell",
    version,
    about = "Run dataflow analyses many times over one resident graph"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

const INFO_EXAMPLES: &str = "Examples:
  # WordNet's pointers as published: SRC DST SYMBOL, symbols (~ @ #m %p ...) as labels
  dwell info data/names/wordnet-pointers.edges.xz
  # GO TSV (child<TAB>parent<TAB>relationship): labels with spaces, names like GO:0008150
  dwell info go.tsv --json
  # Debian-style deps (package<TAB>dependency<TAB>Depends), then a query by name
  dwell run reach deps.tsv --sources libc6 --direction backward --json
  # CSV with a header: columns by name or 1-based position, quoted fields (RFC 4180)
  dwell info edges.csv --columns from,to,kind
  # Sparse or huge integer ids: compacted into names, not allocated
  dwell info sparse.edges --ids name";

// Parsed once per process: a smaller enum (boxing `Run`) would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Load a graph and print its facts (nodes, arcs, layout hash, labels, names).
    #[command(after_help = INFO_EXAMPLES)]
    Info {
        #[command(flatten)]
        graph: GraphArgs,
        /// One JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Run an analysis over a graph.
    Run(RunArgs),
    /// Generate a synthetic graph (edge list, or Matrix Market for `.mtx`).
    Gen {
        #[command(subcommand)]
        kind: GenKind,
    },
    /// Plan a resident session: memory peak, uploads avoided, readback.
    Plan(PlanArgs),
    /// Time analyses over resident graphs next to their peers (same run): scipy on
    /// the CPU backends; on cuda, host-orchestrated vs resident-host-levels vs resident.
    Bench(BenchArgs),
    /// Import a program: `dwell import llvm FILE.ll --out BUNDLE`.
    Import {
        #[command(subcommand)]
        kind: ImportKind,
    },
    /// Write a graph as a snapshot that later opens without parsing (any
    /// command that takes a graph reads it, detected by its first bytes).
    Snapshot {
        #[command(flatten)]
        graph: GraphArgs,
        /// The snapshot file to write (atomically), e.g. `graph.dwell`.
        #[arg(long)]
        out: PathBuf,
        /// One JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Keep graphs resident and answer `dwell run … --server ADDR` queries
    /// over HTTP (loopback TCP or a Unix socket).
    Serve(ServeArgs),
    /// Split a graph for `--backend timely` across P processes: vertex v to
    /// process v mod P, each arc to its source's and its target's part.
    Shard {
        #[command(flatten)]
        graph: GraphArgs,
        /// Number of parts (processes).
        #[arg(long)]
        parts: usize,
        /// Output folder (manifest.json, part-I.arcs).
        #[arg(long)]
        out: PathBuf,
    },
    /// Speedup evidence.
    Evidence {
        #[command(subcommand)]
        action: EvidenceAction,
    },
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadbackArg {
    FinalOnly,
    PerRun,
}

#[derive(Args, Debug)]
pub struct PlanArgs {
    /// Derive the profile from this graph (and --analysis) instead of typing the bytes in.
    pub graph: Option<PathBuf>,
    /// With GRAPH: the analysis whose buffers are planned.
    #[arg(long, value_enum, requires = "graph")]
    pub analysis: Option<AnalysisName>,
    /// With GRAPH: queries per run (a batch of sources).
    #[arg(long, default_value_t = 64, requires = "graph")]
    pub batch: u64,
    #[arg(long, required_unless_present = "graph")]
    pub layout_hash: Option<String>,
    #[arg(long, required_unless_present = "graph")]
    pub graph_bytes: Option<u64>,
    #[arg(long)]
    pub runs: u64,
    #[arg(long, default_value_t = 0)]
    pub frontier_bytes: u64,
    #[arg(long, default_value_t = 0)]
    pub scratch_bytes: u64,
    #[arg(long, default_value_t = 0)]
    pub output_bytes: u64,
    /// Memory budget (default: what this process may really use: the lowest
    /// of the cgroup limit, RLIMIT_AS/RLIMIT_DATA and MemAvailable, less a margin).
    #[arg(long)]
    pub budget_bytes: Option<u64>,
    #[arg(long, value_enum, default_value = "final-only")]
    pub readback: ReadbackArg,
    /// Keep every run's compact output resident until the end.
    #[arg(long)]
    pub keep_all_outputs: bool,
    #[arg(long)]
    pub json: bool,
}

#[derive(Subcommand, Debug)]
pub enum EvidenceAction {
    /// Verify an evidence CSV against the release gate.
    Verify {
        file: PathBuf,
        /// Minimum host-orchestrated / resident speedup every sample must show.
        #[arg(long)]
        required_speedup: f64,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args, Debug, Clone)]
pub struct GraphArgs {
    /// Graph file: edge list, TSV/CSV, Matrix Market (.mtx) or DIMACS (.gr); plain, .gz
    /// or .xz; or a snapshot written by `dwell snapshot` (.dwell).
    pub graph: PathBuf,
    #[command(flatten)]
    pub load: LoadArgs,
}

/// How a graph file is read: one set of flags for `dwell run`, `info`,
/// `shard` and `serve`, so a server can compare a request's with its own.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct LoadArgs {
    /// Treat the input as undirected (store both directions).
    #[arg(long, conflicts_with = "directed")]
    pub undirected: bool,
    /// Treat the input as directed, whatever its header says.
    #[arg(long)]
    pub directed: bool,
    /// Vertex tokens: `auto` (dense integers are indices, anything else
    /// names), `index` (integers only) or `name` (integers too are names:
    /// sparse or huge ids are compacted).
    #[arg(long, value_enum, default_value = "auto")]
    pub ids: IdsArg,
    /// TSV/CSV: the fields to read, `src,dst[,label][,weight]`, each a header
    /// name or a 1-based position (`child,parent,relationship`, `1,3`).
    #[arg(long)]
    pub columns: Option<String>,
    /// Edge lists, TSV, CSV: the field holding arc weights (finite,
    /// non-negative numbers), a 1-based position or a header name
    /// (`--weights 3` for `u v w` lines, `--weights length`). DIMACS and
    /// integer Matrix Market files carry their own.
    #[arg(long, value_name = "COLUMN")]
    pub weights: Option<String>,
    /// Read the file as this format instead of detecting it: edgelist, mtx,
    /// dimacs, tsv or csv.
    #[arg(long)]
    pub input_format: Option<String>,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdsArg {
    Auto,
    Index,
    Name,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnalysisName {
    Bfs,
    Reach,
    Taint,
    Wcc,
    Scc,
    Dataflow,
    /// PageRank (power iteration; --damping, --tol, --max-iter, --stop).
    Pagerank,
    /// Triangles, clustering coefficients and transitivity (undirected view).
    Triangles,
    /// Shortest path lengths by delta-stepping (the graph's weights, or 1
    /// per arc; --delta, --parents).
    Sssp,
    /// Betweenness centrality by Brandes: exact, or from the --sources
    /// sample (e.g. random:K); --weighted, --raw, --endpoints.
    Bc,
    /// Edge betweenness centrality by Brandes: exact, or from the
    /// --sources sample; --weighted, --raw.
    EdgeBc,
    /// On a program bundle: live variables (backward).
    Liveness,
    /// On a program bundle: reaching definitions (forward).
    ReachingDefs,
    /// On a program bundle: whole-program points-to (what each named
    /// pointer may point to, what each indirect call may call).
    PointsTo,
}

/// `dwell run --format`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatArg {
    Text,
    Json,
    /// SARIF 2.1.0 (taint on a program bundle).
    Sarif,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum DirectionArg {
    Forward,
    Backward,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeetArg {
    Union,
    Intersection,
}

/// `dwell run pagerank --stop`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopArg {
    /// L1 change < n × tol (tol 1e-6, 100 rounds); not converging is an error.
    Networkx,
    /// L1 change < tol (1e-4, 20 rounds); the cap just stops. On 32,768+
    /// vertices with tol ≥ 1e-6 contributions are kept in f32, as GAPBS
    /// keeps its scores (sums stay f64).
    Gapbs,
}

/// `dwell run pagerank --update`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpdateArg {
    /// Every vertex pulls the previous round's scores (NetworkX's; GAPBS `pr_spmv`).
    Jacobi,
    /// Vertices pull the scores already updated this round (GAPBS `pr`): fewer rounds.
    GaussSeidel,
}

#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// The analysis to run.
    #[arg(value_enum)]
    pub analysis: AnalysisName,
    #[command(flatten)]
    pub graph: GraphArgs,
    /// Source vertices: `0,5,9` or `random:N` (N distinct vertices with outgoing arcs).
    #[arg(long, conflicts_with = "sources_file")]
    pub sources: Option<String>,
    /// File of source ids (whitespace or comma separated, `#` comments).
    #[arg(long)]
    pub sources_file: Option<PathBuf>,
    /// Seed for `--sources random:N`.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Backend: cpu (default, parallel), cpu-reference (the single-threaded oracle), cuda,
    /// or timely (bfs, reach, wcc, scc across processes: --processes, --workers).
    #[arg(long, default_value = "cpu")]
    pub backend: String,
    /// One JSON document on stdout (the same as --format json).
    #[arg(long)]
    pub json: bool,
    /// Report as text, json, or sarif (taint on a program bundle: a SARIF
    /// 2.1.0 log, written to --out FILE, else to stdout).
    #[arg(long, value_enum, default_value = "text")]
    pub format: FormatArg,
    /// Write per-vertex results to FILE (atomically: temp file + rename).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Follow only arcs with these labels: names (`call,isa`), a mask (`0x3`) or `all`.
    #[arg(long, default_value = "all")]
    pub labels: String,
    /// reach: follow arcs forward (successors) or backward (predecessors).
    /// dataflow: the analysis direction.
    #[arg(long, value_enum, default_value = "forward")]
    pub direction: DirectionArg,
    /// reach/taint: sink vertices (`3,7` or a file path).
    #[arg(long)]
    pub sinks: Option<String>,
    /// taint: sanitizer vertices that stop propagation (`3,7` or a file path).
    #[arg(long)]
    pub sanitizers: Option<String>,
    /// taint: skip witness paths.
    #[arg(long)]
    pub no_witness: bool,
    /// dataflow: gen sets, one line per node: `node fact fact …` (on a named
    /// graph the node is its name, like --sources).
    #[arg(long)]
    pub gen: Option<PathBuf>,
    /// dataflow: kill sets, same format as --gen.
    #[arg(long)]
    pub kill: Option<PathBuf>,
    /// dataflow: how facts meet at joins.
    #[arg(long, value_enum, default_value = "union")]
    pub meet: MeetArg,
    /// pagerank: probability of following an arc (NetworkX's alpha).
    #[arg(long, default_value_t = 0.85)]
    pub damping: f64,
    /// pagerank: tolerance (default: the stopping rule's, 1e-6 or 1e-4).
    #[arg(long)]
    pub tol: Option<f64>,
    /// pagerank: round cap (default: the stopping rule's, 100 or 20).
    #[arg(long)]
    pub max_iter: Option<u32>,
    /// pagerank: stopping rule, NetworkX's or GAPBS's.
    #[arg(long, value_enum, default_value = "networkx")]
    pub stop: StopArg,
    /// pagerank: Jacobi rounds (deterministic) or Gauss–Seidel (fewer rounds; on several
    /// threads the scores vary between runs within the tolerance).
    #[arg(long, value_enum, default_value = "jacobi")]
    pub update: UpdateArg,
    /// pagerank: teleport weights, lines `vertex weight` (unlisted: 0).
    #[arg(long)]
    pub personalization: Option<PathBuf>,
    /// sssp: bucket width of delta-stepping, in the graph's length unit
    /// (default: chosen from the graph's weights; 1 when unweighted).
    #[arg(long)]
    pub delta: Option<f64>,
    /// sssp: keep each source's shortest-path tree (written by --out).
    #[arg(long)]
    pub parents: bool,
    /// bc, edge-bc: raw sums (NetworkX's normalized=False) instead of dividing by
    /// the number of pairs.
    #[arg(long)]
    pub raw: bool,
    /// bc: count the endpoints of each path (NetworkX's endpoints=True).
    #[arg(long)]
    pub endpoints: bool,
    /// bc, edge-bc: shortest paths by the graph's arc lengths (positive
    /// weights, NetworkX's weight=) instead of arc counts.
    #[arg(long)]
    pub weighted: bool,
    /// Run the query this many times in one session over the resident graph.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub repeat: u64,
    /// Untimed runs of the query before the `--repeat` timed ones, in the
    /// same session: what a session builds on its first run (the
    /// degree-grouped copy of a skewed graph) is then left out of
    /// `query_ms` and `per_run_ms` and counted in `open_ms`, as `dwell
    /// bench`'s warm-up run does.
    #[arg(long, default_value_t = 0)]
    pub warmup: u64,
    /// Memory budget for the session plan (default: what this process may
    /// really use: the lowest of the cgroup limit, RLIMIT_AS/RLIMIT_DATA and
    /// MemAvailable, less a margin; `dwell plan` shows it).
    #[arg(long)]
    pub budget_bytes: Option<u64>,
    #[command(flatten)]
    pub program: Box<ProgramArgs>,
    /// Ask a running `dwell serve` instead of loading the graph here:
    /// `127.0.0.1:PORT`, `http://HOST:PORT` or `unix:PATH`. Prints what the
    /// local command prints.
    #[arg(long)]
    pub server: Option<String>,
    /// With --server: a file holding the server's token (default: the
    /// DWELL_SERVER_TOKEN environment variable, else, for a loopback
    /// server, the per-user token file `dwell serve` made:
    /// $XDG_CONFIG_HOME/dwell/token or ~/.config/dwell/token).
    #[arg(long, requires = "server")]
    pub token_file: Option<PathBuf>,
    /// With --server: seconds to wait for the answer, connecting included
    /// (default 300).
    #[arg(long, requires = "server")]
    pub server_timeout_s: Option<f64>,
    #[command(flatten)]
    pub timely: TimelyArgs,
}

/// `--listen`: `IP:PORT`, or `localhost:PORT` for 127.0.0.1:PORT.
fn listen_addr(s: &str) -> std::result::Result<std::net::SocketAddr, String> {
    let loopback = s
        .strip_prefix("localhost:")
        .map(|port| format!("127.0.0.1:{port}"));
    loopback.as_deref().unwrap_or(s).parse().map_err(|_| {
        "not an IP:PORT address. Fix: give e.g. 127.0.0.1:7464, [::1]:7464 or localhost:7464 (port 0 picks a free one)".to_string()
    })
}

/// `dwell serve GRAPH... [--listen ADDR | --socket PATH]`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Graph files, snapshots or program bundles to keep resident (each
    /// loaded once, for the server's life).
    #[arg(required = true)]
    pub graphs: Vec<PathBuf>,
    /// TCP address to listen on (default 127.0.0.1:7464; port 0 picks a
    /// free one). Anything but a loopback address needs --allow-remote and
    /// --token-file.
    #[arg(long, conflicts_with = "socket", value_parser = listen_addr)]
    pub listen: Option<std::net::SocketAddr>,
    /// Listen on a Unix socket at PATH instead (created with mode 0600).
    #[arg(long)]
    pub socket: Option<PathBuf>,
    /// Allow --listen on a non-loopback address (requires --token-file).
    #[arg(long)]
    pub allow_remote: bool,
    /// A file holding the token every request must present
    /// (`Authorization: Bearer TOKEN`); required with --allow-remote. On
    /// TCP without it, the per-user token file ($XDG_CONFIG_HOME/dwell/token
    /// or ~/.config/dwell/token, created mode 0600 if absent) is required.
    #[arg(long)]
    pub token_file: Option<PathBuf>,
    /// Backend every request runs on: cpu (default), cpu-reference or cuda.
    #[arg(long, default_value = "cpu")]
    pub backend: String,
    /// Largest request body accepted, in bytes (larger: 413).
    #[arg(long, default_value_t = 1 << 20)]
    pub max_request_bytes: usize,
    /// Longest a request may run, in seconds (longer: 503; the run's
    /// result is dropped).
    #[arg(long, default_value_t = 60.0)]
    pub timeout_s: f64,
    /// Requests run at the same time (more wait for a slot).
    #[arg(long, default_value_t = 16)]
    pub max_in_flight: usize,
    /// Seconds a client may take to send a request's headers (and to send
    /// the next one on a kept-alive connection) and, separately, its body;
    /// slower connections are closed.
    #[arg(long, default_value_t = 10.0)]
    pub read_timeout_s: f64,
    /// Open connections at once; one more is answered 503 and closed.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub max_connections: u64,
    /// On SIGTERM/SIGINT, seconds to let in-flight requests finish before
    /// exiting anyway (exit 1); a second signal exits at once.
    #[arg(long, default_value_t = 30.0)]
    pub drain_s: f64,
    /// The memory budget every request is planned against (default: what
    /// this process may use when the request runs: the lowest of the
    /// cgroup limit, RLIMIT_AS/RLIMIT_DATA and MemAvailable, less a
    /// margin). A client's --budget-bytes may lower it, never raise it.
    #[arg(long)]
    pub budget_bytes: Option<u64>,
    /// Largest file a request may bring, in bytes once decompressed (and
    /// never more than the server's memory budget); larger: refused.
    #[arg(long, default_value_t = 256 << 20)]
    pub max_request_file_bytes: u64,
    /// How the graph files are read (the flags of `dwell run`).
    #[command(flatten)]
    pub load: LoadArgs,
}

/// `--backend timely`: processes as timely starts them (`-n`, `-w`, `-p`, `-h`).
#[derive(Args, Debug, Clone)]
pub struct TimelyArgs {
    /// timely: number of processes. Without --process, starts them all on
    /// 127.0.0.1 (a graph file is split into a temporary shard folder first).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub processes: u64,
    /// timely: worker threads per process.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub workers: u64,
    /// timely: this process's index (0-based); the graph is then a shard folder.
    #[arg(long, requires = "hostfile")]
    pub process: Option<u64>,
    /// timely: one host:port line per process, by index.
    #[arg(long)]
    pub hostfile: Option<PathBuf>,
    /// timely: seconds to wait for all processes to connect.
    #[arg(long, default_value_t = 30)]
    pub connect_timeout: u64,
    /// timely: seconds a peer may send nothing, not even a heartbeat (every
    /// process beats 4 times a second), before the run ends with an error
    /// naming it: a stopped, hung or cut-off peer.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=86400))]
    pub peer_timeout_s: u64,
    /// timely: slot words (8 bytes each) of each worker's combining window;
    /// a round goes one window of target ids per epoch, so smaller windows
    /// hold fewer messages at once and take more epochs.
    #[arg(long, default_value_t = dwell_timely::engine::WINDOW_WORDS as u64,
          value_parser = clap::value_parser!(u64).range(1..=(1 << 26)))]
    pub window_words: u64,
}

impl RunArgs {
    /// `--json` or `--format json`.
    pub fn wants_json(&self) -> bool {
        self.json || self.format == FormatArg::Json
    }
}

#[derive(Subcommand, Debug)]
pub enum GenKind {
    /// Graph500 R-MAT (A=0.57, B=0.19, C=0.19), undirected.
    Rmat {
        /// log2 of the node count.
        #[arg(long)]
        scale: u32,
        /// Generated edges per node.
        #[arg(long, default_value_t = 16)]
        edge_factor: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output file; `.mtx` writes Matrix Market, anything else an edge list.
        #[arg(long)]
        out: PathBuf,
    },
    /// 2-D grid with 4-neighbour edges (high diameter), undirected.
    Grid {
        #[arg(long)]
        rows: u32,
        #[arg(long)]
        cols: u32,
        /// Fraction of grid edges kept (1.0 = full grid).
        #[arg(long, default_value_t = 1.0)]
        keep: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output file; `.mtx` writes Matrix Market, anything else an edge list.
        #[arg(long)]
        out: PathBuf,
    },
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Graph files (each loaded once; every analysis runs on each).
    #[arg(required = true)]
    pub graphs: Vec<PathBuf>,
    /// Analyses, comma separated: bfs, reach, wcc, scc, dataflow, pagerank, triangles.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "bfs")]
    pub analysis: Vec<AnalysisName>,
    /// Timed runs per analysis (after one untimed warm-up); the median is reported.
    #[arg(long, default_value_t = 5)]
    pub runs: usize,
    /// Backend: cpu (default), cpu-reference, or cuda (host-orchestrated,
    /// resident graph with host-driven levels, and resident, each checked
    /// against the CPU; bfs only).
    #[arg(long, default_value = "cpu")]
    pub backend: String,
    /// bfs/reach sources: `0,5,9` or `random:N`.
    #[arg(long, default_value = "random:64")]
    pub sources: String,
    /// Seed for `--sources random:N` and the synthetic dataflow sets.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// dataflow: facts in the synthetic problem (each node gens one, kills one).
    #[arg(long, default_value_t = 64)]
    pub facts: usize,
    /// Treat inputs as undirected.
    #[arg(long, conflicts_with = "directed")]
    pub undirected: bool,
    /// Treat inputs as directed, whatever their headers say.
    #[arg(long)]
    pub directed: bool,
    /// Python with numpy and scipy for the peer (default: .venv/bin/python, then python3).
    #[arg(long)]
    pub python: Option<PathBuf>,
    /// Skip the scipy peer.
    #[arg(long)]
    pub no_peer: bool,
    /// The scipy peer's script (default: scripts/scipy_peer.py in the
    /// working directory, then in the source tree dwell was built from).
    #[arg(long)]
    pub peer_script: Option<PathBuf>,
    /// Memory budget each timed session is planned against (default: what
    /// this process may really use, as for `dwell run`).
    #[arg(long)]
    pub budget_bytes: Option<u64>,
    /// One JSON document on stdout.
    #[arg(long)]
    pub json: bool,
    /// cuda: append one speedup-evidence row per graph (spec §5) to FILE.
    #[arg(long)]
    pub evidence: Option<PathBuf>,
}

/// `dwell import llvm FILE --out DIR [--json]`.
#[derive(Subcommand, Debug)]
pub enum ImportKind {
    /// Textual LLVM IR (`.ll`, also `.ll.xz` / `.ll.gz`) → program bundle; several
    /// files are linked into one program.
    Llvm {
        /// The IR files: one module, or a program's modules (one per
        /// translation unit), linked as `llvm-link` would.
        #[arg(required_unless_present = "compile_commands", num_args = 1..)]
        files: Vec<PathBuf>,
        /// Compile every translation unit of this compilation database
        /// (`compile_commands.json`) to IR with clang, then link them.
        #[arg(long, conflicts_with = "files")]
        compile_commands: Option<PathBuf>,
        /// The clang that compiles a --compile-commands database.
        #[arg(long, default_value = "clang")]
        clang: String,
        /// Bundle directory to write (replaced if it is a bundle already).
        #[arg(long)]
        out: PathBuf,
        /// Print the counts as one JSON document.
        #[arg(long)]
        json: bool,
    },
}

/// How `dwell run taint BUNDLE` reads a program.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TaintMode {
    /// Values, memory and calls: the data itself must reach the sink.
    #[default]
    DataFlow,
    /// A path of control flow from a source call to a sink call.
    ControlFlow,
}

/// Flags of `dwell run` that only program bundles use.
#[derive(Args, Debug, Default, Clone)]
pub struct ProgramArgs {
    /// taint on a bundle: call sites of these functions are sources (`getenv,read`).
    #[arg(long, value_delimiter = ',')]
    pub sources_fn: Vec<String>,
    /// taint on a bundle: call sites of these functions are sinks (`system,memcpy`).
    #[arg(long, value_delimiter = ',')]
    pub sinks_fn: Vec<String>,
    /// taint on a bundle: call sites of these functions stop taint.
    #[arg(long, value_delimiter = ',')]
    pub sanitizers_fn: Vec<String>,
    /// taint on a bundle: follow any path of arcs, also those that return
    /// into a caller other than the one that called (default: only
    /// realizable, call/return-matched paths). Control-flow mode only; it
    /// implies `--mode control-flow`.
    #[arg(long)]
    pub context_insensitive: bool,
    /// taint on a bundle: `data-flow` follows values, memory (points-to) and
    /// calls from a source's data to a sink's argument; `control-flow`
    /// reports a sink call that some path of ICFG arcs from a source call
    /// reaches, whatever data it carries.
    #[arg(long, value_enum, default_value_t = TaintMode::DataFlow)]
    pub mode: TaintMode,
    /// taint on a bundle (data flow): a model file of sources, sinks,
    /// sanitizers and library flows, added to (and overriding) the shipped
    /// libc models.
    #[arg(long)]
    pub models: Option<PathBuf>,
    /// taint on a bundle (data flow): answer many source sets on one graph,
    /// one query per line of this file (function names split by commas or
    /// blanks, `#` starts a comment); each query's findings come from its
    /// names' source calls only. Points-to, the graph and its summaries are
    /// made once.
    #[arg(long)]
    pub queries: Option<PathBuf>,
    /// liveness / reaching-defs: one function, with per-node sets.
    #[arg(long)]
    pub function: Option<String>,
    /// liveness / reaching-defs: one problem over the whole supergraph
    /// (instead of one per function).
    #[arg(long, conflicts_with = "function")]
    pub whole: bool,
}
