//! The one worker pool of ddsolve: an ordered parallel map over a stream of items, one state
//! (a solver) per worker thread, and the removal of duplicates.
//!
//! [`ordered_map`] takes items from an iterator (a slice, or lines arriving on a pipe), works
//! on them on worker threads that each own a state made by a factory, and hands every result
//! to a sink in input order as soon as it and every earlier one are done. At most
//! [`PoolOptions::window`] items are in flight (taken but not yet handed to the sink), so a
//! stream of millions of items runs in constant memory. [`ordered_map_dedup`] does the same
//! with identical items worked on once; [`dedup`] removes duplicates from a slice.
//! [`map_in_order`] is the everyday form for a batch: every result kept and returned in
//! order, with no sink and no error to handle.
//!
//! The library's batches ([`crate::solve_tables_by`], [`crate::solve_positions_by`]), the
//! command line's streams and every front end's batches all run here.
//!
//! The pool is written here rather than taken from rayon, which the workspace does not use:
//! rayon's parallel iterator over a stream (`par_bridge`) gives up the input order,
//! `map_init` makes a state per split of the work rather than per thread (a solver and its
//! table each), and an ordered, bounded, streaming sink would have to be built on top of it
//! anyway (collecting whole chunks would make each chunk wait for its slowest item).
//!
//! ```
//! use ddsolve_exec::pool::{ordered_map, PoolOptions};
//!
//! let mut squares = Vec::new();
//! ordered_map(
//!     1..=100u64,
//!     &PoolOptions::with_threads(2),
//!     || 0u64,                         // each worker's state
//!     |calls, x| { *calls += 1; x * x },
//!     |i, r| { squares.push((i, r)); Ok::<(), ()>(()) },
//! )
//! .unwrap();
//! assert_eq!(squares[9], (9, 100)); // in input order, whatever the thread that did it
//! ```

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::hash::Hash;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex, OnceLock, PoisonError};

/// How [`ordered_map`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolOptions {
    /// Worker threads, each with its own state (at least 1 is used). With 1, everything runs
    /// on the calling thread, one item at a time.
    pub threads: usize,
    /// At most this many items are in flight: taken from the iterator and not yet handed to
    /// the sink (at least `threads` are allowed). Bounds the memory of a stream; a batch whose
    /// results are all kept anyway can use `usize::MAX`.
    pub window: usize,
}

impl PoolOptions {
    /// `threads` workers and a window of 4 items per worker: enough to keep every worker busy
    /// while one item is slow, little memory.
    pub fn with_threads(threads: usize) -> PoolOptions {
        PoolOptions {
            threads,
            window: threads.max(1).saturating_mul(4),
        }
    }
}

impl Default for PoolOptions {
    /// One worker per core ([`default_threads`]).
    fn default() -> PoolOptions {
        PoolOptions::with_threads(default_threads())
    }
}

