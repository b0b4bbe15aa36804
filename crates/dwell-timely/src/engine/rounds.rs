//! Rounds in windows: the machinery every analysis runs on. A round
//! (superstep) sends one epoch per window of target ids (`Engine::round`),
//! combining each window's messages in its slots (`Window`) as they are
//! made from rows walked one window at a time (`Walk`); an epoch
//! (`Engine::epoch`) sends, closes and waits until every worker's messages
//! and notes of it have arrived. The module documentation of [`super`]
//! says why (flow control).

use super::{Arcs, Engine, Lost, Msg, Note, COUNT, STOP, TALLY};
use crate::shard::Cursor;
use std::sync::atomic::Ordering;
use std::time::Duration;
use timely::worker::Worker;

/// What one epoch brought.
pub(super) struct Epoch {
    inbox: Vec<Msg>,
    pub(super) notes: Vec<Note>,
    /// Answer notes (on worker 0; empty elsewhere).
    pub(super) answers: Vec<Note>,
    /// Messages all workers sent in it.
    total: u64,
    /// The sum of the `(COUNT, TALLY, x)` notes of all workers.
    tally: u64,
}

/// What one round brought (its messages went to `receive`).
#[derive(Default)]
pub(super) struct Round {
    /// The round's notes (on the lead; empty on other workers).
    pub(super) notes: Vec<Note>,
    /// The round's answer notes (on worker 0; empty elsewhere).
    pub(super) answers: Vec<Note>,
    /// Messages all workers sent in the round.
    pub(super) total: u64,
    pub(super) tally: u64,
}

/// How messages to one `(vertex, word)` combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Op {
    Or,
    Min,
    Max,
    Sum,
}

/// One window of a round's messages: targets `lo..lo + width`, `words`
/// slots each, combined by `op` as they are made, so the window holds one
/// message per target and word rather than one per arc. `0` is an empty
/// slot: min and max store `value + 1`.
pub(super) struct Window<'a> {
    pub(super) lo: u32,
    words: usize,
    op: Op,
    slots: &'a mut [u64],
    touched: &'a mut Vec<u32>,
}

impl Window<'_> {
    /// Combine `value` (not 0 for OR and sums) into `(v, w)`, `v` in the
    /// window.
    #[inline]
    pub(super) fn add(&mut self, v: u32, w: u32, value: u64) {
        let k = (v - self.lo) as usize * self.words + w as usize;
        let s = &mut self.slots[k];
        if *s == 0 {
            self.touched.push(k as u32);
        }
        match self.op {
            Op::Or => *s |= value,
            Op::Sum => *s += value,
            Op::Min => {
                if *s == 0 || value + 1 < *s {
                    *s = value + 1;
                }
            }
            Op::Max => *s = (*s).max(value + 1),
        }
    }

    /// Hand the window's messages to `send`, by target, emptying it.
    fn drain(&mut self, mut send: impl FnMut(Msg)) {
        self.touched.sort_unstable();
        let bias = u64::from(matches!(self.op, Op::Min | Op::Max));
        for k in self.touched.drain(..) {
            let value = std::mem::take(&mut self.slots[k as usize]) - bias;
            let (v, w) = (k as usize / self.words, k as usize % self.words);
            send((self.lo + v as u32, w as u32, value));
        }
    }
}

/// Cursors over the rows of some of this worker's vertices, advanced one
/// window of target ids at a time: rows are sorted by target, so a
/// window's arcs of a row are the next run of it.
pub(super) struct Walk<'a> {
    rows: &'a [&'a Arcs],
    pub(super) items: Vec<u32>,
    /// Next arc of item `k` in row set `r`, at `k · rows + r`.
    pos: Vec<Cursor>,
}

impl<'a> Walk<'a> {
    pub(super) fn new(rows: &'a [&'a Arcs], items: Vec<u32>) -> Walk<'a> {
        let pos = vec![Cursor::default(); items.len() * rows.len()];
        Walk { rows, items, pos }
    }

    /// Call `f(item index, item, row set, target, label)` for every arc
    /// not yet visited whose target is below `hi`.
    #[inline]
    pub(super) fn window(
        &mut self,
        hi: u32,
        mut f: impl FnMut(usize, u32, usize, u32, Option<u32>),
    ) {
        let r = self.rows.len();
        for (k, &v) in self.items.iter().enumerate() {
            for (j, arcs) in self.rows.iter().enumerate() {
                arcs.scan(v, &mut self.pos[k * r + j], hi, |t, label| {
                    f(k, v, j, t, label)
                });
            }
        }
    }
}

impl Engine {
    /// Send message `m` at the current epoch.
    #[inline]
    fn send(&mut self, m: Msg) {
        if self.placement.process_of(m.0) != self.process {
            self.remote_records += 1;
        }
        self.msgs.send(m);
    }

