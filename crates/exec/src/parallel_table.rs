//! Tables of a few deals on every core: each deal's 20 results (5 strains x 4 leaders)
//! solved by several threads at once.
//!
//! A table's natural tasks are its strains: a strain's four leaders share one solver, whose
//! table and ordering stay warm from one leader to the next, while nothing carries over from
//! one strain to another (a solver clears its table when the trumps change). So each thread
//! takes the next strain task (the deals in order, notrump first within a deal, as
//! [`Solver::table`]) and solves its leaders in [`ddsolve_search::LEADER_ORDER`]. With
//! [`ParallelOptions::split_leaders`], when no strain is left to start, an idle thread takes
//! a leader that the strain's owner has not reached yet (the last one first: West, then
//! East, ...) and solves it with its own solver, cold: deeper splitting for when fewer
//! tasks than threads remain.
//!
//! Splitting is off by default, because sharing a strain's table between its leaders pays
//! more than the extra thread: a leader searched cold costs about as many nodes as the whole
//! strain's four leaders warm (the first leader builds the table the others live on). So
//! strains alone bound the speed-up by the largest strain, and split leaders do not lift
//! that bound, since the largest strain's first leader, cold, is most of it. `cargo xtask
//! table-split` replays the schedule in nodes; its figures are in `BENCHMARKS.md`.
//!
//! [`parallel_tables_by`] runs the work on threads of its own. [`SharedTables`] is the same
//! work for threads that come and go: one thread calls [`SharedTables::finish`] and gets the
//! tables, any other may [`SharedTables::help`] for as long as it likes (a pool's idle
//! threads, stopping when a request of their own arrives). A thread that stops, or panics,
//! in the middle of a strain leaves the strain's remaining leaders to the next thread that
//! looks for work (the one in `finish` at the latest).
//!
//! The results are exact whatever the split and the timing: only the driver's guesses and
//! the tables' contents (how fast a result is found) depend on which thread did what.
//!
//! The front crate's `ddsolve::parallel_table` runs this with its default solver.

use ddsolve_cards::{DdTable, Deal, Seat, Symmetry};
use ddsolve_moves::MoveOrdering;
use ddsolve_search::{table_sources, Solver, LEADER_ORDER as LEADERS, TABLE_ORDER as STRAINS};
use ddsolve_tt::TranspositionTable;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

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
/// end) on `options.threads` threads (the calling thread and `threads - 1` more, never more
/// than there are strains to solve), each with a solver made by `make` in that thread.
///
/// ```
/// use ddsolve_cards::Deal;
/// use ddsolve_orderings::RankOrdering;
/// use ddsolve_exec::{parallel_tables_by, ParallelOptions};
/// use ddsolve_search::{SearchConfig, Solver};
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
    let shared = SharedTables::new(deals.to_vec(), options.split_leaders);
    let threads = options.threads.clamp(1, shared.tasks().max(1));
    let (shared, make) = (&shared, &make);
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(move || {
                // A thread that comes too late for any work makes no solver.
                if shared.has_work() {
                    shared.help(&mut make(), || false);
                }
            });
        }
        shared.finish(&mut make())
    })
}

/// The tables of some deals being solved by whichever threads work on them: strain tasks
/// (and with leaders split, single leaders) handed out to each thread that asks, each
/// solved with that thread's solver. See the module's doc.
///
/// ```
/// use ddsolve_cards::Deal;
/// use ddsolve_orderings::RankOrdering;
/// use ddsolve_exec::SharedTables;
/// use ddsolve_search::{SearchConfig, Solver};
/// use ddsolve_tt_pattern::TtPattern;
///
/// let deal: Deal = "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..".parse()?;
/// let make = || Solver::with_parts(SearchConfig::default(), TtPattern::new(8), RankOrdering);
/// let shared = SharedTables::new(vec![deal], false);
/// let tables = std::thread::scope(|scope| {
///     // A helper works until nothing is left to take (or `stop` says so)...
///     scope.spawn(|| shared.help(&mut make(), || false));
///     // ... while this thread works too, then waits for the helper's last strain.
///     shared.finish(&mut make())
/// });
/// assert_eq!(tables, [make().table(&deal)]);
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
#[derive(Debug)]
pub struct SharedTables {
    deals: Vec<Deal>,
    split_leaders: bool,
    plan: Mutex<Plan>,
    /// Signalled when a result is recorded or a strain is left to others.
    progress: Condvar,
}

