//! Reading graphs from files: edge lists, Matrix Market, DIMACS `.gr`; and
//! writing edge lists and Matrix Market files.
//!
//! Every format may be plain, gzip or xz compressed; compression is detected
//! from the data's magic bytes (see [`crate::io::decompress`]), never from the
//! file name. [`load`] then picks the format:
//!
//! 1. [`LoadOptions::format`], when set;
//! 2. by content: a `%%MatrixMarket` banner → [`Format::MatrixMarket`]; a
//!    first line that is a DIMACS comment `c …`, a `p sp …` problem line (any `p`) or an
//!    `a …` arc → [`Format::Dimacs`];
//!    then a first row that is tab-separated with a space inside a field →
//!    [`Format::Tsv`], or comma-separated without whitespace (or quoted) →
//!    [`Format::Csv`];
//! 3. by extension, after stripping `.gz` / `.xz`: `.mtx` → Matrix Market,
//!    `.gr` → DIMACS, `.tsv` → TSV, `.csv` → CSV;
//! 4. otherwise an edge list.
//!
//! The formats (details in each module):
//! - [`edgelist`]: `u v [label]` lines, 0-based ids, `#` comments, optional
//!   `# nodes N edges M directed D` header. Directed unless the header says
//!   `directed 0`.
//! - [`matrix_market`]: `coordinate` matrices with `pattern`, `integer` or
//!   `real` fields and `general` or `symmetric` symmetry. Symmetric →
//!   undirected. Integer values become arc weights; real values are ignored.
//! - [`dimacs`]: `p sp N M` + 1-based `a u v w` arcs, or header-less 0-based
//!   `a u v w` arcs. Always directed; weights become arc weights.
//! - [`table`]: TSV and CSV edge rows, optional header row, `--columns`,
//!   whole fields as vertex names and labels (spaces included).
//!
//! Vertex tokens of edge lists, TSV and CSV may be names (`--ids`,
//! [`IdMode`]); the graph then carries its [`VertexNames`](crate::graph::VertexNames).
//!
//! Every malformed input gives a [`FormatError`] naming the file, the 1-based
//! line and the problem, ending with a `Fix:` hint. Nothing in here panics on
//! bad input, and no allocation is sized from an untrusted header beyond
//! [`RESERVE_CAP`] arcs.
//!
//! [`read`] is the in-memory entry point `load` uses (and the fuzz targets).

pub mod dimacs;
pub mod edgelist;
mod ids;
mod labels;
pub(crate) mod lines;
pub mod matrix_market;
pub mod snapshot;
pub mod table;
mod weights;
mod write;

pub use weights::parse_weight;
pub use write::{write_edge_list, write_matrix_market};

use crate::graph::{Graph, GraphError, NO_VERTEX};
use lines::Lines;
use std::fmt::Display;
use std::fs::File;
use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

/// dwell's vertex limit: ids are u32 below [`NO_VERTEX`].
pub const MAX_NODES: u64 = NO_VERTEX as u64;

/// Longest accepted line, in bytes (without the newline).
pub const MAX_LINE: usize = 1 << 20;

/// At most this many arcs are reserved up front from a header's count; the
/// rest grows as arcs actually arrive.
pub const RESERVE_CAP: u64 = 1 << 24;

/// A file format dwell reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `u v [label]` lines, `#` comments, optional `# nodes N edges M directed D` header.
    EdgeList,
    /// Matrix Market coordinate (`%%MatrixMarket matrix coordinate …`).
    MatrixMarket,
    /// DIMACS shortest-path arcs (`p sp N M`, `a u v w`).
    Dimacs,
    /// Tab-separated fields, no quoting; optional header row ([`table`]).
    Tsv,
    /// Comma-separated fields, RFC 4180 quoting; optional header row ([`table`]).
    Csv,
}

impl Format {
    /// Parse a format name as given on a command line.
    pub fn from_name(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "edgelist" | "edge-list" | "edges" | "el" => Some(Format::EdgeList),
            "mtx" | "mm" | "matrixmarket" | "matrix-market" => Some(Format::MatrixMarket),
            "dimacs" | "gr" => Some(Format::Dimacs),
            "tsv" => Some(Format::Tsv),
            "csv" => Some(Format::Csv),
            _ => None,
        }
    }

    /// The canonical command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Format::EdgeList => "edgelist",
            Format::MatrixMarket => "mtx",
            Format::Dimacs => "dimacs",
            Format::Tsv => "tsv",
            Format::Csv => "csv",
        }
    }
}

