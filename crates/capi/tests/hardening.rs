//! Limits at the C boundary: `tests/c/hardening.c`, built against DDS's header and linked
//! with our library. `SetMaxThreads(INT_MAX)` is capped at the cores and one-board batch
//! calls then finish at once; the par text converters refuse garbage and never write past
//! DDS's buffer sizes (guard bytes, and the same cases under valgrind).

mod common;

use common::{run, CBuild, Header};
use std::process::Command;

#[test]
fn thread_counts_are_capped() {
    let build = CBuild::new();
    let program = build.compile("hardening.c", Header::Dds, "hardening");
    let output = run(&program, &["threads"]);
    assert!(output.ends_with("0 wrong\n"), "{output}");
    assert_eq!(output.lines().count(), 8, "{output}");
}

#[test]
fn converters_refuse_garbage_and_keep_to_dds_buffers() {
    let build = CBuild::new();
    let program = build.compile("hardening.c", Header::Dds, "hardening");
    let output = run(&program, &["converters"]);
    assert!(output.ends_with("0 wrong\n"), "{output}");
    assert_eq!(output.lines().count(), 23, "{output}");
}

#[test]
fn converters_under_valgrind_write_nothing_out_of_bounds() {
    let build = CBuild::new();
    let program = build.compile("hardening.c", Header::Dds, "hardening");
    let out = Command::new("valgrind")
        .args(["--quiet", "--error-exitcode=99", "--leak-check=no"])
        .arg(&program)
        .arg("converters")
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .expect("valgrind runs (apt-get install -y valgrind; .ci/run installs it)");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "valgrind: {}\n{stdout}\n{stderr}",
        out.status
    );
    assert!(stdout.ends_with("0 wrong\n"), "{stdout}");
}