impl SharedTables {
    /// The tables of `deals`, nothing solved yet; with `split_leaders`, idle threads also
    /// take single leaders of strains being solved ([`ParallelOptions::split_leaders`]).
    pub fn new(deals: Vec<Deal>, split_leaders: bool) -> SharedTables {
        let tasks = deals.len() * STRAINS.len();
        SharedTables {
            deals,
            split_leaders,
            plan: Mutex::new(Plan {
                next_task: 0,
                claimed: vec![[false; 4]; tasks],
                lead_side: vec![[None; 4]; tasks],
                owned: vec![false; tasks],
                image: vec![None; tasks],
                unsolved: tasks * LEADERS.len(),
            }),
            progress: Condvar::new(),
        }
    }

    /// The strain tasks: 5 per deal.
    pub fn tasks(&self) -> usize {
        self.deals.len() * STRAINS.len()
    }

    /// Whether a thread asking now would get work (a strain to start, a strain its owner
    /// left, or with leaders split a leader nobody has taken).
    pub fn has_work(&self) -> bool {
        let plan = self.lock();
        plan.next_task < plan.claimed.len()
            || plan.orphan().is_some()
            || (self.split_leaders && plan.splittable().is_some())
    }

    /// Whether every leader of every strain is solved (the tables are ready: [`finish`]
    /// returns them at once).
    ///
    /// [`finish`]: SharedTables::finish
    pub fn is_solved(&self) -> bool {
        self.lock().unsolved == 0
    }

    /// Works with `solver` until nothing is left to take, or until `stop` (asked before each
    /// leader) says so; then returns, without waiting for the other threads. A strain left
    /// in the middle goes to the next thread that asks for work.
    pub fn help<T, O>(&self, solver: &mut Solver<T, O>, stop: impl Fn() -> bool)
    where
        T: TranspositionTable,
        O: MoveOrdering,
    {
        let mut me = Worker {
            owns: None,
            last_task: None,
        };
        loop {
            if stop() {
                self.release(&mut me);
                return;
            }
            let mut plan = self.lock();
            let Some((t, leader)) = plan.take(&mut me, self.split_leaders) else {
                return;
            };
            drop(plan);
            self.solve(solver, &mut me, t, leader);
        }
    }

    /// Works with `solver` until nothing is left to take, then waits for the strains other
    /// threads are solving (taking over any that a thread leaves), and returns the tables,
    /// in the order of the deals.
    pub fn finish<T, O>(&self, solver: &mut Solver<T, O>) -> Vec<DdTable>
    where
        T: TranspositionTable,
        O: MoveOrdering,
    {
        let mut me = Worker {
            owns: None,
            last_task: None,
        };
        let mut plan = self.lock();
        loop {
            if let Some((t, leader)) = plan.take(&mut me, self.split_leaders) {
                drop(plan);
                self.solve(solver, &mut me, t, leader);
                plan = self.lock();
            } else if plan.unsolved == 0 {
                break;
            } else {
                plan = self
                    .progress
                    .wait(plan)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        }
        self.deals
            .iter()
            .enumerate()
            .map(|(d, deal)| {
                let n = deal.cards_per_hand() as u8;
                let mut tricks = [[0u8; 4]; 5];
                let row = |t: usize| {
                    let mut row = [0u8; 4];
                    for leader in LEADERS {
                        let v = plan.lead_side[t][leader.index()]
                            .expect("every leader of every strain is solved");
                        row[leader.prev().index()] = n - v;
                    }
                    row
                };
                for (k, strain) in STRAINS.iter().enumerate() {
                    let t = d * STRAINS.len() + k;
                    tricks[strain.index()] = match plan.image[t] {
                        Some((source, g)) => g.row(row(source)),
                        None => row(t),
                    };
                }
                DdTable::new(tricks).expect("a solver takes at most 13 tricks")
            })
            .collect()
    }

    fn lock(&self) -> MutexGuard<'_, Plan> {
        self.plan.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Leaves the strain `me` owns (if any) to the next thread that asks.
    fn release(&self, me: &mut Worker) {
        if let Some(t) = me.owns.take() {
            self.lock().owned[t] = false;
            self.progress.notify_all();
        }
    }

    /// Solves `leader` of task `t` with `solver` and records the result.
    fn solve<T, O>(&self, solver: &mut Solver<T, O>, me: &mut Worker, t: usize, leader: Seat)
    where
        T: TranspositionTable,
        O: MoveOrdering,
    {
        let deal = &self.deals[t / STRAINS.len()];
        let k = t % STRAINS.len();
        let strain = STRAINS[k];
        // A strain that a symmetry of the deal maps from an earlier one (as
        // `Solver::table`): nothing to search, its row is the earlier one's, renamed.
        if let Some((from, g)) = table_sources(deal, solver.config())[k] {
            let source = t - k + STRAINS.iter().position(|&s| s == from).unwrap_or(k);
            let mut plan = self.lock();
            plan.image[t] = Some((source, g));
            plan.lead_side[t][leader.index()] = Some(0);
            plan.unsolved -= 1;
            drop(plan);
            self.progress.notify_all();
            return;
        }
        if me.last_task == Some(t) {
            // A later leader of the strain this solver is warm on: as the serial table.
            if solver.forgets_order(deal) {
                solver.forget_order();
            }
        } else {
            // Every task starts from a clean solver, whatever this thread did before.
            solver.clear();
            me.last_task = Some(t);
        }
        let done = self.lock().lead_side[t];
        // If the search panics, the leader (and the strain, if this thread owns it) goes
        // back to the plan for another thread.
        let mut unwinding = Abandon {
            shared: self,
            task: t,
            leader,
            owner: me.owns == Some(t),
            armed: true,
        };
        let guess = solver.leader_guess(deal, strain, leader, &done);
        let v = solver.lead_side_tricks(deal, strain, leader, guess);
        unwinding.armed = false;
        let mut plan = self.lock();
        plan.lead_side[t][leader.index()] = Some(v);
        plan.unsolved -= 1;
        drop(plan);
        self.progress.notify_all();
    }
}

/// Gives a leader back to the plan if its thread unwinds while solving it.
struct Abandon<'a> {
    shared: &'a SharedTables,
    task: usize,
    leader: Seat,
    owner: bool,
    armed: bool,
}

