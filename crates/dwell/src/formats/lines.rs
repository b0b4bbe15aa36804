//! A line reader that numbers lines and rejects what no text graph contains:
//! lines over [`MAX_LINE`] bytes, NUL bytes (binary data) and invalid UTF-8.
//! It reuses one buffer, so reading a line allocates nothing.

use super::{FormatError, MAX_LINE};
use std::io::{BufRead, ErrorKind};
use std::path::{Path, PathBuf};

pub(crate) struct Lines<R> {
    r: R,
    buf: Vec<u8>,
    line: u64,
    file: PathBuf,
    /// What the file is, for the advice in errors ("graph file",
    /// "sources file" …).
    kind: &'static str,
}

impl<R: BufRead> Lines<R> {
    pub fn new(r: R, file: &Path) -> Self {
        Lines {
            r,
            buf: Vec::with_capacity(256),
            line: 0,
            file: file.to_path_buf(),
            kind: "graph file",
        }
    }

    /// The same reader for a file that is not a graph (a sources list, a
    /// fact-set file): its errors' advice names `kind` instead.
    pub fn of_kind(mut self, kind: &'static str) -> Self {
        self.kind = kind;
        self
    }

    /// Number of the last line returned (0 before the first).
    pub fn line(&self) -> u64 {
        self.line
    }

    fn err(&self, line: u64, problem: String, fix: &str) -> FormatError {
        FormatError::Parse {
            file: self.file.clone(),
            line,
            problem: format!("{problem}. Fix: {fix}"),
        }
    }

    /// The next line with its 1-based number, without the line ending
    /// (`\n` or `\r\n`); `None` at the end of the input.
    pub fn next_line(&mut self) -> Result<Option<(u64, &str)>, FormatError> {
        self.buf.clear();
        let no = self.line.saturating_add(1);
        loop {
            let avail = match self.r.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(source) => {
                    return Err(FormatError::Read {
                        file: self.file.clone(),
                        line: no,
                        source,
                    })
                }
            };
            if avail.is_empty() {
                if self.buf.is_empty() {
                    return Ok(None);
                }
                break;
            }
            let (take, done) = match memchr::memchr(b'\n', avail) {
                Some(i) => (i + 1, true),
                None => (avail.len(), false),
            };
            let content = self.buf.len() + take - usize::from(done);
            if content > MAX_LINE {
                return Err(self.err(
                    no,
                    format!("line is longer than {MAX_LINE} bytes"),
                    &format!("{k}s have short text lines; this is probably not a {k} (or it lacks line breaks)", k = self.kind),
                ));
            }
            self.buf.extend_from_slice(&avail[..take]);
            self.r.consume(take);
            if done {
                break;
            }
        }
        self.line = no;
        let mut end = self.buf.len();
        if end > 0 && self.buf[end - 1] == b'\n' {
            end -= 1;
        }
        if end > 0 && self.buf[end - 1] == b'\r' {
            end -= 1;
        }
        let bytes = &self.buf[..end];
        if let Some(col) = memchr::memchr(0, bytes) {
            return Err(self.err(
                no,
                format!("binary data (a NUL byte at column {})", col + 1),
                &format!("this is not a text {}; if it is compressed, dwell only detects gzip and xz, so decompress it first", self.kind),
            ));
        }
        match std::str::from_utf8(bytes) {
            Ok(s) => Ok(Some((no, s))),
            Err(e) => Err(self.err(
                no,
                format!("invalid UTF-8 at column {}", e.valid_up_to() + 1),
                &format!("{}s are ASCII/UTF-8 text; convert the file (e.g. `iconv -t UTF-8`) or check that it is not binary", self.kind),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(data: &[u8]) -> Result<Vec<(u64, String)>, FormatError> {
        let mut l = Lines::new(data, Path::new("t"));
        let mut out = Vec::new();
        while let Some((n, s)) = l.next_line()? {
            out.push((n, s.to_string()));
        }
        Ok(out)
    }

    #[test]
    fn numbers_lines_and_strips_endings() {
        let v = all(b"a\r\nb\n\nc").unwrap();
        assert_eq!(
            v,
            vec![
                (1, "a".into()),
                (2, "b".into()),
                (3, "".into()),
                (4, "c".into())
            ]
        );
        assert!(all(b"").unwrap().is_empty());
    }

    #[test]
    fn long_lines_rejected_but_limit_itself_fine() {
        let mut ok = vec![b'x'; MAX_LINE];
        ok.push(b'\n');
        assert_eq!(all(&ok).unwrap().len(), 1);
        let mut long = b"0 1\n".to_vec();
        long.extend(vec![b'x'; MAX_LINE + 1]);
        let e = all(&long).unwrap_err();
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("Fix:"));
    }

    #[test]
    fn binary_and_bad_utf8_rejected() {
        let e = all(b"0 1\n0\x001\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("NUL"));
        let e = all(b"0 1\n1 2\n\xff\xfe 3\n").unwrap_err();
        assert_eq!(e.line(), Some(3));
        assert!(e.to_string().contains("UTF-8"));
        assert!(e.to_string().contains("Fix:"));
    }

    #[test]
    fn advice_names_the_kind_of_file() {
        let long = vec![b'1'; MAX_LINE + 1];
        for data in [&long[..], b"0\x00", b"\xff"] {
            let mut l = Lines::new(data, Path::new("s.txt")).of_kind("sources file");
            let e = l.next_line().unwrap_err().to_string();
            assert!(e.contains("sources file"), "{e}");
            assert!(!e.contains("graph"), "{e}");
            assert!(e.starts_with("s.txt:1:"), "{e}");
        }
    }
}
