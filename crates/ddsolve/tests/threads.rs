//! No shared state: many solvers on many threads at once, on the same deals, give exactly
//! what one solver gives alone.
//!
//! The work: 6 full deals' tables and 14 endings (tables, and every card's value in a
//! position of each, some in mid-trick). The reference is one solver on one thread, in input
//! order. Then, all at the same time: 8 threads, each with its own solver, each going through
//! the whole work starting at a different item (so each solver has another history when it
//! meets a deal, and the threads meet the same deals at the same moment), and `solve_tables`
//! with 4 worker threads on the same deals. Every table and every card's value must equal the
//! reference.

use ddsolve::{solve_tables, DdTable, Solutions, Solver, Target};
use ddsolve_cards::{Deal, DealRng, Position, Seat, Strain};

/// What is solved: deals for tables, positions for card values.
struct Work {
    deals: Vec<Deal>,
    positions: Vec<Position>,
}

/// A result of one item: a table, or the sorted (card's bit index, equal ranks, tricks) of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    Table(DdTable),
    Cards(Vec<(u32, u16, u8)>),
}

fn work() -> Work {
    let mut rng = DealRng::new(0x7472_6561_6473);
    let mut deals: Vec<Deal> = (0..6).map(|_| rng.deal()).collect();
    deals.extend((0..14u32).map(|i| rng.partial_deal(4 + i % 6)));
    let mut positions = Vec::new();
    for (i, deal) in deals.iter().enumerate().skip(6) {
        let trump = Strain::ALL[i % 5];
        let leader = Seat::ALL[i % 4];
        let mut pos = Position::new(*deal, trump, leader);
        // Every other ending in mid-trick: the first legal cards of one to three hands.
        for _ in 0..(i % 2) * (1 + i % 3) {
            let card = pos.legal_cards().iter().next().expect("a card to play");
            pos.play(card).expect("a legal card plays");
        }
        positions.push(pos);
    }
    Work { deals, positions }
}

/// Item `i` of the work (deals first, then positions) with `solver`.
fn answer(solver: &mut Solver, work: &Work, i: usize) -> Answer {
    match work.deals.get(i) {
        Some(deal) => Answer::Table(solver.table(deal)),
        None => {
            let pos = &work.positions[i - work.deals.len()];
            let sol = solver
                .solve(pos, Target::Max, Solutions::All)
                .expect("an unfinished position solves");
            // Cards of equal value may come in another order after another history: compare
            // the values, not the order.
            let mut cards: Vec<_> = sol
                .cards
                .iter()
                .map(|cv| (cv.card.bit_index(), cv.equals.bits(), cv.tricks))
                .collect();
            cards.sort();
            Answer::Cards(cards)
        }
    }
}

fn items(work: &Work) -> usize {
    work.deals.len() + work.positions.len()
}

#[test]
fn many_solvers_at_once_agree_with_one_alone() {
    let work = work();
    let n = items(&work);
    let mut solver = Solver::new();
    let reference: Vec<Answer> = (0..n).map(|i| answer(&mut solver, &work, i)).collect();

    let threads = 8;
    let (per_thread, batch) = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let work = &work;
                scope.spawn(move || {
                    let mut solver = Solver::new();
                    let start = t * n / threads;
                    let mut got: Vec<(usize, Answer)> = (0..n)
                        .map(|k| (start + k) % n)
                        .map(|i| (i, answer(&mut solver, work, i)))
                        .collect();
                    got.sort_by_key(|(i, _)| *i);
                    got.into_iter().map(|(_, a)| a).collect::<Vec<_>>()
                })
            })
            .collect();
        let batch = scope.spawn(|| solve_tables(&work.deals, 4));
        let per_thread: Vec<Vec<Answer>> = handles
            .into_iter()
            .map(|h| h.join().expect("a solver thread finishes"))
            .collect();
        (per_thread, batch.join().expect("the batch finishes"))
    });

    for (t, answers) in per_thread.iter().enumerate() {
        for (i, (got, want)) in answers.iter().zip(&reference).enumerate() {
            assert_eq!(got, want, "thread {t}, item {i}");
        }
    }
    assert_eq!(batch.len(), work.deals.len());
    for (i, table) in batch.iter().enumerate() {
        assert_eq!(
            &Answer::Table(*table),
            &reference[i],
            "solve_tables, deal {}",
            work.deals[i]
        );
    }
}

/// Deals given twice in one batch, and batches of 1, 2 and 4 threads: the same tables.
#[test]
fn batches_do_not_depend_on_the_thread_count() {
    // Two full deals and the endings (the full deals are the slow part).
    let mut deals = work().deals[4..].to_vec();
    let distinct = deals.len();
    deals.extend_from_within(..3);
    let one = solve_tables(&deals, 1);
    for threads in [2, 4] {
        assert_eq!(solve_tables(&deals, threads), one, "{threads} threads");
    }
    assert_eq!(&one[distinct..], &one[..3]);
}
