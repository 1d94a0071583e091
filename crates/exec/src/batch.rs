//! Batches solved in parallel: many deals' tables (a slice, or a stream), or many
//! positions' values.
//!
//! Each worker thread owns its [`Solver`], made by the caller's factory; the work goes
//! through the crate's [`pool`](crate::pool) (a shared queue of items, results handed back in
//! input order), and nothing is locked while searching. Identical inputs are solved once,
//! and results come back in input order, whatever the thread count (a solver's answers do
//! not depend on what it solved before). Tables on more than one thread are shared out
//! strain by strain, a slice's by [`crate::parallel_tables_by`] and a stream's as five
//! items a deal ([`stream_tables_by`]): when fewer deals than threads remain (the end of a
//! batch, or a batch of one deal), the threads still all work, on the last deals' strains.
//! Nothing carries over from one strain of a table to the next (a solver clears its table
//! when the trumps change), so a deal split into strains costs the nodes it costs whole.

use crate::pool::{dedup, map_in_order, ordered_map_dedup, PoolOptions};
use crate::{parallel_tables_by, ParallelOptions};
use ddsolve_cards::{DdTable, Deal, Position, Seat, Strain, Suit, Symmetry};
use ddsolve_moves::MoveOrdering;
use ddsolve_search::{table_sources, Solver, TABLE_ORDER as STRAINS};
use ddsolve_tt::TranspositionTable;

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
    /// Worker threads (at least 1 is used; never more than there are strains to solve, 5
    /// per distinct deal).
    pub threads: usize,
    /// The order of the work.
    pub order: BatchOrder,
}

/// The double-dummy tables of `deals`, in input order, with solvers made by `make`, one per
/// worker thread (`options.threads` of them; each distinct deal solved once): any table and
/// ordering run in a batch. The front crate `ddsolve` has the same with its own solver
/// (`ddsolve::solve_tables`).
///
/// On more than one thread the deals' strains are the tasks ([`crate::parallel_tables_by`]),
/// so the threads share the last deals, or a single deal, instead of one thread finishing
/// them while the others wait.
///
/// ```
/// use ddsolve_cards::Deal;
/// use ddsolve_orderings::RankOrdering;
/// use ddsolve_exec::{solve_tables_by, BatchOptions};
/// use ddsolve_search::{SearchConfig, Solver};
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

/// The tables of a stream of deals, each handed to `sink` with its index (from 0) in input
/// order as soon as it and every earlier one are done, in constant memory: `None` items
/// (a line that is not a deal) pass through as `None`, in their place.
///
/// Runs on the crate's [pool](crate::pool) with `options.threads` workers, each with a
/// solver made by `make`, at most `options.window` deals in flight, and a deal equal to one
/// of the last `dedup` distinct deals solved once. On one thread each deal is
/// [`Solver::table`]; on more, each deal is five items, its strains (each solved by
/// [`Solver::strain_tricks`] from a cleared solver), so that the last deals of the stream,
/// or a stream of one deal, keep every thread busy.
///
/// If `sink` fails, no further deal is taken and its error is returned once the threads
/// have ended, as [`ordered_map`](crate::pool::ordered_map).
///
/// ```
/// use ddsolve_cards::Deal;
/// use ddsolve_orderings::RankOrdering;
/// use ddsolve_exec::pool::PoolOptions;
/// use ddsolve_exec::stream_tables_by;
/// use ddsolve_search::{SearchConfig, Solver};
/// use ddsolve_tt_pattern::TtPattern;
///
/// let deal: Deal = "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..".parse()?;
/// let make = || Solver::with_parts(SearchConfig::default(), TtPattern::new(8), RankOrdering);
/// let mut got = Vec::new();
/// stream_tables_by([Some(deal), None, Some(deal)], &PoolOptions::with_threads(2), 100, make, |i, t| {
///     got.push((i, t));
///     Ok::<(), ()>(())
/// })
/// .unwrap();
/// let table = make().table(&deal);
/// assert_eq!(got, [(0, Some(table)), (1, None), (2, Some(table))]);
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
pub fn stream_tables_by<T, O, E>(
    deals: impl IntoIterator<Item = Option<Deal>, IntoIter: Send>,
    options: &PoolOptions,
    dedup: usize,
    make: impl Fn() -> Solver<T, O> + Sync,
    mut sink: impl FnMut(usize, Option<DdTable>) -> Result<(), E>,
) -> Result<(), E>
where
    T: TranspositionTable,
    O: MoveOrdering,
{
    if options.threads <= 1 {
        return ordered_map_dedup(
            deals,
            options,
            dedup,
            |deal: &Option<Deal>| *deal,
            make,
            |solver, deal| deal.map(|d| solver.table(&d)),
            sink,
        );
    }
    // Each deal is its five strains (k indexes STRAINS), a non-deal one item.
    let items = deals.into_iter().flat_map(|deal| {
        let n = if deal.is_some() { STRAINS.len() } else { 1 };
        (0..n).map(move |k| deal.map(|d| (d, k)))
    });
    let per_deal = PoolOptions {
        threads: options.threads,
        window: options.window.saturating_mul(STRAINS.len()),
    };
    // The sink sees the items in order: a deal's five strains one after another.
    let mut row = [[0u8; 4]; 5];
    let mut strains = 0;
    let mut index = 0;
    ordered_map_dedup(
        items,
        &per_deal,
        dedup.saturating_mul(STRAINS.len()),
        |item: &Option<(Deal, usize)>| *item,
        make,
        |solver, item| {
            item.map(|(deal, k)| match table_sources(&deal, solver.config())[k] {
                // A symmetry of the deal maps it from an earlier strain (as
                // `Solver::table`): the sink renames that strain's row.
                Some((from, g)) => (k, StrainRow::Image(from, g)),
                None => {
                    // Every strain from a clean solver, whatever this worker did before.
                    solver.clear();
                    (
                        k,
                        StrainRow::Solved(solver.strain_tricks(&deal, STRAINS[k])),
                    )
                }
            })
        },
        |_, result| {
            let table = match result {
                None => None,
                Some((k, tricks)) => {
                    // Sources come first in STRAINS: their rows are in `row` already.
                    row[STRAINS[k].index()] = match tricks {
                        StrainRow::Solved(tricks) => tricks,
                        StrainRow::Image(from, g) => g.row(row[from.index()]),
                    };
                    strains += 1;
                    if strains < STRAINS.len() {
                        return Ok(());
                    }
                    strains = 0;
                    Some(DdTable::new(row).expect("a solver takes at most 13 tricks"))
                }
            };
            index += 1;
            sink(index - 1, table)
        },
    )
}

/// One strain's item of [`stream_tables_by`]: its row, or the earlier strain whose row gives
/// it through a symmetry.
#[derive(Clone, Copy)]
enum StrainRow {
    Solved([u8; 4]),
    Image(Strain, Symmetry),
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
    let done = map_in_order(threads, order, init, |state, &i| {
        (i, work(state, &items[i]))
    });
    let mut slots: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    for (i, r) in done {
        slots[i] = Some(r);
    }
    slots
        .into_iter()
        .map(|r| r.expect("every item was solved"))
        .collect()
}