/// The number of cores, the default number of workers (1 if it cannot be told).
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// Runs `work` on every item of `items` on `options.threads` worker threads, each owning the
/// state that `init` makes for it (when it gets its first item), and passes each result with its item's index (from 0) to
/// `sink`, in item order, as soon as it and every earlier result are done.
///
/// The items are read on a thread of their own, so a result reaches the sink even while the
/// iterator waits for its next item (a pipe); the sink runs on the calling thread. At most
/// `options.window` items are in flight. If `sink` fails, no further item is taken, workers
/// stop after their current item, and the error is returned once the threads have ended (an
/// iterator blocked in a read ends when its read returns). A panic in `work` or in the
/// iterator stops the pool and is resumed on the calling thread.
///
/// With one thread (or a window of one), everything runs on the calling thread: each item is
/// worked on and handed to the sink before the next is taken.
pub fn ordered_map<I, S, R, E>(
    items: impl IntoIterator<Item = I, IntoIter: Send>,
    options: &PoolOptions,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, I) -> R + Sync,
    mut sink: impl FnMut(usize, R) -> Result<(), E>,
) -> Result<(), E>
where
    I: Send,
    R: Send,
{
    let threads = options.threads.max(1);
    let window = options.window.max(threads);
    let items = items.into_iter();
    if threads == 1 {
        let mut state = init();
        for (i, item) in items.enumerate() {
            let r = item_span(i).in_scope(|| work(&mut state, item));
            sink(i, r)?;
        }
        return Ok(());
    }

    let flight = Flight::new(window);
    let (flight, init, work) = (&flight, &init, &work);
    let (job_tx, job_rx) = mpsc::channel::<(usize, I)>();
    let job_rx = Mutex::new(job_rx);
    let job_rx = &job_rx;
    let (done_tx, done_rx) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let _guard = StopOnPanic(flight);
            let mut items = items.enumerate();
            // Room first, then the item: no item waits outside the window.
            while flight.take() {
                let Some(job) = items.next() else { break };
                if job_tx.send(job).is_err() {
                    break;
                }
            }
            // Dropping `job_tx` lets the workers end when the queue is empty.
        });
        for _ in 0..threads {
            let done_tx = done_tx.clone();
            scope.spawn(move || {
                let _guard = StopOnPanic(flight);
                // Made with the worker's first item: a worker that gets none makes none.
                let mut state: Option<S> = None;
                loop {
                    if flight.stopped() {
                        break;
                    }
                    let job = job_rx.lock().unwrap_or_else(PoisonError::into_inner).recv();
                    let Ok((i, item)) = job else { break };
                    let state = state.get_or_insert_with(init);
                    let r = item_span(i).in_scope(|| work(state, item));
                    if done_tx.send((i, r)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut pending: BTreeMap<usize, R> = BTreeMap::new();
        let mut wanted = 0;
        for (i, r) in done_rx {
            pending.insert(i, r);
            while let Some(r) = pending.remove(&wanted) {
                if let Err(e) = sink(wanted, r) {
                    flight.stop();
                    return Err(e);
                }
                wanted += 1;
                flight.give_back();
            }
        }
        Ok(())
    })
}

/// The results of `work` on every item of `items`, in item order: [`ordered_map`] on
/// `threads` worker threads (never more than there are items), each owning the state that
/// `init` makes for it, every result kept. The everyday form of the pool, for work that
/// cannot fail and whose results are all wanted at the end (a batch); a stream, or a sink
/// that can fail or report progress, uses [`ordered_map`].
///
/// ```
/// use ddsolve_exec::map_in_order;
///
/// let lengths = map_in_order(2, ["a", "bb", "ccc"], Vec::new, |seen, s| {
///     seen.push(s); // each worker's own state
///     s.len()
/// });
/// assert_eq!(lengths, [1, 2, 3]);
/// ```
pub fn map_in_order<I, S, R>(
    threads: usize,
    items: impl IntoIterator<Item = I, IntoIter: Send>,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, I) -> R + Sync,
) -> Vec<R>
where
    I: Send,
    R: Send,
{
    let items = items.into_iter();
    let (fewest, most) = items.size_hint();
    let options = PoolOptions {
        threads: threads.clamp(1, most.unwrap_or(usize::MAX).max(1)),
        // Every result is kept anyway: no need to hold the workers back.
        window: usize::MAX,
    };
    let mut out = Vec::with_capacity(fewest);
    let Ok(()) = ordered_map(items, &options, init, work, |_, r| {
        out.push(r);
        Ok::<(), std::convert::Infallible>(())
    });
    out
}

/// The `tracing` span of the work on item `i` (from 0): `item{index=i}`.
fn item_span(i: usize) -> tracing::Span {
    tracing::debug_span!("item", index = i)
}

/// [`ordered_map`] with identical items worked on once: an item whose `key` equals that of
/// one of the last `capacity` distinct keys gets a clone of that item's result (an item with
/// no key is always worked on). The results reach `sink` exactly as [`ordered_map`] would
/// hand them, in item order; memory stays bounded by `capacity` keys and results.
///
/// ```
/// use ddsolve_exec::pool::{ordered_map_dedup, PoolOptions};
/// use std::sync::atomic::{AtomicUsize, Ordering};
///
/// let worked = AtomicUsize::new(0);
/// let mut out = Vec::new();
/// ordered_map_dedup(
///     ["a", "b", "a", "a", "c"],
///     &PoolOptions::with_threads(2),
///     1000,
///     |s: &&str| Some(s.to_string()),
///     || (),
///     |(), s| { worked.fetch_add(1, Ordering::Relaxed); s.to_uppercase() },
///     |_, r| { out.push(r); Ok::<(), ()>(()) },
/// )
/// .unwrap();
/// assert_eq!(out, ["A", "B", "A", "A", "C"]);
/// assert_eq!(worked.load(Ordering::Relaxed), 3);
/// ```
pub fn ordered_map_dedup<I, K, S, R, E>(
    items: impl IntoIterator<Item = I, IntoIter: Send>,
    options: &PoolOptions,
    capacity: usize,
    key: impl Fn(&I) -> Option<K> + Send,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, I) -> R + Sync,
    mut sink: impl FnMut(usize, R) -> Result<(), E>,
) -> Result<(), E>
where
    I: Send,
    K: Eq + Hash + Clone + Send,
    R: Clone + Send + Sync,
{
    /// An item to work on (with the slot its result goes to if later items repeat it), or a
    /// repeat of an earlier item.
    enum Job<I, R> {
        Work(I, Arc<OnceLock<R>>),
        Plain(I),
        Repeat(Arc<OnceLock<R>>),
    }
    /// A result, or the slot of the earlier result it repeats: that item comes first, and
    /// its worker fills the slot before sending its result, so the slot is full when the
    /// repeat reaches the sink.
    enum Done<R> {
        Value(R),
        Repeat(Arc<OnceLock<R>>),
    }
    let mut seen: Dedup<K, Arc<OnceLock<R>>> = Dedup::new(capacity);
    let jobs = items.into_iter().map(move |item| match key(&item) {
        None => Job::Plain(item),
        Some(k) => match seen.insert_with(k, || Arc::new(OnceLock::new())) {
            (_, slot, true) => Job::Work(item, Arc::clone(slot)),
            (_, slot, false) => Job::Repeat(Arc::clone(slot)),
        },
    });
    ordered_map(
        jobs,
        options,
        init,
        |state, job| match job {
            Job::Plain(item) => Done::Value(work(state, item)),
            Job::Work(item, slot) => {
                let r = work(state, item);
                // Only this job sets its slot.
                let _ = slot.set(r.clone());
                Done::Value(r)
            }
            Job::Repeat(slot) => Done::Repeat(slot),
        },
        |i, done| match done {
            Done::Value(r) => sink(i, r),
            Done::Repeat(slot) => {
                let r = slot.get().expect("an earlier item fills the slot first");
                sink(i, r.clone())
            }
        },
    )
}

