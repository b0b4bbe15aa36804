//! File plumbing shared by readers and writers.
//!
//! - [`open`] / [`decompress`]: a [`BufRead`](std::io::BufRead) that
//!   transparently decompresses gzip (also multi-member) and xz (also
//!   multi-stream) input, detected from the first bytes of the data, never
//!   from the file name (`read.rs`).
//! - [`atomic_write`]: write a file through a temporary file in the same
//!   directory, then rename it into place, so a failed write never leaves a
//!   half-written file or clobbers an existing one; devices and FIFOs are
//!   written in place, `-` is standard output, symlinks are followed
//!   (`atomic.rs`).
//! - [`abandon_pending`]: the temporaries of writes in progress are listed,
//!   so a signal handler can remove them and stop those writes
//!   (`pending.rs`).

mod atomic;
mod pending;
mod read;

pub use atomic::{atomic_write, write_error, WriteError};
pub use pending::{abandon_pending, pending_targets, TEMP_MARK};
pub(crate) use pending::{remove_stale, temp_prefix, Pending};
pub use read::{
    decompress, detect_compression, open, read_full, unsupported_compression, Compression,
    GZIP_MAGIC, XZ_MAGIC,
};

/// Read and write buffer size for files and decoders.
const BUF: usize = 256 * 1024;

/// The names in `dir`, sorted (for tests that check nothing was left behind).
#[cfg(test)]
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}
