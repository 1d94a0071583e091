//! The example of section 7.3 of Haglund's paper, walked through store and probe, for both
//! table designs.
//!
//! Two tricks left, North to lead. Spades: North has relative rank 1. Hearts: North 1, East 2,
//! South 3, West 4. Diamonds: East 1, South 2, West 3. In concrete cards (the ending of 7.1):
//! North SA HA, East HQ DJ, South H9 D8, West H7 D3. North's side takes both tricks.
//!
//! The entry the paper describes holds spade rank 1 at North, heart ranks 1-2 at North and
//! East, diamond rank 1 at East, and no clubs: stored here from the winning ranks SA, HA HQ
//! and DJ. Any position with the same suit lengths and those owners of those relative ranks
//! matches, whatever its absolute ranks and wherever its lower ranks are.

use ddsolve_cards::{parse_pbn_hands, Card, Hand, Seat, SeatMap, Strain};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};
use ddsolve_tt_forest::{TtFlat, TtForest};

const PAPER: &str = "N:A.A.. .Q.J. .9.8. .7.3.";

fn hands(pbn: &str) -> SeatMap<Hand> {
    parse_pbn_hands(pbn).unwrap()
}

/// The position `pbn` with `leader` on lead, for a table.
fn at(pbn: &str, leader: Seat) -> TrickStart {
    TrickStart::new(hands(pbn), Strain::NoTrump, leader)
}

/// An entry of bounds `lower..=upper` resting on `win`, with best move `best`.
fn entry(win: Hand, lower: u8, upper: u8, best: Option<Card>) -> TtEntry {
    TtEntry {
        lower,
        upper,
        win,
        best,
    }
}

fn cards(cs: &[&str]) -> Hand {
    cs.iter().map(|c| Card::parse(c).unwrap()).collect()
}

fn store<T: TranspositionTable>(tt: &mut T, pbn: &str, win: &[&str], value: u8, best: &str) {
    let at = at(pbn, Seat::North);
    let key = tt.key(&at);
    let best = Some(Card::parse(best).unwrap());
    tt.store(&key, &at, entry(cards(win), value, value, best));
}

/// Probes `pbn` (North to lead) with thresholds 1, 2 and 3: `None` if no entry matched.
fn probe<T: TranspositionTable>(tt: &mut T, pbn: &str) -> Option<[(bool, Hand, Option<Card>); 3]> {
    let at = at(pbn, Seat::North);
    let key = tt.key(&at);
    let mut out = Vec::new();
    for x in 1..=3 {
        let hit = tt.probe(&key, &at, x)?;
        out.push((hit.reached, hit.win, hit.best));
    }
    Some([out[0], out[1], out[2]])
}

/// A hit for a position worth 2 tricks: thresholds 1 and 2 reached, 3 not; the winning ranks
/// translated to the probed position's absolute ranks.
#[track_caller]
fn assert_hit<T: TranspositionTable>(tt: &mut T, pbn: &str, win: &[&str], best: &str) {
    let got = probe(tt, pbn).unwrap_or_else(|| panic!("{pbn} should match the entry"));
    let reached: Vec<bool> = got.iter().map(|g| g.0).collect();
    assert_eq!(reached, vec![true, true, false], "{pbn}");
    for g in got {
        assert_eq!(g.1, cards(win), "winning ranks in {pbn}");
        assert_eq!(g.2, Some(Card::parse(best).unwrap()), "best move in {pbn}");
    }
}

#[track_caller]
fn assert_miss<T: TranspositionTable>(tt: &mut T, pbn: &str) {
    let at = at(pbn, Seat::North);
    let key = tt.key(&at);
    for x in 0..=3 {
        assert!(
            tt.probe(&key, &at, x).is_none(),
            "{pbn} should not match (threshold {x})"
        );
    }
}

