//! Choosing query sources: explicit lists, files of ids or names, or a seeded
//! random pick. On a graph with [vertex names](crate::graph::VertexNames)
//! lists name vertices by the file's own tokens (`libc6`, `GO:0008150`, or
//! `17` when sparse integer ids were compacted); otherwise by index.

use crate::graph::Graph;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::io::BufRead;

/// A source list that could not be parsed or chosen.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SourcesError {
    #[error("{origin}: {text:?} is not a vertex id. Fix: give non-negative integers separated by commas or whitespace")]
    BadId { origin: String, text: String },
    #[error("random:{count} asks for more sources than the graph's {available} vertices with outgoing arcs. Fix: ask for at most {available}")]
    TooMany { count: usize, available: usize },
    #[error("random:{text:?} needs a count. Fix: write e.g. --sources random:64")]
    BadRandom { text: String },
    #[error("{origin}: no vertex is named {name:?}. Fix: use a name the graph has; the closest are {closest}")]
    UnknownName {
        origin: String,
        name: String,
        closest: String,
    },
    /// A line the line reader refuses (over 1 MiB, binary, not UTF-8) or
    /// could not read: `text` names the file and line and ends in a Fix.
    #[error("{text}")]
    Input { text: String },
}

/// Parse vertices separated by commas and/or whitespace; `#` starts a
/// comment that runs to the end of its line. On a named graph each token is
/// a vertex name, and a whole line that is a name counts as one (names may
/// hold commas, spaces or `#`). `origin` names the input in errors.
pub fn parse_list(g: &Graph, text: &str, origin: &str) -> Result<Vec<u32>, SourcesError> {
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(v) = g.id_of(line.trim()) {
            out.push(v);
            continue;
        }
        let line = line.split('#').next().unwrap_or("");
        for tok in line
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
        {
            out.push(vertex(g, tok, origin)?);
        }
    }
    Ok(out)
}

/// One vertex token: a name on a named graph, else an index.
pub fn vertex(g: &Graph, tok: &str, origin: &str) -> Result<u32, SourcesError> {
    match g.vertex_names() {
        Some(names) => names.id_of(tok).ok_or_else(|| SourcesError::UnknownName {
            origin: origin.to_string(),
            name: tok.to_string(),
            closest: names
                .closest(tok, 3)
                .iter()
                .map(|n| format!("{n:?}"))
                .collect::<Vec<_>>()
                .join(", "),
        }),
        None => tok.parse::<u32>().map_err(|_| SourcesError::BadId {
            origin: origin.to_string(),
            text: tok.to_string(),
        }),
    }
}

/// Read a file of vertices (see [`parse_list`]).
pub fn read_list(g: &Graph, reader: impl BufRead, origin: &str) -> Result<Vec<u32>, SourcesError> {
    // Line by line, each at most 1 MiB as in graph files: `/dev/zero` is
    // an error at its first line, not a read until memory runs out.
    let mut lines = crate::formats::lines::Lines::new(reader, std::path::Path::new(origin))
        .of_kind("sources file");
    let mut out = Vec::new();
    loop {
        match lines.next_line() {
            Ok(Some((_, line))) => out.extend(parse_list(g, line, origin)?),
            Ok(None) => return Ok(out),
            Err(e) => {
                return Err(SourcesError::Input {
                    text: e.to_string(),
                })
            }
        }
    }
}

/// `count` distinct vertices with at least one outgoing arc, chosen
/// uniformly with a seeded ChaCha8 generator: the same graph and seed give
/// the same sources on any machine (as GAP picks non-isolated roots).
pub fn random(g: &Graph, count: usize, seed: u64) -> Result<Vec<u32>, SourcesError> {
    let fwd = g.forward();
    let candidates: Vec<u32> = (0..g.nodes() as u32)
        .filter(|&v| fwd.degree(v) > 0)
        .collect();
    choose(&candidates, count, seed)
}

