//! Tables of a few deals on every core: each deal's 20 results (5 strains x 4 leaders)
//! solved by several threads at once.
//!
//! A table's natural tasks are its strains: a strain's four leaders share one solver, whose
//! table and ordering stay warm from one leader to the next, while nothing carries over from
//! one strain to another (a solver clears its table when the trumps change). So each thread
//! takes the next strain task (the deals in order, notrump first within a deal, as
//! [`crate::Solver::table`]) and solves its leaders North, East, South, West. With
//! [`ParallelOptions::split_leaders`], when no strain is left to start, an idle thread takes
//! a leader that the strain's owner has not reached yet (the last one first: West, then
//! South, ...) and solves it with its own solver, cold: deeper splitting for when fewer
//! tasks than threads remain.
//!
//! Splitting is off by default, because sharing a strain's table between its leaders pays
//! more than the extra thread: a leader searched cold costs about as many nodes as the whole
//! strain's four leaders warm (the first leader builds the table the others live on). So
//! strains alone bound the speed-up by the largest strain, and split leaders do not lift
//! that bound, since the largest strain's first leader, cold, is most of it. `cargo xtask
//! table-split` replays the schedule in nodes; its figures are in `BENCHMARKS.md`.
//!
//! The results are exact whatever the split and the timing: only the driver's guesses and
//! the tables' contents (how fast a result is found) depend on which thread did what.
//!
//! The front crate's `ddsolve::parallel_table` runs this with its default solver.

use crate::{DdTable, Solver};
use ddsolve_cards::{Deal, Seat, Strain};
use ddsolve_moves::MoveOrdering;
use ddsolve_tt::TranspositionTable;
use std::sync::{Mutex, PoisonError};

/// The strains of a table in the order they are handed out (as [`Solver::table`]).
const STRAINS: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

/// The leaders in the order a strain's owner solves them.
const LEADERS: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

/// How [`parallel_tables_by`] shares out the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParallelOptions {
    /// Threads, each with its own solver (at least 1 is used).
    pub threads: usize,
    /// When no strain is left to start, idle threads take leaders their strain's owner has
    /// not reached yet (solved cold, with their own solver) instead of waiting.
    pub split_leaders: bool,
}

impl ParallelOptions {
    /// `threads` threads, strains as tasks (leaders not split: measured better, see the
    /// module's doc).
    pub fn with_threads(threads: usize) -> ParallelOptions {
        ParallelOptions {
            threads,
            split_leaders: false,
        }
    }
}

/// The tables of `deals`, in order, solved strain by strain (and leader by leader at the
/// end) on `options.threads` threads, each with a solver made by `make` in that thread.
///
/// ```
/// use ddsolve_cards::Deal;
/// use ddsolve_moves::RankOrdering;
/// use ddsolve_search::{parallel_tables_by, ParallelOptions, SearchConfig, Solver};
/// use ddsolve_tt_pattern::TtPattern;
///
/// let deals: Vec<Deal> = ["N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..", "N:AK.AKQ.. 32.432.. QJ.JT9.. T9.876.."]
///     .iter()
///     .map(|d| d.parse())
///     .collect::<Result<_, _>>()?;
/// let make = || Solver::with_parts(SearchConfig::default(), TtPattern::new(8), RankOrdering);
/// let tables = parallel_tables_by(&deals, &ParallelOptions::with_threads(4), make);
/// assert_eq!(tables[1], make().table(&deals[1]));
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
pub fn parallel_tables_by<T, O>(
    deals: &[Deal],
    options: &ParallelOptions,
    make: impl Fn() -> Solver<T, O> + Sync,
) -> Vec<DdTable>
where
    T: TranspositionTable,
    O: MoveOrdering,
{
    let tasks = deals.len() * STRAINS.len();
    let plan = Mutex::new(Plan {
        next_task: 0,
        claimed: vec![[false; 4]; tasks],
        lead_side: vec![[None; 4]; tasks],
    });
    let threads = options.threads.clamp(1, tasks.max(1));
    let work = || {
        let mut worker = Worker {
            solver: None,
            last_task: None,
        };
        worker.run(deals, &plan, options.split_leaders, &make);
    };
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(work);
            }
        });
    }
    let plan = plan.into_inner().unwrap_or_else(PoisonError::into_inner);
    deals
        .iter()
        .enumerate()
        .map(|(d, deal)| {
            let n = deal.cards_per_hand() as u8;
            let mut tricks = [[0u8; 4]; 5];
            for (k, strain) in STRAINS.iter().enumerate() {
                for leader in LEADERS {
                    let v = plan.lead_side[d * STRAINS.len() + k][leader.index()]
                        .expect("every leader of every strain is solved");
                    tricks[strain.index()][leader.prev().index()] = n - v;
                }
            }
            DdTable::new(tricks).expect("a solver takes at most 13 tricks")
        })
        .collect()
}

