//! `--condition FILE` of `lead` and `sd`: a dealer-language script whose `condition` the
//! sampled deals must meet (what the auction showed), evaluated by `ddsolve_deal`'s
//! [`Evaluator`]; `tricks` in it is solved double dummy.

use crate::error::CliError;
use ddsolve_cards::Deal;
use ddsolve_deal::{Evaluator, Script, SolverTricks};
use std::path::Path;
use std::sync::{Mutex, PoisonError};

/// A condition as a filter on deals.
pub type DealFilter = Box<dyn Fn(&Deal) -> bool + Sync>;

/// Reads the script of `path`; the filter accepts the deals that meet its condition (every
/// deal if it has none). The samples are drawn on one thread, so the one evaluator behind a
/// lock is never waited for.
pub fn load(path: &Path) -> Result<DealFilter, CliError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?;
    let script = Script::parse(&text).map_err(|e| CliError::input(format!("{name}:{e}")))?;
    // The filter lives for the rest of the run, as the process does.
    let script: &'static Script = Box::leak(Box::new(script));
    let Some(condition) = script.condition.as_ref() else {
        return Ok(Box::new(|_: &Deal| true));
    };
    let state = Mutex::new((Evaluator::new(script), SolverTricks::new(), 0u32));
    Ok(Box::new(move |deal: &Deal| {
        let mut guard = state.lock().unwrap_or_else(PoisonError::into_inner);
        let (eval, tricks, counter) = &mut *guard;
        eval.set_deal(*deal);
        let mut rand = || {
            *counter = counter.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            *counter >> 1
        };
        eval.eval(condition, tricks, &mut rand)
            .is_ok_and(|v| v != 0)
    }))
}
