//! Debug info: the few metadata records that place an instruction or a
//! function in the C source.
//!
//! Read (pass 1, every top-level `!N = [distinct] !DIxxx(…)` line):
//! - `DILocation(line:, column:, scope:, inlinedAt:)` — an instruction's
//!   `!dbg`; its file is its scope's;
//! - `DISubprogram(name:, file:, line:, scope:)` — a function's `!dbg`;
//! - `DILexicalBlock(scope:, file:, line:)`, `DILexicalBlockFile(scope:,
//!   file:)` — the scopes between a location and its subprogram;
//! - `DIFile(filename:, directory:)`;
//! - `DILocalVariable(name:)` — the C name `llvm.dbg.declare`/`llvm.dbg.value`
//!   give a slot or SSA value.
//!
//! Every other record (types, global variables, expressions) is skipped without
//! being parsed: that keeps the import of `-g` IR, where most lines are
//! metadata, close to the speed of `-g0` IR. A location is the *innermost*
//! one: for inlined code (`inlinedAt:` set) the line of the inlined callee,
//! where the code is written, as debuggers show it. A reference that does not
//! resolve (a missing record, a scope without a file) gives no location,
//! never an error: debug info only labels results. [`dbg_ref`] finds the
//! `!dbg !N` attachment of an instruction or a `define` line.

use super::super::ir::{SourceFile, SourceLoc};
use super::super::lex::Tok;
use std::collections::HashMap;

enum Rec {
    File {
        filename: String,
        directory: String,
    },
    /// A subprogram or lexical block (file), possibly without a `file:`.
    Scope {
        file: Option<u32>,
        parent: Option<u32>,
        line: u32,
        name: Option<String>,
    },
    Loc {
        line: u32,
        column: u32,
        scope: u32,
    },
    /// A `DILocalVariable`: the source name `llvm.dbg.declare`/`value` give
    /// an IR value (witnesses name variables with it).
    Var {
        name: String,
    },
}

/// The records read so far, and the source files handed out.
#[derive(Default)]
pub(super) struct DebugInfo {
    recs: HashMap<u32, Rec>,
    /// Metadata id of a `DIFile` → index into `files`.
    file_ids: HashMap<u32, u32>,
    pub files: Vec<SourceFile>,
}

impl DebugInfo {
    /// Read one top-level metadata line; lines of other kinds are ignored.
    pub fn read_line(&mut self, line: &str) {
        let _ = self.try_read(line);
    }

    fn try_read(&mut self, line: &str) -> Option<()> {
        let rest = line.strip_prefix('!')?;
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let id: u32 = rest[..digits].parse().ok()?;
        let rest = rest[digits..].trim_start().strip_prefix('=')?.trim_start();
        let rest = rest.strip_prefix("distinct").unwrap_or(rest).trim_start();
        let (kind, body) = rest.strip_prefix('!')?.split_once('(')?;
        if !matches!(
            kind,
            "DILocation"
                | "DISubprogram"
                | "DIFile"
                | "DILexicalBlock"
                | "DILexicalBlockFile"
                | "DILocalVariable"
        ) {
            return None;
        }
        let f = fields(body);
        let get = |k: &str| f.iter().find(|(key, _)| *key == k).map(|(_, v)| v.as_str());
        let num = |k: &str| get(k).and_then(|v| v.parse::<u32>().ok()).unwrap_or(0);
        let rf = |k: &str| get(k).and_then(|v| v.strip_prefix('!')?.parse::<u32>().ok());
        let rec = match kind {
            "DIFile" => Rec::File {
                filename: get("filename")?.to_string(),
                directory: get("directory").unwrap_or("").to_string(),
            },
            "DILocalVariable" => Rec::Var {
                name: get("name")?.to_string(),
            },
            "DILocation" => Rec::Loc {
                line: num("line"),
                column: num("column"),
                scope: rf("scope")?,
            },
            _ => Rec::Scope {
                file: rf("file"),
                parent: rf("scope"),
                line: num("line"),
                name: get("name").map(str::to_string),
            },
        };
        self.recs.insert(id, rec);
        Some(())
    }

    /// The source file of scope `id` (its own `file:`, else its parent's).
    fn scope_file(&mut self, mut id: u32) -> Option<u32> {
        // Bounded walk: metadata may (wrongly) form a cycle.
        for _ in 0..64 {
            match self.recs.get(&id)? {
                Rec::File { .. } => return self.file(id),
                Rec::Scope { file: Some(f), .. } => return self.file(*f),
                Rec::Scope {
                    parent: Some(p), ..
                } => id = *p,
                _ => return None,
            }
        }
        None
    }

    fn file(&mut self, id: u32) -> Option<u32> {
        if let Some(&f) = self.file_ids.get(&id) {
            return Some(f);
        }
        let Rec::File {
            filename,
            directory,
        } = self.recs.get(&id)?
        else {
            return None;
        };
        let f = self.files.len() as u32;
        self.files.push(SourceFile {
            filename: filename.clone(),
            directory: directory.clone(),
        });
        self.file_ids.insert(id, f);
        Some(f)
    }

    /// The location of a `!dbg !id` on an instruction.
    pub fn location(&mut self, id: u32) -> Option<SourceLoc> {
        let Some(&Rec::Loc {
            line,
            column,
            scope,
        }) = self.recs.get(&id)
        else {
            return None;
        };
        Some(SourceLoc {
            file: self.scope_file(scope)?,
            line,
            column,
        })
    }

