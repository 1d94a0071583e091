//! Where the tests find their data: DDS's regression files and tables of random deals.

use ddsolve_formats::dds_file::{self, DdsFileError, Entry};
use std::path::{Path, PathBuf};

/// The folder `shared/data/dds-hands` that sits beside the repository (`<repo>/../shared`),
/// found by walking up from this crate's folder; the environment variable
/// `DDSOLVE_DDS_HANDS` overrides it.
///
/// If no such folder is found, returns where it is expected (`<repo>/../shared/data/dds-hands`)
/// so that reading from it fails with an error naming the path.
pub fn shared_data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("DDSOLVE_DDS_HANDS") {
        return PathBuf::from(dir);
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in manifest.ancestors() {
        let candidate = dir.join("shared").join("data").join("dds-hands");
        if candidate.is_dir() {
            return candidate;
        }
    }
    // crates/testkit -> crates -> <repo> -> <repo>/..
    manifest
        .ancestors()
        .nth(3)
        .unwrap_or(manifest)
        .join("shared")
        .join("data")
        .join("dds-hands")
}

/// Reads and parses `name` (e.g. `"list100.txt"`) from [`shared_data_dir`].
pub fn read_shared(name: &str) -> Result<Vec<Entry>, DdsFileError> {
    dds_file::read_file(shared_data_dir().join(name))
}
