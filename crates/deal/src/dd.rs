//! Double dummy in batches on every core: the strains a script's `tricks` calls need, for a
//! stream of candidate deals, results in the order the deals came.
//!
//! A simulation solves thousands of deals but seldom every strain or every declarer:
//! `tricks(south, notrump)` and `tricks(north, spades)` need two strains of the five, one
//! declarer in each ([`Needs`]). Each (deal, strain) pair is one task for the workspace's
//! worker pool ([`ddsolve::exec::pool`]). A strain with one declarer needed is one search,
//! the lead of declarer's left-hand opponent ([`ddsolve::Solver::tricks`], from the tricks
//! estimated from points and trumps); a strain with more is solved whole, its four leaders
//! with one solver, warm from one leader to the next and each leader's first guess from the
//! one before ([`ddsolve::Solver::strain_tricks`], as `ddsolve table` does). No strain that
//! no `tricks` reads is searched. The candidates are taken from an iterator on a thread of
//! their own (dealing and the double-dummy-free part of the condition run beside the
//! solvers), at most
//! [`DdOptions::window`] deals are in flight, and each deal's [`Tricks`] reaches the sink in
//! the order the deals came, whatever thread solved it, so the produced deals and their
//! order do not depend on the number of threads.
//!
//! ```
//! use ddsolve::{Deal, Seat, Solver, Strain};
//! use ddsolve_deal::dd::{solve_strains, DdOptions, StrainSet};
//!
//! let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
//! let strains = StrainSet::from_iter([Strain::NoTrump, Strain::Spades]);
//! let tricks = solve_strains(&[deal, deal], strains, &DdOptions::with_threads(2));
//! let table = Solver::new().table(&deal);
//! assert_eq!(tricks[1].get(Seat::East, Strain::Spades), Some(table.tricks(Strain::Spades, Seat::East)));
//! assert_eq!(tricks[0].get(Seat::East, Strain::Hearts), None); // not solved
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use ddsolve::exec::pool::{ordered_map, PoolOptions};
use ddsolve::{DdTable, Deal, Position, Seat, Solver, SolverBuilder, Strain};
use std::fmt;

/// A set of strains: the ones a script's `tricks` calls read.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct StrainSet(u8);

impl StrainSet {
    /// No strain.
    pub const EMPTY: StrainSet = StrainSet(0);
    /// The five strains.
    pub const ALL: StrainSet = StrainSet(0b1_1111);

    /// Adds `strain`.
    pub fn insert(&mut self, strain: Strain) {
        self.0 |= 1 << strain.index();
    }

    /// Whether `strain` is in the set.
    pub fn contains(self, strain: Strain) -> bool {
        self.0 & (1 << strain.index()) != 0
    }

    /// How many strains the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty (a script without `tricks`).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The strains of the set in the order a table solves them: notrump first (the hardest,
    /// as `ddsolve table`), then spades down to clubs.
    pub fn iter(self) -> impl Iterator<Item = Strain> + Clone {
        SOLVE_ORDER.into_iter().filter(move |&s| self.contains(s))
    }
}

/// The order [`StrainSet::iter`] hands out a deal's strains (the table's order).
const SOLVE_ORDER: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

impl FromIterator<Strain> for StrainSet {
    fn from_iter<I: IntoIterator<Item = Strain>>(iter: I) -> StrainSet {
        let mut set = StrainSet::EMPTY;
        for s in iter {
            set.insert(s);
        }
        set
    }
}

impl fmt::Debug for StrainSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The (declarer, strain) pairs a script's `tricks` calls read. A strain with one declarer
/// needed is solved for that declarer alone (one search, its leader's, instead of the
/// strain's four); a strain with more is solved whole.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Needs {
    /// Per strain (DDS index), the declarers needed as bits (seat index).
    declarers: [u8; 5],
}

impl Needs {
    /// Nothing needed.
    pub const NONE: Needs = Needs { declarers: [0; 5] };

    /// Every declarer of every strain of `strains`.
    pub fn all_declarers(strains: StrainSet) -> Needs {
        let mut needs = Needs::NONE;
        for s in strains.iter() {
            needs.declarers[s.index()] = 0b1111;
        }
        needs
    }

