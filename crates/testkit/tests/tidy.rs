//! Tidy checks (in rust-analyzer's style): what `cargo package`, crates.io and docs.rs need
//! of every library crate stays in its manifest, its README and its crate root.

use std::path::{Path, PathBuf};

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The library crates (folders under `crates/`) that are published.
const LIBRARIES: &[&str] = &[
    "cards",
    "moves",
    "prune",
    "tt",
    "tt-forest",
    "tt-pattern",
    "tt-zobrist",
    "search",
    "par",
    "formats",
    "ddsolve",
];

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The value of `key` in the `[package]` section of a manifest (the raw text after `=`, or
/// `workspace` for `key.workspace = true`).
fn package_field(manifest: &str, key: &str) -> Option<String> {
    let mut in_package = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
            continue;
        }
        if !in_package {
            continue;
        }
        if line.starts_with(&format!("{key}.workspace")) {
            return Some("workspace".into());
        }
        if let Some(rest) = line.strip_prefix(key) {
            if let Some(value) = rest.trim_start().strip_prefix('=') {
                return Some(value.trim().to_string());
            }
        }
    }
    None
}

#[test]
fn every_library_manifest_has_the_fields_a_registry_needs() {
    for krate in LIBRARIES {
        let path = root().join("crates").join(krate).join("Cargo.toml");
        let manifest = read(&path);
        for key in [
            "description",
            "version",
            "edition",
            "license",
            "rust-version",
            "keywords",
            "categories",
            "readme",
        ] {
            let value = package_field(&manifest, key);
            assert!(
                value
                    .as_deref()
                    .is_some_and(|v| !v.is_empty() && v != "\"\""),
                "{}: [package] has no {key}",
                path.display()
            );
        }
        assert!(
            package_field(&manifest, "publish").is_none(),
            "{}: a library crate is published",
            path.display()
        );
    }
}

#[test]
fn every_library_has_a_readme_whose_example_is_a_doc_test() {
    for krate in LIBRARIES {
        let dir = root().join("crates").join(krate);
        let readme = read(&dir.join("README.md"));
        assert!(
            readme.contains("```rust\n"),
            "crates/{krate}/README.md has no Rust example"
        );
        let lib = read(&dir.join("src/lib.rs"));
        assert!(
            lib.contains("#[doc = include_str!(\"../README.md\")]"),
            "crates/{krate}/src/lib.rs does not run its README's example as a doc test"
        );
        assert!(
            lib.contains("#![warn(missing_docs)]") || lib.contains("#![deny(missing_docs)]"),
            "crates/{krate}/src/lib.rs does not require docs on public items"
        );
    }
}

#[test]
fn workspace_path_dependencies_carry_versions() {
    let manifest = read(&root().join("Cargo.toml"));
    assert!(
        !manifest.contains("example.invalid"),
        "the workspace manifest carries a placeholder URL"
    );
    let mut seen = 0;
    for line in manifest.lines() {
        let line = line.trim();
        if !line.starts_with("ddsolve") || !line.contains("path =") {
            continue;
        }
        seen += 1;
        // Test support is never published: without a version, `cargo package` drops it
        // from the dev-dependencies of the crates that use it.
        if line.starts_with("ddsolve-testkit ") {
            assert!(
                !line.contains("version"),
                "{line}: testkit is not published"
            );
            continue;
        }
        assert!(
            line.contains("version = "),
            "{line}: a path dependency needs a version for `cargo package`"
        );
    }
    assert!(
        seen >= LIBRARIES.len(),
        "the workspace's own crates were not found"
    );
}
