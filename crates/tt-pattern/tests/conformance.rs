//! The transposition-table conformance suite of `ddsolve-testkit`, for the rank-pattern
//! table with either probe order, one test per check.

use ddsolve_testkit::conformance::table;
use ddsolve_tt_pattern::{ProbeOrder, TtPattern};

#[test]
fn stored_entries_decide() {
    table::stored_entries_decide(TtPattern::new);
}

#[test]
fn oracle_soundness() {
    table::oracle_soundness(TtPattern::new);
}

#[test]
fn merged_bounds_never_cross() {
    table::merged_bounds_never_cross(TtPattern::new);
}

#[test]
fn reuse_across_deals_and_leaders() {
    table::reuse_across_deals_and_leaders(TtPattern::new);
}

#[test]
fn clear_forgets_everything() {
    table::clear_forgets_everything(TtPattern::new);
}

#[test]
fn memory_limit() {
    table::memory_limit(TtPattern::new);
}

/// The whole suite with the newest entries tried first.
#[test]
fn whole_suite_newest_first() {
    table::check_table(|mb| TtPattern::with_order(mb, ProbeOrder::NewestFirst));
}