/// How vertex tokens become ids (`--ids`); see the `ids` rules in
/// [`edgelist`]. Matrix Market and DIMACS files always use indices.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum IdMode {
    /// Dense integers as indices, anything else (or sparse integers) as names.
    #[default]
    Auto,
    /// 0-based integer indices only.
    Index,
    /// Every token is a name, integers included (compacted in first-seen order).
    Name,
}

impl IdMode {
    /// Parse `auto`, `index` or `name`.
    pub fn from_name(name: &str) -> Option<IdMode> {
        match name {
            "auto" => Some(IdMode::Auto),
            "index" => Some(IdMode::Index),
            "name" => Some(IdMode::Name),
            _ => None,
        }
    }
}

/// How to read a graph.
#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// How vertex tokens become ids (edge lists, TSV, CSV).
    pub ids: IdMode,
    /// TSV/CSV: `src,dst[,label][,weight]` as header names or 1-based
    /// positions (`--columns`); `None` = fields 1, 2 and 3 if present.
    pub columns: Option<String>,
    /// Edge lists, TSV, CSV: the field holding arc weights (`--weights`):
    /// a 1-based position, or (TSV/CSV with a header row) its name. Finite,
    /// non-negative numbers ([`parse_weight`]). `None`: unweighted (DIMACS
    /// and integer Matrix Market files carry their own weights).
    pub weights: Option<String>,
    /// Override the file's own directedness (`--directed` / `--undirected`).
    pub directed: Option<bool>,
    /// Force a format instead of detecting it.
    pub format: Option<Format>,
    /// Refuse graphs with more vertices than this (declared or implied by the
    /// largest id). `None` means dwell's limit, [`MAX_NODES`]. A tiny file can
    /// otherwise declare billions of isolated vertices and make the loader
    /// allocate gigabytes.
    pub max_nodes: Option<u64>,
}

impl LoadOptions {
    /// The effective vertex limit.
    pub fn node_limit(&self) -> u64 {
        self.max_nodes.map_or(MAX_NODES, |m| m.min(MAX_NODES))
    }
}

/// Why a graph file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    #[error("{file}: {source}. Fix: check the path and permissions")]
    Io {
        file: PathBuf,
        source: std::io::Error,
    },
    /// Malformed content; `problem` ends with a `Fix:` hint.
    #[error("{file}:{line}: {problem}")]
    Parse {
        file: PathBuf,
        line: u64,
        problem: String,
    },
    #[error("{file}: {source}")]
    Graph { file: PathBuf, source: GraphError },
    /// Reading failed in the middle of the data (corrupt or truncated
    /// compressed data, a device error).
    #[error("{file}:{line}: cannot read the data: {source}. Fix: the file is truncated or corrupt; test it with `xz -t` or `gzip -t`, and re-download or regenerate it")]
    Read {
        file: PathBuf,
        line: u64,
        source: std::io::Error,
    },
    /// Writing an output file failed; the previous file (if any) is intact.
    /// `source` comes from [`crate::io::atomic_write`]: it names the file and ends in a `Fix:` hint.
    #[error("{source}")]
    Write {
        file: PathBuf,
        source: std::io::Error,
    },
    /// A snapshot file that cannot be used (truncated, corrupt, another
    /// version); `problem` ends with a `Fix:` hint. See [`snapshot`].
    #[error("{file}: not a usable dwell snapshot: {problem}")]
    Snapshot { file: PathBuf, problem: String },
    /// Data handed to a writer cannot be represented; `problem` ends with a `Fix:` hint.
    #[error("{file}: {problem}")]
    Invalid { file: PathBuf, problem: String },
}

impl FormatError {
    /// The 1-based line the error refers to, if any.
    pub fn line(&self) -> Option<u64> {
        match self {
            FormatError::Parse { line, .. } | FormatError::Read { line, .. } => Some(*line),
            _ => None,
        }
    }

    /// The file the error refers to.
    pub fn file(&self) -> &Path {
        match self {
            FormatError::Io { file, .. }
            | FormatError::Parse { file, .. }
            | FormatError::Graph { file, .. }
            | FormatError::Read { file, .. }
            | FormatError::Write { file, .. }
            | FormatError::Snapshot { file, .. }
            | FormatError::Invalid { file, .. } => file,
        }
    }
}

/// Per-file context shared by the parsers: the name for messages and limits.
pub(crate) struct ParseFile<'a> {
    pub file: &'a Path,
    pub max_nodes: u64,
    /// How named arcs are looked up (tests vary it).
    pub lookups: ids::Lookups,
}

