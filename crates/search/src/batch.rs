//! Batches solved in parallel: many deals' tables, or many positions' values.
//!
//! Each worker thread owns its [`Solver`], made by the caller's factory; the work goes
//! through the crate's [`pool`](crate::pool) (a shared queue of items, results handed back in
//! input order), and nothing is locked while searching. Identical inputs are solved once,
//! and results come back in input order, whatever the thread count (a solver's answers do
//! not depend on what it solved before). Tables on more than one thread are shared out
//! strain by strain ([`crate::parallel_tables_by`]): when fewer deals than threads remain,
//! the threads still all work.

use crate::{parallel_tables_by, DdTable, ParallelOptions, Solver};
use ddsolve_cards::{Deal, Position, Seat, Suit};
use ddsolve_moves::MoveOrdering;
use ddsolve_tt::TranspositionTable;
use std::hash::Hash;

/// In which order [`solve_tables_by`] hands out the deals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BatchOrder {
    /// Input order (the default).
    #[default]
    Input,
    /// Hardest first by [`difficulty`], to leave no long deal for the end while the other
    /// workers idle. Measured, it does not pay (`BENCHMARKS.md`): the estimate is weak and
    /// the tail of a long batch is short anyway.
    HardestFirst,
}

/// Options of [`solve_tables_by`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchOptions {
    /// Worker threads (at least 1 is used; never more than there are distinct deals).
    pub threads: usize,
    /// The order of the work.
    pub order: BatchOrder,
}

/// The double-dummy tables of `deals`, in input order, with solvers made by `make`, one per
/// worker thread (`options.threads` of them; each distinct deal solved once): any table and
/// ordering run in a batch. The front crate `ddsolve` has the same with its own solver
/// (`ddsolve::solve_tables`).
///
/// ```
/// use ddsolve_cards::Deal;
/// use ddsolve_moves::RankOrdering;
/// use ddsolve_search::{solve_tables_by, BatchOptions, SearchConfig, Solver};
/// use ddsolve_tt_pattern::TtPattern;
///
/// let deals: Vec<Deal> = ["N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..", "N:AK.AKQ.. 32.432.. QJ.JT9.. T9.876.."]
///     .iter()
///     .map(|d| d.parse())
///     .collect::<Result<_, _>>()?;
/// let options = BatchOptions { threads: 2, ..BatchOptions::default() };
/// let tables = solve_tables_by(&deals, &options, || {
///     Solver::with_parts(SearchConfig::default(), TtPattern::new(8), RankOrdering)
/// });
/// assert_eq!(tables[0].tricks(ddsolve_cards::Strain::NoTrump, ddsolve_cards::Seat::North), 5);
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
pub fn solve_tables_by<T, O>(
    deals: &[Deal],
    options: &BatchOptions,
    make: impl Fn() -> Solver<T, O> + Sync,
) -> Vec<DdTable>
where
    T: TranspositionTable,
    O: MoveOrdering,
{
    let (unique, of_input) = dedup(deals);
    let mut order: Vec<usize> = (0..unique.len()).collect();
    if options.order == BatchOrder::HardestFirst {
        let keys: Vec<u32> = unique.iter().map(difficulty).collect();
        // Stable: ties keep input order.
        order.sort_by_key(|&i| std::cmp::Reverse(keys[i]));
    }
    if options.threads > 1 {
        // Strains as tasks: no thread idles while another finishes the last deal.
        let ordered: Vec<Deal> = order.iter().map(|&i| unique[i]).collect();
        let parallel = ParallelOptions::with_threads(options.threads);
        let solved = parallel_tables_by(&ordered, &parallel, make);
        let mut tables = vec![None; unique.len()];
        for (&i, table) in order.iter().zip(solved) {
            tables[i] = Some(table);
        }
        return of_input
            .iter()
            .map(|&u| tables[u].expect("every deal is solved"))
            .collect();
    }
    let tables = run(&unique, &order, 1, make, |solver, deal| solver.table(deal));
    of_input.iter().map(|&u| tables[u]).collect()
}

/// The double-dummy tricks of the side to play in each of `positions` (the current trick
/// included, as [`Solver::tricks`]), in input order, on `threads` worker threads, with
/// solvers made by `make`, one per worker thread.
///
/// Identical positions are solved once; the work is handed out grouped by trumps, since a
/// solver clears its table when the trumps change.
pub fn solve_positions_by<T, O>(
    positions: &[Position],
    threads: usize,
    make: impl Fn() -> Solver<T, O> + Sync,
) -> Vec<u8>
where
    T: TranspositionTable,
    O: MoveOrdering,
{
    let (unique, of_input) = dedup(positions);
    let mut order: Vec<usize> = (0..unique.len()).collect();
    order.sort_by_key(|&i| unique[i].trump().index());
    let values = run(&unique, &order, threads, make, |solver, pos| {
        solver.tricks(pos)
    });
    of_input.iter().map(|&u| values[u]).collect()
}

/// A cheap estimate of how long a deal's table takes to solve: higher is harder.
///
/// 26 less the longest fit of either side (the most cards one side holds in one suit). When
/// a side has a long fit, cutoffs come early in most strains; deals where no side has one
/// are fought over in every strain. A weak predictor (`BENCHMARKS.md`), too weak for
/// [`BatchOrder::HardestFirst`] to pay.
pub fn difficulty(deal: &Deal) -> u32 {
    let longest_fit = Suit::ALL
        .iter()
        .flat_map(|&s| {
            let len = |seat: Seat| deal.hand(seat).suit(s).len();
            [
                len(Seat::North) + len(Seat::South),
                len(Seat::East) + len(Seat::West),
            ]
        })
        .max()
        .unwrap_or(0);
    26 - longest_fit
}

/// The distinct items in order of first appearance, and for each input the index of its
/// distinct item.
fn dedup<T: Clone + Eq + Hash>(items: &[T]) -> (Vec<T>, Vec<usize>) {
    crate::pool::dedup(items)
}

/// Runs `work` on every item, handing them out in `order`, on up to `threads` threads each
/// owning a state made by `init`; returns the results in item order.
fn run<T, S, R>(
    items: &[T],
    order: &[usize],
    threads: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &T) -> R + Sync,
) -> Vec<R>
where
    T: Sync,
    R: Send,
{
    debug_assert_eq!(order.len(), items.len());
    let mut slots: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    let options = crate::pool::PoolOptions {
        threads: threads.clamp(1, items.len().max(1)),
        // Every result is kept anyway: no need to hold the workers back.
        window: usize::MAX,
    };
    let result: Result<(), std::convert::Infallible> = crate::pool::ordered_map(
        order.iter().map(|&i| (i, &items[i])),
        &options,
        init,
        |state, (i, item)| (i, work(state, item)),
        |_, (i, r)| {
            slots[i] = Some(r);
            Ok(())
        },
    );
    if let Err(never) = result {
        match never {}
    }
    slots
        .into_iter()
        .map(|r| r.expect("every item was solved"))
        .collect()
}
