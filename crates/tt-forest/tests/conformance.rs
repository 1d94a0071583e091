//! The transposition-table conformance suite of `ddsolve-testkit`, for both tables of this
//! crate, one test per check.

use ddsolve_testkit::conformance::table;
use ddsolve_tt_forest::{TtFlat, TtForest};

macro_rules! suite {
    ($module:ident, $make:expr) => {
        mod $module {
            use super::*;

            #[test]
            fn stored_entries_decide() {
                table::stored_entries_decide($make);
            }

            #[test]
            fn oracle_soundness() {
                table::oracle_soundness($make);
            }

            #[test]
            fn merged_bounds_never_cross() {
                table::merged_bounds_never_cross($make);
            }

            #[test]
            fn reuse_across_deals_and_leaders() {
                table::reuse_across_deals_and_leaders($make);
            }

            #[test]
            fn clear_forgets_everything() {
                table::clear_forgets_everything($make);
            }

            #[test]
            fn memory_limit() {
                table::memory_limit($make);
            }
        }
    };
}

suite!(flat, TtFlat::new);
suite!(forest, TtForest::new);
