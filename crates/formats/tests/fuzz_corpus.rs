//! Replays the committed fuzz corpora of the text targets (`fuzz/corpus/<target>/`, and the
//! inputs that once crashed them, `fuzz/regressions/<target>/`) through
//! the very checks the fuzzer runs (`fuzz/src/text.rs`, included as a module), so that
//! `cargo test` re-checks every input the fuzzer kept, without cargo-fuzz or nightly.

#[allow(dead_code)]
#[path = "../../../fuzz/src/text.rs"]
mod text;

#[path = "../../../fuzz/src/replay.rs"]
mod replay;

/// Replays the committed inputs of `target` through `check`.
fn replay_target(target: &str, check: fn(&[u8])) {
    let fuzz = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    replay::replay(&fuzz, target, check);
}

#[test]
fn pbn_deal() {
    replay_target("pbn_deal", text::pbn_deal);
}

#[test]
fn position_with_trick() {
    replay_target("position_with_trick", text::position_with_trick);
}

#[test]
fn pbn_file() {
    replay_target("pbn_file", text::pbn_file);
}

#[test]
fn lin() {
    replay_target("lin", text::lin);
}

#[test]
fn dds_file() {
    replay_target("dds_file", text::dds_file);
}

#[test]
fn annotate() {
    replay_target("annotate", text::annotate);
}
