//! The solver threads: a fixed number of OS threads, each owning a [`Solver`], fed by one
//! bounded queue. The async side only submits a job and awaits its answer on a oneshot
//! channel, so solving never runs on (or blocks) the async runtime's threads.
//!
//! A job that finds its requester gone when a thread takes it (the request timed out, or
//! the client hung up) is dropped unsolved; one already being solved runs to its end in the
//! background and its answer is discarded. A panicking job (a bug) answers an error and its
//! thread goes on with a fresh solver.
//!
//! # One deal on the idle threads
//!
//! A table ([`WorkerSolver::table`]) is solved strain by strain
//! ([`ddsolve::search::SharedTables`]): the thread that took the request works on it, and
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

use ddsolve::search::SharedTables;
use ddsolve::{DdTable, Deal, Solver, SolverBuilder};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
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

    /// `deal`'s table, solved by this thread with the pool's idle threads helping when no
    /// request waits (the module's policy): the same table as [`Solver::table`].
    pub fn table(&mut self, deal: &Deal) -> DdTable {
        let shared = Arc::new(SharedTables::new(vec![*deal], false));
        let pool = Arc::clone(&self.pool);
        pool.call_helpers(&shared);
        shared.finish(self.get())[0]
    }
}

/// A job: a request (a closure run with the thread's solver), or help with a table.
enum Job {
    Request(Box<dyn FnOnce(&mut WorkerSolver) + Send>),
    Help(Arc<SharedTables>),
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
    sender: Mutex<Option<SyncSender<Job>>>,
    /// Requests submitted and not yet finished (waiting or being solved).
    in_flight: AtomicUsize,
    /// Requests in the queue, not yet taken by a thread.
    waiting: AtomicUsize,
    /// Threads spoken for: solving a job, or called to help and not yet done.
    reserved: AtomicUsize,
    threads: usize,
    capacity: usize,
}

/// Counts a job as in flight from its submission until it is dropped (done or not).
struct InFlight(Arc<Shared>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

impl SolverPool {
    /// Starts `threads` solver threads (solvers built with `config`) behind a queue of
    /// `capacity` requests.
    pub fn new(
        threads: usize,
        capacity: usize,
        config: SolverBuilder,
    ) -> std::io::Result<SolverPool> {
        let threads = threads.max(1);
        let capacity = capacity.max(1);
        // Room for the requests and for every thread called to help besides.
        let (sender, receiver) = sync_channel::<Job>(capacity + threads);
        let receiver = Arc::new(Mutex::new(receiver));
        let shared = Arc::new(Shared {
            sender: Mutex::new(Some(sender)),
            in_flight: AtomicUsize::new(0),
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
            };
            std::thread::Builder::new()
                .name(format!("ddsolve-solver-{i}"))
                .spawn(move || work(&receiver, solver))?;
        }
        Ok(SolverPool { shared })
    }

    /// Queues `job`, or says the queue is full (at once, never waiting). The receiver gets
    /// the job's result, or the message of its panic; it is closed without a value if the
    /// pool was shut down first.
    pub fn submit<R, F>(&self, job: F) -> Result<oneshot::Receiver<JobResult<R>>, Full>
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
        let guard = InFlight(Arc::clone(shared));
        let boxed = Box::new(move |solver: &mut WorkerSolver| {
            if tx.is_closed() {
                return; // Nobody waits for it any more (`guard` is dropped).
            }
            let result = catch_unwind(AssertUnwindSafe(|| job(solver))).map_err(|panic| {
                // The solver may be in any state after a panic: start afresh.
                solver.solver = None;
                panic_message(&panic)
            });
            // Done before the answer leaves: whoever has the answer sees the count without it.
            drop(guard);
            let _ = tx.send(result);
        });
        let sender = shared.sender.lock().unwrap_or_else(PoisonError::into_inner);
        match sender.as_ref().map(|s| s.try_send(Job::Request(boxed))) {
            Some(Ok(())) => Ok(rx),
            // Shut down (or, never in practice, full of helpers): the job (and its
            // in-flight guard) is dropped here.
            Some(Err(TrySendError::Full(_) | TrySendError::Disconnected(_))) | None => {
                shared.waiting.fetch_sub(1, Ordering::SeqCst);
                Err(Full)
            }
        }
    }

    /// Requests submitted and not yet finished (waiting or being solved).
    pub fn in_flight(&self) -> usize {
        self.shared.in_flight.load(Ordering::SeqCst)
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
            while sent < n && sender.try_send(Job::Help(Arc::clone(tables))).is_ok() {
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
            Ok(Job::Request(job)) => {
                pool.reserved.fetch_add(1, Ordering::SeqCst);
                pool.waiting.fetch_sub(1, Ordering::SeqCst);
                job(&mut solver);
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
        held.blocking_recv().unwrap().unwrap();
        assert_eq!(table.blocking_recv().unwrap(), Ok(want));
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
        assert_eq!(first.blocking_recv().unwrap(), Ok(1));
        assert_eq!(second.blocking_recv().unwrap(), Ok(2));
        let panicked = pool.submit(|_| -> u8 { panic!("boom") }).unwrap();
        assert_eq!(panicked.blocking_recv().unwrap(), Err("boom".to_string()));
        // The thread lives on.
        let after = pool.submit(|_| 4).unwrap();
        assert_eq!(after.blocking_recv().unwrap(), Ok(4));
        pool.close();
        assert_eq!(pool.submit(|_| 5).unwrap_err(), Full);
    }
}