impl ParseFile<'_> {
    /// A parse error at `line`: "problem. Fix: fix".
    pub fn err(&self, line: u64, problem: impl Display, fix: impl Display) -> FormatError {
        FormatError::Parse {
            file: self.file.to_path_buf(),
            line,
            problem: format!("{problem}. Fix: {fix}"),
        }
    }

    /// A graph-building error, without a line.
    pub fn graph(&self, source: GraphError) -> FormatError {
        FormatError::Graph {
            file: self.file.to_path_buf(),
            source,
        }
    }

    /// Check a vertex count against the limit.
    pub fn check_nodes(&self, line: u64, nodes: u64, what: &str) -> Result<(), FormatError> {
        if nodes > self.max_nodes {
            return Err(self.err(
                line,
                format!("{what} {nodes} vertices, more than the limit of {}", self.max_nodes),
                if self.max_nodes < MAX_NODES {
                    "check the header or ids, or raise the node limit (`LoadOptions::max_nodes`)"
                        .to_string()
                } else {
                    format!("dwell's u32 vertex ids allow at most {MAX_NODES} vertices; check the header or ids, or read sparse ids as names (`--ids name` compacts them)")
                },
            ));
        }
        Ok(())
    }

    /// Turn a builder error for the arc on `line` into a line-numbered error.
    pub fn push_err(&self, line: u64, e: GraphError, fix: &str) -> FormatError {
        match e {
            GraphError::IdOutOfRange { id, nodes } => self.err(
                line,
                format!("vertex id {id} is out of range for the {nodes} declared vertices"),
                fix,
            ),
            GraphError::TooManyNodes { nodes, max } => self.err(
                line,
                format!("a vertex id implies {nodes} vertices, more than dwell's limit of {max}"),
                "renumber the vertices densely from 0",
            ),
            GraphError::MixedArcData { what, .. } => self.err(
                line,
                format!("this line has a {what} but earlier lines have none (or the reverse)"),
                format!("give every line a {what}, or none"),
            ),
            e @ GraphError::OutOfMemory { .. } => self.graph(e),
            other => self.err(line, other, "split the graph into smaller parts"),
        }
    }
}

/// Parse an unsigned integer token, describing what is wrong with it.
pub(crate) fn parse_u64(tok: &str, what: &str) -> Result<u64, String> {
    let digits = tok.strip_prefix('+').unwrap_or(tok);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return digits
            .parse::<u64>()
            .map_err(|_| format!("{what} `{tok}` is too large (more than 64 bits)"));
    }
    if let Some(rest) = tok.strip_prefix('-') {
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("{what} `{tok}` is negative"));
        }
    }
    Err(format!(
        "{what} `{}` is not a non-negative integer",
        clip(tok)
    ))
}

/// A token shortened for messages.
pub(crate) fn clip(tok: &str) -> String {
    const MAX: usize = 40;
    if tok.len() <= MAX {
        return tok.to_string();
    }
    let mut end = MAX;
    while !tok.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &tok[..end])
}

/// Read a graph file (plain, `.gz` or `.xz`; detected from content), or a
/// [`snapshot`] (detected by its magic bytes, whatever the name).
pub fn load(path: &Path, opts: &LoadOptions) -> Result<Graph, FormatError> {
    let io_err = |source| FormatError::Io {
        file: path.to_path_buf(),
        source,
    };
    let mut file = File::open(path).map_err(io_err)?;
    let mut magic = [0u8; snapshot::MAGIC.len()];
    let head = crate::io::read_full(&mut file, &mut magic).map_err(io_err)?;
    if snapshot::is_snapshot(&magic[..head]) {
        return snapshot::open(file, path, opts);
    }
    read(Cursor::new(magic[..head].to_vec()).chain(file), path, opts)
}

/// How many decompressed bytes [`read`] inspects to detect the format.
const PEEK: usize = 64 * 1024;

/// The UTF-8 byte-order mark, skipped at the start of a text graph.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Read a graph from any byte stream; `name` is used for messages and for
/// detecting the format by extension. This is what [`load`] does after
/// opening the file.
pub fn read<'a, R: Read + Send + 'a>(
    reader: R,
    name: &Path,
    opts: &LoadOptions,
) -> Result<Graph, FormatError> {
    read_tuned(reader, name, opts, ids::Lookups::default())
}

