//! Rebuilds the crate when a file of the page (`web/`) changes, is added or removed: they
//! are embedded in the binary.

fn main() {
    println!("cargo:rerun-if-changed=web");
}
