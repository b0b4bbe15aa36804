//! A line lexer for textual LLVM IR.
//!
//! Produces borrowed tokens: local (`%x`, `%"x.y"`, `%5`) and global
//! (`@f`, `@"foo bar"`) identifiers with the sigil and quotes removed,
//! metadata (`!dbg`, `!123`), string literals, words (keywords, types,
//! numbers, `#0`, `$comdat`, `...`) and single punctuation bytes. A `;`
//! outside a string starts a comment that runs to the end of the line.

/// One token of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Tok<'a> {
    /// `%name` (name without `%` and quotes).
    Local(&'a str),
    /// `@name` (name without `@` and quotes).
    Global(&'a str),
    /// `!name` or `!123` (without `!`); `!{` and `!"…"` give an empty name.
    Meta(&'a str),
    /// A string literal's contents (`"…"`, also `c"…"`).
    Str(&'a str),
    /// Keywords, types, numbers, `#0`, `$comdat`, `...`.
    Word(&'a str),
    /// One punctuation byte: `( ) [ ] { } < > , = * : | ^ !`.
    P(u8),
}

impl Tok<'_> {
    pub(crate) fn is_word(&self, w: &str) -> bool {
        matches!(self, Tok::Word(x) if *x == w)
    }
}

fn ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$' | b'-')
}

/// Tokenize one physical line. Errors name the byte column of the problem.
pub(crate) fn lex(line: &str) -> Result<Vec<Tok<'_>>, String> {
    let s = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    // Borrow a sub-slice of the line; the indices always sit on ASCII bytes
    // (sigils, quotes, identifier bytes), so they are char boundaries.
    let sub = |a: usize, b: usize| &line[a..b];
    while i < s.len() {
        let b = s[i];
        match b {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b';' => break,
            b'"' => {
                let (text, next) = quoted(line, i)?;
                out.push(Tok::Str(text));
                i = next;
            }
            b'%' | b'@' | b'!' => {
                let start = i + 1;
                let (name, next) = if s.get(start) == Some(&b'"') {
                    quoted(line, start)?
                } else {
                    let mut j = start;
                    while j < s.len() && (ident_byte(s[j]) || (b == b'!' && s[j] == b'\\')) {
                        j += 1;
                    }
                    (sub(start, j), j)
                };
                if name.is_empty() && b != b'!' {
                    return Err(format!(
                        "column {}: `{}` is not followed by a name",
                        i + 1,
                        b as char
                    ));
                }
                match b {
                    b'%' => out.push(Tok::Local(name)),
                    b'@' => out.push(Tok::Global(name)),
                    _ if s.get(start) == Some(&b'"') => {
                        // `!"text"`: metadata string.
                        out.push(Tok::Meta(""));
                        out.push(Tok::Str(name));
                    }
                    _ => out.push(Tok::Meta(name)),
                }
                i = next;
            }
            b'#' => {
                let mut j = i + 1;
                while j < s.len() && s[j].is_ascii_digit() {
                    j += 1;
                }
                out.push(Tok::Word(sub(i, j)));
                i = j;
            }
            b'.' if s[i..].starts_with(b"...") => {
                out.push(Tok::Word("..."));
                i += 3;
            }
            b'c' if s.get(i + 1) == Some(&b'"') => {
                let (text, next) = quoted(line, i + 1)?;
                out.push(Tok::Str(text));
                i = next;
            }
            _ if ident_byte(b) => {
                let numeric = b.is_ascii_digit() || b == b'-';
                let mut j = i;
                while j < s.len()
                    && (ident_byte(s[j])
                        || (numeric && s[j] == b'+' && matches!(s[j - 1], b'e' | b'E')))
                {
                    j += 1;
                }
                out.push(Tok::Word(sub(i, j)));
                i = j;
            }
            b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'<' | b'>' | b',' | b'=' | b'*' | b':'
            | b'|' | b'^' | b'+' => {
                out.push(Tok::P(b));
                i += 1;
            }
            _ => {
                return Err(format!(
                    "column {}: unexpected character {:?}",
                    i + 1,
                    line[i..].chars().next().unwrap_or('?')
                ))
            }
        }
    }
    Ok(out)
}

/// A `"…"` starting at byte `at` (the quote): contents and the index after
/// the closing quote. LLVM escapes quotes inside as `\22`, so the first
/// closing quote ends the string.
fn quoted(line: &str, at: usize) -> Result<(&str, usize), String> {
    let s = line.as_bytes();
    match s[at + 1..].iter().position(|&c| c == b'"') {
        Some(k) => Ok((&line[at + 1..at + 1 + k], at + 2 + k)),
        None => Err(format!("column {}: string is not closed", at + 1)),
    }
}

/// Net bracket depth change of a token list: `(`, `[`, `{` open; their
/// partners close. Used to join multi-line instructions (`switch … [`).
pub(crate) fn depth_change(toks: &[Tok<'_>]) -> i64 {
    toks.iter()
        .map(|t| match t {
            Tok::P(b'(' | b'[' | b'{') => 1,
            Tok::P(b')' | b']' | b'}') => -1,
            _ => 0,
        })
        .sum()
}

/// Split `toks` at commas that sit at bracket depth 0.
pub(crate) fn split_top<'t, 'a>(toks: &'t [Tok<'a>]) -> Vec<&'t [Tok<'a>]> {
    let mut parts = Vec::new();
    let mut depth = 0i64;
    let mut start = 0;
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::P(b'(' | b'[' | b'{' | b'<') => depth += 1,
            Tok::P(b')' | b']' | b'}' | b'>') => depth -= 1,
            Tok::P(b',') if depth == 0 => {
                parts.push(&toks[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&toks[start..]);
    parts
}

/// Index of the bracket closing the one opened at `open`, if any.
pub(crate) fn matching(toks: &[Tok<'_>], open: usize) -> Option<usize> {
    let mut depth = 0i64;
    for (i, t) in toks.iter().enumerate().skip(open) {
        match t {
            Tok::P(b'(' | b'[' | b'{' | b'<') => depth += 1,
            Tok::P(b')' | b']' | b'}' | b'>') => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexes_names_strings_and_comments() {
        let t = lex(
            r#"  %"x.y" = call i32 @"foo bar"(i8* c"a;b\00", double 1.0e+00) #0, !dbg !12 ; c"#,
        )
        .unwrap();
        assert_eq!(t[0], Tok::Local("x.y"));
        assert_eq!(t[4], Tok::Global("foo bar"));
        assert!(t.contains(&Tok::Str("a;b\\00")));
        assert!(t.contains(&Tok::Word("1.0e+00")));
        assert!(t.contains(&Tok::Word("#0")));
        assert_eq!(t[t.len() - 1], Tok::Meta("12"));
        assert!(lex("  %x = \"open").is_err());
    }
}