/// [`read`], with named arcs looked up as `lookups` says.
pub(crate) fn read_tuned<'a, R: Read + Send + 'a>(
    reader: R,
    name: &Path,
    opts: &LoadOptions,
    lookups: ids::Lookups,
) -> Result<Graph, FormatError> {
    let read_err = |line, source| FormatError::Read {
        file: name.to_path_buf(),
        line,
        source,
    };
    let mut r = crate::io::decompress(reader).map_err(|e| read_err(1, e))?;
    let mut head = Vec::with_capacity(PEEK);
    (&mut r)
        .take(PEEK as u64)
        .read_to_end(&mut head)
        .map_err(|e| read_err(1, e))?;
    let parsing = ParseFile {
        file: name,
        max_nodes: opts.node_limit(),
        lookups,
    };
    if let Some(kind) = crate::io::unsupported_compression(&head) {
        return Err(parsing.err(
            1,
            format!("the data is {kind}-compressed, which dwell does not read"),
            format!("decompress it first, or recompress it with xz or gzip (`{kind}` → `xz`)"),
        ));
    }
    if snapshot::is_snapshot(&head) {
        // A compressed snapshot (or one from a stream): its size is only
        // known once it is all in memory.
        return snapshot::read_stream(Cursor::new(head).chain(r), name, opts);
    }
    // A UTF-8 byte-order mark (Windows editors write one) is not part of
    // the first vertex's name: left in, `0 1` would read as a named graph.
    if head.starts_with(UTF8_BOM) {
        head.drain(..UTF8_BOM.len());
    }
    let format = opts.format.unwrap_or_else(|| detect(&head, name));
    if opts.columns.is_some() && !matches!(format, Format::Tsv | Format::Csv) {
        return Err(parsing.err(
            1,
            format!("`--columns` applies to TSV and CSV files, and this is read as {}", format.name()),
            "drop `--columns`, or say the file is tabular with `--input-format tsv` / `--input-format csv`",
        ));
    }
    if opts.ids == IdMode::Name && matches!(format, Format::MatrixMarket | Format::Dimacs) {
        return Err(parsing.err(
            1,
            format!(
                "`--ids name` applies to edge lists, TSV and CSV, and this is read as {}",
                format.name()
            ),
            "drop `--ids name`: Matrix Market and DIMACS files number their vertices",
        ));
    }
    let data = Cursor::new(head).chain(r);
    match format {
        Format::Tsv => return table::parse(data, b'\t', &parsing, opts),
        Format::Csv => return table::parse(data, b',', &parsing, opts),
        _ => {}
    }
    let mut lines = Lines::new(data, name);
    match format {
        Format::EdgeList => edgelist::parse(&mut lines, &parsing, opts),
        Format::MatrixMarket => matrix_market::parse(&mut lines, &parsing, opts),
        Format::Dimacs => dimacs::parse(&mut lines, &parsing, opts),
        Format::Tsv | Format::Csv => unreachable!("read above"),
    }
}

/// Detect the format from the first (decompressed) bytes, then the name.
pub fn detect(head: &[u8], name: &Path) -> Format {
    if let Some(f) = detect_content(head) {
        return f;
    }
    detect_extension(name).unwrap_or(Format::EdgeList)
}

/// Format from content alone, if it is recognisable. DIMACS needs a
/// `p NAME …` line or an `a U V W` arc with a numeric `U` after any `c` comment
/// lines (a named edge list may well start with vertices called `a` or `c`).
pub fn detect_content(head: &[u8]) -> Option<Format> {
    let mut saw_comment = false;
    for line in head.split(|&b| b == b'\n') {
        let line = line.trim_ascii();
        if line.is_empty() {
            continue;
        }
        if line.len() >= 14 && line[..14].eq_ignore_ascii_case(b"%%MatrixMarket") {
            return Some(Format::MatrixMarket);
        }
        let toks: Vec<&[u8]> = line
            .split(|b| b.is_ascii_whitespace())
            .filter(|t| !t.is_empty())
            .take(5)
            .collect();
        return match toks.as_slice() {
            [b"c", ..] => {
                saw_comment = true;
                continue;
            }
            [b"p", _, ..] => Some(Format::Dimacs),
            // Four or more fields never make a valid edge-list line: an arc
            // (when its source is a number; else a named vertex called `a`).
            [b"a", u, _, _, ..] if u.iter().all(u8::is_ascii_digit) => Some(Format::Dimacs),
            _ if line.starts_with(b"#") => continue,
            _ => detect_table(line, head),
        };
    }
    // Only `c` lines as far as we looked: a DIMACS preamble.
    saw_comment.then_some(Format::Dimacs)
}