    /// Send `notes` and `answers` at the current epoch (after `sent`
    /// messages, [`Engine::send`]), close it, and step until every
    /// worker's messages and notes of it have arrived.
    pub(super) fn epoch(
        &mut self,
        worker: &mut Worker,
        sent: u64,
        mut notes: Vec<Note>,
        answers: Vec<Note>,
    ) -> Result<Epoch, Lost> {
        // The stop flag, read once per epoch, rides on the count note.
        let stop = if self.stop.load(Ordering::Relaxed) {
            STOP
        } else {
            0
        };
        notes.push((COUNT, stop, sent));
        let remote_workers = (self.placement.processes() - 1) * self.placement.workers();
        self.remote_records += (notes.len() * remote_workers) as u64;
        for n in notes {
            self.notes.send(n);
        }
        // Answers go to worker 0, in process 0.
        if self.process != 0 {
            self.remote_records += answers.len() as u64;
        }
        for a in answers {
            self.answers.send(a);
        }
        self.epoch += 1;
        self.msgs.advance_to(self.epoch);
        self.notes.advance_to(self.epoch);
        self.answers.advance_to(self.epoch);
        while self.probe.less_than(&self.epoch) {
            if let Some((peer, what)) = self.links.failure() {
                return Err(Lost(peer, what));
            }
            if let Some(what) = crate::faults::panicked_here() {
                return Err(Lost(self.process, what));
            }
            worker.step_or_park(Some(Duration::from_millis(2)));
        }
        self.epochs += 1;
        // Epochs are numbered from 1; an epoch's data carry the epoch it
        // was sent at, one less than the one advanced to.
        let sent_at = self.epoch - 1;
        let inbox = self.inbox.borrow_mut().remove(&sent_at).unwrap_or_default();
        let answers = self
            .answers_in
            .borrow_mut()
            .remove(&sent_at)
            .unwrap_or_default();
        let mut all = self
            .notes_in
            .borrow_mut()
            .remove(&sent_at)
            .unwrap_or_default();
        let sum = |which: &[u32]| {
            all.iter()
                .filter(|n| n.0 == COUNT && which.contains(&n.1))
                .map(|n| n.2)
                .sum()
        };
        let (total, tally) = (sum(&[0, STOP]), sum(&[TALLY]));
        // Every worker has every note of the epoch: all decide alike.
        self.stopped |= all.iter().any(|n| n.0 == COUNT && n.1 == STOP);
        all.retain(|n| n.0 != COUNT);
        // Only the lead keeps the broadcast notes: one copy per process.
        if !self.lead {
            all.clear();
        }
        Ok(Epoch {
            inbox,
            notes: all,
            answers,
            total,
            tally,
        })
    }

    /// Windows of target ids for messages of `words` words per vertex:
    /// `(width, count)`, the same on every worker.
    pub(super) fn windows(&self, words: usize) -> (usize, usize) {
        let width = (self.window / words.max(1)).max(1);
        (width, self.g.nodes().div_ceil(width).max(1))
    }

    /// One round (superstep). This worker's messages are made by `fill`
    /// and sent window by window: `fill(hi, window)` adds the messages to
    /// targets in the window (below `hi`, at or above the last call's),
    /// combined by `op`; each window is its own epoch, and the messages it
    /// brings are handed to `receive` when it ends. So no worker holds more
    /// than a window of messages to send or to receive at once (flow
    /// control), and the combining slots are a window, not a whole graph.
    /// `notes` and `answers` go with the first window.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn round(
        &mut self,
        worker: &mut Worker,
        op: Op,
        words: usize,
        notes: Vec<Note>,
        answers: Vec<Note>,
        mut fill: impl FnMut(u32, &mut Window),
        mut receive: impl FnMut(Msg),
    ) -> Result<Round, Lost> {
        let n = self.g.nodes();
        let (width, count) = self.windows(words);
        let mut slots = std::mem::take(&mut self.slots);
        if slots.len() < width * words {
            // More words per vertex than a window holds: one vertex a window.
            slots.resize(width * words, 0);
        }
        let mut touched = std::mem::take(&mut self.touched);
        let mut notes = Some(notes);
        let mut answers = Some(answers);
        let mut round = Round::default();
        for c in 0..count {
            let lo = c * width;
            let hi = (lo + width).min(n);
            let mut w = Window {
                lo: lo as u32,
                words,
                op,
                slots: &mut slots[..width * words],
                touched: &mut touched,
            };
            fill(hi as u32, &mut w);
            // Straight from the slots into timely's buffers: no list of
            // the window's messages in between.
            let mut sent = 0u64;
            w.drain(|m| {
                self.send(m);
                sent += 1;
            });
            let e = match self.epoch(
                worker,
                sent,
                notes.take().unwrap_or_default(),
                answers.take().unwrap_or_default(),
            ) {
                Ok(e) => e,
                Err(lost) => {
                    self.slots = slots;
                    return Err(lost);
                }
            };
            for m in e.inbox {
                receive(m);
            }
            round.total += e.total;
            round.tally += e.tally;
            round.notes.extend(e.notes);
            round.answers.extend(e.answers);
        }
        self.slots = slots;
        self.touched = touched;
        self.rounds += 1;
        Ok(round)
    }
}
