//! [`FactSets`]: one fixed-width bitset per node, and the reader for the
//! command line's gen/kill files.
//!
//! Encoding: node `v` owns words `v * words_per_node .. (v + 1) * words_per_node`
//! of `bits`; fact `f` is bit `f % 64` of the row's word `f / 64`.
//! `words_per_node = max(1, ceil(facts / 64))` (at least one word, so the node
//! count is always `bits.len() / words_per_node`), and every bit at or beyond
//! `facts` is zero. Solvers rely on both; [`FactSets::check`] tests them.

use std::io::BufRead;

/// One bitset of `facts` bits per node, stored flat: node `v` owns words
/// `v * words_per_node .. (v + 1) * words_per_node`.
///
/// ```
/// use dwell::analysis::FactSets;
/// let mut s = FactSets::new(3, 70);
/// s.set(2, 69);
/// s.set(2, 1);
/// assert!(s.get(2, 69) && !s.get(1, 69));
/// assert_eq!(s.iter(2).collect::<Vec<_>>(), vec![1, 69]);
/// assert_eq!(s.node(2).len(), 2); // 70 facts need two words
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactSets {
    pub facts: usize,
    pub words_per_node: usize,
    pub bits: Vec<u64>,
}

/// Why a gen/kill file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FactsError {
    #[error("{file}: {source}. Fix: check the path and permissions")]
    Io {
        file: String,
        source: std::io::Error,
    },
    #[error("{file}:{line}: {problem}")]
    Parse {
        file: String,
        line: u64,
        problem: String,
    },
    #[error("{file}: {nodes} nodes × {facts} facts do not fit in memory. Fix: number facts densely from 0, or split the problem")]
    TooLarge {
        file: String,
        nodes: usize,
        facts: usize,
    },
    /// A fact id that would make the sets larger than the reader may
    /// allocate, found before anything is allocated.
    #[error("{file}:{line}: fact {fact} makes each of the {nodes} nodes' sets {} bits wide, {} in all, over the {budget} bytes allowed. Fix: number facts densely from 0 (the universe is the largest fact + 1), or raise the memory budget (--budget-bytes)", u64::from(*fact) + 1, bytes.map_or("over 2^64 bytes".to_string(), |b| format!("{b} bytes")))]
    OverBudget {
        file: String,
        line: u64,
        fact: u32,
        nodes: usize,
        bytes: Option<u64>,
        budget: u64,
    },
    /// A line the line reader refuses (over 1 MiB, binary, not UTF-8) or
    /// could not read; names the file and line and ends in a `Fix:` hint.
    #[error(transparent)]
    Line(#[from] crate::formats::FormatError),
}

/// Bytes of `nodes` sets over facts `0..=fact`, `None` past a `u64`.
fn set_bytes(nodes: usize, fact: u32) -> Option<u64> {
    let words = words_for(fact as usize + 1) as u64;
    (nodes as u64).checked_mul(words)?.checked_mul(8)
}

/// Words needed for `facts` bits (at least one).
pub(crate) fn words_for(facts: usize) -> usize {
    facts.div_ceil(64).max(1)
}

/// Mask of the valid bits in word `k` of a row of `facts` facts.
#[inline]
pub(crate) fn word_mask(facts: usize, k: usize) -> u64 {
    let lo = k * 64;
    if facts >= lo + 64 {
        u64::MAX
    } else if facts <= lo {
        0
    } else {
        (1u64 << (facts - lo)) - 1
    }
}

impl FactSets {
    /// `nodes` empty sets over a universe of `facts` facts.
    ///
    /// # Panics
    /// If `nodes × words` overflows `usize` (use [`FactSets::read`] for
    /// untrusted sizes).
    pub fn new(nodes: usize, facts: usize) -> FactSets {
        Self::try_new(nodes, facts).expect("fact set size overflows usize")
    }

