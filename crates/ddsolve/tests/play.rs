//! Play analysis against DDS's `TRACE` lines, its errors, and parallel batches against
//! sequential solving.

use ddsolve::search::{play_positions, PlayDriver, PlayOptions, PlayOrder};
use ddsolve::{
    solve_positions, solve_tables, solve_tables_with, BatchOptions, BatchOrder, PlayAnalysisError,
    Solver, SolverBuilder,
};
use ddsolve_cards::{Card, Deal, PlayError, Seat, Strain};
use ddsolve_formats::dds_file::Entry;
use ddsolve_testkit::data;

fn entries(name: &str) -> Vec<Entry> {
    data::read_dds_file(name).unwrap_or_else(|e| panic!("{e}"))
}

/// The entries of `name` with a `PLAY` and a `TRACE` line, at most `n` of them.
fn plays(name: &str, n: usize) -> Vec<Entry> {
    entries(name)
        .into_iter()
        .filter(|e| e.play.is_some() && e.trace.is_some())
        .take(n)
        .collect()
}

/// Compares an analysis with the entry's trace (as many values as the trace has).
fn check(e: &Entry, got: &[u8]) {
    let want = e.trace.as_ref().unwrap();
    let play = e.play.as_ref().unwrap();
    assert!(want.len() <= got.len());
    assert_eq!(got.len(), play.len() + 1);
    assert_eq!(
        &got[..want.len()],
        &want[..],
        "entry {} (line {}): deal {} trump {} leader {}",
        e.number,
        e.line,
        e.deal,
        e.trump,
        e.first
    );
}

#[test]
fn first_20_plays_of_list100_match_trace() {
    let es = plays("list100.txt", 20);
    assert_eq!(es.len(), 20);
    for e in &es {
        let mut solver = Solver::new();
        let a = solver
            .analyse_play(&e.deal, e.trump, e.first, e.play.as_ref().unwrap())
            .unwrap();
        assert_eq!(a.declarer, e.declarer());
        check(e, &a.tricks);
    }
}

#[test]
fn drivers_and_cold_tables_agree_on_list10() {
    let mut solver = Solver::new();
    for e in plays("list10.txt", 10) {
        let play = e.play.as_ref().unwrap();
        let warm = solver
            .analyse_play(&e.deal, e.trump, e.first, play)
            .unwrap();
        check(&e, &warm.tricks);
        for (driver, order) in [
            (PlayDriver::Probes, PlayOrder::Backward),
            (PlayDriver::Probes, PlayOrder::Forward),
            (PlayDriver::Tricks, PlayOrder::Forward),
        ] {
            for cold in [false, true] {
                let options = PlayOptions {
                    driver,
                    order,
                    cold,
                };
                let other = Solver::new()
                    .analyse_play_with(&e.deal, e.trump, e.first, play, options)
                    .unwrap();
                assert_eq!(other.tricks, warm.tricks, "{options:?}");
            }
        }
    }
}

fn deal() -> Deal {
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
        .parse()
        .unwrap()
}

fn cards(s: &[&str]) -> Vec<Card> {
    s.iter().map(|c| Card::parse(c).unwrap()).collect()
}

#[test]
fn an_illegal_card_is_named_with_its_place_and_reason() {
    let mut solver = Solver::new();
    // North leads CT; East holds C4 and CQ, so H7 is a revoke.
    let err = solver
        .analyse_play(&deal(), Strain::Spades, Seat::North, &cards(&["CT", "H7"]))
        .unwrap_err();
    assert_eq!(
        err,
        PlayAnalysisError::IllegalCard {
            index: 2,
            card: Card::parse("H7").unwrap(),
            reason: PlayError::MustFollow {
                seat: Seat::East,
                card: Card::parse("H7").unwrap(),
                led: ddsolve_cards::Suit::Clubs,
            },
        }
    );
    let msg = err.to_string();
    assert!(
        msg.contains("card 2") && msg.contains("H7") && msg.contains("revoke"),
        "{msg}"
    );

    // A card the hand to play does not hold.
    let err = solver
        .analyse_play(&deal(), Strain::Spades, Seat::North, &cards(&["SA"]))
        .unwrap_err();
    assert!(matches!(
        err,
        PlayAnalysisError::IllegalCard {
            index: 1,
            reason: PlayError::NotHeld {
                seat: Seat::North,
                ..
            },
            ..
        }
    ));
}

#[test]
fn a_played_out_deal_counts_the_tricks_won() {
    // list10's full plays: the last value is the tricks declarer's side won in the play.
    for e in plays("list10.txt", 10)
        .into_iter()
        .filter(|e| e.play.as_ref().unwrap().len() == 52)
    {
        let play = e.play.as_ref().unwrap();
        let a = Solver::new()
            .analyse_play(&e.deal, e.trump, e.first, play)
            .unwrap();
        let end = play_positions(&e.deal, e.trump, e.first, play).unwrap();
        let end = end.last().unwrap();
        assert!(end.is_finished());
        assert_eq!(
            u32::from(*a.tricks.last().unwrap()),
            end.tricks_won(e.declarer().side())
        );
        check(&e, &a.tricks);
    }
}

#[test]
fn batch_tables_equal_sequential_tables_on_list10() {
    let deals: Vec<Deal> = entries("list10.txt").iter().map(|e| e.deal).collect();
    let mut solver = Solver::new();
    let want: Vec<_> = deals.iter().map(|d| solver.table(d)).collect();
    for threads in [1, 2] {
        assert_eq!(solve_tables(&deals, threads), want, "threads {threads}");
        let input_order = solve_tables_with(
            &deals,
            &BatchOptions {
                threads,
                order: BatchOrder::Input,
            },
            &SolverBuilder::new(),
        );
        assert_eq!(input_order, want, "threads {threads}, input order");
    }
    // Repeated deals come back in place.
    let twice: Vec<Deal> = deals.iter().chain(deals.iter().rev()).copied().collect();
    let want_twice: Vec<_> = want.iter().chain(want.iter().rev()).copied().collect();
    assert_eq!(solve_tables(&twice, 2), want_twice);
    assert!(solve_tables(&[], 2).is_empty());
}

#[test]
fn batch_positions_equal_sequential_positions() {
    // Every position of list10's first two plays, in both trumps' order.
    let mut positions = Vec::new();
    for e in plays("list10.txt", 2) {
        let play = e.play.as_ref().unwrap();
        positions.extend(play_positions(&e.deal, e.trump, e.first, &play[..20]).unwrap());
    }
    let mut solver = Solver::new();
    let want: Vec<u8> = positions
        .iter()
        .map(|p| if p.is_finished() { 0 } else { solver.tricks(p) })
        .collect();
    for threads in [1, 2] {
        assert_eq!(
            solve_positions(&positions, threads),
            want,
            "threads {threads}"
        );
    }
}
