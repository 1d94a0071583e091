//! `--condition FILE` of `lead` and `sd`: a dealer-language condition on the unseen hands.

use crate::error::CliError;
use ddsolve_cards::Deal;
use std::path::Path;

/// A condition as a filter on deals.
pub type DealFilter = Box<dyn Fn(&Deal) -> bool + Sync>;

/// Reads the condition of `path`.
pub fn load(path: &Path) -> Result<DealFilter, CliError> {
    Err(CliError::input(format!(
        "--condition {}: this ddsolve has no dealer-language evaluator yet; give the deals \
         with --deals FILE",
        path.display()
    )))
}
