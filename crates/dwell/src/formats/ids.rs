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

use super::{parse_u64, Ctx, FormatError, IdMode};
use crate::graph::{GraphBuilder, VertexNames};
use hashbrown::HashMap;

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

    /// Are vertex tokens names from now on (so arcs can wait in [`Pending`])?
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
        ctx: &Ctx,
        no: u64,
        fix: &str,
    ) -> Result<(u64, u64), FormatError> {
        if self.names.is_none() {
            match (
                self.index(u, b, ctx, no, fix)?,
                self.index(v, b, ctx, no, fix)?,
            ) {
                (Some(u), Some(v)) => return Ok((u, v)),
                // Auto: this line's tokens are the first that are names.
                _ => self.switch_to_names(b, ctx, no)?,
            }
        }
        Ok((self.name(u, ctx, no)?, self.name(v, ctx, no)?))
    }

    /// `tok` as an index, `None` when (under auto) it must be a name.
    fn index(
        &self,
        tok: &str,
        b: &GraphBuilder,
        ctx: &Ctx,
        no: u64,
        fix: &str,
    ) -> Result<Option<u64>, FormatError> {
        let id = match self.mode {
            IdMode::Index => parse_u64(tok, "vertex id").map_err(|p| ctx.err(no, p, fix))?,
            _ => match canonical(tok) {
                // A declared vertex space keeps out-of-range ids an error.
                Some(id) if b.declared_nodes().is_some() || id < ctx.max_nodes => id,
                _ => return Ok(None),
            },
        };
        if b.declared_nodes().is_none() && id >= ctx.max_nodes {
            ctx.check_nodes(no, id.saturating_add(1), "vertex id implies")?;
        }
        Ok(Some(id))
    }

    fn name(&mut self, tok: &str, ctx: &Ctx, no: u64) -> Result<u64, FormatError> {
        let names = self.names.get_or_insert_with(VertexNames::new);
        let id = names
            .intern(tok)
            .map_err(|e| ctx.err(no, e, "split the graph"))?;
        if u64::from(id) >= ctx.max_nodes {
            ctx.check_nodes(no, u64::from(id) + 1, "the distinct vertex names make")?;
        }
        Ok(id.into())
    }

    /// Integers read so far become names, in the order they were seen.
    fn switch_to_names(
        &mut self,
        b: &mut GraphBuilder,
        ctx: &Ctx,
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
                .map_err(|e| ctx.err(no, e, "split the graph"))?;
            map.insert(old, new);
        }
        b.renumber(|old| map[&old]).map_err(|e| ctx.graph(e))?;
        self.names = Some(names);
        Ok(())
    }

    /// End of input: compact a sparse all-integer file (auto), then hand the
    /// names to the builder.
    pub fn finish(mut self, b: &mut GraphBuilder, ctx: &Ctx, last: u64) -> Result<(), FormatError> {
        if self.mode == IdMode::Auto && self.names.is_none() && b.declared_nodes().is_none() {
            let range = b.max_id().map_or(0, |m| u64::from(m) + 1);
            let endpoints = (b.len() as u64).saturating_mul(2);
            if range > DENSE_ALWAYS && range > endpoints.saturating_mul(2) {
                self.switch_to_names(b, ctx, last)?;
            }
        }
        if let Some(names) = self.names {
            b.set_vertex_names(names);
        }
        Ok(())
    }
}

/// Arcs of a named file waiting for their vertices' ids, so that a batch of
/// lookups runs back to back ([`VertexNames::intern_many`]: on a large graph
/// each lookup is a few cache misses, which then overlap).
#[derive(Default)]
pub(crate) struct Pending {
    /// The arcs' tokens, concatenated.
    text: String,
    rows: Vec<Row>,
    ids: Vec<u32>,
}

/// One pending arc: its line and where its tokens end in `Pending::text`.
struct Row {
    no: u64,
    u_end: usize,
    v_end: usize,
    /// Where the label token ends, if the arc has one (it starts at `v_end`).
    label_end: Option<usize>,
}

impl Pending {
    /// Arcs per batch: enough to keep lookups overlapping, few enough that
    /// the batch stays in the processor's caches.
    const BATCH: usize = 1024;

    /// Queue the arc on line `no`; true when the batch is full.
    pub fn push(&mut self, no: u64, u: &str, v: &str, label: Option<&str>) -> bool {
        self.text.push_str(u);
        let u_end = self.text.len();
        self.text.push_str(v);
        let v_end = self.text.len();
        let label_end = label.map(|l| {
            self.text.push_str(l);
            self.text.len()
        });
        self.rows.push(Row {
            no,
            u_end,
            v_end,
            label_end,
        });
        self.rows.len() >= Self::BATCH
    }

    /// Look up the queued arcs' vertex names, then hand each arc (its line,
    /// endpoint ids and label token) to `arc`, in file order. An error is
    /// the first in file order: a name that cannot be interned on line `n`
    /// comes after what `arc` reports for the lines before `n`.
    pub fn flush(
        &mut self,
        ids: &mut Ids,
        b: &mut GraphBuilder,
        ctx: &Ctx,
        mut arc: impl FnMut(&mut GraphBuilder, u64, u64, u64, Option<&str>) -> Result<(), FormatError>,
    ) -> Result<(), FormatError> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let names = ids.names.get_or_insert_with(VertexNames::new);
        let mut toks: Vec<&str> = Vec::with_capacity(2 * self.rows.len());
        let mut start = 0;
        for r in &self.rows {
            toks.push(&self.text[start..r.u_end]);
            toks.push(&self.text[r.u_end..r.v_end]);
            start = r.label_end.unwrap_or(r.v_end);
        }
        self.ids.clear();
        let mut failed = names
            .intern_many(&toks, &mut self.ids)
            .err()
            .map(|(i, e)| (i / 2, ctx.err(self.rows[i / 2].no, e, "split the graph")));
        // Ids come in increasing order, so the first over the limit is the
        // first error (before any failure to intern, whose ids are missing).
        if let Some(j) = self
            .ids
            .iter()
            .position(|&id| u64::from(id) >= ctx.max_nodes)
        {
            let no = self.rows[j / 2].no;
            let id = u64::from(self.ids[j]);
            if let Err(e) = ctx.check_nodes(no, id + 1, "the distinct vertex names make") {
                failed = Some((j / 2, e));
            }
        }
        let done = failed.as_ref().map_or(self.rows.len(), |(row, _)| *row);
        let result = self.rows[..done]
            .iter()
            .zip(self.ids.chunks_exact(2))
            .try_for_each(|(r, pair)| {
                let label = r.label_end.map(|end| &self.text[r.v_end..end]);
                arc(b, r.no, pair[0].into(), pair[1].into(), label)
            });
        self.text.clear();
        self.rows.clear();
        result?;
        match failed {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
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
    use super::canonical;

    #[test]
    fn canonical_integers_only() {
        assert_eq!(canonical("0"), Some(0));
        assert_eq!(canonical("17"), Some(17));
        for t in ["", "007", "+1", "-1", "1.5", "x", "99999999999999999999999"] {
            assert_eq!(canonical(t), None, "{t}");
        }
    }
}
