//! The memory this process can really use, and the default session budget
//! derived from it.
//!
//! Four limits are read, each as the bytes still free for this process:
//! - the cgroup v2 `memory.max` of the process's cgroup and of each cgroup
//!   above it, less its `memory.current`;
//! - `RLIMIT_AS` (what `ulimit -v` sets), less the address space in use
//!   (`VmSize`);
//! - `RLIMIT_DATA`, less the data segment in use (`VmData`);
//! - the machine's `MemAvailable` (`/proc/meminfo`).
//!
//! The default budget is the lowest of them minus a margin of
//! [`MARGIN_PERCENT`]% (at least [`MARGIN_MIN_BYTES`]) for what the plan
//! does not count: the program itself, thread stacks, I/O buffers, the
//! allocator's slack. When `RLIMIT_AS` is the lowest, the margin also holds
//! [`AS_MARGIN_PER_THREAD_BYTES`] per worker thread, since an address-space
//! limit counts the allocator's per-thread reservations too. Nothing here changes the process: it only reads.
//! Reading happens where the caller asks ([`MemoryLimits::detect`]), best
//! before loading a graph, so the budget covers the graph too.

use serde::Serialize;
use std::path::{Path, PathBuf};

/// The margin kept out of the budget, in percent of the lowest limit.
pub const MARGIN_PERCENT: u64 = 10;
/// The margin is at least this many bytes (32 MiB).
pub const MARGIN_MIN_BYTES: u64 = 32 << 20;
/// `RLIMIT_AS` counts address space, not memory: its margin adds this much
/// per worker thread (glibc reserves a 64 MiB malloc arena per thread).
pub const AS_MARGIN_PER_THREAD_BYTES: u64 = 64 << 20;

/// Bytes still free under each limit; `None` where there is no limit or it
/// cannot be read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct MemoryLimits {
    /// cgroup v2: the tightest `memory.max - memory.current` on the path.
    pub cgroup: Option<u64>,
    /// `RLIMIT_AS` (soft) minus `VmSize`.
    pub rlimit_as: Option<u64>,
    /// `RLIMIT_DATA` (soft) minus `VmData`.
    pub rlimit_data: Option<u64>,
    /// `MemAvailable` from `/proc/meminfo`.
    pub mem_available: Option<u64>,
}

/// The default budget and where it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DefaultBudget {
    /// The budget: `free_bytes - margin_bytes` (1 when the margin is larger).
    pub bytes: u64,
    /// Which limit is lowest: `"cgroup memory.max"`, `"RLIMIT_AS"`,
    /// `"RLIMIT_DATA"`, `"MemAvailable"`; `"none"` when no limit was found.
    pub from: &'static str,
    /// The bytes still free under that limit.
    pub free_bytes: u64,
    /// What was kept out of the budget.
    pub margin_bytes: u64,
    /// Every limit read.
    pub limits: MemoryLimits,
}

impl MemoryLimits {
    /// Read the limits of this process now (Linux; elsewhere only what the
    /// rlimit calls report).
    pub fn detect() -> MemoryLimits {
        let under = |resource: rlimit::Resource, used: Option<u64>| {
            let (soft, _) = rlimit::getrlimit(resource).ok()?;
            if soft == rlimit::INFINITY {
                return None;
            }
            Some(soft.saturating_sub(used.unwrap_or(0)))
        };
        MemoryLimits {
            cgroup: cgroup_free(Path::new("/proc/self/cgroup"), Path::new("/sys/fs/cgroup")),
            rlimit_as: under(rlimit::Resource::AS, process_status_bytes("VmSize:")),
            rlimit_data: under(rlimit::Resource::DATA, process_status_bytes("VmData:")),
            mem_available: std::fs::read_to_string("/proc/meminfo")
                .ok()
                .and_then(|m| kib_field(&m, "MemAvailable:")),
        }
    }

    /// The default budget from these limits (see the module docs).
    pub fn default_budget(&self) -> DefaultBudget {
        self.default_budget_for(rayon::current_num_threads())
    }

    /// [`Self::default_budget`] for a process with `threads` worker threads.
    pub fn default_budget_for(&self, threads: usize) -> DefaultBudget {
        let named = [
            ("cgroup memory.max", self.cgroup),
            ("RLIMIT_AS", self.rlimit_as),
            ("RLIMIT_DATA", self.rlimit_data),
            ("MemAvailable", self.mem_available),
        ];
        let lowest = named
            .iter()
            .filter_map(|&(name, v)| v.map(|v| (name, v)))
            .min_by_key(|&(_, v)| v);
        match lowest {
            None => DefaultBudget {
                bytes: u64::MAX,
                from: "none",
                free_bytes: u64::MAX,
                margin_bytes: 0,
                limits: *self,
            },
            Some((from, free)) => {
                let mut margin = (free / 100)
                    .saturating_mul(MARGIN_PERCENT)
                    .max(MARGIN_MIN_BYTES);
                if from == "RLIMIT_AS" {
                    margin = margin
                        .saturating_add(AS_MARGIN_PER_THREAD_BYTES.saturating_mul(threads as u64));
                }
                DefaultBudget {
                    // At least 1: a plan then refuses with its over-budget
                    // message (what the session needs, which flags help).
                    bytes: free.saturating_sub(margin).max(1),
                    from,
                    free_bytes: free,
                    margin_bytes: margin,
                    limits: *self,
                }
            }
        }
    }
}

