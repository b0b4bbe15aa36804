//! Vertex names: the user's own strings for dense vertex ids.
//!
//! A [`VertexNames`] interns names in first-seen order: the first distinct
//! name is vertex 0, the next vertex 1, and so on. All names live in one
//! string arena with `u64` start offsets, and a `hashbrown::HashTable` of
//! slots (hashed with hashbrown's default, randomly seeded hasher, so
//! crafted names cannot force collisions) finds a name's id.
//!
//! Loading a named file is one lookup per endpoint, and on a large graph
//! each lookup is a few cache misses, which is most of the load time. A slot
//! therefore holds the name's length and either the name itself (up to 24
//! bytes: most package names, ontology ids, user ids) or its arena offset: a
//! probe confirms a match from the slot and (long names) the arena, never the
//! `starts` array, and a short name's probe touches nothing but the table.
//! [`intern_many`](VertexNames::intern_many) looks a batch up back to back.
//! Per name that is its bytes plus 8 bytes of offset and 38–75 bytes of
//! table (a 32-byte slot and a control byte per bucket, buckets a power of
//! two at most 7/8 full): a 10-million-name table of 10-byte names costs
//! about 0.75 GB (16.8M buckets), 580k names of 22 bytes 63 MB. That is the
//! price of the speed (docs/BENCHMARKS.md, "Named vertices at scale"); a
//! table of `u32` ids alone takes a sixth of that but four misses a probe.
//!
//! Names are not part of the [layout hash](super::hash): the hash fingerprints
//! the normalized topology a backend holds and every answer is computed on,
//! and renaming the vertices (a bijection) changes no answer by index, only
//! how it is reported. A graph and its integer twin therefore share plans,
//! evidence and resident copies; compare [`VertexNames`] (`==`) where names
//! matter.

use hashbrown::{DefaultHashBuilder, HashTable};
use std::hash::BuildHasher;

/// Names for the vertices of a graph, in id order. See the [module](self).
#[derive(Clone, Default)]
pub struct VertexNames {
    /// Every name, concatenated in id order.
    arena: String,
    /// `starts[i]..starts[i + 1]` is name `i` in `arena`; `len + 1` entries
    /// once anything is interned (empty before).
    starts: Vec<u64>,
    /// Ids, found by the name's hash.
    table: HashTable<Slot>,
    hasher: DefaultHashBuilder,
}

/// Words of name bytes a [`Slot`] holds; names up to [`INLINE`] bytes live
/// there whole.
const WORDS: usize = 3;
const INLINE: usize = WORDS * 8;

/// A table entry: enough to compare a name without reading `starts`.
#[derive(Clone, Copy)]
struct Slot {
    id: u32,
    /// The name's length in bytes.
    len: u32,
    /// Names of at most [`INLINE`] bytes: the bytes (see [`pack`]);
    /// longer ones: the name's offset in the arena, in word 0.
    words: [u64; WORDS],
}

/// A short name's bytes as words, little-endian, zero-padded: two names of
/// the same length are equal exactly when their words are.
fn pack(name: &[u8]) -> [u64; WORDS] {
    let mut b = [0u8; INLINE];
    b[..name.len()].copy_from_slice(name);
    let mut w = [0u64; WORDS];
    for (w, c) in w.iter_mut().zip(b.chunks_exact(8)) {
        let mut word = [0u8; 8];
        word.copy_from_slice(c);
        *w = u64::from_le_bytes(word);
    }
    w
}

/// A name being looked up, with what a probe compares.
struct Probe<'a> {
    bytes: &'a [u8],
    len: u32,
    words: [u64; WORDS],
}

impl<'a> Probe<'a> {
    fn new(name: &'a str) -> Option<Self> {
        let bytes = name.as_bytes();
        Some(Probe {
            bytes,
            len: u32::try_from(bytes.len()).ok()?,
            words: if bytes.len() <= INLINE {
                pack(bytes)
            } else {
                [0; WORDS]
            },
        })
    }

    fn matches(&self, s: &Slot, arena: &str) -> bool {
        if s.len != self.len {
            return false;
        }
        if self.bytes.len() <= INLINE {
            return s.words == self.words;
        }
        let start = s.words[0] as usize;
        arena
            .as_bytes()
            .get(start..start + self.bytes.len())
            .is_some_and(|held| held == self.bytes)
    }
}

