//! Every error code: `tests/c/errors.c`, a table of bad calls (each fault DDS names, null
//! pointers, a 14-card hand, a revoke in the current trick, bad target, solutions and mode,
//! too many boards and tables...) with the code DDS 2.9.0 returns (or, where DDS does not
//! check and crashes, ours), built against DDS's header and linked with our library.

mod common;

use common::{run, CBuild, Header};

#[test]
fn every_bad_call_gets_dds_code() {
    let build = CBuild::new();
    let program = build.compile("errors.c", Header::Dds, "errors");
    let output = run(&program, &[]);
    assert!(output.ends_with("0 wrong\n"), "{output}");
    // The table is all there: 71 cases and the summary.
    assert_eq!(output.lines().count(), 72, "{output}");
}

#[test]
fn the_header_of_ours_builds_the_same_program() {
    let build = CBuild::new();
    let program = build.compile("errors.c", Header::Ours, "errors-ours");
    let output = run(&program, &[]);
    assert!(output.ends_with("0 wrong\n"), "{output}");
}
