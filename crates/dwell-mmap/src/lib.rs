//! Bytes that a graph's arrays can borrow without copying: a read-only
//! mapping of a file, or an owned, 8-byte-aligned buffer; and [`Words`], a
//! slice of plain words that either owns a `Vec` or borrows a [`Region`]
//! it keeps alive.
//!
//! This crate is the only place outside dwell-cuda's driver layer that uses
//! `unsafe`, and each use is argued where it is:
//!
//! 1. [`Region::map`] maps a file `PROT_READ`, `MAP_PRIVATE`. The process
//!    never writes through the mapping (nothing here hands out `&mut`), so
//!    its pages stay the page cache's, shared with every other process
//!    that maps or reads the same file. The hazard, which no code can rule
//!    out: another process that truncates the file in place makes later
//!    accesses fault (SIGBUS), and one that rewrites it in place changes
//!    bytes behind a `&[u8]` after they were checked. dwell itself never
//!    does either (it writes snapshots to a temporary and renames it over
//!    the target, which leaves a mapped inode untouched), and its users are
//!    told the same in docs/SNAPSHOT.md. Every reader of a mapped region
//!    checks what it reads (checksums, then every structural invariant),
//!    and dwell indexes only through bounds-checked slices, so bytes that
//!    changed after the checks give wrong answers or a panic, never an
//!    out-of-bounds access by dwell.
//! 2. [`Words`] keeps a pointer and a length into memory its `owner` holds
//!    (a `Vec<T>`, whose heap buffer does not move when the `Vec` does, or
//!    an `Arc<Region>`, which is never unmapped or freed while the `Arc`
//!    lives) and rebuilds the slice in `Deref`, so reading a word costs what
//!    reading a `Vec`'s does. The pointer is made once, from a slice that
//!    `bytemuck` checked for alignment and length.
//! 3. `Words` is `Send`/`Sync` exactly when `T` is: it is a read-only view
//!    of memory owned by a `Vec<T>` or an `Arc<Region>`, both of which are.
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::ops::{Deref, Range};
use std::ptr::NonNull;
use std::sync::Arc;

/// Plain words a [`Words`] may hold: `u8`, `u32`, `u64` and the like.
pub use bytemuck::Pod;

/// Immutable bytes, 8-byte aligned at their start.
pub struct Region {
    bytes: Backing,
}

enum Backing {
    Mapped(memmap2::Mmap),
    /// Owned words, so the bytes are 8-byte aligned.
    Owned {
        words: Vec<u64>,
        len: usize,
    },
}

impl Region {
    /// A read-only private mapping of all of `file`.
    ///
    /// An empty file gives an empty owned region (mapping zero bytes fails
    /// on some systems).
    pub fn map(file: &File) -> io::Result<Region> {
        if file.metadata()?.len() == 0 {
            return Ok(Region::copy_of(&[]));
        }
        // SAFETY: see the crate doc, point 1: the mapping is read-only and
        // private; dwell never writes it, and a file changed in place by
        // another process is the documented hazard, against which every
        // reader checks what it reads before it trusts it.
        let map = unsafe { memmap2::MmapOptions::new().map_copy_read_only(file)? };
        Ok(Region {
            bytes: Backing::Mapped(map),
        })
    }

    /// Exactly `len` bytes read from `r` into an owned, aligned buffer.
    /// Fails with `UnexpectedEof` when `r` ends first, and with
    /// `OutOfMemory` when the buffer cannot be allocated.
    pub fn read(mut r: impl Read, len: u64) -> io::Result<Region> {
        let too_big = || io::Error::from(io::ErrorKind::OutOfMemory);
        let len = usize::try_from(len).map_err(|_| too_big())?;
        let mut words: Vec<u64> =
            bytemuck::allocation::try_zeroed_vec(len.div_ceil(8)).map_err(|_| too_big())?;
        r.read_exact(&mut bytemuck::cast_slice_mut(&mut words)[..len])?;
        Ok(Region {
            bytes: Backing::Owned { words, len },
        })
    }