    /// Like [`new`](Self::new), but `None` when the size overflows or the
    /// memory cannot be reserved.
    pub fn try_new(nodes: usize, facts: usize) -> Option<FactSets> {
        let words_per_node = words_for(facts);
        let len = nodes.checked_mul(words_per_node)?;
        let mut bits = Vec::new();
        bits.try_reserve_exact(len).ok()?;
        bits.resize(len, 0);
        Some(FactSets {
            facts,
            words_per_node,
            bits,
        })
    }

    /// Every node holds every fact (the top of the intersection lattice).
    pub fn universe(nodes: usize, facts: usize) -> FactSets {
        let mut s = FactSets::new(nodes, facts);
        let w = s.words_per_node;
        for row in s.bits.chunks_exact_mut(w) {
            for (k, word) in row.iter_mut().enumerate() {
                *word = word_mask(facts, k);
            }
        }
        s
    }

    /// Sets from `(node, facts)` lists; a node may appear more than once
    /// (its lists are united).
    ///
    /// # Panics
    /// If a node is `>= nodes` or a fact `>= facts`.
    pub fn from_lists(nodes: usize, facts: usize, lists: &[(u32, Vec<u32>)]) -> FactSets {
        let mut s = FactSets::new(nodes, facts);
        for (v, fs) in lists {
            for &f in fs {
                s.set(*v, f);
            }
        }
        s
    }

    /// Number of nodes (rows).
    pub fn nodes(&self) -> usize {
        self.bits.len() / self.words_per_node.max(1)
    }

    /// Row of node `v`: `words_per_node` words.
    #[inline]
    pub fn node(&self, v: u32) -> &[u64] {
        let w = self.words_per_node;
        let s = v as usize * w;
        &self.bits[s..s + w]
    }

    /// Mutable row of node `v`. Keep bits at or beyond `facts` zero.
    #[inline]
    pub fn node_mut(&mut self, v: u32) -> &mut [u64] {
        let w = self.words_per_node;
        let s = v as usize * w;
        &mut self.bits[s..s + w]
    }

    /// Does node `v` hold `fact`?
    ///
    /// # Panics
    /// If `v` or `fact` is out of range.
    #[inline]
    pub fn get(&self, v: u32, fact: u32) -> bool {
        assert!((fact as usize) < self.facts, "fact {fact} out of range");
        let f = fact as usize;
        self.node(v)[f / 64] >> (f % 64) & 1 == 1
    }

    /// Add `fact` to node `v`'s set.
    ///
    /// # Panics
    /// If `v` or `fact` is out of range.
    #[inline]
    pub fn set(&mut self, v: u32, fact: u32) {
        assert!((fact as usize) < self.facts, "fact {fact} out of range");
        let f = fact as usize;
        self.node_mut(v)[f / 64] |= 1 << (f % 64);
    }

    /// Remove `fact` from node `v`'s set.
    ///
    /// # Panics
    /// If `v` or `fact` is out of range.
    #[inline]
    pub fn unset(&mut self, v: u32, fact: u32) {
        assert!((fact as usize) < self.facts, "fact {fact} out of range");
        let f = fact as usize;
        self.node_mut(v)[f / 64] &= !(1 << (f % 64));
    }