    /// The source name of the `DILocalVariable` `!id`.
    pub fn var_name(&self, id: u32) -> Option<&str> {
        match self.recs.get(&id)? {
            Rec::Var { name } => Some(name),
            _ => None,
        }
    }

    /// A function's `!dbg !id`: its subprogram's location (column 0) and
    /// source name.
    pub fn subprogram(&mut self, id: u32) -> Option<(SourceLoc, Option<String>)> {
        let (line, name) = match self.recs.get(&id)? {
            Rec::Scope { line, name, .. } => (*line, name.clone()),
            _ => return None,
        };
        let file = self.scope_file(id)?;
        Some((
            SourceLoc {
                file,
                line,
                column: 0,
            },
            name,
        ))
    }
}

/// The `N` of a `!dbg !N` attachment among `toks` (the last one: attachments
/// follow the operands).
pub(super) fn dbg_ref(toks: &[Tok<'_>]) -> Option<u32> {
    let at = toks.iter().rposition(|t| *t == Tok::Meta("dbg"))?;
    match toks.get(at + 1) {
        Some(Tok::Meta(n)) => n.parse().ok(),
        _ => None,
    }
}

/// `key: value, key: "string", …)` → (key, value) pairs, strings unquoted
/// and unescaped; stops at the record's closing parenthesis.
fn fields(body: &str) -> Vec<(&str, String)> {
    let mut out = Vec::new();
    let mut rest = body;
    loop {
        rest = rest.trim_start_matches([' ', ',']);
        if rest.starts_with(')') {
            break; // the record's end (after a string value)
        }
        let Some((key, after)) = rest.split_once(':') else {
            break;
        };
        let key = key.trim();
        let after = after.trim_start();
        if let Some(s) = after.strip_prefix('"') {
            // LLVM escapes `"` inside strings as \22: the next quote ends it.
            let Some(end) = s.find('"') else { break };
            out.push((key, unescape(&s[..end])));
            rest = &s[end + 1..];
        } else {
            let mut depth = 0i32;
            let end = after
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '(' | '{' => depth += 1,
                        ')' | '}' if depth > 0 => depth -= 1,
                        ')' | ',' if depth == 0 => return true,
                        _ => {}
                    }
                    false
                })
                .map_or(after.len(), |(i, _)| i);
            out.push((key, after[..end].trim().to_string()));
            if after[end..].starts_with(')') {
                break;
            }
            rest = &after[end..];
        }
    }
    out
}

/// LLVM's `\XX` hex escapes in metadata strings.
fn unescape(s: &str) -> String {
    if !s.contains('\\') {
        return s.to_string();
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
        match (b[i], hex) {
            (b'\\', Some(x)) => {
                out.push(x);
                i += 3;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_a_location_through_its_scopes() {
        let mut d = DebugInfo::default();
        for l in [
            r#"!1 = !DIFile(filename: "a\5Cb,c.c", directory: "/src", checksumkind: CSK_MD5)"#,
            r#"!10 = distinct !DISubprogram(name: "main", scope: !1, file: !1, line: 3, type: !11, flags: DIFlagPrototyped | DIFlagAll, unit: !0, retainedNodes: !{})"#,
            "!20 = distinct !DILexicalBlock(scope: !10, line: 4, column: 7)",
            "!30 = !DILocation(line: 5, column: 9, scope: !20, inlinedAt: !31)",
            "!31 = !DILocation(line: 8, column: 2, scope: !10)",
            "!40 = !DILocation(line: 5, column: 9, scope: !99)",
        ] {
            d.read_line(l);
        }
        let loc = d.location(30).unwrap();
        assert_eq!((loc.line, loc.column), (5, 9));
        assert_eq!(d.files[loc.file as usize].filename, "a\\b,c.c");
        assert_eq!(d.files[loc.file as usize].directory, "/src");
        let (sp, name) = d.subprogram(10).unwrap();
        assert_eq!(
            (sp.file, sp.line, name.as_deref()),
            (loc.file, 3, Some("main"))
        );
        assert_eq!(d.location(40), None); // dangling scope: no location, no error
        assert_eq!(d.location(10), None); // not a location
        assert_eq!(d.files.len(), 1);
    }

    #[test]
    fn malformed_records_are_skipped_without_panics() {
        let mut d = DebugInfo::default();
        for l in [
            "!",
            "!12",
            "!99999999999999999999 = !DIFile(filename: \"x\")",
            "!2 = !DILocation(",
            "!3 = !DIFile(filename: \"open",
            "!4 = !DIFile(directory: \"d\")",
            "!5 = !DILocation(line: 1, column: 2)",
            r#"!6 = distinct !DISubprogram(name: "é\5", file: !6, scope: !6)"#,
            "!7 = !DILexicalBlock(scope: !7)",
            "!8 = !DILocation(line: x, scope: !7)",
        ] {
            d.read_line(l);
        }
        assert_eq!(d.location(2), None);
        assert_eq!(d.location(5), None); // no scope
        assert_eq!(d.location(8), None); // a scope cycle without a file
        assert_eq!(d.subprogram(6), None); // its `file:` is not a DIFile
    }
}
