//! The solver threads: a fixed number of OS threads, each owning a [`Solver`], fed by one
//! queue of bounded length. The async side only submits a job and awaits its answer on a
//! oneshot channel ([`Ticket`]), so solving never runs on (or blocks) the async runtime's
//! threads.
//!
//! The queue counts only work that someone waits for. When a request's [`Ticket`] is
//! dropped (the request timed out, or its client hung up), its job is cancelled at once: if
//! it still waits in the queue, it leaves it (its place and its memory are freed, and no
//! thread will run it); if a thread is solving it, it is no longer counted in flight, and
//! the job sees [`WorkerSolver::cancelled`] and stops at its next check (the annotation of a
//! file checks between boards). A panicking job (a bug) answers an error and its thread goes
//! on with a fresh solver.
//!
//! # One deal on the idle threads
//!
//! A table ([`WorkerSolver::table`]) is solved strain by strain
//! ([`ddsolve::exec::SharedTables`]): the thread that took the request works on it, and
//! when no request is waiting, the threads that are idle at that moment (at most four: a
//! table has five strains) are called to help, through the same queue. The policy never
//! delays other requests by more than one leader's search:
//! - helpers are called only when no request waits and only for threads that are idle (not
//!   solving, not already called to help);
//! - a request always has its place in the queue (helpers do not count against the queue's
//!   capacity), and a helper checks before each leader whether a request waits: if one does,
//!   it stops and takes it, leaving the rest of its strain to the table's own thread.
//!
//! So a server with one request at a time answers a table on every thread, and a busy server
//! answers each request on one thread, as before. Helping never changes an answer (the
//! strains are exact whoever solves them).

use ddsolve::exec::SharedTables;
use ddsolve::{DdTable, Deal, Solver, SolverBuilder};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::oneshot;

/// The most helpers one table calls: the other four of its five strains.
const MAX_HELPERS: usize = 4;

/// A solver thread's solver, made when first needed and remade after a job takes it.
#[derive(Debug)]
pub struct WorkerSolver {
    config: SolverBuilder,
    solver: Option<Solver>,
    pool: Arc<Shared>,
    /// The cancellation flag of the job being run.
    cancel: Arc<AtomicBool>,
}

impl WorkerSolver {
    /// The thread's solver.
    pub fn get(&mut self) -> &mut Solver {
        let config = self.config;
        self.solver.get_or_insert_with(|| config.build())
    }

    /// The solver, for a job that needs to own one (annotate); the thread makes a new one
    /// for its next job.
    pub fn take(&mut self) -> Solver {
        self.solver.take().unwrap_or_else(|| self.config.build())
    }

    /// Whether the request of the job being run has been given up (timed out, or its
    /// client left): a long job checks it between its steps and stops.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::SeqCst)
    }

    /// The cancellation flag of the job being run, for a job that checks it from a callback.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.cancel)
    }

    /// `deal`'s table, solved by this thread with the pool's idle threads helping when no
    /// request waits (the module's policy): the same table as [`Solver::table`].
    pub fn table(&mut self, deal: &Deal) -> DdTable {
        let shared = Arc::new(SharedTables::new(vec![*deal], false));
        let pool = Arc::clone(&self.pool);
        pool.call_helpers(&shared);
        shared.finish(self.get())[0]
    }
}

/// A job: a request, or help with a table.
enum Job {
    Request(Arc<Entry>),
    Help(Arc<SharedTables>),
}

/// A request's job, as the queue holds it.
type RequestJob = Box<dyn FnOnce(&mut WorkerSolver) + Send>;

/// The states of a request's [`Entry`].
const QUEUED: u8 = 0;
const TAKEN: u8 = 1;
const ABANDONED: u8 = 2;

/// A request in the queue: its job (taken out by the thread that runs it, or dropped when
/// the request is given up while it waits), and what is counted of it.
struct Entry {
    job: Mutex<Option<RequestJob>>,
    /// [`QUEUED`], then [`TAKEN`] by a thread or [`ABANDONED`] by its requester.
    state: AtomicU8,
    /// Still counted in flight (cleared once, by whoever ends the count).
    counted: AtomicBool,
    cancel: Arc<AtomicBool>,
}

