//! Fuzz target `position_with_trick`: [`ddsolve_fuzz::text::position_with_trick`] on the fuzzer's bytes (the checks are
//! there, shared with the corpus replay test of the main workspace).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| ddsolve_fuzz::text::position_with_trick(data));