/// TSV when the first row is tab-separated and it or one of the next 100
/// rows has a space inside a field (`part of`); CSV when the first row has a
/// comma and no whitespace, or a quoted field; else none (a plain edge list,
/// or ambiguous: the extension decides).
fn detect_table(first: &[u8], head: &[u8]) -> Option<Format> {
    if first.contains(&b'\t') {
        let spaced = |line: &[u8]| {
            line.contains(&b'\t')
                && line
                    .split(|&b| b == b'\t')
                    .any(|f| !f.starts_with(b"#") && f.trim_ascii().contains(&b' '))
        };
        let rows = head
            .split(|&b| b == b'\n')
            .map(|l| l.trim_ascii())
            .filter(|l| !l.is_empty() && !l.starts_with(b"#"));
        // The last row of `head` may be cut short; it still has whole fields before the cut.
        return rows.take(101).any(spaced).then_some(Format::Tsv);
    }
    let comma = first.contains(&b',');
    let quoted = first.starts_with(b"\"") || first.windows(2).any(|w| w == b",\"");
    (comma && (quoted || !first.iter().any(u8::is_ascii_whitespace))).then_some(Format::Csv)
}

/// Format from the file name: `.mtx`, `.gr`, `.tsv` or `.csv`, after stripping `.gz` / `.xz`.
pub fn detect_extension(name: &Path) -> Option<Format> {
    let file = name.file_name()?.to_string_lossy().to_ascii_lowercase();
    let stem = file
        .strip_suffix(".gz")
        .or_else(|| file.strip_suffix(".xz"))
        .unwrap_or(&file);
    if stem.ends_with(".mtx") {
        Some(Format::MatrixMarket)
    } else if stem.ends_with(".gr") {
        Some(Format::Dimacs)
    } else if stem.ends_with(".tsv") {
        Some(Format::Tsv)
    } else if stem.ends_with(".csv") {
        Some(Format::Csv)
    } else {
        None
    }
}

#[cfg(test)]
pub(crate) mod test_util;

#[cfg(test)]
mod tests {
    use super::test_util::*;
    use super::*;

    #[test]
    fn content_detection() {
        assert_eq!(
            detect(
                b"%%MatrixMarket matrix coordinate pattern general\n",
                Path::new("x.gr")
            ),
            Format::MatrixMarket
        );
        assert_eq!(detect(b"\n\np sp 3 2\n", Path::new("x")), Format::Dimacs);
        assert_eq!(
            detect(b"c comment\np sp 3 2\n", Path::new("x")),
            Format::Dimacs
        );
        assert_eq!(detect(b"a 0 1 5\n", Path::new("x.txt")), Format::Dimacs);
        assert_eq!(detect(b"# c\n0 1\n", Path::new("x.gr")), Format::Dimacs);
        assert_eq!(
            detect(b"0 1\n", Path::new("x.mtx.gz")),
            Format::MatrixMarket
        );
        assert_eq!(detect(b"0 1\n", Path::new("x.GR.xz")), Format::Dimacs);
        assert_eq!(detect(b"0 1\n", Path::new("x.edges.xz")), Format::EdgeList);
        assert_eq!(detect(b"", Path::new("x")), Format::EdgeList);
    }

    #[test]
    fn compressed_inputs_of_every_format() {
        let el = b"# nodes 3 edges 2 directed 1\n0 1\n1 2\n".to_vec();
        let mm = b"%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 3\n".to_vec();
        let gr = b"p sp 3 2\na 1 2 1\na 2 3 1\n".to_vec();
        let dir = tempfile::tempdir().unwrap();
        for (i, data) in [el, mm, gr].into_iter().enumerate() {
            let want = graph_of(&data).layout_hash();
            for (suffix, bytes) in [("", data.clone()), (".gz", gz(&data)), (".xz", xz(&data))] {
                // A neutral name: content detection must do all the work.
                let p = dir.path().join(format!("g{i}.data{suffix}"));
                std::fs::write(&p, &bytes).unwrap();
                let g = load(&p, &LoadOptions::default()).unwrap();
                assert_eq!(g.nodes(), 3, "{}", p.display());
                assert_eq!(g.arcs(), 2);
                if i == 2 {
                    assert_eq!(g.layout_hash(), want); // weights present too
                }
                assert!(g.is_directed());
            }
        }
    }