impl Entry {
    /// Ends its count in flight, once.
    fn uncount(&self, shared: &Shared) {
        if self.counted.swap(false, Ordering::SeqCst) {
            shared.in_flight.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// A submitted request: await [`Ticket::answer`]. Dropping it gives the request up: its job
/// is cancelled and stops counting at once (the module's policy).
#[must_use = "dropping a ticket cancels its job"]
pub struct Ticket<R> {
    rx: oneshot::Receiver<JobResult<R>>,
    entry: Arc<Entry>,
    shared: Arc<Shared>,
}

impl<R> std::fmt::Debug for Ticket<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ticket").finish_non_exhaustive()
    }
}

impl<R> Ticket<R> {
    /// The job's result, or the message of its panic; `Err(RecvError)` if the pool was shut
    /// down before a thread took it.
    pub async fn answer(&mut self) -> Result<JobResult<R>, oneshot::error::RecvError> {
        (&mut self.rx).await
    }

    /// The answer, for a caller outside the async runtime; `None` if the pool was shut down
    /// before a thread took the job.
    pub fn blocking_answer(mut self) -> Option<JobResult<R>> {
        use oneshot::error::TryRecvError;
        loop {
            match self.rx.try_recv() {
                Ok(answer) => return Some(answer),
                Err(TryRecvError::Closed) => return None,
                Err(TryRecvError::Empty) => std::thread::sleep(std::time::Duration::from_millis(1)),
            }
        }
    }
}

impl<R> Drop for Ticket<R> {
    fn drop(&mut self) {
        let entry = &self.entry;
        entry.cancel.store(true, Ordering::SeqCst);
        let abandoned = entry
            .state
            .compare_exchange(QUEUED, ABANDONED, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok();
        if abandoned {
            // Its place in the queue is free now, and so is what the job holds (a body).
            self.shared.waiting.fetch_sub(1, Ordering::SeqCst);
            drop(
                entry
                    .job
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take(),
            );
        }
        entry.uncount(&self.shared);
    }
}

/// The queue is full: the job was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full;

/// The answer of a job: its result, or the message of its panic.
pub type JobResult<R> = Result<R, String>;

/// A fixed pool of solver threads behind a bounded queue.
#[derive(Debug)]
pub struct SolverPool {
    shared: Arc<Shared>,
}

/// What the pool and its threads share.
#[derive(Debug)]
struct Shared {
    /// The queue's sending end; `None` once closed.
    sender: Mutex<Option<Sender<Job>>>,
    /// Requests submitted, not yet finished and not given up (waiting or being solved).
    in_flight: AtomicUsize,
    /// Threads running a request's job (one given up included, until it stops).
    solving: AtomicUsize,
    /// Requests in the queue, not yet taken by a thread.
    waiting: AtomicUsize,
    /// Threads spoken for: solving a job, or called to help and not yet done.
    reserved: AtomicUsize,
    threads: usize,
    capacity: usize,
}

impl SolverPool {
    /// Starts `threads` solver threads (solvers built with `config`) behind a queue of
    /// `capacity` requests (the requests waiting for a thread, given up ones not counted).
    pub fn new(
        threads: usize,
        capacity: usize,
        config: SolverBuilder,
    ) -> std::io::Result<SolverPool> {
        let threads = threads.max(1);
        let capacity = capacity.max(1);
        // Its length is bounded by the counts: at most `capacity` requests wait, a given-up
        // one is an empty entry, and helpers are called only for idle threads.
        let (sender, receiver) = channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        let shared = Arc::new(Shared {
            sender: Mutex::new(Some(sender)),
            in_flight: AtomicUsize::new(0),
            solving: AtomicUsize::new(0),
            waiting: AtomicUsize::new(0),
            reserved: AtomicUsize::new(0),
            threads,
            capacity,
        });
        for i in 0..threads {
            let receiver = Arc::clone(&receiver);
            let solver = WorkerSolver {
                config,
                solver: None,
                pool: Arc::clone(&shared),
                cancel: Arc::new(AtomicBool::new(false)),
            };
            std::thread::Builder::new()
                .name(format!("ddsolve-solver-{i}"))
                .spawn(move || work(&receiver, solver))?;
        }
        Ok(SolverPool { shared })
    }

