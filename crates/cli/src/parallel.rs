//! Ordered parallel map: items are handed out to worker threads, each with its own state
//! (a solver), and results come back to the caller in item order.

use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// The number of worker threads: `requested`, or every core.
pub fn thread_count(requested: Option<NonZeroUsize>) -> usize {
    requested
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get)
}

/// Runs `work` on every item on up to `threads` threads, each owning the state made by `init`,
/// and passes each result to `sink` in item order (as soon as all earlier results are in).
///
/// Workers take the next item from a shared counter and send results over a channel; nothing
/// else is shared. If `sink` fails, workers stop after their current item and the error is
/// returned. With one thread (or one item) everything runs on the calling thread.
pub fn ordered_map<T, S, R, E>(
    items: &[T],
    threads: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &T) -> R + Sync,
    mut sink: impl FnMut(usize, R) -> Result<(), E>,
) -> Result<(), E>
where
    T: Sync,
    R: Send,
{
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        let mut state = init();
        for (i, item) in items.iter().enumerate() {
            sink(i, work(&mut state, item))?;
        }
        return Ok(());
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (next, stop, init, work) = (&next, &stop, &init, &work);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, R)>();
        for _ in 0..threads {
            let tx = tx.clone();
            scope.spawn(move || {
                let mut state = init();
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    if tx.send((i, work(&mut state, item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut wanted = 0;
        for (i, r) in rx {
            pending.insert(i, r);
            while let Some(r) = pending.remove(&wanted) {
                if let Err(e) = sink(wanted, r) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                wanted += 1;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_order_whatever_the_thread_count() {
        let items: Vec<u64> = (0..200).collect();
        for threads in [1, 2, 3, 8] {
            let mut got = Vec::new();
            ordered_map(
                &items,
                threads,
                || 0u64,
                |calls, &x| {
                    *calls += 1;
                    // Uneven work so that results arrive out of order.
                    std::thread::sleep(std::time::Duration::from_micros((x * 7919) % 300));
                    x * x
                },
                |i, r| {
                    got.push((i, r));
                    Ok::<(), ()>(())
                },
            )
            .unwrap();
            let want: Vec<(usize, u64)> = items.iter().map(|&x| (x as usize, x * x)).collect();
            assert_eq!(got, want, "threads {threads}");
        }
    }

    #[test]
    fn a_failing_sink_stops_the_work() {
        let items: Vec<u32> = (0..1000).collect();
        let done = AtomicUsize::new(0);
        let r = ordered_map(
            &items,
            4,
            || (),
            |(), &x| {
                done.fetch_add(1, Ordering::Relaxed);
                std::thread::sleep(std::time::Duration::from_micros(100));
                x
            },
            |i, _| if i == 10 { Err(i) } else { Ok(()) },
        );
        assert_eq!(r, Err(10));
        assert!(done.load(Ordering::Relaxed) < 1000);
    }
}
