//! A dealer-language condition on the sampled deals (what the auction showed), as the front
//! ends take it: a script with a `condition` line, or just the condition's expression;
//! evaluated by [`ddsolve_deal::Evaluator`], `tricks` in it solved double dummy.

use crate::sample::Filter;
use ddsolve_cards::Deal;
use ddsolve_deal::{Evaluator, Script, ScriptError, SolverTricks};
use std::sync::{Mutex, PoisonError};

/// Reads a condition: a dealer script whose `condition` the deals must meet (its other
/// commands are read and checked, not used), or just an expression (`hcp(north) >= 12`).
/// A text that is neither is the script's error (line and column).
///
/// ```
/// use ddsolve_lead::condition::parse_condition;
///
/// assert!(parse_condition("hcp(north) + hcp(south) >= 25")?.condition.is_some());
/// assert!(parse_condition("produce 5\ncondition spades(east) >= 5")?.condition.is_some());
/// assert_eq!(parse_condition("hcp(north) >=").unwrap_err().span.line, 1);
/// # Ok::<(), ddsolve_deal::ScriptError>(())
/// ```
pub fn parse_condition(text: &str) -> Result<Script, ScriptError> {
    match Script::parse(text) {
        Ok(script) => Ok(script),
        Err(e) => Script::parse(&format!("condition {text}")).map_err(|_| e),
    }
}

/// Calls `f` with the filter of `script`'s condition (none without a script or a
/// condition). The filter evaluates on one evaluator behind a lock (the samples are drawn
/// on one thread, so it is never waited for); `rnd` draws from a fixed sequence.
pub fn with_filter<R>(script: Option<&Script>, f: impl FnOnce(Option<Filter<'_>>) -> R) -> R {
    let Some((script, condition)) = script.and_then(|s| s.condition.as_ref().map(|c| (s, c)))
    else {
        return f(None);
    };
    let state = Mutex::new((Evaluator::new(script), SolverTricks::new(), 0u32));
    let filter = move |deal: &Deal| {
        let mut guard = state.lock().unwrap_or_else(PoisonError::into_inner);
        let (eval, tricks, counter) = &mut *guard;
        eval.set_deal(*deal);
        let mut rand = || {
            *counter = counter.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            *counter >> 1
        };
        eval.eval(condition, tricks, &mut rand)
            .is_ok_and(|v| v != 0)
    };
    f(Some(&filter))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_is_the_condition() {
        let script = parse_condition("hcp(north) >= 20").unwrap();
        let strong =
            Deal::from_pbn("N:AKQJ.AKQ.AK2.432 T987.JT9.QJT.JT9 6543.876.9876.87 2.5432.543.AKQ65")
                .unwrap();
        let weak =
            Deal::from_pbn("N:2.5432.543.AKQ65 T987.JT9.QJT.JT9 6543.876.9876.87 AKQJ.AKQ.AK2.432")
                .unwrap();
        with_filter(Some(&script), |f| {
            let f = f.unwrap();
            assert!(f(&strong));
            assert!(!f(&weak));
        });
        assert!(with_filter(None, |f| f.is_none()));
        let none = parse_condition("produce 3").unwrap();
        assert!(with_filter(Some(&none), |f| f.is_none()));
    }
}
