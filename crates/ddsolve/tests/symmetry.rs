//! The canonical table form (`SearchConfig::symmetry`) on deals that have symmetries: card
//! values equal to the brute-force oracle's on small endings of every kind (mid-trick ones
//! too, where the cards of the trick break the hands' symmetry), and whole tables equal with
//! the switch on and off.

mod common;
use common::check_against_oracle;
use ddsolve::exec::pool::PoolOptions;
use ddsolve::exec::stream_tables_by;
use ddsolve::{BatchOptions, SearchConfig, SolverBuilder};
use ddsolve_cards::{Card, Deal, DealRng, Position, Seat, Strain, Symmetries};
use ddsolve_testkit::symmetric::{symmetric_deal, SymmetricKind};

fn builder(symmetry: bool) -> SolverBuilder {
    SolverBuilder::new().search(SearchConfig {
        symmetry,
        ..SearchConfig::default()
    })
}

/// A symmetric ending: `cards` a hand, notrump half the time (a trump suit breaks most
/// symmetries) and a random suit otherwise, a random leader, and with probability 1/3 up to
/// three cards of the first trick played.
fn ending(rng: &mut DealRng, kind: SymmetricKind, cards: u32) -> Position {
    let deal = symmetric_deal(rng, kind, cards);
    let strain = if rng.below(2) == 0 {
        Strain::NoTrump
    } else {
        Strain::ALL[rng.below(4) as usize]
    };
    let leader = Seat::ALL[rng.below(4) as usize];
    let mut pos = Position::new(deal, strain, leader);
    if rng.below(3) == 0 {
        for _ in 0..rng.below(4) {
            let legal: Vec<Card> = pos.legal_cards().iter().collect();
            pos.play_unchecked(legal[rng.below(legal.len() as u64) as usize]);
        }
    }
    pos
}

#[test]
fn card_values_match_the_oracle_on_symmetric_endings() {
    let mut rng = DealRng::new(2026);
    let mut solver = builder(true).build();
    let mut symmetric = 0;
    for round in 0..120 {
        let kind = SymmetricKind::ALL[round % 3];
        let cards = 2 + (round as u32 / 3) % 4;
        let pos = ending(&mut rng, kind, cards);
        if !Symmetries::of(pos.hands(), pos.trump()).is_trivial() {
            symmetric += 1;
        }
        solver.clear();
        check_against_oracle(&pos, &mut solver, "symmetry");
    }
    // The generator's positions keep a symmetry unless the trump suit or the played
    // cards break it: many must keep one, or the test proves nothing.
    assert!(
        symmetric >= 50,
        "only {symmetric} of 120 positions had a symmetry"
    );
}

#[test]
fn tables_are_the_same_with_and_without_symmetry() {
    let mut rng = DealRng::new(30);
    let mut on = builder(true).build();
    let mut off = builder(false).build();
    for kind in SymmetricKind::ALL {
        for cards in [7, 10] {
            let deal = symmetric_deal(&mut rng, kind, cards);
            on.clear();
            off.clear();
            assert_eq!(on.table(&deal), off.table(&deal), "{kind:?} {deal}");
        }
    }
}

#[test]
fn every_table_path_renames_strains_as_the_serial_table() {
    // Deals whose symmetries rename trump suits (a quarter or half turn), so that the
    // split paths take strains' rows from others.
    let mut rng = DealRng::new(31);
    let deals: Vec<Deal> = [
        SymmetricKind::Quarter,
        SymmetricKind::Half,
        SymmetricKind::Quarter,
    ]
    .into_iter()
    .map(|kind| symmetric_deal(&mut rng, kind, 8))
    .collect();
    for deal in &deals {
        let sources = ddsolve::search::table_sources(deal, &SearchConfig::default());
        assert!(
            sources.iter().any(Option::is_some),
            "no strain is an image: {deal}"
        );
    }
    let want: Vec<_> = deals
        .iter()
        .map(|d| builder(false).build().table(d))
        .collect();
    for threads in [1, 2, 3] {
        for (deal, want) in deals.iter().zip(&want) {
            assert_eq!(
                ddsolve::parallel_table(deal, threads, &builder(true)),
                *want,
                "parallel_table, {threads} threads, {deal}"
            );
        }
        let options = BatchOptions {
            threads,
            ..BatchOptions::default()
        };
        assert_eq!(
            ddsolve::solve_tables_with(&deals, &options, &builder(true)),
            want,
            "batch, {threads} threads"
        );
        let mut got = Vec::new();
        let make = || builder(true).build();
        stream_tables_by(
            deals.iter().copied().map(Some),
            &PoolOptions::with_threads(threads),
            64,
            make,
            |_, t| {
                got.push(t.expect("a deal's table"));
                Ok::<(), ()>(())
            },
        )
        .expect("the sink never fails");
        assert_eq!(got, want, "stream, {threads} threads");
    }
}
