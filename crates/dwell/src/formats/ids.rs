//! Vertex tokens → dense ids, under `--ids auto|index|name` ([`IdMode`]).
//!
//! - `index`: tokens are 0-based integer ids, as dwell always read them.
//! - `name`: every token is a name, interned in first-seen order (integers
//!   too: sparse or huge numeric ids are compacted, never allocated).
//! - `auto` (the default): canonical decimal integers (`0`, `17`; no sign,
//!   no leading zero) are indices while every token is one; the first other
//!   token (`libc6`, `GO:0008150`, `007`, `-1`, an id at or beyond the vertex
//!   limit) turns the file into a named one, and the integers read so far
//!   become the names they were written as, in the order they were seen.
//!   At the end, an all-integer file without a `nodes` header whose id range
//!   is sparse (more than 65,536 ids and over twice as many as the endpoints
//!   read, so most ids could name no vertex) is compacted the same way.
//!   Either way a vertex is found by the token the file used for it.

use super::{parse_u64, FormatError, IdMode, ParseFile};
use crate::graph::{GraphBuilder, NameHasher, NamesError, VertexNames};
use hashbrown::HashMap;
use std::sync::mpsc;

/// An all-integer file keeps its ids when their range is at most this, however sparse.
const DENSE_ALWAYS: u64 = 1 << 16;

pub(crate) struct Ids {
    mode: IdMode,
    names: Option<VertexNames>,
}

impl Ids {
    pub fn new(mode: IdMode) -> Self {
        Ids {
            mode,
            names: (mode == IdMode::Name).then(VertexNames::new),
        }
    }

    /// Are vertex tokens names from now on (so arcs can wait in [`LookupQueue`])?
    pub fn named(&self) -> bool {
        self.names.is_some()
    }

    /// The ids of the two vertex tokens of the arc on line `no`; `fix` is
    /// the line format hint.
    pub fn pair(
        &mut self,
        u: &str,
        v: &str,
        b: &mut GraphBuilder,
        parsing: &ParseFile,
        no: u64,
        fix: &str,
    ) -> Result<(u64, u64), FormatError> {
        if self.names.is_none() {
            match (
                self.index(u, b, parsing, no, fix)?,
                self.index(v, b, parsing, no, fix)?,
            ) {
                (Some(u), Some(v)) => return Ok((u, v)),
                // Auto: this line's tokens are the first that are names.
                _ => self.switch_to_names(b, parsing, no)?,
            }
        }
        Ok((self.name(u, parsing, no)?, self.name(v, parsing, no)?))
    }

    /// `tok` as an index, `None` when (under auto) it must be a name.
    fn index(
        &self,
        tok: &str,
        b: &GraphBuilder,
        parsing: &ParseFile,
        no: u64,
        fix: &str,
    ) -> Result<Option<u64>, FormatError> {
        let id = match self.mode {
            IdMode::Index => parse_u64(tok, "vertex id").map_err(|p| parsing.err(no, p, fix))?,
            _ => match canonical(tok) {
                // A declared vertex space keeps out-of-range ids an error.
                Some(id) if b.declared_nodes().is_some() || id < parsing.max_nodes => id,
                _ => return Ok(None),
            },
        };
        if b.declared_nodes().is_none() && id >= parsing.max_nodes {
            parsing.check_nodes(no, id.saturating_add(1), "vertex id implies")?;
        }
        Ok(Some(id))
    }

    fn name(&mut self, tok: &str, parsing: &ParseFile, no: u64) -> Result<u64, FormatError> {
        let names = self.names.get_or_insert_with(VertexNames::new);
        let id = names
            .intern(tok)
            .map_err(|e| parsing.err(no, e, "split the graph"))?;
        if u64::from(id) >= parsing.max_nodes {
            parsing.check_nodes(no, u64::from(id) + 1, "the distinct vertex names make")?;
        }
        Ok(id.into())
    }