    /// Everything `r` gives, read straight into an owned, aligned buffer
    /// (a stream or a decompressed file whose length is known only at its
    /// end): one copy, where reading into a `Vec<u8>` first would make two.
    /// The buffer doubles as it fills and is trimmed at the end. Fails with
    /// `OutOfMemory` when it cannot grow.
    pub fn read_all(mut r: impl Read) -> io::Result<Region> {
        let too_big = || io::Error::from(io::ErrorKind::OutOfMemory);
        let mut words: Vec<u64> = Vec::new();
        let mut len = 0usize;
        loop {
            if len == words.len() * 8 {
                // Double, from 64 KiB.
                let grow = words.len().max(8 * 1024);
                words.try_reserve_exact(grow).map_err(|_| too_big())?;
                words.resize(words.len() + grow, 0);
            }
            match r.read(&mut bytemuck::cast_slice_mut(&mut words)[len..]) {
                Ok(0) => break,
                Ok(n) => len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        words.truncate(len.div_ceil(8));
        words.shrink_to_fit();
        Ok(Region {
            bytes: Backing::Owned { words, len },
        })
    }

    /// An owned, aligned copy of `bytes`.
    pub fn copy_of(bytes: &[u8]) -> Region {
        let mut words = vec![0u64; bytes.len().div_ceil(8)];
        bytemuck::cast_slice_mut(&mut words)[..bytes.len()].copy_from_slice(bytes);
        Region {
            bytes: Backing::Owned {
                words,
                len: bytes.len(),
            },
        }
    }

    /// Is this a mapping of a file (rather than bytes in this process's heap)?
    pub fn is_mapped(&self) -> bool {
        matches!(self.bytes, Backing::Mapped(_))
    }

    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        match &self.bytes {
            Backing::Mapped(m) => m,
            Backing::Owned { words, len } => &bytemuck::cast_slice(words)[..*len],
        }
    }
}

impl fmt::Debug for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Region")
            .field("bytes", &self.bytes().len())
            .field("mapped", &self.is_mapped())
            .finish()
    }
}

/// A read-only slice of words that owns a `Vec<T>` or borrows part of a
/// [`Region`] it keeps alive. Reading it costs what reading a `Vec` does.
pub struct Words<T: Pod> {
    ptr: NonNull<T>,
    len: usize,
    owner: Owner<T>,
}

enum Owner<T> {
    Vec(Vec<T>),
    Region(Arc<Region>),
}

// SAFETY: crate doc, point 3: a `Words<T>` is a read-only view of memory
// owned by a `Vec<T>` or an `Arc<Region>` (immutable bytes), so sending or
// sharing it is sound when sending or sharing `T` is.
unsafe impl<T: Pod + Send> Send for Words<T> {}
// SAFETY: as for `Send`; no method mutates through the pointer.
unsafe impl<T: Pod + Sync> Sync for Words<T> {}

impl<T: Pod> Words<T> {
    /// The words `bytes` of `region` hold, or `None` when the range is
    /// outside the region, not aligned for `T`, or not a whole number of
    /// words.
    pub fn view(region: &Arc<Region>, bytes: Range<usize>) -> Option<Words<T>> {
        let raw = region.bytes().get(bytes)?;
        let words: &[T] = bytemuck::try_cast_slice(raw).ok()?;
        Some(Words {
            ptr: NonNull::from(words).cast(),
            len: words.len(),
            owner: Owner::Region(Arc::clone(region)),
        })
    }

    /// Does this view borrow a [`Region`] (rather than own a `Vec`)?
    pub fn is_shared(&self) -> bool {
        matches!(self.owner, Owner::Region(_))
    }

    /// The words as a `Vec`: the owned one without copying, a copy of a view.
    pub fn into_vec(self) -> Vec<T> {
        match self.owner {
            Owner::Vec(v) => v,
            Owner::Region(_) => self.deref().to_vec(),
        }
    }
}

impl<T: Pod> From<Vec<T>> for Words<T> {
    fn from(v: Vec<T>) -> Words<T> {
        // An empty Vec's pointer is dangling but aligned and non-null, which
        // is what a zero-length slice needs.
        let ptr = NonNull::from(v.as_slice()).cast();
        Words {
            ptr,
            len: v.len(),
            owner: Owner::Vec(v),
        }
    }
}

