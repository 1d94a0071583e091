//! The transposition-table conformance suite of `ddsolve-testkit`, for the Zobrist table
//! with either way of finding keys, one test per check.

use ddsolve_testkit::conformance::table;
use ddsolve_tt_zobrist::{KeyMode, TtZobrist};

#[test]
fn stored_entries_decide() {
    table::stored_entries_decide(TtZobrist::new);
}

#[test]
fn oracle_soundness() {
    table::oracle_soundness(TtZobrist::new);
}

#[test]
fn merged_bounds_never_cross() {
    table::merged_bounds_never_cross(TtZobrist::new);
}

#[test]
fn reuse_across_deals_and_leaders() {
    table::reuse_across_deals_and_leaders(TtZobrist::new);
}

#[test]
fn clear_forgets_everything() {
    table::clear_forgets_everything(TtZobrist::new);
}

#[test]
fn memory_limit() {
    table::memory_limit(TtZobrist::new);
}

/// The whole suite with keys computed from scratch at every probe and store.
#[test]
fn whole_suite_with_keys_from_scratch() {
    table::check_table(|mb| TtZobrist::with_key_mode(mb, KeyMode::Scratch));
}
