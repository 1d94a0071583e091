use crate::Driver;
use ddsolve_moves::OrderingKind;

/// Switches for every enhancement of the search, for research and ablation. The default is
/// the fastest correct setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// QuickTricks at trick start and after the lead (chapter 3).
    pub quick_tricks: bool,
    /// LaterTricks at trick start (chapter 4).
    pub later_tricks: bool,
    /// The transposition table (chapter 7).
    pub transposition_table: bool,
    /// Enhanced transposition cutoffs (chapter 6).
    pub etc: bool,
    /// Enhanced transposition cutoffs only with at least this many cards left in the hands.
    pub etc_min_cards: u32,
    /// Probe the table before QuickTricks and LaterTricks when at least this many tricks
    /// are left (after them otherwise). Default 6, as DDS: measured 2% faster than 3 on
    /// `list100.txt` (a table hit also brings the entry's best move for the ordering).
    pub tt_first_tricks: u32,
    /// Kuijf's small-card filter.
    pub small_card_filter: bool,
    /// How exact values are found from zero-window searches.
    pub driver: Driver,
    /// The first leader of each strain starts the driver from its side's tricks estimated
    /// from points and trumps (`first_guess.rs`); off, from half the tricks.
    pub estimated_first_guess: bool,
    /// Which move ordering [`crate::Solver::with_config`] builds (a solver given its
    /// ordering by [`crate::Solver::with_parts`] ignores this). Default: the cutoff-card
    /// memory for leads and hands following suit in front of the tuned ordering
    /// (`OrderingKind::Cutoff`). With the memory for following hands only
    /// (`OrderingKind::CutoffFollowing`), against the tuned ordering alone: 3.8% fewer
    /// nodes on `list100.txt` (time equal), 8.3% fewer on 100 uniformly random deals (5%
    /// less time), 10% fewer on the freak deals of `freak-seed11-24.tsv` (`perf` example,
    /// `CUTOFF=1` against `TUNED=1`); remembering leads too takes another 4-9% off on
    /// ordinary deals and 19% on the freak deals (`FOLLOWING=1` against the default).
    pub ordering: OrderingKind,
    /// Which transposition table [`crate::Solver::with_config`] builds (a solver given its
    /// table ignores this). Default: the rank-pattern table (`TtKind::Pattern`): against the
    /// flat table, 1.4% fewer nodes on the first 40 deals of `list100.txt`, 2.3% fewer on
    /// 40 random deals, 6% fewer on `freak-seed11-24.tsv` (`perf` example, `PATTERN=1`),
    /// and on a symmetric deal 7% less time and memory (`ddsolve table`).
    pub tt_kind: crate::TtKind,
    /// Memory limit, in MB, of the table [`crate::Solver::with_config`] builds. A table
    /// given from outside was built with its own limit: every table takes it as a
    /// constructor argument. Default 64: ordinary deals never fill it; on a symmetric deal
    /// it halves the peak memory of 128 (152 MB to 78 MB) for about the same time.
    pub tt_memory_mb: usize,
    /// Between the leaders of one strain of a table, the ordering forgets what it learned
    /// (its cutoff-card memory) when the deal has at least this many voids (a suit missing
    /// from a hand), as bridge-solver does from 4: on such deals what cut off for one leader
    /// misleads the next. 0 forgets on every deal, above 16 never.
    pub forget_order_voids: u8,
    /// Debugging aid: re-check every transposition-table cutoff (including enhanced
    /// transposition cutoffs) in positions with at most this many cards left by a fresh
    /// search without a table, and panic on disagreement. 0 (the default) checks nothing.
    pub verify_tt_cards: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            quick_tricks: true,
            later_tricks: true,
            transposition_table: true,
            etc: true,
            etc_min_cards: 41,
            tt_first_tricks: 6,
            small_card_filter: true,
            driver: Driver::Mtdf,
            estimated_first_guess: true,
            ordering: OrderingKind::Cutoff,
            tt_kind: crate::TtKind::Pattern,
            tt_memory_mb: 64,
            forget_order_voids: 4,
            verify_tt_cards: 0,
        }
    }
}
