//! When a run stops before its `produce` or `generate`: `--until-se` (every average precise
//! enough, [`UntilSe`]) or an interruption (a flag another thread sets, as a Ctrl-C handler).
//! Both are checked after each deal in the order deals are produced, so that a run stopped
//! by `--until-se` produces the same deals for any number of threads.

use crate::actions::Actions;
use crate::stats::UntilSe;
use std::sync::atomic::{AtomicBool, Ordering};

/// The run's stopping rules beyond `produce` and `generate`.
pub(crate) struct Stopper<'a> {
    until_se: Option<UntilSe>,
    interrupt: Option<&'a AtomicBool>,
}

impl<'a> Stopper<'a> {
    pub(crate) fn new(until_se: Option<UntilSe>, interrupt: Option<&'a AtomicBool>) -> Self {
        Stopper {
            until_se,
            interrupt,
        }
    }

    /// Whether the interruption flag is set.
    pub(crate) fn interrupted(&self) -> bool {
        self.interrupt.is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Whether the run stops after the deal just produced.
    pub(crate) fn should_stop(&self, actions: &Actions<'_>) -> bool {
        self.interrupted()
            || self
                .until_se
                .is_some_and(|rule| rule.met_by_all(actions.means()))
    }
}
