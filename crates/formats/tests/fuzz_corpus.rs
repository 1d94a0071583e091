//! Replays the committed fuzz corpora of the text targets (`fuzz/corpus/<target>/`, and the
//! inputs that once crashed them, `fuzz/regressions/<target>/`) through
//! the very checks the fuzzer runs (`fuzz/src/text.rs`, included as a module), so that
//! `cargo test` re-checks every input the fuzzer kept, without cargo-fuzz or nightly.

#[allow(dead_code)]
#[path = "../../../fuzz/src/text.rs"]
mod text;

use std::path::{Path, PathBuf};

/// The inputs of `target`, sorted: its corpus (`fuzz/corpus/<target>/`) and the inputs that
/// once crashed it (`fuzz/regressions/<target>/`, if any); panics if the corpus is missing or
/// empty (a missing corpus must not pass as an empty one).
fn corpus(target: &str) -> Vec<PathBuf> {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let dir = fuzz.join("corpus").join(target);
    let files = |dir: &Path| -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        files
    };
    let mut all = files(&dir);
    assert!(!all.is_empty(), "the corpus {} is empty", dir.display());
    let regressions = fuzz.join("regressions").join(target);
    if regressions.is_dir() {
        all.extend(files(&regressions));
    }
    all
}

/// Runs `check` on every file of the corpus of `target`, naming the file that fails.
fn replay(target: &str, check: fn(&[u8])) {
    for path in corpus(target) {
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

#[test]
fn pbn_deal() {
    replay("pbn_deal", text::pbn_deal);
}

#[test]
fn position_with_trick() {
    replay("position_with_trick", text::position_with_trick);
}

#[test]
fn pbn_file() {
    replay("pbn_file", text::pbn_file);
}

#[test]
fn lin() {
    replay("lin", text::lin);
}

#[test]
fn dds_file() {
    replay("dds_file", text::dds_file);
}

#[test]
fn annotate() {
    replay("annotate", text::annotate);
}
