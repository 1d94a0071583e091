//! ddsolve against the brute-force oracle of ddsolve-testkit on small endings.
//!
//! Input: bytes 0..8 seed a `DealRng` that makes a random ending (mid-trick ones included)
//! of 1..=5 cards a hand (byte 8); byte 9 switches search enhancements off, so that every
//! configuration is checked. The solver's tricks and every card's value must equal the
//! oracle's.
#![no_main]

use ddsolve_cards::DealRng;
use ddsolve_search::{Config, OrderingKind, Solutions, Solver, Target};
use ddsolve_testkit::oracle;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 10 {
        return;
    }
    let seed = u64::from_le_bytes(data[..8].try_into().expect("8 bytes"));
    let cards = 1 + u32::from(data[8]) % oracle::MAX_CARDS_PER_HAND;
    let flags = data[9];
    let pos = oracle::random_ending_of(&mut DealRng::new(seed), cards);

    let config = Config {
        quick_tricks: flags & 1 == 0,
        later_tricks: flags & 2 == 0,
        transposition_table: flags & 4 == 0,
        etc: flags & 8 == 0,
        small_card_filter: flags & 16 == 0,
        ordering: match (flags >> 5) & 3 {
            0 => OrderingKind::Tuned,
            1 => OrderingKind::Paper,
            _ => OrderingKind::Rank,
        },
        ..Config::default()
    };
    let mut solver = Solver::with_config(config);
    let want = oracle::tricks(&pos);
    let got = solver.tricks(&pos);
    assert_eq!(u32::from(got), want, "tricks of {pos:?} with {config:?}");

    let sol = solver
        .solve(&pos, Target::Max, Solutions::All)
        .expect("an unfinished position solves");
    for (card, value) in oracle::card_values(&pos) {
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
});
