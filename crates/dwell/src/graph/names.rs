//! Vertex names: the user's own strings for dense vertex ids.
//!
//! A [`VertexNames`] interns names in first-seen order: the first distinct
//! name is vertex 0, the next vertex 1, and so on. All names live in one
//! string arena with `u64` start offsets, and a `hashbrown::HashTable` of ids
//! (hashed with hashbrown's default, randomly seeded hasher, so crafted names
//! cannot force collisions) finds a name's id. Per name that is its bytes plus
//! 8 bytes of offset and about 5 bytes of table: a 10-million-name table with
//! 10-byte names costs about 230 MB, not the 60+ bytes per name of a map of
//! owned strings.
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
    table: HashTable<u32>,
    hasher: DefaultHashBuilder,
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
        let h = self.hasher.hash_one(name);
        self.table
            .find(h, |&id| self.get(id) == Some(name))
            .copied()
    }

    /// The id of `name`, assigning the next id on first sight.
    pub fn intern(&mut self, name: &str) -> Result<u32, NamesError> {
        let h = self.hasher.hash_one(name);
        if let Some(&id) = self.table.find(h, |&id| self.get(id) == Some(name)) {
            return Ok(id);
        }
        let id = self.len();
        // Ids stay below u32::MAX (`NO_VERTEX`), like every vertex id.
        if id as u64 >= super::build::MAX_NODES {
            return Err(NamesError::TooMany {
                name: name.to_string(),
                max: super::build::MAX_NODES,
            });
        }
        let held = self.arena.len() as u64;
        let oom = |extra: usize| NamesError::OutOfMemory {
            bytes: held.saturating_add(extra as u64),
        };
        let VertexNames {
            arena,
            starts,
            table,
            hasher,
        } = self;
        arena.try_reserve(name.len()).map_err(|_| oom(name.len()))?;
        starts.try_reserve(2).map_err(|_| oom(16))?;
        let rehash = |&i: &u32| hasher.hash_one(name_at(arena, starts, i));
        table.try_reserve(1, rehash).map_err(|_| oom(8))?;
        if starts.is_empty() {
            starts.push(0);
        }
        arena.push_str(name);
        starts.push(arena.len() as u64);
        let id = id as u32;
        // Room was reserved above, so this never rehashes.
        table.insert_unique(h, id, |&i| hasher.hash_one(name_at(arena, starts, i)));
        Ok(id)
    }

    /// `(id, name)` pairs in id order.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &str)> + '_ {
        (0..self.len() as u32).map(move |v| (v, self.get(v).unwrap_or("")))
    }

    /// Bytes the table holds in memory (arena, offsets, hash table).
    pub fn bytes(&self) -> u64 {
        let table = (self.table.capacity() as u64).saturating_mul(4 + 1);
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

fn name_at<'a>(arena: &'a str, starts: &[u64], i: u32) -> &'a str {
    let i = i as usize;
    match (starts.get(i), starts.get(i + 1)) {
        (Some(&s), Some(&e)) => &arena[s as usize..e as usize],
        _ => "",
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
        #[test]
        fn agrees_with_a_vec_model(names in proptest::collection::vec("[a-c~#:]{0,4}", 0..300)) {
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
        }
    }
}