    /// Integers read so far become names, in the order they were seen.
    fn switch_to_names(
        &mut self,
        b: &mut GraphBuilder,
        parsing: &ParseFile,
        no: u64,
    ) -> Result<(), FormatError> {
        let mut names = VertexNames::new();
        let mut map: HashMap<u32, u32> = HashMap::new();
        let mut text = String::new();
        for old in b.endpoints() {
            if map.contains_key(&old) {
                continue;
            }
            text.clear();
            use std::fmt::Write;
            let _ = write!(text, "{old}");
            let new = names
                .intern(&text)
                .map_err(|e| parsing.err(no, e, "split the graph"))?;
            map.insert(old, new);
        }
        b.renumber(|old| map[&old]).map_err(|e| parsing.graph(e))?;
        self.names = Some(names);
        Ok(())
    }

    /// End of input: compact a sparse all-integer file (auto), then hand the
    /// names to the builder.
    pub fn finish(
        mut self,
        b: &mut GraphBuilder,
        parsing: &ParseFile,
        last: u64,
    ) -> Result<(), FormatError> {
        if self.mode == IdMode::Auto && self.names.is_none() && b.declared_nodes().is_none() {
            let range = b.max_id().map_or(0, |m| u64::from(m) + 1);
            let endpoints = (b.len() as u64).saturating_mul(2);
            if range > DENSE_ALWAYS && range > endpoints.saturating_mul(2) {
                self.switch_to_names(b, parsing, last)?;
            }
        }
        if let Some(names) = self.names {
            b.set_vertex_names(names);
        }
        Ok(())
    }
}

/// How named arcs are looked up: in batches of `batch` arcs, on a second
/// thread (`worker`) from the first full batch on. The defaults are what
/// every load uses; tests vary them to compare the paths.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lookups {
    pub batch: usize,
    pub worker: bool,
}

impl Default for Lookups {
    fn default() -> Self {
        // Enough arcs to keep lookups overlapping, few enough that a batch
        // stays in the processor's caches.
        Lookups {
            batch: 1024,
            worker: true,
        }
    }
}

/// The arc of one line, its vertices as ids (what [`LookupQueue`] hands on).
pub(crate) struct LineArc<'a> {
    pub no: u64,
    pub u: u64,
    pub v: u64,
    pub label: Option<&'a str>,
    pub weight: Option<f64>,
}

/// Arcs of a named file waiting for their vertices' ids, so that a batch of
/// lookups runs back to back ([`VertexNames::intern_many`]: on a large graph
/// each lookup is a few cache misses, which then overlap).
///
/// A file that never fills a batch is looked up on the reading thread.
/// From the first full batch on, the name
/// table is lent to a worker thread that looks batches up while the reading
/// thread reads, tokenizes and hashes the next ones: a pipeline of two
/// stages, at most [`DEPTH`] batches ahead. Batches come back in the order
/// they were sent and their arcs are handed on in file order, so ids stay in
/// first-seen order and the first error in file order is still the one
/// reported. While the table is lent, `Ids::names` holds an empty stand-in
/// (the file stays named); [`finish`](Self::finish) puts the table back.
pub(crate) struct LookupQueue {
    tune: Lookups,
    /// The batch being filled.
    cur: Batch,
    /// Emptied batches, for reuse (their buffers keep their capacity).
    spare: Vec<Batch>,
    worker: Option<Worker>,
}

/// Batches sent to the worker and not yet handed on, beyond which the
/// reading thread waits for the oldest ones: about 5 MB of batches (tokens,
/// rows, hashes, ids), so that neither thread stalls whenever the other one
/// waits a few ms for a processor on a busy machine.
const DEPTH: usize = 48;

/// Arcs' tokens and, once looked up, their ids.
#[derive(Default)]
struct Batch {
    /// The arcs' tokens, concatenated.
    text: String,
    rows: Vec<Row>,
    /// One per vertex token, by the table's [`NameHasher`].
    hashes: Vec<u64>,
    ids: Vec<u32>,
    /// The lookup stopped at this vertex token (index into the tokens), for this reason.
    failed: Option<(usize, NamesError)>,
}

/// One pending arc: its line and where its tokens end in `Batch::text`.
struct Row {
    no: u64,
    u_end: usize,
    v_end: usize,
    /// Where the label token ends, if the arc has one (it starts at `v_end`).
    label_end: Option<usize>,
    weight: Option<f64>,
}