    /// Adds `declarer` in `strain`.
    pub fn insert(&mut self, declarer: Seat, strain: Strain) {
        self.declarers[strain.index()] |= 1 << declarer.index();
    }

    /// Whether `declarer` in `strain` is needed.
    pub fn contains(&self, declarer: Seat, strain: Strain) -> bool {
        self.declarers[strain.index()] & (1 << declarer.index()) != 0
    }

    /// Every (declarer, strain) pair needed.
    pub fn pairs(&self) -> impl Iterator<Item = (Seat, Strain)> + '_ {
        Strain::ALL.into_iter().flat_map(move |strain| {
            Seat::ALL
                .into_iter()
                .filter(move |&seat| self.contains(seat, strain))
                .map(move |seat| (seat, strain))
        })
    }

    /// The strains with a declarer needed.
    pub fn strains(&self) -> StrainSet {
        Strain::ALL
            .into_iter()
            .filter(|s| self.declarers[s.index()] != 0)
            .collect()
    }
}

impl FromIterator<(Seat, Strain)> for Needs {
    /// The pairs of a script ([`Script::tricks_used`](crate::Script::tricks_used)).
    fn from_iter<I: IntoIterator<Item = (Seat, Strain)>>(iter: I) -> Needs {
        let mut needs = Needs::NONE;
        for (declarer, strain) in iter {
            needs.insert(declarer, strain);
        }
        needs
    }
}

impl From<StrainSet> for Needs {
    /// Every declarer of the strains.
    fn from(strains: StrainSet) -> Needs {
        Needs::all_declarers(strains)
    }
}

/// The double-dummy tricks of one deal in the strains that were solved: for each solved
/// strain, the tricks of each declarer (as a row of [`DdTable`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tricks {
    rows: [[u8; 4]; 5],
    solved: StrainSet,
    /// Per strain, the declarers solved (bits by seat index).
    declarers: [u8; 5],
}

impl Tricks {
    /// Nothing solved.
    pub const NONE: Tricks = Tricks {
        rows: [[0; 4]; 5],
        solved: StrainSet::EMPTY,
        declarers: [0; 5],
    };

    /// Every strain, from a whole table.
    pub fn from_table(table: &DdTable) -> Tricks {
        Tricks {
            rows: *table.as_array(),
            solved: StrainSet::ALL,
            declarers: [0b1111; 5],
        }
    }

    /// The tricks `declarer` takes in `strain`, or `None` if it was not solved.
    pub fn get(&self, declarer: Seat, strain: Strain) -> Option<u8> {
        (self.declarers[strain.index()] & (1 << declarer.index()) != 0)
            .then(|| self.rows[strain.index()][declarer.index()])
    }

    /// The strains with at least one declarer solved.
    pub fn solved(&self) -> StrainSet {
        self.solved
    }

    /// Records `strain`'s row: the tricks of declarers North, East, South and West.
    pub fn set_row(&mut self, strain: Strain, row: [u8; 4]) {
        self.rows[strain.index()] = row;
        self.solved.insert(strain);
        self.declarers[strain.index()] = 0b1111;
    }

    /// Records the tricks of one declarer in `strain`.
    pub fn set(&mut self, declarer: Seat, strain: Strain, tricks: u8) {
        self.rows[strain.index()][declarer.index()] = tricks;
        self.solved.insert(strain);
        self.declarers[strain.index()] |= 1 << declarer.index();
    }
}

/// A deal's [`Tricks`] solved in a batch, as the evaluator's [`crate::Tricks`] source: a
/// pair that was solved is read from them, any other is solved on the spot
/// ([`crate::SolverTricks`]), so a value never depends on what the batch covered.
#[allow(missing_debug_implementations)]
pub struct BatchedTricks {
    deal: Option<Deal>,
    tricks: Tricks,
    fallback: crate::SolverTricks,
}

impl BatchedTricks {
    /// Nothing solved yet.
    pub fn new() -> BatchedTricks {
        BatchedTricks {
            deal: None,
            tricks: Tricks::NONE,
            fallback: crate::SolverTricks::new(),
        }
    }

