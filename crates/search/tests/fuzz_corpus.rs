//! Replays the committed corpus of the `solve_small` fuzz target (`fuzz/corpus/solve_small/`,
//! and any input that once made it fail, `fuzz/regressions/solve_small/`) through the very
//! check the fuzzer runs (`fuzz/src/solve.rs`, included as a module): the solver against the
//! brute-force oracle on every ending the fuzzer kept, under `cargo test`.

#[path = "../../../fuzz/src/solve.rs"]
mod solve;

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

#[test]
fn solve_small() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let dir = fuzz.join("corpus/solve_small");
    let mut inputs = files(&dir);
    // A missing corpus must not pass as an empty one.
    assert!(!inputs.is_empty(), "the corpus {} is empty", dir.display());
    // Inputs that once made the target fail, if any.
    let regressions = fuzz.join("regressions/solve_small");
    if regressions.is_dir() {
        inputs.extend(files(&regressions));
    }
    for path in inputs {
        let data = std::fs::read(&path).expect("a corpus file reads");
        let result = std::panic::catch_unwind(|| solve::solve_small(&data));
        assert!(
            result.is_ok(),
            "fuzz target solve_small fails on {} ({} bytes)",
            path.display(),
            data.len()
        );
    }
}
