//! Links the `ddsolve` binary with packed relative relocations (`-z pack-relative-relocs`,
//! DT_RELR) where the linker and the C library support them: the relocation table of a
//! position-independent binary, which the loader reads whole at every start, then takes a
//! few kilobytes instead of the full table (the peak memory of a small run is measured in
//! `BENCHMARKS.md`).
//!
//! Support is probed by linking and running an empty C program with the flag (GNU ld 2.38
//! or lld 15, and glibc 2.36, have it); when the probe fails (an older toolchain, another
//! target, a cross build) the binary is linked as before.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

const FLAG: &str = "-Wl,-z,pack-relative-relocs";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=CC");
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    let native = var("HOST") == var("TARGET");
    if var("CARGO_CFG_TARGET_OS") != "linux" || var("CARGO_CFG_TARGET_ENV") != "gnu" || !native {
        return;
    }
    let Some(out) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        return;
    };
    let probe = out.join("relr-probe");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let linked = Command::new(cc)
        .args(["-x", "c", "-", "-o"])
        .arg(&probe)
        .arg(FLAG)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .and_then(|mut child| {
            if let Some(mut stdin) = child.stdin.take() {
                stdin.write_all(b"int main(void) { return 0; }\n")?;
            }
            child.wait()
        })
        .is_ok_and(|status| status.success());
    let runs = linked && Command::new(&probe).status().is_ok_and(|s| s.success());
    if runs {
        println!("cargo:rustc-link-arg-bin=ddsolve={FLAG}");
    }
}