/// The hash of a slot's name (when the table grows).
fn rehash(hasher: &DefaultHashBuilder, arena: &str, s: &Slot) -> u64 {
    let len = s.len as usize;
    if len <= INLINE {
        let mut b = [0u8; INLINE];
        for (c, w) in b.chunks_exact_mut(8).zip(&s.words) {
            c.copy_from_slice(&w.to_le_bytes());
        }
        // Packed from a whole `&str`, so the bytes are that name's UTF-8.
        hasher.hash_one(std::str::from_utf8(&b[..len]).unwrap_or(""))
    } else {
        let start = s.words[0] as usize;
        hasher.hash_one(arena.get(start..start + len).unwrap_or(""))
    }
}

/// The hash function of one [`VertexNames`] table (each table has its own
/// random seed): a copy can hash names on another thread.
#[derive(Clone, Copy)]
pub struct NameHasher(DefaultHashBuilder);

impl NameHasher {
    /// The hash the table gives `name`.
    pub fn hash(&self, name: &str) -> u64 {
        self.0.hash_one(name)
    }
}

/// A name that could not be interned.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NamesError {
    #[error("more than {max} distinct vertex names (the next is {name:?}). Fix: dwell's u32 vertex ids allow at most {max} vertices; split the graph")]
    TooMany { name: String, max: u64 },
    #[error("the vertex-name table needs {bytes} bytes, which this process cannot allocate. Fix: raise the memory limit or use a machine with more memory")]
    OutOfMemory { bytes: u64 },
}

impl VertexNames {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of names.
    pub fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// No names?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The name of vertex `v`, if it has one.
    pub fn get(&self, v: u32) -> Option<&str> {
        let i = v as usize;
        let (&s, &e) = (self.starts.get(i)?, self.starts.get(i + 1)?);
        // Offsets are byte positions of whole names pushed into the arena.
        Some(&self.arena[s as usize..e as usize])
    }

    /// The id of `name`, if it is a vertex's name.
    pub fn id_of(&self, name: &str) -> Option<u32> {
        let p = Probe::new(name)?;
        let h = self.hasher.hash_one(name);
        self.table
            .find(h, |s| p.matches(s, &self.arena))
            .map(|s| s.id)
    }

    /// The id of `name`, assigning the next id on first sight.
    pub fn intern(&mut self, name: &str) -> Result<u32, NamesError> {
        let h = self.hasher.hash_one(name);
        self.intern_hashed(name, h)
    }

    /// The ids of `names`, appended to `ids`: what [`intern`](Self::intern)
    /// on each in turn gives. Every hash is computed first and every name
    /// then looked up in a tight loop of reads, so the processor overlaps
    /// the cache misses of consecutive lookups (one at a time, each waits
    /// for its own); the names not yet held are then interned in order,
    /// which keeps ids in first-seen order. On an error at `names[i]`,
    /// `Err((i, e))` with the ids of `names[..i]` appended.
    pub fn intern_many(
        &mut self,
        names: &[&str],
        ids: &mut Vec<u32>,
    ) -> Result<(), (usize, NamesError)> {
        let hashes: Vec<u64> = names.iter().map(|n| self.hasher.hash_one(n)).collect();
        self.intern_many_hashed(names, &hashes, ids)
    }

    /// The hasher of this table, so that names can be hashed on another
    /// thread than the one that interns them ([`intern_many_hashed`](Self::intern_many_hashed)).
    pub fn hasher(&self) -> NameHasher {
        NameHasher(self.hasher)
    }

    /// [`intern_many`](Self::intern_many) with each name's hash computed
    /// already: `hashes[i]` must be [`self.hasher()`](Self::hasher)`.hash(names[i])`
    /// (another hash would intern a held name again). `hashes` as long as `names`.
    pub fn intern_many_hashed(
        &mut self,
        names: &[&str],
        hashes: &[u64],
        ids: &mut Vec<u32>,
    ) -> Result<(), (usize, NamesError)> {
        // Never an id: ids stay below MAX_NODES = u32::MAX.
        const MISSING: u32 = u32::MAX;
        debug_assert_eq!(names.len(), hashes.len());
        let base = ids.len();
        ids.extend(names.iter().zip(hashes).map(|(n, &h)| {
            Probe::new(n)
                .and_then(|p| self.table.find(h, |s| p.matches(s, &self.arena)))
                .map_or(MISSING, |s| s.id)
        }));
        for (i, (n, &h)) in names.iter().zip(hashes).enumerate() {
            if ids[base + i] == MISSING {
                match self.intern_hashed(n, h) {
                    Ok(id) => ids[base + i] = id,
                    Err(e) => {
                        ids.truncate(base + i);
                        return Err((i, e));
                    }
                }
            }
        }
        Ok(())
    }

