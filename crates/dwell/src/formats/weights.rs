//! Arc weights read from text (`--weights COLUMN` for edge lists, TSV and
//! CSV): one token becomes a finite, non-negative `f64`.
//!
//! A weight is a decimal number as Rust's `f64` parser reads it (`3`,
//! `0.25`, `1e-3`, `+2`); NaN, infinities and negative values are refused
//! (a shortest path needs lengths ≥ 0), so a graph never holds one. `-0`
//! is read as 0. The column is a 1-based position or, in a TSV or CSV file
//! with a header row, the header's name for it.

/// Where the weights are: a 0-based field, or a header name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum WeightColumn {
    Field(usize),
    Name(String),
}

/// `--weights SPEC`: a 1-based position, or a name.
pub(crate) fn column(spec: &str) -> Result<WeightColumn, String> {
    let spec = spec.trim();
    if spec.is_empty() {
        return Err("`--weights` is empty. Fix: give the weight column as a 1-based position (`--weights 3`) or a header name (`--weights length`)".into());
    }
    match spec.parse::<usize>() {
        Ok(0) => Err("`--weights 0`: positions are 1-based. Fix: the first field is 1; edge lines `u v w` have their weight in field 3".into()),
        Ok(p) => Ok(WeightColumn::Field(p - 1)),
        Err(_) => Ok(WeightColumn::Name(spec.to_string())),
    }
}

/// The weight `tok` stands for, or why it is none (the problem, without a
/// Fix: the caller knows the line and adds one).
pub fn parse_weight(tok: &str) -> Result<f64, String> {
    let w: f64 = tok
        .parse()
        .map_err(|_| format!("weight `{}` is not a number", super::clip(tok)))?;
    if w.is_nan() || w.is_infinite() {
        return Err(format!("weight `{}` is not finite", super::clip(tok)));
    }
    if w < 0.0 {
        return Err(format!("weight {w} is negative"));
    }
    // -0 compares equal to 0; store one bit pattern.
    Ok(w + 0.0)
}

/// The Fix of every bad weight.
pub(crate) const FIX_WEIGHT: &str = "weights are finite, non-negative numbers (`3`, `0.25`, `1e-3`); correct this one, or point `--weights` at the right column";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_every_spelling_and_the_refused_ones() {
        for (tok, w) in [
            ("3", 3.0),
            ("0.25", 0.25),
            ("1e-3", 1e-3),
            ("+2", 2.0),
            ("0", 0.0),
        ] {
            assert_eq!(parse_weight(tok), Ok(w), "{tok}");
        }
        assert_eq!(parse_weight("-0").unwrap().to_bits(), 0.0f64.to_bits());
        for tok in [
            "-1", "nan", "NaN", "inf", "-inf", "infinity", "", "3m", "1,5", "0x10",
        ] {
            assert!(parse_weight(tok).is_err(), "{tok}");
        }
        assert_eq!(column("3"), Ok(WeightColumn::Field(2)));
        assert_eq!(column("length"), Ok(WeightColumn::Name("length".into())));
        assert!(column("0").unwrap_err().contains("Fix:"));
        assert!(column(" ").unwrap_err().contains("Fix:"));
    }
}