/// What has been handed out and what is done, shared by the threads.
struct Plan {
    /// The next strain task to hand out (task `t` is deal `t / 5`, strain `STRAINS[t % 5]`).
    next_task: usize,
    /// Per task, the leaders some thread has taken.
    claimed: Vec<[bool; 4]>,
    /// Per task, each leader's result: tricks of the side on lead.
    lead_side: Vec<[Option<u8>; 4]>,
}

impl Plan {
    /// A new strain task, its first leader (North) taken.
    fn take_strain(&mut self) -> Option<usize> {
        let t = self.next_task;
        if t == self.claimed.len() {
            return None;
        }
        self.next_task += 1;
        self.claimed[t][Seat::North.index()] = true;
        Some(t)
    }

    /// The next leader of task `t` that nobody has taken, in the owner's order.
    fn take_next(&mut self, t: usize) -> Option<Seat> {
        let leader = LEADERS.into_iter().find(|l| !self.claimed[t][l.index()])?;
        self.claimed[t][leader.index()] = true;
        Some(leader)
    }

    /// A leader of a started task for an idle thread: in the task with the most leaders
    /// nobody has taken (the earliest on ties), the last of them.
    fn take_split(&mut self) -> Option<(usize, Seat)> {
        let open = |c: &[bool; 4]| c.iter().filter(|&&x| !x).count();
        let t = (0..self.next_task)
            .filter(|&t| open(&self.claimed[t]) > 0)
            .max_by_key(|&t| (open(&self.claimed[t]), std::cmp::Reverse(t)))?;
        let leader = LEADERS
            .into_iter()
            .rev()
            .find(|l| !self.claimed[t][l.index()])?;
        self.claimed[t][leader.index()] = true;
        Some((t, leader))
    }
}

/// One thread: its solver (made at its first task) and the task it last worked on.
struct Worker<T: TranspositionTable, O: MoveOrdering> {
    solver: Option<Solver<T, O>>,
    last_task: Option<usize>,
}

impl<T: TranspositionTable, O: MoveOrdering> Worker<T, O> {
    fn run(
        &mut self,
        deals: &[Deal],
        plan: &Mutex<Plan>,
        split_leaders: bool,
        make: &impl Fn() -> Solver<T, O>,
    ) {
        let lock = || plan.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            let strain_task = lock().take_strain();
            if let Some(t) = strain_task {
                let mut leader = Some(Seat::North);
                while let Some(l) = leader {
                    self.solve(deals, plan, t, l, make);
                    leader = lock().take_next(t);
                }
                continue;
            }
            let split = if split_leaders {
                lock().take_split()
            } else {
                None
            };
            match split {
                Some((t, l)) => self.solve(deals, plan, t, l, make),
                None => return,
            }
        }
    }

    /// Solves `leader` of task `t` and records the result.
    fn solve(
        &mut self,
        deals: &[Deal],
        plan: &Mutex<Plan>,
        t: usize,
        leader: Seat,
        make: &impl Fn() -> Solver<T, O>,
    ) {
        let deal = &deals[t / STRAINS.len()];
        let strain = STRAINS[t % STRAINS.len()];
        let solver = self.solver.get_or_insert_with(make);
        if self.last_task == Some(t) {
            // A later leader of the strain this solver is warm on: as the serial table.
            if solver.forgets_order(deal) {
                solver.forget_order();
            }
        } else {
            // Every task starts from a clean solver, whatever this thread did before.
            solver.clear();
            self.last_task = Some(t);
        }
        let done = plan
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .lead_side[t];
        let guess = solver.leader_guess(deal, strain, leader, &done);
        let v = solver.lead_side_tricks(deal, strain, leader, guess);
        plan.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .lead_side[t][leader.index()] = Some(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaders_are_handed_out_once() {
        let mut plan = Plan {
            next_task: 0,
            claimed: vec![[false; 4]; 2],
            lead_side: vec![[None; 4]; 2],
        };
        assert_eq!(plan.take_strain(), Some(0));
        // An idle thread takes the owner's last leader, then the one before.
        assert_eq!(plan.take_split(), Some((0, Seat::West)));
        assert_eq!(plan.take_next(0), Some(Seat::East));
        assert_eq!(plan.take_split(), Some((0, Seat::South)));
        assert_eq!(plan.take_next(0), None);
        assert_eq!(plan.take_split(), None);
        assert_eq!(plan.take_strain(), Some(1));
        assert_eq!(plan.take_strain(), None);
        assert_eq!(plan.take_next(1), Some(Seat::East));
    }
}
