//! One deal on several threads: `parallel_table` and `parallel_tables_by`, and the batches
//! (`solve_tables_with`, `stream_tables_by`) with fewer deals than threads, give the tables
//! of one solver on one thread (and DDS's), whatever the thread count and whether leaders
//! are split, on list10's deals, uniformly random deals, freak deals (four voids or more)
//! and random endings.

use ddsolve::cards::DealRng;
use ddsolve::exec::pool::PoolOptions;
use ddsolve::exec::{parallel_tables_by, stream_tables_by, ParallelOptions};
use ddsolve::{parallel_table, solve_tables_with, BatchOptions, Deal, Solver, SolverBuilder};

/// The first `take` deals of the tables file `name` with DDS's 20 numbers.
fn deals_of(name: &str, take: usize) -> Vec<(Deal, Vec<u8>)> {
    let path = ddsolve_testkit::data::path(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let out: Vec<(Deal, Vec<u8>)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(take)
        .map(|line| {
            let (pbn, nums) = line.split_once('\t').expect("deal, tab, 20 numbers");
            let want = nums
                .split_whitespace()
                .map(|n| n.parse().expect("a number"))
                .collect();
            (pbn.parse().expect("valid PBN"), want)
        })
        .collect();
    assert_eq!(out.len(), take, "{name} has fewer deals than asked");
    out
}

fn check_file(name: &str, take: usize) {
    for (deal, want) in deals_of(name, take) {
        let one = Solver::new().table(&deal);
        assert_eq!(one.to_dds_order().to_vec(), want, "{name}: {deal}");
        for threads in [2, 3, 8] {
            let got = parallel_table(&deal, threads, &SolverBuilder::new());
            assert_eq!(got, one, "{name}, {threads} threads: {deal}");
        }
        for threads in [2, 3, 8] {
            let split = ParallelOptions {
                threads,
                split_leaders: true,
            };
            let got = parallel_tables_by(&[deal], &split, Solver::new);
            assert_eq!(
                got,
                [one],
                "{name}, {threads} threads, leaders split: {deal}"
            );
        }
    }
}

#[test]
fn random_deals_on_many_threads_give_one_threads_tables() {
    check_file("random-seed1-200.tsv", 6);
}

#[test]
fn freak_deals_on_many_threads_give_one_threads_tables() {
    check_file("freak-seed11-24.tsv", 3);
}

#[test]
fn several_deals_and_endings_share_the_threads() {
    let mut rng = DealRng::new(30);
    let mut deals: Vec<Deal> = (0..12u32).map(|i| rng.partial_deal(3 + i % 8)).collect();
    deals.extend((0..2).map(|_| rng.deal()));
    let want: Vec<_> = deals.iter().map(|d| Solver::new().table(d)).collect();
    for threads in [1, 2, 5, 16] {
        for split_leaders in [false, true] {
            let options = ParallelOptions {
                threads,
                split_leaders,
            };
            let got = parallel_tables_by(&deals, &options, || SolverBuilder::new().build());
            assert_eq!(got, want, "{threads} threads, split {split_leaders}");
        }
    }
    assert!(parallel_tables_by(&[], &ParallelOptions::with_threads(2), Solver::new).is_empty());
}

/// list10's deals, random deals from a seed, and freak deals (four voids or more).
fn mixed_deals() -> Vec<Deal> {
    let mut deals: Vec<Deal> = ddsolve_testkit::data::read_dds_file("list10.txt")
        .expect("list10.txt reads")
        .iter()
        .map(|e| e.deal)
        .collect();
    let mut rng = DealRng::new(77);
    deals.extend((0..3).map(|_| rng.deal()));
    deals.extend(
        deals_of("freak-seed11-24.tsv", 2)
            .into_iter()
            .map(|(d, _)| d),
    );
    deals
}

#[test]
fn batches_with_fewer_deals_than_threads_give_one_threads_tables() {
    let deals = mixed_deals();
    let want: Vec<_> = deals.iter().map(|d| Solver::new().table(d)).collect();
    let builder = SolverBuilder::new();
    for threads in [2, 3, 8] {
        let options = BatchOptions {
            threads,
            ..BatchOptions::default()
        };
        // The whole set, then batches of one to three deals (the tail of a batch).
        assert_eq!(
            solve_tables_with(&deals, &options, &builder),
            want,
            "{threads} threads"
        );
        for size in 1..=3 {
            for (c, few) in deals.chunks(size).enumerate().take(3) {
                let k = c * size;
                assert_eq!(
                    solve_tables_with(few, &options, &builder),
                    want[k..k + few.len()],
                    "{threads} threads, {size} deals from {k}"
                );
            }
        }
    }
}

#[test]
fn streams_share_their_last_deals_strains() {
    let deals = mixed_deals();
    let want: Vec<_> = deals.iter().map(|d| Solver::new().table(d)).collect();
    // A stream with a line that is not a deal, and a deal twice.
    let mut items: Vec<Option<Deal>> = deals.iter().copied().map(Some).collect();
    items.insert(2, None);
    items.push(Some(deals[0]));
    let mut expect: Vec<Option<_>> = want.iter().copied().map(Some).collect();
    expect.insert(2, None);
    expect.push(Some(want[0]));
    for threads in [1, 2, 3, 8] {
        for window in [1, 4] {
            let options = PoolOptions {
                threads,
                window: threads * window,
            };
            let mut got = Vec::new();
            stream_tables_by(items.clone(), &options, 64, Solver::new, |i, t| {
                got.push((i, t));
                Ok::<(), ()>(())
            })
            .unwrap();
            let indexed: Vec<_> = expect.iter().copied().enumerate().collect();
            assert_eq!(got, indexed, "{threads} threads, window {window}");
        }
        // Fewer deals than threads: one and two deals alone.
        for few in [&deals[11..12], &deals[13..15]] {
            let mut got = Vec::new();
            let options = PoolOptions::with_threads(threads);
            stream_tables_by(
                few.iter().copied().map(Some),
                &options,
                64,
                Solver::new,
                |_, t| {
                    got.push(t.expect("a deal's table"));
                    Ok::<(), ()>(())
                },
            )
            .unwrap();
            let k = deals.iter().position(|d| *d == few[0]).unwrap();
            assert_eq!(got, want[k..k + few.len()], "{threads} threads");
        }
    }
}

#[test]
fn a_failing_sink_stops_a_stream_of_strains() {
    let deals = mixed_deals();
    let mut seen = 0;
    let r = stream_tables_by(
        deals.iter().copied().map(Some),
        &PoolOptions::with_threads(2),
        64,
        Solver::new,
        |i, _| {
            seen += 1;
            if i == 1 {
                Err(i)
            } else {
                Ok(())
            }
        },
    );
    assert_eq!(r, Err(1));
    assert_eq!(seen, 2);
}
