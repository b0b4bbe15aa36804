//! File plumbing shared by readers and writers.
//!
//! - [`open`] / [`decompress`]: a [`BufRead`] that transparently decompresses
//!   gzip (also multi-member) and xz (also multi-stream) input, detected from
//!   the first bytes of the data, never from the file name.
//! - [`atomic_write`]: write a file through a temporary file in the same
//!   directory, then rename it into place, so a failed write never leaves a
//!   half-written file or clobbers an existing one.

use flate2::read::MultiGzDecoder;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Cursor, Read, Write};
use std::path::Path;
use xz2::read::XzDecoder;

/// Read buffer size for files and decoders.
const BUF: usize = 256 * 1024;

/// Magic bytes of gzip members.
pub const GZIP_MAGIC: &[u8] = &[0x1f, 0x8b];
/// Magic bytes of xz streams.
pub const XZ_MAGIC: &[u8] = &[0xfd, b'7', b'z', b'X', b'Z', 0x00];

/// How a byte stream is compressed, judged from its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    /// Not compressed (or compressed in a way dwell does not recognise).
    None,
    /// gzip (`.gz`).
    Gzip,
    /// xz (`.xz`).
    Xz,
}

/// Classify the first bytes of a stream (at least 6 bytes, or the whole
/// stream when it is shorter).
pub fn detect_compression(magic: &[u8]) -> Compression {
    if magic.starts_with(XZ_MAGIC) {
        Compression::Xz
    } else if magic.starts_with(GZIP_MAGIC) {
        Compression::Gzip
    } else {
        Compression::None
    }
}

/// Name of a compression format dwell recognises but does not read
/// (`"zstd"`, `"bzip2"`, `"zip"`, `"lz4"`), for a helpful error.
pub fn unsupported_compression(magic: &[u8]) -> Option<&'static str> {
    const KNOWN: [(&[u8], &str); 4] = [
        (&[0x28, 0xb5, 0x2f, 0xfd], "zstd"),
        (b"BZh", "bzip2"),
        (b"PK\x03\x04", "zip"),
        (&[0x04, 0x22, 0x4d, 0x18], "lz4"),
    ];
    KNOWN
        .iter()
        .find(|(m, _)| magic.starts_with(m))
        .map(|&(_, name)| name)
}

/// Read up to `buf.len()` bytes, stopping early only at end of input.
fn read_full<R: Read>(r: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// Wrap `reader` so that gzip or xz data is decompressed on the fly; other
/// data passes through unchanged. Detection looks at the first six bytes.
pub fn decompress<'a, R: Read + Send + 'a>(
    mut reader: R,
) -> io::Result<Box<dyn BufRead + Send + 'a>> {
    let mut magic = [0u8; 6];
    let n = read_full(&mut reader, &mut magic)?;
    let head = Cursor::new(magic[..n].to_vec());
    let stream = head.chain(reader);
    Ok(match detect_compression(&magic[..n]) {
        Compression::Gzip => Box::new(BufReader::with_capacity(BUF, MultiGzDecoder::new(stream))),
        Compression::Xz => Box::new(BufReader::with_capacity(
            BUF,
            XzDecoder::new_multi_decoder(stream),
        )),
        Compression::None => Box::new(BufReader::with_capacity(BUF, stream)),
    })
}

/// Open `path` for reading, decompressing gzip or xz transparently.
pub fn open(path: &Path) -> io::Result<Box<dyn BufRead + Send>> {
    let file = File::open(path)?;
    decompress(file)
}

/// Write `path` atomically: `write` fills a buffered temporary file in the
/// same directory, which is flushed, synced and then renamed over `path`.
/// If `write` (or anything else) fails, the temporary file is removed and an
/// existing `path` is left untouched.
///
/// ```
/// # let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("out.txt");
/// dwell::io::atomic_write(&path, |w| writeln!(w, "hello")).unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "hello\n");
/// ```
pub fn atomic_write<F>(path: &Path, write: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if path.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} does not name a file", path.display()),
        ));
    }
    let mut tmp = tempfile::Builder::new()
        .prefix(".dwell-tmp-")
        .tempfile_in(dir)?;
    {
        let mut w = BufWriter::with_capacity(BUF, tmp.as_file_mut());
        write(&mut w)?;
        w.flush()?;
    }
    tmp.as_file().sync_all()?;
    set_permissions(tmp.as_file(), path)?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Temporary files are created private (0600); give the output the mode of