impl DefaultBudget {
    /// One line for people: "12345 bytes (RLIMIT_AS: 23456 free, less a
    /// 10% margin of 2345)".
    pub fn describe(&self) -> String {
        if self.from == "none" {
            return "no limit found (no cgroup limit, rlimit or MemAvailable)".into();
        }
        let per_thread = if self.from == "RLIMIT_AS" {
            " (+64 MiB per worker thread: address space)"
        } else {
            ""
        };
        format!(
            "{} bytes ({} leaves {} bytes free, less a margin of {} bytes: {MARGIN_PERCENT}%, at least {MARGIN_MIN_BYTES}{per_thread})",
            self.bytes, self.from, self.free_bytes, self.margin_bytes
        )
    }
}

/// `FIELD   1234 kB` → bytes.
/// A `kB` field of this process's `/proc/self/status` (`"VmRSS:"`,
/// `"VmHWM:"`, …), in bytes; `None` where there is no such file or field.
/// The one reader of that file, for the planner and every report.
pub fn process_status_bytes(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    kib_field(&status, field)
}

fn kib_field(text: &str, field: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(field))?;
    let kib: u64 = line[field.len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}

/// The tightest `memory.max - memory.current` from this process's cgroup
/// (v2: the `0::/path` line of `proc_cgroup`) up to the root under `root`.
fn cgroup_free(proc_cgroup: &Path, root: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(proc_cgroup).ok()?;
    let rel = text.lines().find_map(|l| l.strip_prefix("0::"))?;
    let mut dir: PathBuf = root.join(rel.trim().trim_start_matches('/'));
    let mut best: Option<u64> = None;
    loop {
        let read = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
        if let Some(max) = read("memory.max").and_then(|m| m.trim().parse::<u64>().ok()) {
            let current = read("memory.current")
                .and_then(|c| c.trim().parse::<u64>().ok())
                .unwrap_or(0);
            let free = max.saturating_sub(current);
            best = Some(best.map_or(free, |b| b.min(free)));
        }
        if dir == root || !dir.pop() || !dir.starts_with(root) {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowest_limit_wins_less_the_margin() {
        let l = MemoryLimits {
            cgroup: Some(8 << 30),
            rlimit_as: Some(1 << 30),
            rlimit_data: None,
            mem_available: Some(4 << 30),
        };
        let b = l.default_budget_for(2);
        assert_eq!(b.from, "RLIMIT_AS");
        assert_eq!(b.free_bytes, 1 << 30);
        assert_eq!(b.margin_bytes, (1u64 << 30) / 100 * 10 + 2 * (64 << 20));
        assert_eq!(b.bytes, (1 << 30) - b.margin_bytes);
        assert!(b.describe().contains("RLIMIT_AS"));
        // The margin is at least 32 MiB, and the budget never underflows.
        let small = MemoryLimits {
            mem_available: Some(10 << 20),
            ..MemoryLimits::default()
        };
        let b = small.default_budget();
        assert_eq!(
            (b.bytes, b.margin_bytes, b.from),
            (1, 32 << 20, "MemAvailable")
        );
        // No limit at all: no budget limit.
        let none = MemoryLimits::default().default_budget();
        assert_eq!((none.bytes, none.from), (u64::MAX, "none"));
        // Huge figures do not overflow.
        let huge = MemoryLimits {
            cgroup: Some(u64::MAX),
            ..MemoryLimits::default()
        };
        assert!(huge.default_budget().bytes < u64::MAX);
    }

    #[test]
    fn cgroup_v2_tightest_on_the_path() {
        let d = tempfile::tempdir().unwrap();
        let root = d.path().join("cg");
        let leaf = root.join("a/b");
        std::fs::create_dir_all(&leaf).unwrap();
        std::fs::write(root.join("a/memory.max"), "1000000\n").unwrap();
        std::fs::write(root.join("a/memory.current"), "400000\n").unwrap();
        std::fs::write(leaf.join("memory.max"), "max\n").unwrap();
        std::fs::write(leaf.join("memory.current"), "100\n").unwrap();
        let pc = d.path().join("cgroup");
        std::fs::write(&pc, "0::/a/b\n").unwrap();
        assert_eq!(cgroup_free(&pc, &root), Some(600_000));
        std::fs::write(leaf.join("memory.max"), "500000\n").unwrap();
        assert_eq!(cgroup_free(&pc, &root), Some(499_900));
        // cgroup v1 only, or unreadable: no figure.
        std::fs::write(&pc, "12:memory:/a\n").unwrap();
        assert_eq!(cgroup_free(&pc, &root), None);
        assert_eq!(cgroup_free(&d.path().join("missing"), &root), None);
    }

    #[test]
    fn proc_fields_in_kib() {
        let t = "Name:\tdwell\nVmSize:\t  123 kB\nMemAvailable:   7 kB\n";
        assert_eq!(kib_field(t, "VmSize:"), Some(123 * 1024));
        assert_eq!(kib_field(t, "MemAvailable:"), Some(7 * 1024));
        assert_eq!(kib_field(t, "VmData:"), None);
        assert_eq!(kib_field("VmSize: x kB", "VmSize:"), None);
        assert_eq!(
            kib_field("VmSize: 99999999999999999999 kB", "VmSize:"),
            None
        );
    }

    #[test]
    fn detect_reads_this_process() {
        let l = MemoryLimits::detect();
        if Path::new("/proc/meminfo").exists() {
            assert!(l.mem_available.is_some_and(|m| m > 0));
        }
        let b = l.default_budget();
        assert!(b.bytes <= b.free_bytes);
    }
}