/// `count` distinct ids of `candidates` (increasing vertex ids), chosen as
/// [`random`] chooses: a process holding one shard of a graph picks the
/// whole graph's sources from its list of vertices with outgoing arcs.
pub fn choose(candidates: &[u32], count: usize, seed: u64) -> Result<Vec<u32>, SourcesError> {
    if count > candidates.len() {
        return Err(SourcesError::TooMany {
            count,
            available: candidates.len(),
        });
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    Ok(candidates
        .choose_multiple(&mut rng, count)
        .copied()
        .collect())
}

/// A `--sources` value: `0,5,9` or `random:N`.
pub fn parse_spec(g: &Graph, spec: &str, seed: u64) -> Result<Vec<u32>, SourcesError> {
    match spec.strip_prefix("random:") {
        Some(n) => {
            let count = n.trim().parse().map_err(|_| SourcesError::BadRandom {
                text: n.to_string(),
            })?;
            random(g, count, seed)
        }
        None => parse_list(g, spec, "--sources"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::GraphBuilder;

    #[test]
    fn a_file_without_line_ends_is_bounded_by_the_line_limit() {
        // `/dev/zero` or a 2 MiB line: an error naming the file and line at
        // 1 MiB, not a read until memory runs out.
        let g = GraphBuilder::new(true).build().unwrap();
        let long = vec![b'1'; (1 << 21) + 3];
        let e = read_list(&g, &long[..], "src.txt").unwrap_err().to_string();
        assert!(
            e.contains("src.txt:1") && e.contains("longer than") && e.contains("Fix:"),
            "{e}"
        );
        let zeros = std::io::BufReader::new(std::io::Read::take(std::io::repeat(0), 4 << 20));
        let e = read_list(&g, zeros, "zero").unwrap_err().to_string();
        assert!(e.contains("zero:1") && e.contains("Fix:"), "{e}");
        // Lines as before.
        assert_eq!(
            read_list(&g, &b"3, 4\n# c\n5\n"[..], "t").unwrap(),
            vec![3, 4, 5]
        );
    }

    #[test]
    fn lists_and_comments() {
        let g = GraphBuilder::new(true).build().unwrap();
        assert_eq!(
            parse_list(&g, "0,5, 9\n# x\n12 # y\n", "t").unwrap(),
            vec![0, 5, 9, 12]
        );
        assert!(matches!(
            parse_list(&g, "1,-2", "t"),
            Err(SourcesError::BadId { .. })
        ));
    }

    #[test]
    fn names_resolve_and_unknown_ones_get_suggestions() {
        let g = crate::formats::read(
            &b"libc6 zlib1g\npart,of x\nlibc6-dev libc6\n"[..],
            std::path::Path::new("t"),
            &Default::default(),
        )
        .unwrap();
        assert_eq!(
            parse_list(&g, "libc6, x\nzlib1g", "t").unwrap(),
            vec![0, 3, 1]
        );
        // A whole line that is a name wins over splitting at its comma.
        assert_eq!(parse_list(&g, "part,of", "t").unwrap(), vec![2]);
        let e = parse_list(&g, "libc7", "--sources")
            .unwrap_err()
            .to_string();
        assert!(e.contains("\"libc7\"") && e.contains("Fix:"), "{e}");
        assert!(e.contains("closest are \"libc6\""), "{e}");
    }

    #[test]
    fn random_is_deterministic_and_skips_sinks() {
        let mut b = GraphBuilder::new(true);
        for v in 0..50u64 {
            b.push(v, v + 1).unwrap();
        }
        let g = b.build().unwrap();
        let a = random(&g, 10, 7).unwrap();
        assert_eq!(a, random(&g, 10, 7).unwrap());
        assert!(a.iter().all(|&v| v < 50));
        let mut d = a.clone();
        d.sort();
        d.dedup();
        assert_eq!(d.len(), 10);
        assert!(random(&g, 51, 7).is_err());
        assert_eq!(parse_spec(&g, "random:3", 1).unwrap().len(), 3);
        assert!(parse_spec(&g, "random:x", 1).is_err());
    }
}
