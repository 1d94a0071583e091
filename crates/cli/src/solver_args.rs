//! The options of every command that solves: how each solver is built.

use clap::Args;
use ddsolve::{Solver, SolverBuilder, DEFAULT_TT_MEMORY_MB};
use std::num::NonZeroUsize;

/// The transposition table's memory budget of a solver by default, in MB (the library's).
fn default_tt_mb() -> NonZeroUsize {
    NonZeroUsize::new(DEFAULT_TT_MEMORY_MB).unwrap_or(NonZeroUsize::MIN)
}

/// How each solver is built (flattened into every command that solves).
#[derive(Clone, Copy, Debug, Args)]
pub struct SolverArgs {
    /// Memory budget of each solver's transposition table, in MB. Every worker thread has
    /// its own solver, so a run's tables take up to THREADS x N MB. A full table evicts its
    /// least useful entries: results never change, only the time.
    #[arg(long, value_name = "N", default_value_t = default_tt_mb())]
    pub tt_mb: NonZeroUsize,
}

impl Default for SolverArgs {
    fn default() -> SolverArgs {
        SolverArgs {
            tt_mb: default_tt_mb(),
        }
    }
}

impl SolverArgs {
    /// How the solvers are built: the library's defaults with this budget.
    pub fn builder(&self) -> SolverBuilder {
        SolverBuilder::new().tt_memory_mb(self.tt_mb.get())
    }

    /// A new solver.
    pub fn solver(&self) -> Solver {
        self.builder().build()
    }
}
