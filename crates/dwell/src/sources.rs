//! Choosing query sources: explicit lists, files of ids, or a seeded random pick.

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
}

/// Parse ids separated by commas and/or whitespace; `#` starts a comment
/// that runs to the end of its line. `origin` names the input in errors.
pub fn parse_list(text: &str, origin: &str) -> Result<Vec<u32>, SourcesError> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        for tok in line
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
        {
            let id = tok.parse::<u32>().map_err(|_| SourcesError::BadId {
                origin: origin.to_string(),
                text: tok.to_string(),
            })?;
            out.push(id);
        }
    }
    Ok(out)
}

/// Read a file of ids (see [`parse_list`]).
pub fn read_list(mut reader: impl BufRead, origin: &str) -> Result<Vec<u32>, SourcesError> {
    let mut text = String::new();
    reader
        .read_to_string(&mut text)
        .map_err(|e| SourcesError::BadId {
            origin: origin.to_string(),
            text: e.to_string(),
        })?;
    parse_list(&text, origin)
}

/// `count` distinct vertices with at least one outgoing arc, chosen
/// uniformly with a seeded ChaCha8 generator: the same graph and seed give
/// the same sources on any machine (as GAP picks non-isolated roots).
pub fn random(g: &Graph, count: usize, seed: u64) -> Result<Vec<u32>, SourcesError> {
    let fwd = g.forward();
    let candidates: Vec<u32> = (0..g.nodes() as u32)
        .filter(|&v| fwd.degree(v) > 0)
        .collect();
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
        None => parse_list(spec, "--sources"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::GraphBuilder;

    #[test]
    fn lists_and_comments() {
        assert_eq!(
            parse_list("0,5, 9\n# x\n12 # y\n", "t").unwrap(),
            vec![0, 5, 9, 12]
        );
        assert!(matches!(
            parse_list("1,-2", "t"),
            Err(SourcesError::BadId { .. })
        ));
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
