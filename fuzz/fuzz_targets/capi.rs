//! Fuzz target `capi`: [`ddsolve_fuzz::capi::capi`] on the fuzzer's bytes (the checks are
//! there, shared with the corpus replay test of the main workspace).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| ddsolve_fuzz::capi::capi(data));
