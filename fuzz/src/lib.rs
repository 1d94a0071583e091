//! The checks behind the fuzz targets of `fuzz_targets/`, one function per target, each
//! taking the fuzzer's bytes. They live here, apart from libFuzzer, so that the main
//! workspace's corpus replay tests include the same files (`#[path]` modules) and replay
//! every committed corpus input under `cargo test`:
//!
//! - [`text`] (ddsolve-cards and ddsolve-formats only): `pbn_deal`, `position_with_trick`,
//!   `pbn_file`, `lin`, `dds_file`, `annotate`; replayed by
//!   `crates/formats/tests/fuzz_corpus.rs`.
//! - [`solve`] (the front crate ddsolve and the testkit's oracle): `solve_small`; replayed by
//!   `crates/ddsolve/tests/fuzz_corpus.rs`.
//! - [`capi`] (ddsolve-capi, crate `dds`): `capi`, DDS's C entry points called in-process
//!   as a C caller calls them; replayed by `crates/capi/tests/fuzz_corpus.rs`.
//! - [`replay`]: the replay itself (every committed input of a target through its check),
//!   shared by both replay tests.

pub mod capi;
pub mod replay;
pub mod solve;
pub mod text;
