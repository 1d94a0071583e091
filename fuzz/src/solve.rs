//! The check of the `solve_small` fuzz target: ddsolve against the brute-force oracle of
//! ddsolve-testkit on small endings.
//!
//! Input: bytes 0..8 seed a `DealRng` that makes a random ending (mid-trick ones included)
//! of 1..=5 cards a hand (byte 8); byte 9 switches search enhancements off and picks the
//! ordering and the driver, byte 10 (if there is one) the table (its value mod 3: flat,
//! forest, pattern), so that every configuration is checked. The solver's tricks and every
//! card's value must equal the oracle's.
//!
//! This file uses only `ddsolve_cards`, `ddsolve` (the front crate) and `ddsolve_testkit`,
//! so that the corpus replay test of the main workspace (`crates/ddsolve/tests/fuzz_corpus.rs`)
//! includes it as a module and runs the very code the fuzzer ran.

use ddsolve::{Driver, OrderingKind, SearchConfig, Solutions, SolverBuilder, Target, TtKind};
use ddsolve_cards::DealRng;
use ddsolve_testkit::oracle;

/// See the module's documentation.
pub fn solve_small(data: &[u8]) {
    if data.len() < 10 {
        return;
    }
    let seed = u64::from_le_bytes(data[..8].try_into().expect("8 bytes"));
    let cards = 1 + u32::from(data[8]) % oracle::MAX_CARDS_PER_HAND;
    let flags = data[9];
    let pos = oracle::random_ending_of(&mut DealRng::new(seed), cards);

    let search = SearchConfig {
        quick_tricks: flags & 1 == 0,
        later_tricks: flags & 2 == 0,
        transposition_table: flags & 4 == 0,
        etc: flags & 8 == 0,
        small_card_filter: flags & 16 == 0,
        driver: if flags & 128 == 0 {
            Driver::Mtdf
        } else {
            Driver::Step
        },
        ..SearchConfig::default()
    };
    let config = SolverBuilder::new()
        .search(search)
        .ordering(match (flags >> 5) & 3 {
            0 => OrderingKind::Tuned,
            1 => OrderingKind::Paper,
            2 => OrderingKind::Rank,
            _ => OrderingKind::Cutoff,
        })
        .tt(match data.get(10).map(|b| b % 3) {
            Some(1) => TtKind::Forest,
            Some(2) => TtKind::Pattern,
            _ => TtKind::Flat,
        });
    let mut solver = config.build();
    // The oracle's tricks are its best card's value (one oracle search fewer: the oracle is
    // most of the time of a run).
    let values = oracle::card_values(&pos);
    let want = values.iter().map(|&(_, v)| v).max().expect("a legal card");
    let got = solver.tricks(&pos);
    assert_eq!(u32::from(got), want, "tricks of {pos:?} with {config:?}");

    let sol = solver
        .solve(&pos, Target::Max, Solutions::All)
        .expect("an unfinished position solves");
    for (card, value) in values {
        let cv = sol
            .cards
            .iter()
            .find(|cv| cv.card.suit() == card.suit() && cv.equals.contains(card.rank()))
            .unwrap_or_else(|| panic!("{card} missing from {:?} for {pos:?}", sol.cards));
        assert_eq!(
            u32::from(cv.tricks),
            value,
            "value of {card} in {pos:?} with {config:?}"
        );
    }
}