    /// Queues `job`, or says the queue is full (at once, never waiting). The ticket gets
    /// the job's result, or the message of its panic; it is closed without a value if the
    /// pool was shut down first. Dropping the ticket cancels the job.
    pub fn submit<R, F>(&self, job: F) -> Result<Ticket<R>, Full>
    where
        R: Send + 'static,
        F: FnOnce(&mut WorkerSolver) -> R + Send + 'static,
    {
        let shared = &self.shared;
        if shared.waiting.fetch_add(1, Ordering::SeqCst) >= shared.capacity {
            shared.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(Full);
        }
        let (tx, rx) = oneshot::channel();
        shared.in_flight.fetch_add(1, Ordering::SeqCst);
        let entry = Arc::new(Entry {
            job: Mutex::new(None),
            state: AtomicU8::new(QUEUED),
            counted: AtomicBool::new(true),
            cancel: Arc::new(AtomicBool::new(false)),
        });
        let done = Arc::clone(&entry);
        let boxed = Box::new(move |solver: &mut WorkerSolver| {
            let result = catch_unwind(AssertUnwindSafe(|| job(solver))).map_err(|panic| {
                // The solver may be in any state after a panic: start afresh.
                solver.solver = None;
                panic_message(&panic)
            });
            // Done before the answer leaves: whoever has the answer sees the count without it.
            done.uncount(&solver.pool);
            let _ = tx.send(result);
        });
        *entry.job.lock().unwrap_or_else(PoisonError::into_inner) = Some(boxed);
        let ticket = Ticket {
            rx,
            entry: Arc::clone(&entry),
            shared: Arc::clone(shared),
        };
        let sender = shared.sender.lock().unwrap_or_else(PoisonError::into_inner);
        match sender.as_ref().map(|s| s.send(Job::Request(entry))) {
            Some(Ok(())) => Ok(ticket),
            // Shut down: the ticket, dropped here, gives the job up.
            Some(Err(_)) | None => {
                drop(sender);
                drop(ticket);
                Err(Full)
            }
        }
    }

    /// Requests submitted, not yet finished and not given up (waiting or being solved): at
    /// most [`SolverPool::limit`].
    pub fn in_flight(&self) -> usize {
        self.shared.in_flight.load(Ordering::SeqCst)
    }

    /// Requests waiting in the queue for a thread: at most [`SolverPool::capacity`].
    pub fn waiting(&self) -> usize {
        self.shared.waiting.load(Ordering::SeqCst)
    }

    /// Threads running a request's job (one given up included, until it stops).
    pub fn solving(&self) -> usize {
        self.shared.solving.load(Ordering::SeqCst)
    }

    /// The most requests in flight at once: the queue's places and one a thread.
    pub fn limit(&self) -> usize {
        self.shared.capacity + self.shared.threads
    }

    /// The solver threads.
    pub fn threads(&self) -> usize {
        self.shared.threads
    }

    /// The queue's capacity: requests that may wait for a thread.
    pub fn capacity(&self) -> usize {
        self.shared.capacity
    }

