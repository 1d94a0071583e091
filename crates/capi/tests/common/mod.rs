//! Shared by the integration tests: our `libdds.so`, and C programs of `tests/c` compiled
//! against a `dll.h` (DDS's, from Debian's `libdds-dev`, or ours) and linked with our
//! library, never Debian's (checked with `ldd`).

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// DDS's header, from Debian's `libdds-dev`.
pub const DDS_HEADER: &str = "/usr/include/dds/dll.h";

/// Which `dll.h` a C program is built against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Header {
    /// DDS's (`/usr/include/dds/dll.h`).
    Dds,
    /// Ours (`crates/capi/include/dds/dll.h`).
    Ours,
}

/// This crate's folder.
pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Our `libdds.so`, built by cargo beside the test binaries (`target/<profile>/deps`),
/// with the library target's other crate types. Cargo copies it up to `target/<profile>`
/// only when the library itself is built (`cargo build`), never for `cargo test` alone, so
/// the copy in `deps`, built with these very tests, is the one to load.
pub fn our_library() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let deps_dir = exe
        .parent()
        .expect("test binaries live in target/<profile>/deps");
    let lib = deps_dir.join("libdds.so");
    assert!(
        lib.is_file(),
        "{} is missing: cargo builds it with the tests (`cargo test -p ddsolve-capi`)",
        lib.display()
    );
    lib
}

/// A folder for compiled programs, with `libdds.so` and `libdds.so.0` linked to our
/// library: programs link and load from it (an RPATH to it, searched before the system's
/// folders).
pub struct CBuild {
    dir: tempfile::TempDir,
}

impl CBuild {
    /// A new folder.
    pub fn new() -> CBuild {
        assert!(
            Path::new(DDS_HEADER).is_file(),
            "{DDS_HEADER} is missing: install Debian's libdds-dev (apt-get install -y libdds-dev)"
        );
        let dir = tempfile::tempdir().expect("a temporary folder");
        let lib = our_library();
        for name in ["libdds.so", "libdds.so.0"] {
            std::os::unix::fs::symlink(&lib, dir.path().join(name)).expect("a link to libdds");
        }
        CBuild { dir }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// Compiles `tests/c/<source>` against `header` into a program named `name`, linked
    /// with our library; checks with `ldd` that it loads ours.
    pub fn compile(&self, source: &str, header: Header, name: &str) -> PathBuf {
        let out = self.dir().join(name);
        let mut cmd = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".to_string()));
        cmd.args([
            "-std=c11",
            "-D_POSIX_C_SOURCE=200809L",
            "-O2",
            "-Wall",
            "-Wextra",
            "-Werror",
        ]);
        match header {
            Header::Dds => cmd.arg("-DEXPECT_DDS_HEADER"),
            Header::Ours => cmd
                .arg("-DEXPECT_DDSOLVE_HEADER")
                .arg("-I")
                .arg(crate_dir().join("include")),
        };
        cmd.arg(crate_dir().join("tests").join("c").join(source))
            .arg("-o")
            .arg(&out)
            .arg("-L")
            .arg(self.dir())
            .arg("-Wl,--no-as-needed")
            .arg("-ldds")
            .arg(format!(
                "-Wl,--disable-new-dtags,-rpath,{}",
                self.dir().display()
            ));
        let status = cmd.status().expect("the C compiler (cc) runs");
        assert!(status.success(), "compiling {source} failed: {cmd:?}");
        self.check_loads_ours(&out);
        out
    }

    /// Asserts that `program` loads `libdds.so.0` from this folder (our library).
    fn check_loads_ours(&self, program: &Path) {
        let out = Command::new("ldd")
            .arg(program)
            .env_remove("LD_LIBRARY_PATH")
            .output()
            .expect("ldd runs");
        let text = String::from_utf8_lossy(&out.stdout);
        let line = text
            .lines()
            .find(|l| l.contains("libdds.so"))
            .unwrap_or_else(|| panic!("{} does not load libdds: {text}", program.display()));
        let want = self.dir().join("libdds.so.0");
        assert!(
            line.contains(&format!("=> {}", want.display())),
            "{} loads another libdds: {line}",
            program.display()
        );
    }
}

/// Runs `program` with `args`; its standard output (it must succeed).
pub fn run(program: &Path, args: &[&str]) -> String {
    let out = Command::new(program)
        .args(args)
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .expect("the program runs");
    assert!(
        out.status.success(),
        "{} {args:?} failed ({}): {}",
        program.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("ASCII output")
}
