//! Edge kinds by name: each distinct name owns one bit of the u32 label mask.

use std::fmt;

/// Maximum number of named edge kinds (one per bit of a u32 mask).
pub const MAX_LABEL_NAMES: usize = 32;

/// Bit `i` of a label mask is called `names[i]`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LabelNames {
    names: Vec<String>,
}

/// A label name that could not be assigned or resolved.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LabelError {
    #[error("more than {MAX_LABEL_NAMES} distinct edge label names (the 33rd is {name:?}); dwell keeps one bit per kind in a 32-bit mask. Fix: merge kinds into at most {MAX_LABEL_NAMES} (rewrite the label field), give labels as numeric bit masks, or load without labels (TSV/CSV: `--columns src,dst`)")]
    TooMany { name: String },
    #[error("unknown edge label {name:?}; this graph has {known}. Fix: use one of those names, or a numeric mask such as 0x3")]
    Unknown { name: String, known: String },
    #[error("label mask {given} does not fit in 32 bits; dwell keeps one bit per edge kind in a u32 mask. Fix: give a mask of at most 32 bits (at most 0xffffffff), or `all` for every label")]
    TooWide { given: String },
    #[error("edge label name {name:?} cannot be selected: `all` is reserved (it selects every label), and a name must be non-empty, without surrounding spaces or control characters. Fix: rename this edge kind")]
    Unusable { name: String },
}

impl LabelNames {
    /// The bit for `name`, assigning the next free bit on first sight.
    pub fn bit_for(&mut self, name: &str) -> Result<u32, LabelError> {
        if let Some(i) = self.names.iter().position(|n| n == name) {
            return Ok(1 << i);
        }
        // One that `resolve` could never select (or that would shadow
        // `all`) is refused: from a file, a snapshot or the API alike.
        if name == "all"
            || name.trim() != name
            || name.is_empty()
            || name.chars().any(char::is_control)
        {
            return Err(LabelError::Unusable {
                name: name.to_string(),
            });
        }
        if self.names.len() == MAX_LABEL_NAMES {
            return Err(LabelError::TooMany {
                name: name.to_string(),
            });
        }
        self.names.push(name.to_string());
        Ok(1 << (self.names.len() - 1))
    }

    /// `(name, bit mask)` pairs in bit order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, u32)> {
        self.names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.as_str(), 1u32 << i))
    }

    /// No names assigned?
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Resolve a selection such as `call,isa`, `0x5`, `5` or `all` to a mask.
    /// Names and numbers may be mixed; the result is their union (a part
    /// that is a label name means that label, even `1`). A
    /// selection that is itself a label name (`part of`, `a,b`) is that
    /// label: a name holding a comma is given whole, never split.
    pub fn resolve(&self, selection: &str) -> Result<u32, LabelError> {
        if let Some(i) = self.names.iter().position(|n| n == selection) {
            return Ok(1 << i);
        }
        let mut mask = 0u32;
        for part in selection
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            if part == "all" {
                mask = u32::MAX;
            } else if let Some(i) = self.names.iter().position(|n| n == part) {
                // A name first: in a file whose labels are names, `1` is one.
                mask |= 1 << i;
            } else if let Some(m) = parse_mask(part) {
                mask |= m;
            } else if is_number(part) {
                return Err(LabelError::TooWide {
                    given: part.to_string(),
                });
            } else {
                return Err(LabelError::Unknown {
                    name: part.to_string(),
                    known: self.to_string(),
                });
            }
        }
        Ok(mask)
    }
}

/// A numeric mask: decimal, `0x` hex or `0b` binary.
pub fn parse_mask(s: &str) -> Option<u32> {
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u32::from_str_radix(h, 16).ok()
    } else if let Some(b) = s.strip_prefix("0b") {
        u32::from_str_radix(b, 2).ok()
    } else if s.bytes().all(|c| c.is_ascii_digit()) {
        s.parse().ok()
    } else {
        None
    }
}

/// Is `s` written as a number (decimal, `0x` hex, `0b` binary), whatever
/// its size? Such a part that [`parse_mask`] refuses is too wide, not a
/// misspelt name.
fn is_number(s: &str) -> bool {
    let (digits, radix) = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(b) = s.strip_prefix("0b") {
        (b, 2)
    } else {
        (s, 10)
    };
    !digits.is_empty() && digits.chars().all(|c| c.is_digit(radix))
}

impl fmt::Display for LabelNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.names.is_empty() {
            return write!(f, "no named labels");
        }
        for (i, (name, bit)) in self.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{name}=0x{bit:x}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_get_bits_in_order_and_resolve() {
        let mut l = LabelNames::default();
        assert_eq!(l.bit_for("call").unwrap(), 1);
        assert_eq!(l.bit_for("isa").unwrap(), 2);
        assert_eq!(l.bit_for("call").unwrap(), 1);
        assert_eq!(l.resolve("isa,call").unwrap(), 3);
        assert_eq!(l.resolve("0x4,call").unwrap(), 5);
        assert!(matches!(l.resolve("ret"), Err(LabelError::Unknown { .. })));
        // A mask over 32 bits is said to be one, not an unknown name.
        let binary = format!("0b1{}", "0".repeat(32));
        for wide in ["4294967296", "0x100000000", binary.as_str()] {
            let e = l.resolve(wide).unwrap_err();
            assert!(matches!(e, LabelError::TooWide { .. }), "{wide}: {e}");
            assert!(e.to_string().contains("Fix:"));
        }
        assert_eq!(l.resolve("0xffffffff").unwrap(), u32::MAX);
        for bad in ["all", "", " call", "call\t", "a\nb"] {
            let e = l.bit_for(bad).unwrap_err();
            assert!(matches!(e, LabelError::Unusable { .. }), "{bad:?}: {e}");
            assert!(e.to_string().contains("Fix:"));
        }
        assert!(matches!(l.resolve("0xg"), Err(LabelError::Unknown { .. })));
        assert_eq!(l.to_string(), "call=0x1, isa=0x2");
        // A name with a comma or spaces is taken whole.
        assert_eq!(l.bit_for("a,b").unwrap(), 4);
        assert_eq!(l.bit_for("part of").unwrap(), 8);
        assert_eq!(l.resolve("a,b").unwrap(), 4);
        assert_eq!(l.resolve("part of").unwrap(), 8);
        assert_eq!(l.resolve("call, part of").unwrap(), 9);
    }

    #[test]
    fn thirty_third_name_is_an_error() {
        let mut l = LabelNames::default();
        for i in 0..32 {
            l.bit_for(&format!("k{i}")).unwrap();
        }
        assert_eq!(l.bit_for("k31").unwrap(), 1 << 31);
        assert!(matches!(l.bit_for("k32"), Err(LabelError::TooMany { .. })));
    }
}