    #[test]
    fn missing_file_is_io_error_with_fix() {
        let e = load(
            Path::new("/nonexistent/graph.edges"),
            &LoadOptions::default(),
        )
        .unwrap_err();
        assert!(matches!(e, FormatError::Io { .. }));
        assert!(e.to_string().contains("Fix:"));
        assert!(e.to_string().contains("/nonexistent/graph.edges"));
    }

    #[test]
    fn truncated_compressed_stream_is_read_error() {
        let data = (0..20_000)
            .map(|i| format!("{i} {}\n", i + 1))
            .collect::<String>();
        for mut c in [gz(data.as_bytes()), xz(data.as_bytes())] {
            c.truncate(c.len() / 2);
            let e = parse_err(&c, &LoadOptions::default());
            assert!(matches!(e, FormatError::Read { .. }), "{e}");
            assert!(e.line().unwrap() > 1);
            assert!(e.to_string().contains("Fix:"));
        }
    }

    #[test]
    fn unsupported_compression_named() {
        let e = parse_err(b"BZh91AY&SY\x00\x01", &LoadOptions::default());
        assert_eq!(e.line(), Some(1));
        assert!(e.to_string().contains("bzip2"), "{e}");
        assert!(e.to_string().contains("Fix:"));
    }

    #[test]
    fn forced_format_and_directedness() {
        let opts = LoadOptions {
            format: Some(Format::EdgeList),
            directed: Some(false),
            ..Default::default()
        };
        // Would be DIMACS by extension; forced to edge list.
        let g = read(&b"0 1\n1 2\n"[..], Path::new("x.gr"), &opts).unwrap();
        assert!(!g.is_directed());
        assert_eq!(g.arcs(), 4);
        assert_eq!(Format::from_name("mtx"), Some(Format::MatrixMarket));
        assert_eq!(
            Format::from_name(Format::Dimacs.name()),
            Some(Format::Dimacs)
        );
    }

    #[test]
    fn node_limit_applies_to_headers_and_ids() {
        let opts = LoadOptions {
            max_nodes: Some(100),
            ..Default::default()
        };
        let e = parse_err(b"# nodes 101 edges 0\n", &opts);
        assert_eq!(e.line(), Some(1));
        assert!(e.to_string().contains("limit"), "{e}");
        let index = LoadOptions {
            ids: IdMode::Index,
            ..opts.clone()
        };
        let e = parse_err(b"0 1\n5 100\n", &index);
        assert_eq!(e.line(), Some(2));
        // Under `--ids auto` an id beyond the limit makes the ids names.
        let g = read(&b"0 1\n5 100\n"[..], Path::new("t"), &opts).unwrap();
        assert_eq!(g.nodes(), 4);
        assert_eq!(g.id_of("100"), Some(3));
        let e = parse_err(
            b"%%MatrixMarket matrix coordinate pattern general\n1000 1 0\n",
            &opts,
        );
        assert_eq!(e.line(), Some(2));
        let e = parse_err(b"a 0 1000 1\n", &opts);
        assert_eq!(e.line(), Some(1));
        assert!(e.to_string().contains("Fix:"));
    }
}

#[cfg(test)]
mod bom_tests {
    use super::test_util::*;
    use super::*;

    #[test]
    fn a_byte_order_mark_is_skipped_in_every_text_format() {
        let bom = |d: &[u8]| [UTF8_BOM, d].concat();
        let cases: [&[u8]; 5] = [
            b"0 1\n1 2\n",
            b"# nodes 3 edges 2 directed 1\n0 1\n1 2\n",
            b"%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 3\n",
            b"p sp 3 2\na 1 2 1\na 2 3 1\n",
            b"alice bob\nbob carol\n",
        ];
        for data in cases {
            let plain = graph_of(data);
            for with in [bom(data), gz(&bom(data))] {
                let g = graph_of(&with);
                assert_eq!(g.layout_hash(), plain.layout_hash(), "{data:?}");
                // Numeric ids stay numeric: no vertex is named "\u{feff}0".
                assert_eq!(
                    g.vertex_names().is_some(),
                    plain.vertex_names().is_some(),
                    "{data:?}"
                );
            }
        }
        let g = graph_of(&bom(b"alice bob\n"));
        assert_eq!(g.id_of("alice"), Some(0));
        let tsv = LoadOptions {
            format: Some(Format::Tsv),
            ..Default::default()
        };
        let g = read(&bom(b"src\tdst\n0\t1\n")[..], Path::new("t"), &tsv).unwrap();
        assert_eq!(g.arcs(), 1);
    }
}