    /// The batch's results for `deal`.
    pub fn set(&mut self, deal: Deal, tricks: Tricks) {
        self.deal = Some(deal);
        self.tricks = tricks;
    }
}

impl Default for BatchedTricks {
    fn default() -> BatchedTricks {
        BatchedTricks::new()
    }
}

impl crate::Tricks for BatchedTricks {
    fn tricks(&mut self, deal: &Deal, declarer: Seat, strain: Strain) -> u8 {
        match self.tricks.get(declarer, strain) {
            Some(t) if self.deal.as_ref() == Some(deal) => t,
            _ => self.fallback.tricks(deal, declarer, strain),
        }
    }
}

/// How [`stream_strains`] and [`solve_strains`] run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DdOptions {
    /// Solver threads (at least 1; with 1, everything runs on the calling thread).
    pub threads: usize,
    /// At most this many deals in flight: taken from the candidates and not yet handed to
    /// the sink. A batch large enough to keep every thread busy while one deal is slow,
    /// small enough that a run stopping at its last produced deal wastes little.
    pub window: usize,
    /// Every worker's solver is `solver.build()`.
    pub solver: SolverBuilder,
}

impl DdOptions {
    /// `threads` solver threads (0: one per core), a window of 64 deals per thread, the
    /// default solver.
    pub fn with_threads(threads: usize) -> DdOptions {
        let threads = if threads == 0 {
            ddsolve::exec::default_threads()
        } else {
            threads
        };
        DdOptions {
            threads,
            window: threads.max(1).saturating_mul(64),
            solver: SolverBuilder::new(),
        }
    }
}

impl Default for DdOptions {
    /// One thread per core.
    fn default() -> DdOptions {
        DdOptions::with_threads(0)
    }
}

/// The tricks `needs` asks of `deals` (a [`StrainSet`]: every declarer of those strains),
/// in the order of `deals`.
pub fn solve_strains(deals: &[Deal], needs: impl Into<Needs>, options: &DdOptions) -> Vec<Tricks> {
    let needs = needs.into();
    let mut out = Vec::with_capacity(deals.len());
    let Ok(()) = stream_strains(
        deals.iter().map(|&d| (d, ())),
        needs,
        options,
        |_, _, _, t| {
            out.push(t);
            Ok::<(), std::convert::Infallible>(())
        },
    );
    out
}

/// One task of the pool: a strain of a deal, with the deal's payload on its first strain.
struct Task<P> {
    payload: Option<P>,
    deal: Deal,
    strain: Option<Strain>,
}

/// Solves what `needs` asks of every candidate of `candidates` (a deal with a payload of the
/// caller's: its index, values already computed) on `options.threads` threads, and hands
/// each to `sink` with its index (from 0), its payload, the deal and its [`Tricks`], in the
/// order of `candidates`, as soon as it and every earlier candidate are done.
///
/// With no strain to solve, the candidates pass through unsolved ([`Tricks::NONE`]). If
/// `sink` fails (a run that has produced enough), no further candidate is taken, the
/// workers stop after their current strain, and the error is returned.
pub fn stream_strains<P, E>(
    candidates: impl IntoIterator<Item = (Deal, P), IntoIter: Send>,
    needs: impl Into<Needs>,
    options: &DdOptions,
    mut sink: impl FnMut(usize, P, Deal, Tricks) -> Result<(), E>,
) -> Result<(), E>
where
    P: Send,
{
    let needs = needs.into();
    let strains = needs.strains();
    let per_deal = strains.len().max(1);
    let tasks = candidates.into_iter().flat_map(move |(deal, payload)| {
        let mut payload = Some(payload);
        let mut list = strains.iter().map(Some).peekable();
        let none = list.peek().is_none();
        list.chain(none.then_some(None))
            .map(move |strain| Task {
                payload: payload.take(),
                deal,
                strain,
            })
            .collect::<Vec<_>>()
    });
    let pool = PoolOptions {
        threads: options.threads,
        window: options.window.max(1).saturating_mul(per_deal),
    };
    let builder = options.solver;
    // The sink sees a deal's strains one after another: the deal is done at its last.
    let mut pending: Option<(P, Deal, Tricks)> = None;
    let mut seen = 0usize;
    let mut index = 0usize;
    ordered_map(
        tasks,
        &pool,
        || builder.build(),
        |solver, task: Task<P>| {
            let row = task.strain.map(|strain| {
                let declarers = needs.declarers[strain.index()];
                (
                    strain,
                    solve_declarers(solver, &task.deal, strain, declarers),
                )
            });
            (task.payload, task.deal, row)
        },
        |_, (payload, deal, row)| {
            if let Some(payload) = payload {
                pending = Some((payload, deal, Tricks::NONE));
            }
            let (_, _, tricks) = pending.as_mut().expect("a deal's first task carries it");
            if let Some((strain, solved)) = row {
                solved.record(strain, tricks);
            }
            seen += 1;
            if seen < per_deal {
                return Ok(());
            }
            seen = 0;
            let (payload, deal, tricks) = pending.take().expect("a deal in progress");
            index += 1;
            sink(index - 1, payload, deal, tricks)
        },
    )
}