impl Drop for Abandon<'_> {
    fn drop(&mut self) {
        if self.armed {
            let mut plan = self.shared.lock();
            plan.claimed[self.task][self.leader.index()] = false;
            if self.owner {
                plan.owned[self.task] = false;
            }
            drop(plan);
            self.shared.progress.notify_all();
        }
    }
}

/// What one thread is doing: the strain task it owns (solves leader after leader), and the
/// task its solver last worked on (warm for that task's next leader).
#[derive(Debug)]
struct Worker {
    owns: Option<usize>,
    last_task: Option<usize>,
}

/// What has been handed out and what is done, shared by the threads.
#[derive(Debug)]
struct Plan {
    /// The next strain task to hand out (task `t` is deal `t / 5`, strain `STRAINS[t % 5]`).
    next_task: usize,
    /// Per task, the leaders some thread has taken.
    claimed: Vec<[bool; 4]>,
    /// Per task, each leader's result: tricks of the side on lead.
    lead_side: Vec<[Option<u8>; 4]>,
    /// Per task, whether a thread owns it: it takes the task's leaders one after another.
    owned: Vec<bool>,
    /// Per task, the task whose row gives its row through a symmetry of the deal
    /// (`table_sources`), found when a thread takes it: it is never searched.
    image: Vec<Option<(usize, Symmetry)>>,
    /// Leaders not yet solved, in all the tasks.
    unsolved: usize,
}

impl Plan {
    /// The next piece of work for `me`: the next leader of the strain it owns; else a strain
    /// whose owner left it (taken over); else a new strain; else, with `split`, a leader
    /// of a strain being solved. `None` when there is nothing to take now.
    fn take(&mut self, me: &mut Worker, split: bool) -> Option<(usize, Seat)> {
        if let Some(t) = me.owns {
            if let Some(leader) = self.take_next(t) {
                return Some((t, leader));
            }
            self.owned[t] = false;
            me.owns = None;
        }
        if let Some(t) = self.orphan() {
            self.owned[t] = true;
            me.owns = Some(t);
            let leader = self.take_next(t).expect("an orphan has a leader left");
            return Some((t, leader));
        }
        if let Some(t) = self.take_strain() {
            me.owns = Some(t);
            return Some((t, LEADERS[0]));
        }
        if split {
            return self.take_split();
        }
        None
    }

    /// A new strain task, owned, its first leader taken.
    fn take_strain(&mut self) -> Option<usize> {
        let t = self.next_task;
        if t == self.claimed.len() {
            return None;
        }
        self.next_task += 1;
        self.owned[t] = true;
        self.claimed[t][LEADERS[0].index()] = true;
        Some(t)
    }

    /// A started task that nobody owns with a leader nobody has taken (its owner stopped or
    /// panicked in the middle), the earliest.
    fn orphan(&self) -> Option<usize> {
        (0..self.next_task).find(|&t| !self.owned[t] && self.claimed[t].contains(&false))
    }

    /// The next leader of task `t` that nobody has taken, in the owner's order.
    fn take_next(&mut self, t: usize) -> Option<Seat> {
        let leader = LEADERS.into_iter().find(|l| !self.claimed[t][l.index()])?;
        self.claimed[t][leader.index()] = true;
        Some(leader)
    }

    /// The task [`Plan::take_split`] would take from.
    fn splittable(&self) -> Option<usize> {
        let open = |c: &[bool; 4]| c.iter().filter(|&&x| !x).count();
        (0..self.next_task)
            .filter(|&t| open(&self.claimed[t]) > 0)
            .max_by_key(|&t| (open(&self.claimed[t]), std::cmp::Reverse(t)))
    }