/// The distinct items of `items` in order of first appearance, and for each item the index
/// of its distinct item.
///
/// ```
/// let (unique, of_input) = ddsolve_exec::pool::dedup(&["a", "b", "a"]);
/// assert_eq!(unique, ["a", "b"]);
/// assert_eq!(of_input, [0, 1, 0]);
/// ```
pub fn dedup<T: Clone + Eq + Hash>(items: &[T]) -> (Vec<T>, Vec<usize>) {
    let mut seen: Dedup<&T, ()> = Dedup::new(usize::MAX);
    let mut unique = Vec::new();
    let of_input = items
        .iter()
        .map(|item| {
            let (u, (), first) = seen.insert_with(item, || ());
            if first {
                unique.push(item.clone());
            }
            u
        })
        .collect();
    (unique, of_input)
}

/// Distinct keys numbered in order of first appearance, each with a value; only the last
/// `capacity` distinct keys are remembered (the oldest is forgotten first).
#[derive(Debug)]
struct Dedup<K, V> {
    index: HashMap<K, (usize, V)>,
    order: VecDeque<K>,
    capacity: usize,
    distinct: usize,
}

impl<K: Eq + Hash + Clone, V> Dedup<K, V> {
    fn new(capacity: usize) -> Dedup<K, V> {
        Dedup {
            index: HashMap::new(),
            order: VecDeque::new(),
            capacity: capacity.max(1),
            distinct: 0,
        }
    }

