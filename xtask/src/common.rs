//! What `compare` and `ablation` share: reading the distinct deals of a DDS file and
//! reading the process's memory figures.

use ddsolve_cards::{Deal, Seat, Strain};
use ddsolve_formats::dds_file;
use std::collections::HashSet;
use std::path::PathBuf;

/// A distinct deal of a DDS file, with the file's table if the file gives one.
#[derive(Debug, Clone)]
pub struct FileDeal {
    /// 1-based number of the first entry of the file with this deal.
    pub entry: usize,
    /// The deal.
    pub deal: Deal,
    /// The file's `TABLE` (DDS order), if any entry of this deal has one.
    pub table: Option<[u8; 20]>,
}

/// The file to read: `file`, or the repository's `list1000.txt`
/// ([`ddsolve_testkit::data::path`], the one lookup of data files).
pub fn resolve_file(file: Option<PathBuf>) -> PathBuf {
    file.unwrap_or_else(|| ddsolve_testkit::data::path("list1000.txt"))
}

/// The distinct deals of `path`, in file order, at most `limit` of them. Also returns the
/// number of entries in the file.
pub fn distinct_deals(
    path: &PathBuf,
    limit: Option<usize>,
) -> Result<(Vec<FileDeal>, usize), String> {
    let entries = dds_file::read_file(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut seen = HashSet::new();
    let mut out: Vec<FileDeal> = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        if seen.insert(e.deal) {
            out.push(FileDeal {
                entry: i + 1,
                deal: e.deal,
                table: e.table,
            });
        } else if let Some(t) = e.table {
            // A later entry of a deal already seen: keep its table if the first had none.
            if let Some(d) = out.iter_mut().find(|d| d.deal == e.deal) {
                d.table.get_or_insert(t);
            }
        }
    }
    if let Some(n) = limit {
        out.truncate(n);
    }
    Ok((out, entries.len()))
}

/// A field of `/proc/self/status` in kB (e.g. `VmHWM`, `VmRSS`), if readable.
#[cfg(feature = "dds")] // used by `compare` only
pub fn proc_status_kb(field: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
}

/// Resets the process's peak resident set size (`VmHWM`) to its current RSS (Linux 4.0+:
/// write 5 to `/proc/self/clear_refs`). Returns whether it worked.
#[cfg(feature = "dds")] // used by `compare` only
pub fn reset_peak_rss() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

/// Megabytes (2^20 bytes) from kilobytes, for printing.
#[cfg(feature = "dds")] // used by `compare` only
pub fn kb_to_mb(kb: u64) -> f64 {
    kb as f64 / 1024.0
}

/// Names entry `i` of a table in DDS order, e.g. `NT/S` (strain/declarer).
pub fn table_slot_name(i: usize) -> String {
    let strain = Strain::from_index(i / 4).expect("strain index");
    let seat = Seat::from_index(i % 4).expect("seat index");
    format!("{strain}/{}", seat.letter())
}

/// A table as 20 numbers grouped per strain: `S 5 8 5 8 | H ...`.
#[cfg(feature = "dds")] // used by `compare` and `strains` only
pub fn format_table(t: &[u8; 20]) -> String {
    (0..5)
        .map(|s| {
            let strain = Strain::from_index(s).expect("strain index");
            let nums: Vec<String> = t[4 * s..4 * s + 4].iter().map(|x| x.to_string()).collect();
            format!("{strain} {}", nums.join(" "))
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The slots where two tables differ, as `NT/S 7 vs 6`.
pub fn table_diff(a: &[u8; 20], b: &[u8; 20]) -> String {
    (0..20)
        .filter(|&i| a[i] != b[i])
        .map(|i| format!("{} {} vs {}", table_slot_name(i), a[i], b[i]))
        .collect::<Vec<_>>()
        .join(", ")
}