fn walk_through<T: TranspositionTable>(mut tt: T) {
    // Store the paper's position with its winning ranks.
    store(&mut tt, PAPER, &["SA", "HA", "HQ", "DJ"], 2, "HA");
    assert_eq!(tt.stats().entries, 1);

    // The position itself.
    assert_hit(&mut tt, PAPER, &["SA", "HA", "HQ", "DJ"], "HA");
    // Other absolute ranks, same owners of every relative rank.
    assert_hit(
        &mut tt,
        "N:5.K.. .J.Q. .4.9. .2.2.",
        &["S5", "HK", "HJ", "DQ"],
        "HA",
    );
    assert_hit(
        &mut tt,
        "N:2.T.. .9.5. .3.4. .2.3.",
        &["S2", "HT", "H9", "D5"],
        "HA",
    );
    // Hearts ranks 3 and 4, and diamond ranks 2 and 3, swapped: not winning ranks, still a hit.
    assert_hit(
        &mut tt,
        "N:A.A.. .Q.J. .7.3. .9.8.",
        &["SA", "HA", "HQ", "DJ"],
        "HA",
    );
    assert_hit(
        &mut tt,
        "N:A.A.. .Q.J. .9.3. .7.8.",
        &["SA", "HA", "HQ", "DJ"],
        "HA",
    );

    // Diamonds rank 1 at South: no match.
    assert_miss(&mut tt, "N:A.A.. .Q.8. .9.J. .7.3.");
    // Hearts rank 2 at South: no match.
    assert_miss(&mut tt, "N:A.A.. .9.J. .Q.8. .7.3.");
    // Other suit lengths (a club instead of the spade): another "suit lengths" node.
    assert_miss(&mut tt, "N:.A..A .Q.J. .9.8. .7.3.");
    // East to lead instead of North: another root.
    let east = at(PAPER, Seat::East);
    let key = tt.key(&east);
    assert!(tt.probe(&key, &east, 1).is_none());
}

/// The paper's walk with an alternative node: the entry with diamonds rank 1 at South is
/// stored first, then the one with diamonds rank 1 at East. A probe of the paper's position
/// must pass over the South node to the East alternative; each position finds its own entry
/// (told apart here by their best moves).
fn walk_with_alternative<T: TranspositionTable>(mut tt: T) {
    let south = "N:A.A.. .Q.8. .9.J. .7.3.";
    store(&mut tt, south, &["SA", "HA", "HQ", "DJ"], 2, "SA");
    assert_miss(&mut tt, PAPER);
    store(&mut tt, PAPER, &["SA", "HA", "HQ", "DJ"], 2, "HA");
    assert_eq!(tt.stats().entries, 2);
    assert_hit(&mut tt, PAPER, &["SA", "HA", "HQ", "DJ"], "HA");
    assert_hit(&mut tt, south, &["SA", "HA", "HQ", "DJ"], "SA");
    // Relabelled versions of each.
    assert_hit(
        &mut tt,
        "N:5.K.. .J.Q. .4.9. .2.2.",
        &["S5", "HK", "HJ", "DQ"],
        "HA",
    );
    assert_hit(
        &mut tt,
        "N:5.K.. .J.9. .4.Q. .2.2.",
        &["S5", "HK", "HJ", "DQ"],
        "SA",
    );
    // Diamonds rank 1 at West matches neither.
    assert_miss(&mut tt, "N:A.A.. .Q.8. .9.3. .7.J.");
    // Storing the same entry again tightens nothing and adds nothing.
    store(&mut tt, PAPER, &["SA", "HA", "HQ", "DJ"], 2, "HA");
    assert_eq!(tt.stats().entries, 2);
}

/// Fewer winning ranks make a more general entry: with only the heart A and the spade
/// backed up (diamonds and the heart Q irrelevant), the diamond-at-South position matches too.
fn fewer_winning_ranks_match_more<T: TranspositionTable>(mut tt: T) {
    store(&mut tt, PAPER, &["SA", "HA"], 2, "HA");
    assert_hit(&mut tt, PAPER, &["SA", "HA"], "HA");
    assert_hit(&mut tt, "N:A.A.. .Q.8. .9.J. .7.3.", &["SA", "HA"], "HA");
    assert_hit(&mut tt, "N:A.A.. .9.J. .Q.8. .7.3.", &["SA", "HA"], "HA");
    // But not a position where North's heart is not the top heart.
    assert_miss(&mut tt, "N:A.Q.. .A.J. .9.8. .7.3.");
}

