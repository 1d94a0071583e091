//! The solver threads: a fixed number of OS threads, each owning a [`Solver`], fed by one
//! bounded queue. The async side only submits a job and awaits its answer on a oneshot
//! channel, so solving never runs on (or blocks) the async runtime's threads.
//!
//! A job that finds its requester gone when a thread takes it (the request timed out, or
//! the client hung up) is dropped unsolved; one already being solved runs to its end in the
//! background and its answer is discarded. A panicking job (a bug) answers an error and its
//! thread goes on with a fresh solver.

use ddsolve::{Solver, SolverBuilder};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::oneshot;

/// A solver thread's solver, made when first needed and remade after a job takes it.
#[derive(Debug)]
pub struct WorkerSolver {
    config: SolverBuilder,
    solver: Option<Solver>,
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
}

/// A job: runs on a solver thread with its solver.
type Job = Box<dyn FnOnce(&mut WorkerSolver) + Send>;

/// The queue is full: the job was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full;

/// The answer of a job: its result, or the message of its panic.
pub type JobResult<R> = Result<R, String>;

/// A fixed pool of solver threads behind a bounded queue.
#[derive(Debug)]
pub struct SolverPool {
    sender: Mutex<Option<SyncSender<Job>>>,
    in_flight: Arc<AtomicUsize>,
    threads: usize,
    capacity: usize,
}

/// Counts a job as in flight from its submission until it is dropped (done or not).
struct InFlight(Arc<AtomicUsize>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl SolverPool {
    /// Starts `threads` solver threads (solvers built with `config`) behind a queue of
    /// `capacity` jobs.
    pub fn new(
        threads: usize,
        capacity: usize,
        config: SolverBuilder,
    ) -> std::io::Result<SolverPool> {
        let (sender, receiver) = sync_channel::<Job>(capacity.max(1));
        let receiver = Arc::new(Mutex::new(receiver));
        for i in 0..threads.max(1) {
            let receiver = Arc::clone(&receiver);
            std::thread::Builder::new()
                .name(format!("ddsolve-solver-{i}"))
                .spawn(move || work(&receiver, config))?;
        }
        Ok(SolverPool {
            sender: Mutex::new(Some(sender)),
            in_flight: Arc::new(AtomicUsize::new(0)),
            threads: threads.max(1),
            capacity: capacity.max(1),
        })
    }

    /// Queues `job`, or says the queue is full (at once, never waiting). The receiver gets
    /// the job's result, or the message of its panic; it is closed without a value if the
    /// pool was shut down first.
    pub fn submit<R, F>(&self, job: F) -> Result<oneshot::Receiver<JobResult<R>>, Full>
    where
        R: Send + 'static,
        F: FnOnce(&mut WorkerSolver) -> R + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        let guard = InFlight(Arc::clone(&self.in_flight));
        let boxed: Job = Box::new(move |solver: &mut WorkerSolver| {
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
        let sender = self.sender.lock().unwrap_or_else(PoisonError::into_inner);
        match sender.as_ref().map(|s| s.try_send(boxed)) {
            Some(Ok(())) => Ok(rx),
            // Full, or shut down: the job (and its in-flight guard) is dropped here.
            Some(Err(TrySendError::Full(_) | TrySendError::Disconnected(_))) | None => Err(Full),
        }
    }

    /// Jobs submitted and not yet finished (waiting or being solved).
    pub fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::SeqCst)
    }

    /// The solver threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The queue's capacity: jobs that may wait for a thread.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Takes no more jobs; the threads end once the queue is empty.
    pub fn close(&self) {
        self.sender
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
    }
}

/// A solver thread: takes jobs until the queue is closed and empty.
fn work(receiver: &Mutex<Receiver<Job>>, config: SolverBuilder) {
    let mut solver = WorkerSolver {
        config,
        solver: None,
    };
    loop {
        let job = receiver
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .recv();
        match job {
            Ok(job) => job(&mut solver),
            Err(_) => break,
        }
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
