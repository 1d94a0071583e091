//! Where the tests, benches and xtask find their data: [`path`], the one lookup.
//!
//! The repository carries every data file they read, in `crates/testkit/data` ([`dir`]):
//! DDS's regression files `list10.txt`, `list100.txt` and `list1000.txt` (DDS's own, with its
//! licence), and DDS's tables of random deals (`random-seed1-200.tsv`) and of freak deals
//! (`freak-seed11-24.tsv`); its `README.md` describes them. Nothing is looked up outside the
//! repository, so a fresh clone runs every test on the same data, and a missing file is an
//! error naming its path, never a test that passes without its data.
//!
//! ```
//! use ddsolve_testkit::data;
//!
//! let entries = data::read_dds_file("list10.txt")?;
//! assert_eq!(entries.len(), 10);
//! assert!(data::path("list1000.txt").is_file());
//! # Ok::<(), ddsolve_formats::dds_file::DdsFileError>(())
//! ```

use ddsolve_formats::dds_file::{self, DdsFileError, Entry};
use std::path::{Path, PathBuf};

/// The repository's folder of test data: `crates/testkit/data`.
pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// The file `name` of the repository's test data (e.g. `"list1000.txt"`): the one lookup of
/// data files for every test, bench and xtask. Whether it exists is for the reader to find
/// out: reading a missing file gives an error naming this path.
pub fn path(name: &str) -> PathBuf {
    dir().join(name)
}

/// Reads and parses the DDS regression file `name` of the repository's test data
/// (`"list10.txt"`, `"list100.txt"` or `"list1000.txt"`).
pub fn read_dds_file(name: &str) -> Result<Vec<Entry>, DdsFileError> {
    dds_file::read_file(path(name))
}
