//! Gives the shared library DDS's SONAME, `libdds.so.0`, so that programs linked against
//! Debian's `libdds0` load it in DDS's place, and puts a link `libdds.so.0 -> libdds.so`
//! beside it in `target/<profile>`, so that `LD_LIBRARY_PATH=target/release program` finds
//! it under the name such programs ask for.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os != "linux" && target_os != "freebsd" {
        return;
    }
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libdds.so.0");
    // OUT_DIR is target/<profile>/build/ddsolve-capi-<hash>/out: the profile's folder, where
    // cargo puts libdds.so, is three levels up.
    let Some(out_dir) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        return;
    };
    let Some(profile_dir) = out_dir.ancestors().nth(3) else {
        return;
    };
    let link = profile_dir.join("libdds.so.0");
    #[cfg(unix)]
    if std::fs::symlink_metadata(&link).is_err() {
        // A failure only costs the convenience: the tests make their own link.
        let _ = std::os::unix::fs::symlink("libdds.so", &link);
    }
}
