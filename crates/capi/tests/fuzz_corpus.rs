//! Replays the committed corpus of the `capi` fuzz target (`fuzz/corpus/capi/`, and any
//! input that once made it fail, `fuzz/regressions/capi/`) through the very check the fuzzer
//! runs (`fuzz/src/capi.rs`, included as a module): DDS's C entry points called in-process
//! with structs filled from each input, every answer a DDS code, no byte written past an
//! output.

#[path = "../../../fuzz/src/capi.rs"]
mod capi;

#[path = "../../../fuzz/src/replay.rs"]
mod replay;

#[test]
fn capi() {
    let fuzz = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    replay::replay(&fuzz, "capi", capi::capi);
}
