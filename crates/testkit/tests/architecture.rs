//! The "Architecture invariant:" lines of `ARCHITECTURE.md` that a test can check: which
//! crate may depend on which. Dependencies point one way, downwards; a lower crate never
//! knows a higher one; no library crate (and no normal dependency of the CLI) pulls in test
//! support or DDS.

use std::path::{Path, PathBuf};

/// The crates' folder of the workspace.
fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The names of the `[dependencies]` (normal dependencies only) of `crates/<krate>`.
fn normal_dependencies(krate: &str) -> Vec<String> {
    let path = crates_dir().join(krate).join("Cargo.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut in_section = false;
    let mut names = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_section = line == "[dependencies]";
            continue;
        }
        if !in_section || line.is_empty() || line.starts_with('#') {
            continue;
        }
        let name = line
            .split(['=', '.', ' '])
            .next()
            .expect("a dependency line names a crate");
        names.push(name.to_string());
    }
    names
}

/// The names of every dependency of `crates/<krate>` (normal, dev and build).
fn all_dependencies(krate: &str) -> Vec<String> {
    let path = crates_dir().join(krate).join("Cargo.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut in_section = false;
    let mut names = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_section = line.ends_with("dependencies]");
            continue;
        }
        if in_section && !line.is_empty() && !line.starts_with('#') {
            let name = line
                .split(['=', '.', ' '])
                .next()
                .expect("a dependency line");
            names.push(name.to_string());
        }
    }
    names
}

/// The workspace's own crates among `krate`'s normal dependencies.
fn own_dependencies(krate: &str) -> Vec<String> {
    let mut own: Vec<String> = normal_dependencies(krate)
        .into_iter()
        .filter(|d| d == "ddsolve" || d.starts_with("ddsolve-"))
        .collect();
    own.sort();
    own
}

