//! [`SearchConfig`]: the switches of the search itself, for research and ablation. The
//! choice of table, ordering and memory is not here: a [`crate::Solver`] is given its table
//! and ordering whole (the front crate `ddsolve` builds its own with `SolverBuilder`).

use crate::Driver;

/// Switches for every enhancement of the search, for research and ablation. The default is
/// the fastest correct setting (measurements in `BENCHMARKS.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// QuickTricks at trick start and after the lead (chapter 3).
    pub quick_tricks: bool,
    /// LaterTricks at trick start (chapter 4).
    pub later_tricks: bool,
    /// The trump honours' sure trick at trick start (`ddsolve_prune::trump_honour_trick`:
    /// Kx behind the A, Qxx behind the AK, KQ in one hand against the A), for the side on
    /// lead when one trick is all it needs and QuickTricks did not cut, and for the other
    /// side when LaterTricks found nothing (that one only with `later_tricks` on). Its
    /// cutoffs count as QuickTricks' and LaterTricks' ([`crate::Counter`]).
    pub trump_honours: bool,
    /// The transposition table (chapter 7).
    pub transposition_table: bool,
    /// Enhanced transposition cutoffs (chapter 6).
    pub etc: bool,
    /// Enhanced transposition cutoffs only with at least this many cards left in the hands.
    /// Default 45: at the fourth hand of the first two tricks only (from the third trick on
    /// they cost more nodes than they save, `BENCHMARKS.md`).
    pub etc_min_cards: u32,
    /// Probe the table before the estimators (QuickTricks, the trump honours, LaterTricks)
    /// when at least this many tricks are left, after them otherwise. DDS probes first from
    /// 6 tricks left, for the table entry's best move; ddsolve's orderings do not use it at
    /// leads, and the estimators first give fewer nodes and less time at every depth
    /// (`BENCHMARKS.md`), so the default, 14, never probes first.
    pub tt_first_tricks: u32,
    /// Kuijf's small-card filter.
    pub small_card_filter: bool,
    /// A hand that follows suit with one run of equivalent cards
    /// ([`ddsolve_moves::forced_move`]) plays it straight away: no proposal asked of the
    /// ordering, no move picker, no enhanced transposition cutoffs at a fourth hand, and its
    /// cutoff not reported to the ordering's memory.
    pub forced_moves: bool,
    /// How exact values are found from zero-window searches.
    pub driver: Driver,
    /// The first leader of each strain, and [`crate::Solver::tricks`] from a trick's start,
    /// start the driver from the side on lead's tricks estimated from points and trumps
    /// (`first_guess.rs`); off, from half the tricks.
    pub estimated_first_guess: bool,
    /// Between the leaders of one strain of a table, the ordering forgets what it learned
    /// (its cutoff-card memory) when the deal has at least this many voids (a suit missing
    /// from a hand), as bridge-solver does from 4: on such deals what cut off for one leader
    /// misleads the next. 0 forgets on every deal, above 16 never.
    pub forget_order_voids: u8,
    /// The table stores and probes each trick-start position in the canonical form of its
    /// class under the symmetries of the position searched (`ddsolve_cards::Symmetries`: the
    /// turns of the table and renamings of the suits, trumps kept, that map its hands onto
    /// themselves), so that positions reached as images of one another share entries. Most
    /// deals have no symmetry but the identity, and then nothing changes.
    pub symmetry: bool,
    /// Debugging aid: re-check every transposition-table cutoff (including enhanced
    /// transposition cutoffs) in positions with at most this many cards left by a fresh
    /// search without a table, and panic on disagreement. 0 (the default) checks nothing.
    pub verify_tt_cards: u32,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            quick_tricks: true,
            later_tricks: true,
            trump_honours: true,
            transposition_table: true,
            etc: true,
            etc_min_cards: 45,
            tt_first_tricks: 14,
            small_card_filter: true,
            forced_moves: true,
            driver: Driver::Mtdf,
            estimated_first_guess: true,
            forget_order_voids: 4,
            symmetry: true,
            verify_tt_cards: 0,
        }
    }
}