impl<T: Pod> Deref for Words<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        // SAFETY: crate doc, point 2: `ptr` and `len` came from a valid
        // `&[T]` into memory that `owner` holds unmoved and unchanged for as
        // long as `self` lives (a Vec's heap buffer, or a Region behind an
        // Arc), and nothing writes through it.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Pod> Clone for Words<T> {
    fn clone(&self) -> Words<T> {
        match &self.owner {
            Owner::Vec(v) => Words::from(v.clone()),
            Owner::Region(r) => Words {
                ptr: self.ptr,
                len: self.len,
                owner: Owner::Region(Arc::clone(r)),
            },
        }
    }
}

impl<T: Pod + fmt::Debug> fmt::Debug for Words<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.deref(), f)
    }
}

impl<T: Pod + PartialEq> PartialEq for Words<T> {
    fn eq(&self, other: &Words<T>) -> bool {
        self.deref() == other.deref()
    }
}

impl<T: Pod + Eq> Eq for Words<T> {}

impl<T: Pod> Default for Words<T> {
    fn default() -> Words<T> {
        Words::from(Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_mapped_file_reads_as_its_bytes_and_words() {
        let mut f = tempfile::tempfile().unwrap();
        let data: Vec<u8> = (0..64u8).collect();
        f.write_all(&data).unwrap();
        let r = Arc::new(Region::map(&f).unwrap());
        assert!(r.is_mapped());
        assert_eq!(r.bytes(), &data[..]);
        let w: Words<u64> = Words::view(&r, 8..24).unwrap();
        assert!(w.is_shared());
        assert_eq!(
            &w[..],
            &[
                u64::from_le_bytes(data[8..16].try_into().unwrap()),
                u64::from_le_bytes(data[16..24].try_into().unwrap())
            ]
        );
        // The view outlives the caller's handle on the region.
        drop(r);
        let c = w.clone();
        assert_eq!(c, w);
        assert_eq!(c.into_vec().len(), 2);
    }

    #[test]
    fn read_all_keeps_every_byte_of_a_stream_of_any_length() {
        for n in [0usize, 1, 7, 8, 65_535, 65_536, 65_537, 300_001] {
            let data: Vec<u8> = (0..n).map(|i| (i * 31 % 251) as u8).collect();
            // A reader that hands out odd-sized pieces, as a decompressor does.
            let pieces = data.chunks(4097).collect::<Vec<_>>();
            let chained = pieces
                .iter()
                .fold(Box::new(std::io::empty()) as Box<dyn Read>, |r, p| {
                    Box::new(r.chain(*p))
                });
            let r = Arc::new(Region::read_all(chained).unwrap());
            assert_eq!(r.bytes(), &data[..], "{n} bytes");
            assert!(!r.is_mapped());
            if n >= 16 {
                let w: Words<u64> = Words::view(&r, 8..16).unwrap();
                assert_eq!(w[0], u64::from_le_bytes(data[8..16].try_into().unwrap()));
            }
        }
    }

    #[test]
    fn views_refuse_ranges_outside_misaligned_or_ragged() {
        let r = Arc::new(Region::copy_of(&[7u8; 40]));
        assert!(!r.is_mapped());
        assert!(Words::<u64>::view(&r, 0..48).is_none(), "past the end");
        assert!(Words::<u64>::view(&r, 4..12).is_none(), "misaligned");
        assert!(Words::<u32>::view(&r, 0..6).is_none(), "not whole words");
        assert_eq!(Words::<u32>::view(&r, 4..12).unwrap().len(), 2);
        assert_eq!(Words::<u8>::view(&r, 40..40).unwrap().len(), 0);
    }

    #[test]
    fn reading_fills_exactly_and_reports_a_short_stream() {
        let r = Region::read(&[1u8, 2, 3][..], 3).unwrap();
        assert_eq!(r.bytes(), &[1, 2, 3]);
        let e = Region::read(&[1u8, 2][..], 3).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::UnexpectedEof);
        assert_eq!(
            Region::map(&tempfile::tempfile().unwrap())
                .unwrap()
                .bytes()
                .len(),
            0
        );
    }

    #[test]
    fn owned_words_move_without_moving_their_buffer() {
        let w = Words::from(vec![1u32, 2, 3]);
        let boxed = Box::new(w);
        assert_eq!(&boxed[..], &[1, 2, 3]);
        assert!(!boxed.is_shared());
        let e: Words<u32> = Words::default();
        assert!(e.is_empty());
    }
}
