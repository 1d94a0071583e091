//! The C example of `docs/c.md`, as the page gives it: built with our header
//! (`crates/capi/include`) and our library, it runs and prints what its comment says.

mod common;

use common::{crate_dir, run, CBuild, Header};

#[test]
fn the_c_example_of_the_docs_builds_and_runs() {
    let page = crate_dir().join("../../docs/c.md");
    let text = std::fs::read_to_string(&page).expect("docs/c.md");
    let source = text
        .split("```c\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("docs/c.md has a C example");
    assert!(
        source.contains("cc -Icrates/capi/include table.c"),
        "{source}"
    );
    let build = CBuild::new();
    let path = build.dir().join("table.c");
    std::fs::write(&path, source).unwrap();
    let program = build.compile(path.to_str().unwrap(), Header::Ours, "table");
    let printed = run(&program, &[]);
    let said = source
        .split("prints: ")
        .nth(1)
        .and_then(|s| s.split(" */").next())
        .expect("the example says what it prints");
    assert_eq!(printed.trim_end(), said);
}