/// "If there had been no alternative winning cards node which fitted, the search had backed
/// up to the previous winning cards node to see if there was an alternative on this level
/// which also fitted." Entry B backs up only the SA and HA; entry A also the HQ and DJ. The
/// probed position has diamonds rank 1 at South: its hearts fit both entries, its diamonds
/// only B (whose diamonds are not winning ranks). Whichever entry the table tries first, it
/// must find B. Both insertion orders are tried.
fn backs_up_to_an_alternative<T: TranspositionTable>(make: impl Fn() -> T) {
    let south = "N:A.A.. .Q.8. .9.J. .7.3.";
    for b_first in [true, false] {
        let mut tt = make();
        let a = |tt: &mut T| store(tt, PAPER, &["SA", "HA", "HQ", "DJ"], 2, "HA");
        let b = |tt: &mut T| store(tt, PAPER, &["SA", "HA"], 2, "SA");
        if b_first {
            b(&mut tt);
            a(&mut tt);
        } else {
            a(&mut tt);
            b(&mut tt);
        }
        assert_eq!(tt.stats().entries, 2);
        assert_hit(&mut tt, south, &["SA", "HA"], "SA");
        assert_hit(&mut tt, "N:5.K.. .J.2. .4.Q. .2.3.", &["S5", "HK"], "SA");
        // The paper's own position fits both: either answer is right.
        assert!(probe(&mut tt, PAPER).is_some());
    }
}

/// Same, where the first entry tried fits every suit but does not decide the threshold: the
/// table must go on to an entry that does.
fn skips_a_fitting_entry_that_does_not_decide<T: TranspositionTable>(make: impl Fn() -> T) {
    for b_first in [true, false] {
        let mut tt = make();
        let at = at(PAPER, Seat::North);
        let key = tt.key(&at);
        // A: exact value 2, all four winning ranks. B: only "at most 2" (no news), fewer ranks.
        let a = |tt: &mut T| {
            let win = cards(&["SA", "HA", "HQ", "DJ"]);
            tt.store(&key, &at, entry(win, 2, 2, None))
        };
        let b = |tt: &mut T| tt.store(&key, &at, entry(cards(&["SA", "HA"]), 0, 2, None));
        if b_first {
            b(&mut tt);
            a(&mut tt);
        } else {
            a(&mut tt);
            b(&mut tt);
        }
        let hit = tt.probe(&key, &at, 2).expect("entry A decides threshold 2");
        assert!(hit.reached);
        assert_eq!(hit.win, cards(&["SA", "HA", "HQ", "DJ"]));
        let hit = tt.probe(&key, &at, 3).expect("both decide threshold 3");
        assert!(!hit.reached);
    }
}

#[test]
fn paper_example_backs_up_to_an_alternative_forest() {
    backs_up_to_an_alternative(|| TtForest::new(1));
    skips_a_fitting_entry_that_does_not_decide(|| TtForest::new(1));
}

#[test]
fn paper_example_backs_up_to_an_alternative_flat() {
    backs_up_to_an_alternative(|| TtFlat::new(1).paper_depths());
    skips_a_fitting_entry_that_does_not_decide(|| TtFlat::new(1).paper_depths());
}

#[test]
fn paper_example_forest() {
    walk_through(TtForest::new(1));
}

#[test]
fn paper_example_flat() {
    walk_through(TtFlat::new(1).paper_depths());
}

#[test]
fn paper_example_alternative_node_forest() {
    walk_with_alternative(TtForest::new(1));
}

#[test]
fn paper_example_alternative_node_flat() {
    walk_with_alternative(TtFlat::new(1).paper_depths());
}

#[test]
fn paper_example_fewer_winning_ranks_forest() {
    fewer_winning_ranks_match_more(TtForest::new(1));
}

#[test]
fn paper_example_fewer_winning_ranks_flat() {
    fewer_winning_ranks_match_more(TtFlat::new(1).paper_depths());
}

/// The flat table's default entries stop above a suit's bottom block of one owner: North's
/// lone spade is forced by the lengths, so the entry leaves spades free and reports no
/// spade among the winning ranks; it stands for the same positions as the paper's.
#[test]
fn forced_depths_leave_out_what_the_lengths_force_flat() {
    let mut tt = TtFlat::new(1);
    store(&mut tt, PAPER, &["SA", "HA", "HQ", "DJ"], 2, "HA");
    assert_hit(&mut tt, PAPER, &["HA", "HQ", "DJ"], "HA");
    assert_hit(
        &mut tt,
        "N:5.K.. .J.Q. .4.9. .2.2.",
        &["HK", "HJ", "DQ"],
        "HA",
    );
    assert_miss(&mut tt, "N:A.A.. .Q.8. .9.J. .7.3.");
    assert_miss(&mut tt, "N:A.A.. .9.J. .Q.8. .7.3.");
}