impl Batch {
    /// The vertex tokens, two per row.
    fn tokens<'a>(text: &'a str, rows: &[Row]) -> Vec<&'a str> {
        let mut toks = Vec::with_capacity(2 * rows.len());
        let mut start = 0;
        for r in rows {
            toks.push(&text[start..r.u_end]);
            toks.push(&text[r.u_end..r.v_end]);
            start = r.label_end.unwrap_or(r.v_end);
        }
        toks
    }

    /// Hash the vertex tokens, unless that was done as they were queued.
    fn hash(&mut self, h: &NameHasher) {
        if self.hashes.len() == 2 * self.rows.len() {
            return;
        }
        self.hashes.clear();
        let toks = Self::tokens(&self.text, &self.rows);
        self.hashes.extend(toks.into_iter().map(|t| h.hash(t)));
    }

    fn look_up(&mut self, names: &mut VertexNames) {
        let toks = Self::tokens(&self.text, &self.rows);
        self.ids.clear();
        self.failed = names
            .intern_many_hashed(&toks, &self.hashes, &mut self.ids)
            .err();
    }

    fn clear(&mut self) {
        self.text.clear();
        self.rows.clear();
        self.hashes.clear();
        self.ids.clear();
        self.failed = None;
    }

    /// Hand the looked-up arcs to `arc` in file order; an error is the
    /// first in file order: a name that cannot be interned on line `n`
    /// comes after what `arc` reports for the lines before `n`.
    fn hand_on(
        &mut self,
        parsing: &ParseFile,
        b: &mut GraphBuilder,
        arc: &mut impl FnMut(&mut GraphBuilder, LineArc) -> Result<(), FormatError>,
    ) -> Result<(), FormatError> {
        let rows = &self.rows;
        let mut failed = self
            .failed
            .take()
            .map(|(i, e)| (i / 2, parsing.err(rows[i / 2].no, e, "split the graph")));
        // Ids come in increasing order, so the first over the limit is the
        // first error (before any failure to intern, whose ids are missing).
        if let Some(j) = self
            .ids
            .iter()
            .position(|&id| u64::from(id) >= parsing.max_nodes)
        {
            let id = u64::from(self.ids[j]);
            if let Err(e) =
                parsing.check_nodes(rows[j / 2].no, id + 1, "the distinct vertex names make")
            {
                failed = Some((j / 2, e));
            }
        }
        let done = failed.as_ref().map_or(rows.len(), |(row, _)| *row);
        rows[..done]
            .iter()
            .zip(self.ids.chunks_exact(2))
            .try_for_each(|(r, pair)| {
                arc(
                    b,
                    LineArc {
                        no: r.no,
                        u: pair[0].into(),
                        v: pair[1].into(),
                        label: r.label_end.map(|end| &self.text[r.v_end..end]),
                        weight: r.weight,
                    },
                )
            })?;
        match failed {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }
}

/// The thread that holds the name table while a file's batches stream past.
struct Worker {
    to: mpsc::Sender<Batch>,
    back: mpsc::Receiver<Batch>,
    /// `None` once joined.
    thread: Option<std::thread::JoinHandle<VertexNames>>,
    hasher: NameHasher,
    in_flight: usize,
}

impl Worker {
    /// Lend `names` to a new thread; `None` (and `names` untouched) when no
    /// thread can be started: the batches are then looked up here.
    fn start(names: &mut VertexNames) -> Option<Worker> {
        let (to, jobs) = mpsc::channel::<Batch>();
        let (done, back) = mpsc::channel::<Batch>();
        // The table goes over once the thread runs, so a failed spawn keeps it.
        let (lend, lent) = mpsc::channel::<VertexNames>();
        let thread = std::thread::Builder::new()
            .name("dwell-names".into())
            .spawn(move || {
                let mut names = lent.recv().unwrap_or_default();
                for mut batch in jobs {
                    batch.look_up(&mut names);
                    if done.send(batch).is_err() {
                        break;
                    }
                }
                names
            })
            .ok()?;
        let hasher = names.hasher();
        // The thread holds `lent` until it has received the table.
        let _ = lend.send(std::mem::take(names));
        #[cfg(test)]
        WORKERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Some(Worker {
            to,
            back,
            thread: Some(thread),
            hasher,
            in_flight: 0,
        })
    }