/// [`stream_strains`] in two steps a deal, both on the worker that takes the deal: what
/// `first` asks is solved, then what `second` asks too if `gate` says the deal needs it
/// (given the worker's own state, made by `gate_state`, the deal's payload and what the
/// first step solved): a script's condition is solved first, its actions' strains only for
/// the deals that meet it. The deals reach `sink` in the order of `candidates`, as there.
pub fn stream_gated<P, G, E>(
    candidates: impl IntoIterator<Item = (Deal, P), IntoIter: Send>,
    (first, second): (Needs, Needs),
    options: &DdOptions,
    gate_state: impl Fn() -> G + Sync,
    gate: impl Fn(&mut G, &P, &Deal, &Tricks) -> bool + Sync,
    mut sink: impl FnMut(usize, P, Deal, Tricks) -> Result<(), E>,
) -> Result<(), E>
where
    P: Send,
{
    let pool = PoolOptions {
        threads: options.threads,
        window: options.window.max(1),
    };
    let builder = options.solver;
    ordered_map(
        candidates,
        &pool,
        || (builder.build(), gate_state()),
        |(solver, state), (deal, payload): (Deal, P)| {
            let mut tricks = Tricks::NONE;
            solve_missing(solver, &deal, &first, &mut tricks);
            if gate(state, &payload, &deal, &tricks) {
                solve_missing(solver, &deal, &second, &mut tricks);
            }
            (payload, deal, tricks)
        },
        |i, (payload, deal, tricks)| sink(i, payload, deal, tricks),
    )
}

/// Solves what `needs` asks of `deal` and `tricks` does not hold yet, into `tricks`.
fn solve_missing(solver: &mut Solver, deal: &Deal, needs: &Needs, tricks: &mut Tricks) {
    for strain in needs.strains().iter() {
        let missing = needs.declarers[strain.index()] & !tricks.declarers[strain.index()];
        if missing == 0 {
            continue;
        }
        solve_declarers(solver, deal, strain, missing).record(strain, tricks);
    }
}

/// The tricks of the `declarers` (bits by seat index, at least one) in `strain`: one
/// declarer by its left-hand opponent's lead alone, more by the whole strain.
fn solve_declarers(solver: &mut Solver, deal: &Deal, strain: Strain, declarers: u8) -> Solved {
    // Every strain from a clean solver, whatever this worker did before: the results do
    // not depend on the thread that solved them.
    solver.clear();
    if declarers.count_ones() == 1 {
        let declarer = Seat::ALL[declarers.trailing_zeros() as usize];
        let lead = Position::new(*deal, strain, declarer.next());
        let n = deal.cards_per_hand() as u8;
        Solved::One(declarer, n - solver.tricks(&lead))
    } else {
        Solved::Row(solver.strain_tricks(deal, strain))
    }
}

/// What a strain's search found: the whole row, or one declarer's tricks.
#[derive(Clone, Copy)]
enum Solved {
    Row([u8; 4]),
    One(Seat, u8),
}