/// Every crate folder under `crates/` (those with a manifest).
fn all_crates() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(crates_dir())
        .expect("the crates folder")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("Cargo.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// crate -> the workspace crates it may depend on (normal dependencies): the picture of
/// ARCHITECTURE.md. Every crate of `crates/` must be here.
const ALLOWED: &[(&str, &[&str])] = &[
    ("cards", &[]),
    ("moves", &["ddsolve-cards"]),
    // The orderings behind the seam of moves, beside the search (which knows none of them).
    ("orderings", &["ddsolve-cards", "ddsolve-moves"]),
    ("prune", &["ddsolve-cards"]),
    ("tt", &["ddsolve-cards"]),
    // The rank-pattern key of the pattern-family tables, apart from the seam.
    ("tt-key", &["ddsolve-cards", "ddsolve-tt"]),
    (
        "tt-forest",
        &["ddsolve-cards", "ddsolve-tt", "ddsolve-tt-key"],
    ),
    (
        "tt-pattern",
        &["ddsolve-cards", "ddsolve-tt", "ddsolve-tt-key"],
    ),
    ("tt-zobrist", &["ddsolve-cards", "ddsolve-tt"]),
    ("formats", &["ddsolve-cards"]),
    ("par", &["ddsolve-cards"]),
    (
        "search",
        &[
            "ddsolve-cards",
            "ddsolve-moves",
            "ddsolve-prune",
            "ddsolve-tt",
        ],
    ),
    // The execution beside the search: the pool, batches, shared tables (search never knows it).
    (
        "exec",
        &[
            "ddsolve-cards",
            "ddsolve-moves",
            "ddsolve-search",
            "ddsolve-tt",
        ],
    ),
    (
        "ddsolve",
        &[
            "ddsolve-cards",
            "ddsolve-exec",
            "ddsolve-formats",
            "ddsolve-orderings",
            "ddsolve-par",
            "ddsolve-search",
            "ddsolve-tt",
            "ddsolve-tt-forest",
            "ddsolve-tt-key",
            "ddsolve-tt-pattern",
        ],
    ),
    (
        "cli",
        &[
            "ddsolve",
            "ddsolve-cards",
            "ddsolve-deal",
            "ddsolve-formats",
            "ddsolve-lead",
            "ddsolve-par",
            "ddsolve-server",
        ],
    ),
    // Simulations: dealing and the dealer language, over the front crate's solver.
    ("deal", &["ddsolve", "ddsolve-cards"]),
    // The HTTP server: the front crate and the leads' crate (never the command line, which
    // starts it).
    ("server", &["ddsolve", "ddsolve-lead"]),
    // The C library: the front crate and the library crates, never the CLI.
    ("capi", &["ddsolve", "ddsolve-cards", "ddsolve-par"]),
    (
        "python",
        &[
            "ddsolve",
            "ddsolve-cards",
            "ddsolve-deal",
            "ddsolve-lead",
            "ddsolve-par",
        ],
    ),
    ("testkit", TESTKIT),
    // Opening leads and single-dummy play: sampling (deal) and the front crate's solver.
    ("lead", &["ddsolve", "ddsolve-cards", "ddsolve-deal"]),
];

/// Test support may use any library crate (it is only ever a dev-dependency).
const TESTKIT: &[&str] = &[
    "ddsolve-cards",
    "ddsolve-formats",
    "ddsolve-moves",
    "ddsolve-orderings",
    "ddsolve-prune",
    "ddsolve-search",
    "ddsolve-tt",
    "ddsolve-tt-forest",
    "ddsolve-tt-pattern",
    "ddsolve-tt-zobrist",
];

#[test]
fn every_crate_has_a_place_in_the_picture() {
    for krate in all_crates() {
        assert!(
            ALLOWED.iter().any(|(k, _)| *k == krate),
            "crates/{krate} is not in ARCHITECTURE.md's picture (the test's ALLOWED list)"
        );
    }
}

#[test]
fn dependencies_point_downwards() {
    for (krate, may) in ALLOWED {
        let own = own_dependencies(krate);
        for dep in &own {
            assert!(
                may.contains(&dep.as_str()),
                "crates/{krate} depends on {dep}: ARCHITECTURE.md's picture forbids it"
            );
        }
    }
}

/// The tables sit beside the search: a table crate never depends on the search or the
/// front crate, not even for its tests (an arrow back up would stop `cargo package`).
#[test]
fn table_crates_never_know_the_search() {
    for krate in ["tt", "tt-key", "tt-forest", "tt-pattern", "tt-zobrist"] {
        let deps = all_dependencies(krate);
        assert!(
            deps.contains(&"ddsolve-cards".to_string()),
            "{krate}: no deps read"
        );
        for forbidden in ["ddsolve-search", "ddsolve"] {
            assert!(
                !deps.iter().any(|d| d == forbidden),
                "crates/{krate} depends on {forbidden}"
            );
        }
    }
}

/// The search runs one search on the calling thread: the pool, the batches and the shared
/// tables are the exec crate above it, which the search never depends on, not even for its
/// tests (an arrow back up would stop `cargo package`).
#[test]
fn the_search_never_knows_the_execution() {
    let deps = all_dependencies("search");
    assert!(deps.contains(&"ddsolve-cards".to_string()), "no deps read");
    for forbidden in ["ddsolve-exec", "ddsolve"] {
        assert!(
            !deps.iter().any(|d| d == forbidden),
            "crates/search depends on {forbidden}"
        );
    }
}

#[test]
fn no_library_or_binary_depends_on_test_support_or_dds() {
    for krate in [
        "cards",
        "moves",
        "orderings",
        "prune",
        "tt",
        "tt-key",
        "tt-forest",
        "tt-pattern",
        "tt-zobrist",
        "formats",
        "par",
        "search",
        "exec",
        "ddsolve",
        "cli",
        "server",
        "capi",
        "deal",
        "lead",
    ] {
        let deps = normal_dependencies(krate);
        for forbidden in ["ddsolve-testkit", "proptest", "dds-bridge-sys", "rand"] {
            assert!(
                !deps.iter().any(|d| d == forbidden),
                "crates/{krate} has {forbidden} as a normal dependency"
            );
        }
    }
}

#[test]
fn the_checks_read_real_manifests() {
    // A parser that found nothing would pass the checks above vacuously.
    assert_eq!(
        own_dependencies("search"),
        [
            "ddsolve-cards",
            "ddsolve-moves",
            "ddsolve-prune",
            "ddsolve-tt"
        ]
    );
    assert!(normal_dependencies("cli").contains(&"clap".to_string()));
}