    fn send(&mut self, batch: Batch) {
        if self.to.send(batch).is_err() {
            self.died();
        }
        self.in_flight += 1;
    }

    /// The oldest batch sent, looked up.
    fn recv(&mut self) -> Batch {
        match self.back.recv() {
            Ok(b) => {
                self.in_flight -= 1;
                b
            }
            Err(_) => self.died(),
        }
    }

    /// The oldest batch sent if it is back, or if `wait` (and one is in flight).
    fn next(&mut self, wait: bool) -> Option<Batch> {
        if wait && self.in_flight > 0 {
            return Some(self.recv());
        }
        match self.back.try_recv() {
            Ok(b) => {
                self.in_flight -= 1;
                Some(b)
            }
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => self.died(),
        }
    }

    /// A closed channel: the thread has ended, which it only does early by
    /// panicking. Pass its panic on.
    fn died(&mut self) -> ! {
        match self.thread.take().map(|t| t.join()) {
            Some(Err(panic)) => std::panic::resume_unwind(panic),
            _ => unreachable!("the names worker ended while batches were in flight"),
        }
    }

    /// Every batch received: stop the thread and take the table back.
    fn join(mut self) -> VertexNames {
        let (closed, _) = mpsc::channel();
        drop(std::mem::replace(&mut self.to, closed));
        match self.thread.take().map(|t| t.join()) {
            Some(Ok(names)) => names,
            Some(Err(panic)) => std::panic::resume_unwind(panic),
            None => unreachable!("joined twice"),
        }
    }
}