    /// The number of `key`'s distinct item, its value (made by `value` if the key is new, or
    /// was forgotten) and whether it is new.
    fn insert_with(&mut self, key: K, value: impl FnOnce() -> V) -> (usize, &V, bool) {
        let mut first = false;
        if !self.index.contains_key(&key) {
            if self.order.len() == self.capacity {
                if let Some(old) = self.order.pop_front() {
                    self.index.remove(&old);
                }
            }
            if self.capacity != usize::MAX {
                self.order.push_back(key.clone());
            }
            self.index.insert(key.clone(), (self.distinct, value()));
            self.distinct += 1;
            first = true;
        }
        let (u, v) = &self.index[&key];
        (*u, v, first)
    }
}

/// The items in flight and whether the pool stops: the reader waits here for room.
#[derive(Debug)]
struct Flight {
    count: Mutex<usize>,
    room: Condvar,
    window: usize,
    stop: AtomicBool,
}

impl Flight {
    fn new(window: usize) -> Flight {
        Flight {
            count: Mutex::new(0),
            room: Condvar::new(),
            window,
            stop: AtomicBool::new(false),
        }
    }

    /// Waits for room for one more item and takes it; `false` if the pool stops.
    fn take(&self) -> bool {
        let mut count = self.count.lock().unwrap_or_else(PoisonError::into_inner);
        while *count >= self.window && !self.stopped() {
            count = self
                .room
                .wait(count)
                .unwrap_or_else(PoisonError::into_inner);
        }
        if self.stopped() {
            return false;
        }
        *count += 1;
        true
    }

