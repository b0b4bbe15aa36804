//! Label tokens → label masks, for edge lists, TSV and CSV.
//!
//! A file's labels are numeric masks (`5`, `0x5`, `0b101`) while every label
//! token is one. The first token that is not a number (`call`, `~`, `#m`,
//! `part of`) makes every label of the file a name, numbers included: the
//! numeric labels read so far become the names they were written as (`1` is
//! then a name like any other), in the order they were first seen, and each
//! distinct name owns one bit (at most [`MAX_LABEL_NAMES`]). `all` is never a
//! name: it selects every label.
//!
//! Two spellings of one mask (`3` and `0x3`) read before the switch would be
//! two names whose arcs can no longer be told apart; that is an error naming
//! both lines.

use super::{clip, FormatError, ParseFile};
use crate::graph::{parse_mask, GraphBuilder, LabelNames, MAX_LABEL_NAMES};

/// A numeric label as first read: its mask, spelling and line.
struct Spelled {
    mask: u32,
    text: String,
    line: u64,
}

#[derive(Default)]
pub(crate) struct Labels {
    names: LabelNames,
    /// Numbers are names (a name has been read).
    named: bool,
    /// While numeric: each distinct spelling, in first-seen order, up to one
    /// more than could become names.
    seen: Vec<Spelled>,
    /// More distinct numeric spellings than `seen` holds.
    overflow: bool,
    /// Index in `seen` of the spelling read last.
    last: usize,
}

impl Labels {
    /// The mask of label token `tok` on line `no`.
    pub fn mask(
        &mut self,
        tok: &str,
        b: &mut GraphBuilder,
        parsing: &ParseFile,
        no: u64,
    ) -> Result<u32, FormatError> {
        if tok == "all" {
            return Err(parsing.err(
                no,
                "label name `all` is reserved (it selects every label)",
                "rename this edge kind",
            ));
        }
        if !self.named {
            if let Some(mask) = parse_mask(tok) {
                self.remember(mask, tok, no);
                return Ok(mask);
            }
            self.switch_to_names(b, parsing, no)?;
        }
        self.bit(tok, parsing, no)
    }

    /// The label names, if the file has them.
    pub fn finish(self, b: &mut GraphBuilder) {
        if !self.names.is_empty() {
            b.set_label_names(self.names);
        }
    }

    fn remember(&mut self, mask: u32, tok: &str, no: u64) {
        // Most lines repeat a recent spelling: try the last one seen first.
        if self.overflow || self.seen.get(self.last).is_some_and(|s| s.text == tok) {
            return;
        }
        if let Some(i) = self.seen.iter().position(|s| s.text == tok) {
            self.last = i;
            return;
        }
        // One more than fits is enough to know the switch must fail.
        if self.seen.len() > MAX_LABEL_NAMES {
            self.overflow = true;
            return;
        }
        self.last = self.seen.len();
        self.seen.push(Spelled {
            mask,
            text: tok.to_string(),
            line: no,
        });
    }

    fn bit(&mut self, tok: &str, parsing: &ParseFile, no: u64) -> Result<u32, FormatError> {
        self.names.bit_for(tok).map_err(|e| {
            let msg = e.to_string();
            match msg.split_once(". Fix: ") {
                Some((p, f)) => parsing.err(no, p, f),
                None => parsing.err(no, msg, "merge edge kinds"),
            }
        })
    }

    /// Line `no` holds the first label that is a name: the numeric labels
    /// read so far become names by their spelling, and the arcs pushed with
    /// them get those names' bits.
    fn switch_to_names(
        &mut self,
        b: &mut GraphBuilder,
        parsing: &ParseFile,
        no: u64,
    ) -> Result<(), FormatError> {
        self.named = true;
        let seen = std::mem::take(&mut self.seen);
        if self.overflow {
            return Err(parsing.err(
                no,
                format!("this label makes the file's labels names, but the numeric labels before it already have more than {MAX_LABEL_NAMES} distinct spellings"),
                format!("dwell keeps one bit per named edge kind in a 32-bit mask: merge kinds into at most {MAX_LABEL_NAMES} names, or give every label as a numeric bit mask"),
            ));
        }
        for (i, s) in seen.iter().enumerate() {
            if let Some(t) = seen[..i].iter().find(|t| t.mask == s.mask) {
                return Err(parsing.err(
                    no,
                    format!(
                        "this label makes the file's labels names, but `{}` (line {}) and `{}` (line {}) are one numeric mask written two ways, so their arcs cannot become two names",
                        clip(&t.text), t.line, clip(&s.text), s.line
                    ),
                    "spell each label one way throughout the file",
                ));
            }
        }
        let mut bits = Vec::with_capacity(seen.len());
        for s in &seen {
            let bit = self.bit(&s.text, parsing, no).map_err(|e| match e {
                FormatError::Parse {
                    file,
                    line,
                    problem,
                } => FormatError::Parse {
                    file,
                    line,
                    problem: format!(
                        "this label makes the file's labels names, numbers included: {problem}"
                    ),
                },
                e => e,
            })?;
            bits.push((s.mask, bit));
        }
        b.relabel(|mask| {
            bits.iter()
                .find(|&&(m, _)| m == mask)
                .map_or(mask, |&(_, bit)| bit)
        });
        Ok(())
    }
}