impl Drop for Worker {
    /// After an error the worker may still hold batches: close its queue, so
    /// it finishes them and ends, and wait for it.
    fn drop(&mut self) {
        let (closed, _) = mpsc::channel();
        drop(std::mem::replace(&mut self.to, closed));
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Names workers started (tests check that the pipeline really ran).
#[cfg(test)]
pub(crate) static WORKERS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl LookupQueue {
    pub fn new(tune: Lookups) -> Self {
        LookupQueue {
            tune: Lookups {
                batch: tune.batch.max(1),
                ..tune
            },
            cur: Batch::default(),
            spare: Vec::new(),
            worker: None,
        }
    }

    /// Queue the arc on line `no`; true when the batch is full (then call
    /// [`flush`](Self::flush)).
    pub fn push(
        &mut self,
        no: u64,
        u: &str,
        v: &str,
        label: Option<&str>,
        weight: Option<f64>,
    ) -> bool {
        let c = &mut self.cur;
        if let Some(w) = &self.worker {
            // Hashed here, while the tokens are in cache, and not by the worker.
            c.hashes.push(w.hasher.hash(u));
            c.hashes.push(w.hasher.hash(v));
        }
        c.text.push_str(u);
        let u_end = c.text.len();
        c.text.push_str(v);
        let v_end = c.text.len();
        let label_end = label.map(|l| {
            c.text.push_str(l);
            c.text.len()
        });
        c.rows.push(Row {
            no,
            u_end,
            v_end,
            label_end,
            weight,
        });
        c.rows.len() >= self.tune.batch
    }

    /// A full batch: send it to the worker (started now if need be) and hand
    /// on the arcs of the batches that are back, in file order, to `arc`;
    /// or, without a worker, look it up and hand it on here.
    pub fn flush(
        &mut self,
        ids: &mut Ids,
        b: &mut GraphBuilder,
        parsing: &ParseFile,
        mut arc: impl FnMut(&mut GraphBuilder, LineArc) -> Result<(), FormatError>,
    ) -> Result<(), FormatError> {
        if self.cur.rows.is_empty() {
            return Ok(());
        }
        let names = ids.names.get_or_insert_with(VertexNames::new);
        if self.worker.is_none() && self.tune.worker {
            self.worker = Worker::start(names);
        }
        let Some(w) = &mut self.worker else {
            return self.here(names, b, parsing, &mut arc);
        };
        let next = self.spare.pop().unwrap_or_default();
        let mut batch = std::mem::replace(&mut self.cur, next);
        batch.hash(&w.hasher);
        w.send(batch);
        // Hand on what is back; when too far ahead, wait for half the queue
        // (one wake-up per many batches, not one per batch).
        let wait_until = if w.in_flight > DEPTH {
            DEPTH / 2
        } else {
            usize::MAX
        };
        while let Some(mut done) = w.next(w.in_flight > wait_until) {
            let r = done.hand_on(parsing, b, &mut arc);
            done.clear();
            self.spare.push(done);
            r?;
        }
        Ok(())
    }

    /// The end of the arcs (of the file, or before an error on a later
    /// line): hand on every queued arc, in file order, and take the name
    /// table back from the worker.
    pub fn finish(
        &mut self,
        ids: &mut Ids,
        b: &mut GraphBuilder,
        parsing: &ParseFile,
        mut arc: impl FnMut(&mut GraphBuilder, LineArc) -> Result<(), FormatError>,
    ) -> Result<(), FormatError> {
        let Some(mut w) = self.worker.take() else {
            if self.cur.rows.is_empty() {
                return Ok(());
            }
            let names = ids.names.get_or_insert_with(VertexNames::new);
            return self.here(names, b, parsing, &mut arc);
        };
        if !self.cur.rows.is_empty() {
            let mut batch = std::mem::take(&mut self.cur);
            batch.hash(&w.hasher);
            w.send(batch);
        }
        let mut result = Ok(());
        while w.in_flight > 0 {
            let mut done = w.recv();
            if result.is_ok() {
                result = done.hand_on(parsing, b, &mut arc);
            }
            done.clear();
            self.spare.push(done);
        }
        ids.names = Some(w.join());
        result
    }

    /// Look the current batch up on this thread and hand it on.
    fn here(
        &mut self,
        names: &mut VertexNames,
        b: &mut GraphBuilder,
        parsing: &ParseFile,
        arc: &mut impl FnMut(&mut GraphBuilder, LineArc) -> Result<(), FormatError>,
    ) -> Result<(), FormatError> {
        self.cur.hash(&names.hasher());
        self.cur.look_up(names);
        let r = self.cur.hand_on(parsing, b, arc);
        self.cur.clear();
        r
    }
}

/// A decimal integer as written without sign or leading zeros.
fn canonical(tok: &str) -> Option<u64> {
    let b = tok.as_bytes();
    let ok = !b.is_empty() && b.iter().all(u8::is_ascii_digit) && (b[0] != b'0' || b.len() == 1);
    ok.then(|| tok.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::super::{read_tuned, FormatError, IdMode, LoadOptions};
    use super::{canonical, Lookups, WORKERS};
    use crate::graph::Graph;
    use proptest::prelude::*;
    use std::path::Path;
    use std::sync::atomic::Ordering;

    /// What a load gave, in a form two loads can be compared by.
    fn outcome(r: Result<Graph, FormatError>) -> Result<(u64, String, Vec<String>), String> {
        r.map(|g| {
            let names = g
                .vertex_names()
                .map(|n| n.iter().map(|(_, s)| s.to_string()).collect())
                .unwrap_or_default();
            (g.layout_hash(), g.label_names().to_string(), names)
        })
        .map_err(|e| e.to_string())
    }

    /// One line of a generated file: an arc over a small vocabulary (short
    /// names, names past the 24 bytes a slot holds, integers) with a label
    /// and weight when the file has them, or (rarely) a line that is an
    /// error where it stands.
    #[derive(Debug, Clone)]
    enum Line {
        Arc(String, String, &'static str, u32),
        Junk(&'static str),
    }

    fn line() -> impl Strategy<Value = Line> {
        let vertex = prop_oneof![
            6 => (0u32..60).prop_map(|k| format!("n{k}")),
            1 => (0u32..6).prop_map(|k| format!("a-name-longer-than-a-slot-holds-{k}")),
            2 => (0u32..30).prop_map(|k| k.to_string()),
        ];
        let label = prop_oneof![Just("call"), Just("isa"), Just("~"), Just("4")];
        prop_oneof![
            3000 => (vertex.clone(), vertex, label, 0u32..9)
                .prop_map(|(u, v, l, w)| Line::Arc(u, v, l, w)),
            1 => Just(Line::Junk("lonely")),
            1 => Just(Line::Junk("x y all 1")),
            1 => Just(Line::Junk("# nodes 3")),
            1 => Just(Line::Junk("x y")),
            1 => Just(Line::Junk("caf\u{e9} n1 call 1")),
            3 => Just(Line::Junk("")),
            3 => Just(Line::Junk("# a comment")),
        ]
    }

    /// The lines as an edge list (0), TSV (1) or CSV (2), with or without
    /// labels (and, in TSV/CSV, weights).
    fn render(lines: &[Line], format: usize, labelled: bool) -> String {
        let sep = [" ", "\t", ","][format];
        let mut out = String::new();
        for l in lines {
            let fields: Vec<String> = match l {
                Line::Arc(u, v, l, w) => match (labelled, format) {
                    (false, _) => vec![u.clone(), v.clone()],
                    (true, 0) => vec![u.clone(), v.clone(), l.to_string()],
                    (true, _) => vec![u.clone(), v.clone(), l.to_string(), w.to_string()],
                },
                Line::Junk(j) if j.starts_with('#') => vec![j.to_string()],
                Line::Junk(j) => j.split(' ').map(str::to_string).collect(),
            };
            out.push_str(&fields.join(sep));
            out.push('\n');
        }
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Named arcs looked up in batches of any size, on the worker
        /// thread or here, give exactly the graph (ids, arcs, labels,
        /// weights) or the error of looking them up one arc at a time on the
        /// reading thread: with errors in several batches, the first in file
        /// order wins.
        #[test]
        fn pipelined_lookups_match_one_at_a_time(
            lines in proptest::collection::vec(line(), 0..1500),
            batch in 1usize..40,
            format in 0usize..3,
            labelled in any::<bool>(),
            ids in prop_oneof![Just(IdMode::Auto), Just(IdMode::Name)],
            max_nodes in proptest::option::weighted(0.3, 70u64..100),
        ) {
            let data = render(&lines, format, labelled);
            let name = ["t.edges", "t.tsv", "t.csv"][format];
            let columns = (format > 0 && labelled).then(|| "1,2,3,4".to_string());
            let opts = LoadOptions { ids, max_nodes, columns, ..Default::default() };
            let one = Lookups { batch: 1, worker: false };
            let want = outcome(read_tuned(data.as_bytes(), Path::new(name), &opts, one));
            for worker in [true, false] {
                let tuned = Lookups { batch, worker };
                let got = outcome(read_tuned(data.as_bytes(), Path::new(name), &opts, tuned));
                prop_assert_eq!(&got, &want, "{:?}", tuned);
            }
        }
    }

    #[test]
    fn a_file_of_many_batches_uses_the_worker() {
        let text: String = (0..5000u32)
            .map(|i| format!("v{} v{}\n", i % 977, (i * 31) % 1201))
            .collect();
        let before = WORKERS.load(Ordering::Relaxed);
        let opts = LoadOptions::default();
        let g = read_tuned(text.as_bytes(), Path::new("t"), &opts, Lookups::default()).unwrap();
        assert!(WORKERS.load(Ordering::Relaxed) > before);
        let one = Lookups {
            batch: 1,
            worker: false,
        };
        let want = read_tuned(text.as_bytes(), Path::new("t"), &opts, one).unwrap();
        assert_eq!(g.vertex_names(), want.vertex_names());
        assert_eq!(g.layout_hash(), want.layout_hash());
        assert_eq!(g.id_of("v0"), Some(0));
        assert_eq!(g.nodes(), want.nodes());
    }

    #[test]
    fn canonical_integers_only() {
        assert_eq!(canonical("0"), Some(0));
        assert_eq!(canonical("17"), Some(17));
        for t in ["", "007", "+1", "-1", "1.5", "x", "99999999999999999999999"] {
            assert_eq!(canonical(t), None, "{t}");
        }
    }
}