    /// One item has left (its result reached the sink).
    fn give_back(&self) {
        let mut count = self.count.lock().unwrap_or_else(PoisonError::into_inner);
        *count -= 1;
        self.room.notify_one();
    }

    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        let _count = self.count.lock().unwrap_or_else(PoisonError::into_inner);
        self.room.notify_all();
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Stops the pool if its thread unwinds, so that no other thread waits for a result that
/// will never come.
struct StopOnPanic<'a>(&'a Flight);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::time::Duration;

    fn squares_in_order(threads: usize, window: usize) {
        let items: Vec<u64> = (0..300).collect();
        let mut got = Vec::new();
        ordered_map(
            items.iter().copied(),
            &PoolOptions { threads, window },
            || 0u64,
            |calls, x| {
                *calls += 1;
                // Uneven work so that results arrive out of order.
                std::thread::sleep(Duration::from_micros((x * 7919) % 300));
                x * x
            },
            |i, r| {
                got.push((i, r));
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        let want: Vec<(usize, u64)> = items.iter().map(|&x| (x as usize, x * x)).collect();
        assert_eq!(got, want, "threads {threads} window {window}");
    }

    #[test]
    fn results_come_in_order_whatever_the_threads_and_window() {
        for (threads, window) in [(1, 1), (2, 2), (3, 5), (8, 32), (4, usize::MAX)] {
            squares_in_order(threads, window);
        }
    }

    #[test]
    fn the_window_bounds_the_items_in_flight() {
        let taken = AtomicUsize::new(0);
        let mut most = 0;
        let window = 6;
        ordered_map(
            (0..500u32).inspect(|_| {
                taken.fetch_add(1, Ordering::SeqCst);
            }),
            &PoolOptions { threads: 3, window },
            || (),
            |(), x| {
                std::thread::sleep(Duration::from_micros(u64::from(x % 7) * 50));
                x
            },
            |i, _| {
                // Items taken and not yet handed over, this one included.
                most = most.max(taken.load(Ordering::SeqCst) - i);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert!(most <= window, "{most} in flight");
    }

    #[test]
    fn a_failing_sink_stops_the_work() {
        let done = AtomicUsize::new(0);
        let r = ordered_map(
            0..100_000u32,
            &PoolOptions::with_threads(4),
            || (),
            |(), x| {
                done.fetch_add(1, Ordering::Relaxed);
                std::thread::sleep(Duration::from_micros(100));
                x
            },
            |i, _| if i == 10 { Err(i) } else { Ok(()) },
        );
        assert_eq!(r, Err(10));
        assert!(done.load(Ordering::Relaxed) < 100);
    }

    #[test]
    fn a_result_is_delivered_while_the_next_item_is_awaited() {
        // The iterator blocks until the sink has seen the first result: this finishes only
        // if results flow while the reader waits.
        let (seen_tx, seen_rx) = mpsc::channel::<()>();
        let seen_rx = Mutex::new(seen_rx);
        let items = (0..3u32).inspect(move |&i| {
            if i == 1 {
                seen_rx.lock().unwrap().recv().unwrap();
            }
        });
        let mut got = Vec::new();
        ordered_map(
            items,
            &PoolOptions::with_threads(2),
            || (),
            |(), x| x + 1,
            |_, r| {
                got.push(r);
                let _ = seen_tx.send(());
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(got, [1, 2, 3]);
    }

    #[test]
    fn a_panic_in_a_worker_reaches_the_caller() {
        let r = std::panic::catch_unwind(|| {
            ordered_map(
                0..1000u32,
                &PoolOptions {
                    threads: 2,
                    window: 4,
                },
                || (),
                |(), x| {
                    assert!(x != 17, "item 17");
                    x
                },
                |_, _| Ok::<(), ()>(()),
            )
        });
        assert!(r.is_err());
    }

    #[test]
    fn each_worker_has_its_own_state() {
        let made = AtomicUsize::new(0);
        let mut total = 0;
        ordered_map(
            0..200u32,
            &PoolOptions::with_threads(3),
            || {
                made.fetch_add(1, Ordering::Relaxed);
                Vec::<u32>::new()
            },
            |mine, x| {
                mine.push(x);
                mine.len()
            },
            |_, n| {
                total += usize::from(n == 1);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        // Every state made saw its first item once: states are made for work only.
        assert_eq!(total, made.load(Ordering::Relaxed));
        assert!((1..=3).contains(&total));
    }

    #[test]
    fn duplicates_are_worked_once_within_the_capacity() {
        let items: Vec<u32> = (0..400).map(|i| (i * 37) % 50).collect();
        for (threads, capacity) in [(1, 1000), (3, 1000), (3, 5)] {
            let worked = AtomicUsize::new(0);
            let mut got = Vec::new();
            ordered_map_dedup(
                items.iter().copied(),
                &PoolOptions::with_threads(threads),
                capacity,
                |&x| (x % 10 != 3).then_some(x),
                || (),
                |(), x| {
                    worked.fetch_add(1, Ordering::Relaxed);
                    x * 2
                },
                |i, r| {
                    got.push((i, r));
                    Ok::<(), ()>(())
                },
            )
            .unwrap();
            let want: Vec<(usize, u32)> =
                items.iter().enumerate().map(|(i, &x)| (i, x * 2)).collect();
            assert_eq!(got, want);
            let worked = worked.load(Ordering::Relaxed);
            let keyless = items.iter().filter(|&&x| x % 10 == 3).count();
            if capacity >= 50 {
                assert_eq!(worked, 45 + keyless, "threads {threads}");
            } else {
                assert!(worked > 45 + keyless, "a small capacity forgets");
            }
        }
    }

    #[test]
    fn map_in_order_keeps_every_result_in_order() {
        let items: Vec<u64> = (0..200).collect();
        let want: Vec<u64> = items.iter().map(|x| x * 3).collect();
        for threads in [0, 1, 2, 5, 1000] {
            let got = map_in_order(
                threads,
                &items,
                || (),
                |(), &x| {
                    // Uneven work so that results arrive out of order.
                    std::thread::sleep(Duration::from_micros((x * 7919) % 200));
                    x * 3
                },
            );
            assert_eq!(got, want, "threads {threads}");
        }
        let none: Vec<u64> = map_in_order(4, Vec::<u64>::new(), || (), |(), x| x);
        assert!(none.is_empty());
        // Never more workers than items: each of the two makes at most one state.
        let made = AtomicUsize::new(0);
        let got = map_in_order(
            8,
            [1, 2],
            || made.fetch_add(1, Ordering::Relaxed),
            |_, x: u8| x,
        );
        assert_eq!(got, [1, 2]);
        assert!(made.load(Ordering::Relaxed) <= 2);
    }

    #[test]
    fn dedup_numbers_distinct_items() {
        let (unique, of_input) = dedup(&[3, 1, 3, 2, 1]);
        assert_eq!(unique, [3, 1, 2]);
        assert_eq!(of_input, [0, 1, 0, 2, 1]);
        let (unique, of_input) = dedup::<u8>(&[]);
        assert!(unique.is_empty() && of_input.is_empty());
    }
}
