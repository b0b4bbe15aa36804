//! Reading input: gzip and xz are detected from the data's first bytes,
//! never from the file name, and decompressed on the fly.

use super::BUF;
use flate2::read::MultiGzDecoder;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::path::Path;
use xz2::read::XzDecoder;

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
pub fn read_full<R: Read>(r: &mut R, buf: &mut [u8]) -> io::Result<usize> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

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
}