    /// A leader of a started task for an idle thread: in the task with the most leaders
    /// nobody has taken (the earliest on ties), the last of them.
    fn take_split(&mut self) -> Option<(usize, Seat)> {
        let t = self.splittable()?;
        let leader = LEADERS
            .into_iter()
            .rev()
            .find(|l| !self.claimed[t][l.index()])?;
        self.claimed[t][leader.index()] = true;
        Some((t, leader))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_orderings::RankOrdering;
    use ddsolve_search::SearchConfig;
    use ddsolve_tt_pattern::TtPattern;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn plan(tasks: usize) -> Plan {
        Plan {
            next_task: 0,
            claimed: vec![[false; 4]; tasks],
            lead_side: vec![[None; 4]; tasks],
            owned: vec![false; tasks],
            image: vec![None; tasks],
            unsolved: 4 * tasks,
        }
    }

    fn solver() -> Solver<TtPattern, RankOrdering> {
        Solver::with_parts(SearchConfig::default(), TtPattern::new(8), RankOrdering)
    }

    #[test]
    fn leaders_are_handed_out_once() {
        let mut plan = plan(2);
        assert_eq!(plan.take_strain(), Some(0));
        // An idle thread takes the owner's last leader, then the one before.
        assert_eq!(plan.take_split(), Some((0, Seat::West)));
        assert_eq!(plan.take_next(0), Some(Seat::South));
        assert_eq!(plan.take_split(), Some((0, Seat::East)));
        assert_eq!(plan.take_next(0), None);
        assert_eq!(plan.take_split(), None);
        assert_eq!(plan.take_strain(), Some(1));
        assert_eq!(plan.take_strain(), None);
        assert_eq!(plan.take_next(1), Some(Seat::South));
    }

    #[test]
    fn a_strain_left_in_the_middle_is_taken_over() {
        let mut plan = plan(2);
        let mut owner = Worker {
            owns: None,
            last_task: None,
        };
        let mut other = Worker {
            owns: None,
            last_task: None,
        };
        assert_eq!(plan.take(&mut owner, false), Some((0, Seat::North)));
        assert_eq!(plan.take(&mut other, false), Some((1, Seat::North)));
        // Nothing left for a third thread while both owners work.
        let mut third = Worker {
            owns: None,
            last_task: None,
        };
        assert_eq!(plan.take(&mut third, false), None);
        // The first owner leaves its strain after North: the rest goes to the next thread.
        plan.owned[0] = false;
        assert_eq!(plan.orphan(), Some(0));
        assert_eq!(plan.take(&mut third, false), Some((0, Seat::South)));
        assert_eq!(third.owns, Some(0));
        assert_eq!(plan.take(&mut third, false), Some((0, Seat::East)));
        assert_eq!(plan.take(&mut third, false), Some((0, Seat::West)));
        assert_eq!(plan.take(&mut third, false), None);
        assert_eq!(third.owns, None);
        assert_eq!(plan.orphan(), None);
    }

    #[test]
    fn a_helper_that_stops_leaves_its_strain_to_finish() {
        let deals: Vec<Deal> = [
            "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..",
            "N:AK.AKQ.. 32.432.. QJ.JT9.. T9.876..",
        ]
        .iter()
        .map(|d| d.parse().unwrap())
        .collect();
        let want: Vec<DdTable> = deals.iter().map(|d| solver().table(d)).collect();
        for leaders_before_stop in [0, 1, 2, 5, 9] {
            for split in [false, true] {
                let shared = SharedTables::new(deals.clone(), split);
                let asked = AtomicUsize::new(0);
                // The helper alone first: it stops after some leaders, mid-strain or not.
                shared.help(&mut solver(), || {
                    asked.fetch_add(1, Ordering::Relaxed) >= leaders_before_stop
                });
                assert!(shared.has_work());
                assert_eq!(
                    shared.finish(&mut solver()),
                    want,
                    "{leaders_before_stop} leaders, split {split}"
                );
                assert!(!shared.has_work());
            }
        }
    }

    #[test]
    fn a_panicking_helper_leaves_its_leader_to_the_others() {
        let deal: Deal = "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..".parse().unwrap();
        let shared = SharedTables::new(vec![deal], false);
        let broken = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut me = Worker {
                owns: None,
                last_task: None,
            };
            let (t, leader) = shared.lock().take(&mut me, false).unwrap();
            // As if the search panicked while solving North of notrump.
            let _abandon = Abandon {
                shared: &shared,
                task: t,
                leader,
                owner: true,
                armed: true,
            };
            panic!("a bug in the search");
        }));
        assert!(broken.is_err());
        assert_eq!(shared.lock().orphan(), Some(0));
        assert_eq!(shared.finish(&mut solver()), [solver().table(&deal)]);
    }
}