impl Solved {
    /// Records what was found of `strain` in `tricks`.
    fn record(self, strain: Strain, tricks: &mut Tricks) {
        match self {
            Solved::Row(row) => tricks.set_row(strain, row),
            Solved::One(declarer, t) => tricks.set(declarer, strain, t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve::Solver;

    fn deals() -> Vec<Deal> {
        [
            "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
            "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..",
            "N:AK.AKQ.. 32.432.. QJ.JT9.. T9.876..",
        ]
        .iter()
        .map(|d| d.parse().unwrap())
        .collect()
    }

    #[test]
    fn strain_sets() {
        let set = StrainSet::from_iter([Strain::Clubs, Strain::NoTrump, Strain::Clubs]);
        assert_eq!(set.len(), 2);
        assert!(set.contains(Strain::Clubs) && !set.contains(Strain::Spades));
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [Strain::NoTrump, Strain::Clubs]
        );
        assert_eq!(StrainSet::ALL.len(), 5);
        assert!(StrainSet::EMPTY.is_empty());
        assert_eq!(format!("{set:?}"), "{NoTrump, Clubs}");
    }

    #[test]
    fn strains_equal_the_tables_rows_for_any_threads() {
        let deals = deals();
        let tables: Vec<DdTable> = deals.iter().map(|d| Solver::new().table(d)).collect();
        for strains in [
            StrainSet::ALL,
            StrainSet::from_iter([Strain::Hearts]),
            StrainSet::from_iter([Strain::NoTrump, Strain::Diamonds]),
        ] {
            for threads in [1, 2, 3] {
                let mut options = DdOptions::with_threads(threads);
                options.window = 1;
                let got = solve_strains(&deals, strains, &options);
                assert_eq!(got.len(), deals.len());
                for (t, table) in got.iter().zip(&tables) {
                    assert_eq!(t.solved(), strains);
                    for strain in Strain::ALL {
                        for seat in Seat::ALL {
                            let want = strains.contains(strain).then(|| table.tricks(strain, seat));
                            assert_eq!(t.get(seat, strain), want, "{threads} threads");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn lone_declarers_equal_the_tables() {
        let deals = deals();
        let tables: Vec<DdTable> = deals.iter().map(|d| Solver::new().table(d)).collect();
        let mut needs = Needs::NONE;
        needs.insert(Seat::North, Strain::NoTrump);
        needs.insert(Seat::West, Strain::Spades);
        needs.insert(Seat::East, Strain::Hearts);
        needs.insert(Seat::South, Strain::Hearts);
        assert_eq!(
            needs.strains(),
            StrainSet::from_iter([Strain::NoTrump, Strain::Spades, Strain::Hearts])
        );
        for threads in [1, 2] {
            let got = solve_strains(&deals, needs, &DdOptions::with_threads(threads));
            for (t, table) in got.iter().zip(&tables) {
                for strain in Strain::ALL {
                    for seat in Seat::ALL {
                        // Hearts has two declarers: solved whole.
                        let solved = needs.contains(seat, strain) || strain == Strain::Hearts;
                        let want = solved.then(|| table.tricks(strain, seat));
                        assert_eq!(t.get(seat, strain), want, "{seat:?} {strain:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn gated_deals_get_the_second_pairs_only_past_the_gate() {
        let first: Needs = [(Seat::North, Strain::NoTrump)].into_iter().collect();
        let second: Needs = [
            (Seat::North, Strain::NoTrump),
            (Seat::East, Strain::NoTrump),
            (Seat::South, Strain::Spades),
        ]
        .into_iter()
        .collect();
        let deals = deals();
        for threads in [1, 2] {
            let mut got = Vec::new();
            let Ok(()) = stream_gated(
                deals.iter().enumerate().map(|(i, &d)| (d, i)),
                (first, second),
                &DdOptions::with_threads(threads),
                || 0usize,
                // The gate sees the first step's tricks; it passes the even deals.
                |calls, &i, _, tricks| {
                    *calls += 1;
                    assert!(tricks.get(Seat::North, Strain::NoTrump).is_some());
                    i % 2 == 0
                },
                |n, i, deal, tricks| {
                    assert_eq!((n, deal), (i, deals[i]));
                    got.push(tricks);
                    Ok::<(), std::convert::Infallible>(())
                },
            );
            assert_eq!(got.len(), deals.len());
            for (i, (deal, tricks)) in deals.iter().zip(&got).enumerate() {
                let table = Solver::new().table(deal);
                let want = |seat, strain| Some(table.tricks(strain, seat));
                assert_eq!(
                    tricks.get(Seat::North, Strain::NoTrump),
                    want(Seat::North, Strain::NoTrump)
                );
                let passed = i % 2 == 0;
                for (seat, strain) in [(Seat::East, Strain::NoTrump), (Seat::South, Strain::Spades)]
                {
                    let expect = if passed { want(seat, strain) } else { None };
                    assert_eq!(
                        tricks.get(seat, strain),
                        expect,
                        "deal {i} {seat:?} {strain:?}"
                    );
                }
                // Nothing asked is solved.
                assert_eq!(tricks.get(Seat::West, Strain::Clubs), None);
            }
        }
    }

    #[test]
    fn a_scripts_pairs_in_batches_equal_the_evaluators_solver() {
        use crate::Tricks as _;
        let script = crate::Script::parse(
            "condition tricks(north, notrumps) + tricks(west, spades) > 0\n\
             action average tricks(south, hearts)",
        )
        .unwrap();
        let needs: Needs = script.tricks_used().into_iter().collect();
        assert_eq!(
            needs.strains(),
            StrainSet::from_iter([Strain::NoTrump, Strain::Spades, Strain::Hearts])
        );
        assert!(needs.contains(Seat::West, Strain::Spades));
        assert!(!needs.contains(Seat::East, Strain::Spades));
        // Generated deals, as a simulation deals them.
        let mut generator = crate::gen::Generator::new(
            crate::gen::RngKind::Counter,
            7,
            &crate::gen::Predeal::new(),
        );
        let deals: Vec<Deal> = (0..6).map(|_| generator.next_deal()).collect();
        let got = solve_strains(&deals, needs, &DdOptions::with_threads(2));
        let mut one_by_one = crate::SolverTricks::new();
        let mut batched = BatchedTricks::new();
        for (deal, tricks) in deals.iter().zip(got) {
            let table = Solver::new().table(deal);
            batched.set(*deal, tricks);
            for (seat, strain) in script.tricks_used() {
                let want = table.tricks(strain, seat);
                assert_eq!(tricks.get(seat, strain), Some(want));
                assert_eq!(one_by_one.tricks(deal, seat, strain), want);
                assert_eq!(batched.tricks(deal, seat, strain), want);
            }
            // A pair the batch did not solve: solved on the spot.
            let want = table.tricks(Strain::Clubs, Seat::East);
            assert_eq!(batched.tricks(deal, Seat::East, Strain::Clubs), want);
        }
    }

    #[test]
    fn no_strain_passes_deals_through_in_order_with_payloads() {
        let deals = deals();
        let mut got = Vec::new();
        let r: Result<(), ()> = stream_strains(
            deals.iter().enumerate().map(|(i, &d)| (d, i * 10)),
            StrainSet::EMPTY,
            &DdOptions::with_threads(2),
            |i, p, d, t| {
                got.push((i, p, d, t));
                Ok(())
            },
        );
        r.unwrap();
        let want: Vec<_> = deals
            .iter()
            .enumerate()
            .map(|(i, &d)| (i, i * 10, d, Tricks::NONE))
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_failing_sink_stops_the_stream() {
        let deal = deals()[1];
        let mut calls = 0;
        let r = stream_strains(
            std::iter::repeat((deal, ())),
            StrainSet::from_iter([Strain::NoTrump]),
            &DdOptions::with_threads(2),
            |i, _, _, t| {
                calls += 1;
                assert_eq!(t.get(Seat::North, Strain::NoTrump), Some(5));
                if i == 4 {
                    Err("enough")
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(r, Err("enough"));
        assert_eq!(calls, 5);
    }

    #[test]
    fn from_a_table() {
        let deal = deals()[0];
        let table = Solver::new().table(&deal);
        let t = Tricks::from_table(&table);
        assert_eq!(t.solved(), StrainSet::ALL);
        assert_eq!(t.get(Seat::East, Strain::Spades), Some(8));
    }
}
