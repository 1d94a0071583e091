//! [`SolverBuilder`]: the choice of table, ordering and memory, with the search's switches,
//! in one value that builds a [`Solver`]. Every choice it holds is used: nothing it carries
//! is ignored by the solver it builds.

use crate::{AnyTable, Solver, TtKind};
use ddsolve_orderings::{AnyOrdering, OrderingKind};
use ddsolve_search::SearchConfig;

/// The memory limit, in MB, of the table a [`SolverBuilder`] builds unless told otherwise.
/// Ordinary deals never fill it; on a symmetric deal it bounds the peak memory for about
/// the same time as a larger limit (docs/benchmarks/).
pub const DEFAULT_TT_MEMORY_MB: usize = 64;

/// Builds the front crate's [`Solver`]: which transposition table ([`TtKind`]) of how many
/// megabytes, which move ordering ([`OrderingKind`]), and the search's switches
/// ([`SearchConfig`]). The default builds [`Solver::new`]'s solver.
///
/// ```
/// use ddsolve::{Deal, OrderingKind, SearchConfig, SolverBuilder, Strain, TtKind};
///
/// let deal: Deal = "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..".parse()?;
/// let mut solver = SolverBuilder::new()
///     .tt(TtKind::Forest)
///     .tt_memory_mb(8)
///     .ordering(OrderingKind::Tuned)
///     .search(SearchConfig { etc: false, ..SearchConfig::default() })
///     .build();
/// assert_eq!(solver.strain_tricks(&deal, Strain::NoTrump), [5, 0, 5, 0]);
/// # Ok::<(), ddsolve::cards::PbnError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverBuilder {
    tt: TtKind,
    tt_memory_mb: usize,
    ordering: OrderingKind,
    search: SearchConfig,
}

impl Default for SolverBuilder {
    fn default() -> SolverBuilder {
        SolverBuilder {
            tt: TtKind::default(),
            tt_memory_mb: DEFAULT_TT_MEMORY_MB,
            ordering: OrderingKind::default(),
            search: SearchConfig::default(),
        }
    }
}

impl SolverBuilder {
    /// The default choices: the rank-pattern table of [`DEFAULT_TT_MEMORY_MB`], the
    /// cutoff-card ordering, the default search.
    pub fn new() -> SolverBuilder {
        SolverBuilder::default()
    }

    /// The transposition table's design.
    pub fn tt(mut self, kind: TtKind) -> SolverBuilder {
        self.tt = kind;
        self
    }

    /// The transposition table's memory limit, in megabytes.
    pub fn tt_memory_mb(mut self, mb: usize) -> SolverBuilder {
        self.tt_memory_mb = mb;
        self
    }

    /// The move ordering.
    pub fn ordering(mut self, kind: OrderingKind) -> SolverBuilder {
        self.ordering = kind;
        self
    }

    /// The search's switches.
    pub fn search(mut self, config: SearchConfig) -> SolverBuilder {
        self.search = config;
        self
    }

    /// The table's design.
    pub fn tt_kind(&self) -> TtKind {
        self.tt
    }

    /// The table's memory limit, in megabytes.
    pub fn tt_memory_limit_mb(&self) -> usize {
        self.tt_memory_mb
    }

    /// The ordering.
    pub fn ordering_kind(&self) -> OrderingKind {
        self.ordering
    }

    /// The search's switches.
    pub fn search_config(&self) -> &SearchConfig {
        &self.search
    }

    /// A solver with these choices.
    pub fn build(&self) -> Solver {
        Solver::with_parts(
            self.search,
            AnyTable::new(self.tt, self.tt_memory_mb),
            AnyOrdering::new(self.ordering),
        )
    }
}
