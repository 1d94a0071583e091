//! The corpus replay shared by the main workspace's replay tests
//! (`crates/formats/tests/fuzz_corpus.rs`, `crates/search/tests/fuzz_corpus.rs`, which
//! include this file as a `#[path]` module): every committed input of a target through the
//! check the fuzzer runs, naming the file that fails. Standard library only.

use std::path::{Path, PathBuf};

/// The files of `dir`, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// The inputs of `target`, sorted: its corpus (`<fuzz>/corpus/<target>/`) and the inputs that
/// once crashed it (`<fuzz>/regressions/<target>/`, if any); panics if the corpus is missing
/// or empty (a missing corpus must not pass as an empty one).
pub fn corpus(fuzz: &Path, target: &str) -> Vec<PathBuf> {
    let dir = fuzz.join("corpus").join(target);
    let mut all = files(&dir);
    assert!(!all.is_empty(), "the corpus {} is empty", dir.display());
    let regressions = fuzz.join("regressions").join(target);
    if regressions.is_dir() {
        all.extend(files(&regressions));
    }
    all
}

/// Runs `check` on every input of `target` (see [`corpus`]), naming the file that fails.
pub fn replay(fuzz: &Path, target: &str, check: fn(&[u8])) {
    for path in corpus(fuzz, target) {
        let data = std::fs::read(&path).expect("a corpus file reads");
        let result = std::panic::catch_unwind(|| check(&data));
        assert!(
            result.is_ok(),
            "fuzz target {target} fails on {} ({} bytes)",
            path.display(),
            data.len()
        );
    }
}