    /// Takes no more jobs; the threads end once the queue is empty.
    pub fn close(&self) {
        self.shared
            .sender
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
    }
}

impl Shared {
    /// Calls the idle threads (at most [`MAX_HELPERS`]) to help with `tables`, if no
    /// request waits.
    fn call_helpers(&self, tables: &Arc<SharedTables>) {
        if self.waiting.load(Ordering::SeqCst) > 0 {
            return;
        }
        // Reserve the idle threads first, so that two tables starting at once do not call
        // the same ones.
        let mut reserved = self.reserved.load(Ordering::SeqCst);
        let n = loop {
            let n = self.threads.saturating_sub(reserved).min(MAX_HELPERS);
            if n == 0 {
                return;
            }
            match self.reserved.compare_exchange_weak(
                reserved,
                reserved + n,
                Ordering::SeqCst,
                Ordering::SeqCst,
            ) {
                Ok(_) => break n,
                Err(now) => reserved = now,
            }
        };
        let sender = self.sender.lock().unwrap_or_else(PoisonError::into_inner);
        let mut sent = 0;
        if let Some(sender) = sender.as_ref() {
            while sent < n && sender.send(Job::Help(Arc::clone(tables))).is_ok() {
                sent += 1;
            }
        }
        self.reserved.fetch_sub(n - sent, Ordering::SeqCst);
    }
}

/// A solver thread: takes jobs until the queue is closed and empty.
fn work(receiver: &Mutex<Receiver<Job>>, mut solver: WorkerSolver) {
    let pool = Arc::clone(&solver.pool);
    loop {
        let job = receiver
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .recv();
        match job {
            Ok(Job::Request(entry)) => {
                let taken = entry
                    .state
                    .compare_exchange(QUEUED, TAKEN, Ordering::SeqCst, Ordering::SeqCst)
                    .is_ok();
                if !taken {
                    continue; // Given up while it waited: already uncounted, nothing to run.
                }
                pool.reserved.fetch_add(1, Ordering::SeqCst);
                pool.solving.fetch_add(1, Ordering::SeqCst);
                pool.waiting.fetch_sub(1, Ordering::SeqCst);
                let job = entry
                    .job
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take();
                if let Some(job) = job {
                    solver.cancel = Arc::clone(&entry.cancel);
                    job(&mut solver);
                }
                pool.solving.fetch_sub(1, Ordering::SeqCst);
            }
            Ok(Job::Help(tables)) => {
                // Reserved when called. Stops when a request waits, before its next leader.
                let waiting = || pool.waiting.load(Ordering::SeqCst) > 0;
                if catch_unwind(AssertUnwindSafe(|| tables.help(solver.get(), waiting))).is_err() {
                    // Its leader went back to the table; the solver starts afresh.
                    solver.solver = None;
                }
            }
            Err(_) => break,
        }
        pool.reserved.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The message of a panic's payload.
fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a solver thread panicked".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Waits (up to two minutes) until `done` holds.
    fn wait_until(what: &str, done: impl Fn() -> bool) {
        for _ in 0..12_000 {
            if done() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("never: {what}");
    }

    #[test]
    fn idle_threads_and_only_they_help_with_a_table() {
        let config = SolverBuilder::new().tt_memory_mb(8);
        let pool = SolverPool::new(3, 4, config).unwrap();
        let shared = &pool.shared;
        // One thread busy with a request that holds it.
        let (hold_tx, hold_rx) = std::sync::mpsc::channel::<()>();
        let held = pool
            .submit(move |_| {
                hold_rx.recv().ok();
            })
            .unwrap();
        wait_until("the request is taken", || {
            shared.reserved.load(Ordering::SeqCst) == 1
        });
        let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
            .parse()
            .unwrap();
        let want = config.build().table(&deal);
        // The two idle threads are called, and solve the whole table by themselves.
        let tables = Arc::new(SharedTables::new(vec![deal], false));
        shared.call_helpers(&tables);
        assert_eq!(shared.reserved.load(Ordering::SeqCst), 3);
        wait_until("the helpers solve the table", || tables.is_solved());
        wait_until("the helpers are idle again", || {
            shared.reserved.load(Ordering::SeqCst) == 1
        });
        assert_eq!(tables.finish(&mut config.build()), [want]);
        // No thread is called while a request waits.
        shared.waiting.fetch_add(1, Ordering::SeqCst);
        let tables = Arc::new(SharedTables::new(vec![deal], false));
        shared.call_helpers(&tables);
        assert_eq!(shared.reserved.load(Ordering::SeqCst), 1);
        shared.waiting.fetch_sub(1, Ordering::SeqCst);
        // Nor when every thread is spoken for.
        shared.reserved.fetch_add(2, Ordering::SeqCst);
        shared.call_helpers(&tables);
        assert_eq!(shared.reserved.load(Ordering::SeqCst), 3);
        shared.reserved.fetch_sub(2, Ordering::SeqCst);
        assert!(!tables.is_solved());
        // A table asked for in a request, as the route does.
        let table = pool.submit(move |w| w.table(&deal)).unwrap();
        hold_tx.send(()).unwrap();
        held.blocking_answer().unwrap().unwrap();
        assert_eq!(table.blocking_answer().unwrap(), Ok(want));
        pool.close();
    }

    #[test]
    fn a_full_queue_refuses_at_once_and_a_panic_is_an_answer() {
        let pool = SolverPool::new(1, 1, SolverBuilder::new()).unwrap();
        let (hold_tx, hold_rx) = std::sync::mpsc::channel::<()>();
        // The thread takes this one and blocks; the next fills the queue.
        let first = pool
            .submit(move |_| {
                hold_rx.recv().ok();
                1
            })
            .unwrap();
        // Once the thread has taken the first job off the queue, the second fits.
        let mut second = None;
        for _ in 0..1000 {
            if let Ok(rx) = pool.submit(|_| 2) {
                second = Some(rx);
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        let second = second.expect("the queue has room for one job");
        assert_eq!(pool.submit(|_| 3).unwrap_err(), Full);
        assert_eq!(pool.in_flight(), 2);
        hold_tx.send(()).unwrap();
        assert_eq!(first.blocking_answer().unwrap(), Ok(1));
        assert_eq!(second.blocking_answer().unwrap(), Ok(2));
        let panicked = pool.submit(|_| -> u8 { panic!("boom") }).unwrap();
        assert_eq!(panicked.blocking_answer().unwrap(), Err("boom".to_string()));
        // The thread lives on.
        let after = pool.submit(|_| 4).unwrap();
        assert_eq!(after.blocking_answer().unwrap(), Ok(4));
        pool.close();
        assert_eq!(pool.submit(|_| 5).unwrap_err(), Full);
    }
}
