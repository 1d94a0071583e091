//! Replays the committed corpus of the `solve_small` fuzz target (`fuzz/corpus/solve_small/`,
//! and any input that once made it fail, `fuzz/regressions/solve_small/`) through the very
//! check the fuzzer runs (`fuzz/src/solve.rs`, included as a module): the solver against the
//! brute-force oracle on every ending the fuzzer kept, under `cargo test`.

#[path = "../../../fuzz/src/solve.rs"]
mod solve;

#[path = "../../../fuzz/src/replay.rs"]
mod replay;

#[test]
fn solve_small() {
    let fuzz = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    replay::replay(&fuzz, "solve_small", solve::solve_small);
}