    fn intern_hashed(&mut self, name: &str, h: u64) -> Result<u32, NamesError> {
        let held = self.arena.len() as u64;
        let oom = |extra: usize| NamesError::OutOfMemory {
            bytes: held.saturating_add(extra as u64),
        };
        // A name of 4 GiB or more cannot be a slot's length (nor fit in memory).
        let p = Probe::new(name).ok_or_else(|| oom(name.len()))?;
        if let Some(s) = self.table.find(h, |s| p.matches(s, &self.arena)) {
            return Ok(s.id);
        }
        let id = self.len();
        // Ids stay below u32::MAX (`NO_VERTEX`), like every vertex id.
        if id as u64 >= super::build::MAX_NODES {
            return Err(NamesError::TooMany {
                name: name.to_string(),
                max: super::build::MAX_NODES,
            });
        }
        let VertexNames {
            arena,
            starts,
            table,
            hasher,
        } = self;
        arena.try_reserve(name.len()).map_err(|_| oom(name.len()))?;
        starts.try_reserve(2).map_err(|_| oom(16))?;
        table
            .try_reserve(1, |s| rehash(hasher, arena, s))
            .map_err(|_| oom(std::mem::size_of::<Slot>()))?;
        if starts.is_empty() {
            starts.push(0);
        }
        let start = arena.len() as u64;
        arena.push_str(name);
        starts.push(arena.len() as u64);
        let slot = Slot {
            id: id as u32,
            len: p.len,
            words: if name.len() <= INLINE {
                p.words
            } else {
                let mut w = [0; WORDS];
                w[0] = start;
                w
            },
        };
        // Room was reserved above, so this never rehashes.
        table.insert_unique(h, slot, |s| rehash(hasher, arena, s));
        Ok(slot.id)
    }

    /// `(id, name)` pairs in id order.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &str)> + '_ {
        (0..self.len() as u32).map(move |v| (v, self.get(v).unwrap_or("")))
    }

    /// Bytes the table holds in memory (arena, offsets, hash table).
    pub fn bytes(&self) -> u64 {
        let table =
            (self.table.capacity() as u64).saturating_mul(std::mem::size_of::<Slot>() as u64 + 1);
        (self.arena.capacity() as u64)
            .saturating_add((self.starts.capacity() as u64).saturating_mul(8))
            .saturating_add(table)
    }

    /// Up to `k` names closest to `name` (Jaro–Winkler similarity, ties by
    /// id), for "did you mean" hints. Scans every name: for error paths only.
    pub fn closest(&self, name: &str, k: usize) -> Vec<&str> {
        let mut scored: Vec<(f64, u32)> = self
            .iter()
            .map(|(v, n)| (strsim::jaro_winkler(name, n), v))
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored
            .into_iter()
            .take(k)
            .filter_map(|(_, v)| self.get(v))
            .collect()
    }

    /// Build a table from names in id order; a repeated name is an error
    /// naming its two ids (what a reader of a stored table needs).
    pub fn from_ordered<'a>(
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<Self, (usize, String)> {
        let mut t = VertexNames::new();
        for (i, n) in names.into_iter().enumerate() {
            match t.intern(n) {
                Ok(id) if id as usize == i => {}
                Ok(id) => {
                    return Err((i, format!("name {n:?} of vertex {i} repeats vertex {id}'s")))
                }
                Err(e) => return Err((i, e.to_string())),
            }
        }
        Ok(t)
    }
}

impl PartialEq for VertexNames {
    fn eq(&self, other: &Self) -> bool {
        self.starts == other.starts && self.arena == other.arena
    }
}
impl Eq for VertexNames {}