/// the file it replaces, or the usual 0644.
#[cfg(unix)]
fn set_permissions(file: &File, path: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let perms = match std::fs::metadata(path) {
        Ok(m) => m.permissions(),
        Err(_) => std::fs::Permissions::from_mode(0o644),
    };
    file.set_permissions(perms)
}

#[cfg(not(unix))]
fn set_permissions(_file: &File, _path: &Path) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gz(data: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(data).unwrap();
        e.finish().unwrap()
    }

    fn xz(data: &[u8]) -> Vec<u8> {
        let mut e = xz2::write::XzEncoder::new(Vec::new(), 6);
        e.write_all(data).unwrap();
        e.finish().unwrap()
    }

    fn read_all(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        decompress(bytes).unwrap().read_to_end(&mut out).unwrap();
        out
    }

    #[test]
    fn detects_by_magic_not_name() {
        let text = b"0 1\n1 2\n".repeat(1000);
        assert_eq!(read_all(&text), text);
        assert_eq!(read_all(&gz(&text)), text);
        assert_eq!(read_all(&xz(&text)), text);
        assert_eq!(detect_compression(&gz(b"x")), Compression::Gzip);
        assert_eq!(detect_compression(&xz(b"x")), Compression::Xz);
        assert_eq!(detect_compression(b"0 1"), Compression::None);
        // Short and empty inputs pass through.
        assert_eq!(read_all(b"1"), b"1");
        assert_eq!(read_all(b""), b"");
    }

    #[test]
    fn concatenated_members_and_streams() {
        let mut two = gz(b"0 1\n");
        two.extend(gz(b"1 2\n"));
        assert_eq!(read_all(&two), b"0 1\n1 2\n");
        let mut two = xz(b"0 1\n");
        two.extend(xz(b"1 2\n"));
        assert_eq!(read_all(&two), b"0 1\n1 2\n");
    }

    #[test]
    fn corrupt_compressed_data_is_an_error() {
        let mut bad = gz(&b"0 1\n".repeat(10_000));
        let len = bad.len();
        bad.truncate(len / 2);
        let mut out = Vec::new();
        assert!(decompress(&bad[..]).unwrap().read_to_end(&mut out).is_err());
        let mut bad = xz(&b"0 1\n".repeat(10_000));
        let len = bad.len();
        bad.truncate(len / 2);
        assert!(decompress(&bad[..]).unwrap().read_to_end(&mut out).is_err());
    }

    #[test]
    fn open_reads_compressed_files_whatever_their_name() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("graph.txt"); // xz data, misleading name
        std::fs::write(&p, xz(b"hello\n")).unwrap();
        let mut s = String::new();
        open(&p).unwrap().read_to_string(&mut s).unwrap();
        assert_eq!(s, "hello\n");
    }

    #[test]
    fn unsupported_formats_named() {
        assert_eq!(
            unsupported_compression(&[0x28, 0xb5, 0x2f, 0xfd, 0]),
            Some("zstd")
        );
        assert_eq!(unsupported_compression(b"BZh91AY"), Some("bzip2"));
        assert_eq!(unsupported_compression(b"0 1\n"), None);
    }

    #[test]
    fn atomic_write_replaces_or_keeps() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.txt");
        atomic_write(&p, |w| w.write_all(b"first\n")).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"first\n");
        // A failing writer leaves the old content and no temporary files.
        let err = atomic_write(&p, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::other("boom"))
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "boom");
        assert_eq!(std::fs::read(&p).unwrap(), b"first\n");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
        atomic_write(&p, |w| w.write_all(b"second\n")).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"second\n");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&p).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o644);
        }
    }

    #[test]
    fn atomic_write_into_missing_directory_fails_cleanly() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("nope").join("out.txt");
        assert!(atomic_write(&p, |w| w.write_all(b"x")).is_err());
        assert!(!p.exists());
    }
}