    /// Node `v`'s facts, ascending.
    pub fn iter(&self, v: u32) -> impl Iterator<Item = u32> + '_ {
        self.node(v).iter().enumerate().flat_map(|(k, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let b = rest.trailing_zeros();
                rest &= rest - 1;
                Some(k as u32 * 64 + b)
            })
        })
    }

    /// The same sets over a universe of `facts` facts (which must not be
    /// smaller than the current one). Used to give gen and kill, read from
    /// separate files, one universe.
    ///
    /// # Panics
    /// If `facts < self.facts`.
    pub fn with_facts(self, facts: usize) -> FactSets {
        assert!(
            facts >= self.facts,
            "with_facts only widens ({} → {facts})",
            self.facts
        );
        let w = words_for(facts);
        if w == self.words_per_node {
            return FactSets { facts, ..self };
        }
        let mut out = FactSets::new(self.nodes(), facts);
        for (dst, src) in out
            .bits
            .chunks_exact_mut(w)
            .zip(self.bits.chunks_exact(self.words_per_node))
        {
            dst[..src.len()].copy_from_slice(src);
        }
        out
    }

    /// Check the encoding invariants for a problem over `nodes` nodes; the
    /// message names `what` (e.g. `gen`) and ends in a `Fix:` hint.
    pub fn check(&self, what: &'static str, nodes: usize) -> Result<(), ShapeError> {
        if self.words_per_node != words_for(self.facts) {
            return Err(ShapeError::WordsPerNode {
                what,
                words: self.words_per_node,
                facts: self.facts,
                need: words_for(self.facts),
            });
        }
        if Some(self.bits.len()) != nodes.checked_mul(self.words_per_node) {
            return Err(ShapeError::Rows {
                what,
                words: self.bits.len(),
                nodes,
                words_per_node: self.words_per_node,
            });
        }
        let last = self.words_per_node - 1;
        let mask = word_mask(self.facts, last);
        if let Some(row) = self
            .bits
            .chunks_exact(self.words_per_node)
            .position(|row| row[last] & !mask != 0)
        {
            return Err(ShapeError::BeyondUniverse {
                what,
                row,
                facts: self.facts,
            });
        }
        Ok(())
    }

    /// Read `node fact fact …` lines (`#` starts a comment; blank lines are
    /// skipped; a node may appear on several lines, its facts are united).
    /// The universe is the largest fact plus one (0 when there are none);
    /// widen with [`with_facts`](Self::with_facts) to match another file.
    /// `name` is the file name used in error messages.
    ///
    /// ```
    /// use dwell::analysis::FactSets;
    /// let text = "# gen sets\n0 1 2\n2 5\n0 3 # more for node 0\n";
    /// let s = FactSets::read(text.as_bytes(), "gen.txt", 3).unwrap();
    /// assert_eq!(s.facts, 6);
    /// assert_eq!(s.iter(0).collect::<Vec<_>>(), vec![1, 2, 3]);
    /// ```
    pub fn read(reader: impl BufRead, name: &str, nodes: usize) -> Result<FactSets, FactsError> {
        Self::read_lines(reader, name, nodes, u64::MAX, None)
    }

    /// [`read`](Self::read), refusing (before allocating) a fact id that
    /// would make the sets larger than `max_bytes`: a single large id
    /// widens every node's set.
    pub fn read_within(
        reader: impl BufRead,
        name: &str,
        nodes: usize,
        max_bytes: u64,
    ) -> Result<FactSets, FactsError> {
        Self::read_lines(reader, name, nodes, max_bytes, None)
    }

    /// [`read`](Self::read) for a graph whose vertices have names: each
    /// line's first token is a vertex name, which `node` resolves to its id
    /// (or to the problem, ending in a `Fix:` hint). A name may hold `#`, so
    /// here a comment is a token that starts with `#` (a whole line, or after
    /// the facts); names with whitespace cannot be written in this format.
    ///
    /// ```
    /// use dwell::analysis::FactSets;
    /// let ids = |t: &str| match t { "libc6" => Ok(0), "a#b" => Ok(1), _ => Err(format!("no {t}. Fix: …")) };
    /// let s = FactSets::read_named("libc6 1 # x\na#b 0\n".as_bytes(), "gen.txt", 2, ids).unwrap();
    /// assert_eq!(s.iter(1).collect::<Vec<_>>(), vec![0]);
    /// ```
    pub fn read_named(
        reader: impl BufRead,
        name: &str,
        nodes: usize,
        mut node: impl FnMut(&str) -> Result<u32, String>,
    ) -> Result<FactSets, FactsError> {
        Self::read_lines(reader, name, nodes, u64::MAX, Some(&mut node))
    }

    /// [`read_named`](Self::read_named) within `max_bytes`, as
    /// [`read_within`](Self::read_within).
    pub fn read_named_within(
        reader: impl BufRead,
        name: &str,
        nodes: usize,
        max_bytes: u64,
        mut node: impl FnMut(&str) -> Result<u32, String>,
    ) -> Result<FactSets, FactsError> {
        Self::read_lines(reader, name, nodes, max_bytes, Some(&mut node))
    }

    #[allow(clippy::type_complexity)]
    fn read_lines(
        reader: impl BufRead,
        name: &str,
        nodes: usize,
        max_bytes: u64,
        mut named: Option<&mut dyn FnMut(&str) -> Result<u32, String>>,
    ) -> Result<FactSets, FactsError> {
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        let mut max_fact: Option<u32> = None;
        let parse_err = |line: u64, problem: String| FactsError::Parse {
            file: name.to_string(),
            line,
            problem,
        };
        // Lines of at most 1 MiB, as graph files: `/dev/zero` is an error
        // at its first line, not a read until memory runs out.
        let mut lines = crate::formats::lines::Lines::new(reader, std::path::Path::new(name))
            .of_kind("fact-set file");
        while let Some((lineno, line)) = lines.next_line()? {
            let (first, facts): (Option<&str>, Vec<&str>) = if named.is_some() {
                let mut toks = line.split_whitespace().take_while(|t| !t.starts_with('#'));
                (toks.next(), toks.collect())
            } else {
                let content = line.split('#').next().unwrap_or("");
                let mut toks = content.split_whitespace();
                (toks.next(), toks.collect())
            };
            let Some(first) = first else {
                continue;
            };
            let v: u32 = match named.as_mut() {
                Some(resolve) => resolve(first).map_err(|p| parse_err(lineno, p))?,
                None => first.parse().map_err(|_| {
                    parse_err(
                        lineno,
                        format!("{first:?} is not a node id (a whole number below 2^32). Fix: start each line with a node id, then its facts: `node fact fact …`"),
                    )
                })?,
            };
            if v as usize >= nodes {
                return Err(parse_err(
                    lineno,
                    format!("node {v} is out of range: the graph has {nodes} nodes (ids 0..{nodes}). Fix: use node ids below {nodes}, or load the matching graph"),
                ));
            }
            for tok in facts {
                let f: u32 = tok.parse().map_err(|_| {
                    parse_err(
                        lineno,
                        format!("{tok:?} is not a fact number (a whole number below 2^32). Fix: list facts as numbers 0, 1, 2, … after the node"),
                    )
                })?;
                if max_fact.is_none_or(|m| f > m) {
                    let bytes = set_bytes(nodes, f);
                    if bytes.is_none_or(|b| b > max_bytes) {
                        return Err(FactsError::OverBudget {
                            file: name.to_string(),
                            line: lineno,
                            fact: f,
                            nodes,
                            bytes,
                            budget: max_bytes,
                        });
                    }
                    max_fact = Some(f);
                }
                pairs.push((v, f));
            }
        }
        let facts = max_fact.map_or(0, |m| m as usize + 1);
        let mut s = FactSets::try_new(nodes, facts).ok_or_else(|| FactsError::TooLarge {
            file: name.to_string(),
            nodes,
            facts,
        })?;
        for (v, f) in pairs {
            s.set(v, f);
        }
        Ok(s)
    }
}

/// Fact sets that do not fit their graph or each other.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    #[error("{what} sets have {words} words per node but {facts} facts need {need}. Fix: build fact sets with FactSets::new / from_lists / read")]
    WordsPerNode {
        what: &'static str,
        words: usize,
        facts: usize,
        need: usize,
    },
    #[error("{what} sets hold {words} words, not {nodes} nodes × {words_per_node} words: the graph has {nodes} nodes. Fix: give one row per graph node (node ids 0..{nodes})")]
    Rows {
        what: &'static str,
        words: usize,
        nodes: usize,
        words_per_node: usize,
    },
    #[error("{what} set of node {row} holds facts at or beyond the universe size {facts}. Fix: build fact sets with FactSets::new / from_lists / read")]
    BeyondUniverse {
        what: &'static str,
        row: usize,
        facts: usize,
    },
    #[error("gen sets have {gen} facts but kill sets have {kill}. Fix: widen both to one universe (DataflowProblem::new or FactSets::with_facts)")]
    UniverseMismatch { gen: usize, kill: usize },
}