impl std::fmt::Debug for VertexNames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown: Vec<&str> = self.iter().take(8).map(|(_, n)| n).collect();
        f.debug_struct("VertexNames")
            .field("len", &self.len())
            .field("first", &shown)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn first_seen_order_and_lookup() {
        let mut t = VertexNames::new();
        assert!(t.is_empty());
        assert_eq!(t.get(0), None);
        assert_eq!(t.intern("libc6").unwrap(), 0);
        assert_eq!(t.intern("python3.11:any").unwrap(), 1);
        assert_eq!(t.intern("libc6").unwrap(), 0);
        assert_eq!(t.intern("").unwrap(), 2);
        assert_eq!(t.len(), 3);
        assert_eq!(t.get(1), Some("python3.11:any"));
        assert_eq!(t.get(2), Some(""));
        assert_eq!(t.get(3), None);
        assert_eq!(t.id_of("libc6"), Some(0));
        assert_eq!(t.id_of("libc"), None);
        let all: Vec<_> = t.iter().collect();
        assert_eq!(all, vec![(0, "libc6"), (1, "python3.11:any"), (2, "")]);
        assert!(t.bytes() >= 20);
    }

    #[test]
    fn short_and_long_names_kept_apart() {
        // Same packed word, different lengths; 8 bytes inline, 9 in the arena;
        // names that differ only past their eighth byte.
        let names = [
            "a",
            "a\0",
            "abcdefgh",
            "abcdefghi",
            "abcdefghj",
            "é",
            "ééééé",
            "",
        ];
        let mut t = VertexNames::new();
        for (i, n) in names.iter().enumerate() {
            assert_eq!(t.intern(n).unwrap() as usize, i, "{n:?}");
        }
        for (i, n) in names.iter().enumerate() {
            assert_eq!(t.intern(n).unwrap() as usize, i, "{n:?}");
            assert_eq!(t.id_of(n), Some(i as u32), "{n:?}");
            assert_eq!(t.get(i as u32), Some(*n));
        }
        assert_eq!(t.id_of("abcdefgh\0"), None);
        assert_eq!(t.id_of("abcdefgk"), None);
    }

    #[test]
    fn closest_names_first() {
        let mut t = VertexNames::new();
        for n in ["libc6", "libssl3", "zlib1g", "libc6-dev", "python3"] {
            t.intern(n).unwrap();
        }
        let c = t.closest("libc7", 2);
        assert_eq!(c[0], "libc6");
        assert_eq!(c.len(), 2);
    }

    #[test]
    fn from_ordered_rejects_repeats() {
        let t = VertexNames::from_ordered(["a", "b"]).unwrap();
        assert_eq!(t.id_of("b"), Some(1));
        assert_eq!(VertexNames::from_ordered(["a", "b", "a"]).unwrap_err().0, 2);
    }

    proptest! {
        /// Interning agrees with a plain first-seen map, and survives growth.
        /// Names of up to 12 characters (some multi-byte) cross the 8-byte
        /// line between names held in the slot and names in the arena.
        #[test]
        fn agrees_with_a_vec_model(
            names in proptest::collection::vec("[a-c~#:é]{0,4}|[ab]{7,10}|[aé]{3,6}|[ab]{20,30}", 0..600),
            batch in 0usize..80,
        ) {
            let mut t = VertexNames::new();
            let mut model: Vec<String> = Vec::new();
            for n in &names {
                let want = match model.iter().position(|m| m == n) {
                    Some(i) => i,
                    None => { model.push(n.clone()); model.len() - 1 }
                };
                prop_assert_eq!(t.intern(n).unwrap() as usize, want);
            }
            prop_assert_eq!(t.len(), model.len());
            for (i, m) in model.iter().enumerate() {
                prop_assert_eq!(t.get(i as u32), Some(m.as_str()));
                prop_assert_eq!(t.id_of(m), Some(i as u32));
            }
            // In batches (repeats inside one batch, and across batches),
            // the same ids as one at a time.
            let mut many = VertexNames::new();
            let mut ids = Vec::new();
            let all: Vec<&str> = names.iter().map(String::as_str).collect();
            for chunk in all.chunks(batch.max(1)) {
                many.intern_many(chunk, &mut ids).unwrap();
            }
            let one: Vec<u32> = names.iter().map(|n| t.id_of(n).unwrap()).collect();
            prop_assert_eq!(ids, one);
            prop_assert!(many == t);
        }
    }
}
