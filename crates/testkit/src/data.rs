//! Where the tests find their data.
//!
//! The repository carries what its tests read, in `crates/testkit/data` ([`dir`]): DDS's
//! regression files `list10.txt` and `list100.txt`, and DDS's tables of random deals
//! (`random-seed1-200.tsv`) and of freak deals (`freak-seed11-24.tsv`); its `README.md`
//! describes them. DDS's `list1000.txt` is too large to carry: [`shared_file`] finds it in
//! the shared data folder beside the repository when that folder is there, and tests that
//! use it run on it only then.
//!
//! ```
//! use ddsolve_testkit::data;
//!
//! let entries = data::read_dds_file("list10.txt")?;
//! assert_eq!(entries.len(), 10);
//! assert!(data::path("random-seed1-200.tsv").is_file());
//! # Ok::<(), ddsolve_formats::dds_file::DdsFileError>(())
//! ```

use ddsolve_formats::dds_file::{self, DdsFileError, Entry};
use std::path::{Path, PathBuf};

/// The repository's folder of test data: `crates/testkit/data`.
pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// The file `name` of the repository's test data (e.g. `"list100.txt"`). Whether it exists
/// is for the reader to find out: reading a missing file gives an error naming this path.
pub fn path(name: &str) -> PathBuf {
    dir().join(name)
}

/// Reads and parses the DDS regression file `name` of the repository's test data
/// (`"list10.txt"` or `"list100.txt"`).
pub fn read_dds_file(name: &str) -> Result<Vec<Entry>, DdsFileError> {
    dds_file::read_file(path(name))
}

/// The folder `shared/data/dds-hands` beside the repository (`<repo>/../shared`), found by
/// walking up from this crate's folder, or the folder named by the environment variable
/// `DDSOLVE_DDS_HANDS`; `None` if there is no such folder.
pub fn shared_dds_hands() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("DDSOLVE_DDS_HANDS") {
        return Some(PathBuf::from(dir));
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("shared").join("data").join("dds-hands"))
        .find(|candidate| candidate.is_dir())
}

/// The file `name` (e.g. `"list1000.txt"`) of [`shared_dds_hands`], if it is there.
///
/// If it is not, says so on stderr (the test that asked goes on without it) and returns
/// `None`: the shared folder is optional, and a fresh clone tests on the repository's data.
pub fn shared_file(name: &str) -> Option<PathBuf> {
    let found = shared_dds_hands()
        .map(|dir| dir.join(name))
        .filter(|file| file.is_file());
    if found.is_none() {
        eprintln!(
            "note: {name} not found in the shared data folder \
             (<repo>/../shared/data/dds-hands or $DDSOLVE_DDS_HANDS): skipping the checks on it"
        );
    }
    found
}

/// The same folder as [`dir`], under the name it had when the data lived beside the
/// repository (`../shared`); tests written then keep working and now read the repository's
/// copy. New code calls [`dir`] or [`path`].
pub fn shared_data_dir() -> PathBuf {
    dir()
}

/// The same as [`read_dds_file`], under the name it had when the data lived beside the
/// repository (`../shared`). New code calls [`read_dds_file`].
pub fn read_shared(name: &str) -> Result<Vec<Entry>, DdsFileError> {
    read_dds_file(name)
}
