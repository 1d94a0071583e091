//! Rules of [`TunedOrdering`], one hand-built position per rule. Each test asserts on the
//! resulting order (which card is tried first), not on raw weights.

use ddsolve_cards::{parse_pbn_hands, Card, Position, Seat, Strain};
use ddsolve_moves::{generate, MoveList, MoveOrdering, OrderHints, TrickView};
use ddsolve_orderings::TunedOrdering;

/// The cards of the hand to play, best first. `pbn` gives the cards still in the hands,
/// `played` the cards already played to the trick.
fn ordered(
    pbn: &str,
    trump: Strain,
    leader: Seat,
    played: &[&str],
    hints: OrderHints,
) -> Vec<String> {
    let hands = parse_pbn_hands(pbn).unwrap();
    let played: Vec<Card> = played.iter().map(|c| Card::parse(c).unwrap()).collect();
    let pos = Position::with_trick(hands, trump, leader, &played).unwrap();
    let view = TrickView::of(&pos);
    let mut moves = MoveList::new();
    generate(&view, &mut moves);
    TunedOrdering::default().order(&view, &hints, &mut moves);
    moves.iter().map(|m| m.card.to_string()).collect()
}

#[test]
fn leader_tries_its_last_cutoff_move_first_when_it_wins_the_trick() {
    // North holds the four aces: every lead wins. Whichever comes last without hints comes
    // first once it is the move that last caused a cutoff.
    let pbn = "N:A.A.A.A KQ.KQ.. JT.JT.. 98.98..";
    let plain = ordered(
        pbn,
        Strain::NoTrump,
        Seat::North,
        &[],
        OrderHints::default(),
    );
    let last = Card::parse(plain.last().unwrap()).unwrap();
    let hints = OrderHints {
        cutoff: Some(last),
        tt: None,
        ..OrderHints::default()
    };
    let hinted = ordered(pbn, Strain::NoTrump, Seat::North, &[], hints);
    assert_eq!(hinted[0], last.to_string(), "{plain:?} -> {hinted:?}");
}

#[test]
fn second_hand_plays_low_when_partner_beats_lead_and_third_hand() {
    // North leads the 5 of spades; West (East's partner, fourth hand) holds the ace over
    // South's queen, so East ducks with its lowest card.
    let o = ordered(
        "N:6.AK.. K73.2.. Q4.Q.5. AJ2..4.",
        Strain::NoTrump,
        Seat::North,
        &["S5"],
        OrderHints::default(),
    );
    assert_eq!(o[0], "S3", "{o:?}");
}

#[test]
fn second_hand_discards_from_length_not_a_singleton_top_card() {
    // East is void in spades: it keeps the singleton heart ace and pitches a diamond.
    let o = ordered(
        "N:6.KQ.. .A.543. QJ4.J.. AK2.T..",
        Strain::NoTrump,
        Seat::North,
        &["S5"],
        OrderHints::default(),
    );
    assert!(o[0].starts_with('D'), "{o:?}");
}

#[test]
fn fourth_hand_plays_low_when_partner_is_winning() {
    // East's ace wins the trick so far: West plays its lowest spade.
    let o = ordered(
        "N:5.AK.. .JT9.. ..AKQ. K94..2.",
        Strain::NoTrump,
        Seat::North,
        &["S2", "SA", "S3"],
        OrderHints::default(),
    );
    assert_eq!(o[0], "S4", "{o:?}");
}

#[test]
fn fourth_hand_wins_as_cheaply_as_possible() {
    // South's queen wins so far; West's king is the only card that beats it.
    let o = ordered(
        "N:5.AK.. .JT9.. ..AKQ. K94..2.",
        Strain::NoTrump,
        Seat::North,
        &["S2", "S3", "SQ"],
        OrderHints::default(),
    );
    assert_eq!(o[0], "SK", "{o:?}");
}

#[test]
fn fourth_hand_overruffs_rather_than_discards_when_an_opponent_ruffed() {
    // Hearts are trumps. North leads a spade, East follows, South ruffs with the 5 of
    // hearts; West, void in spades, overruffs with a higher trump.
    let o = ordered(
        "N:.AKQ.. 974... ...AKQ .J8.43.",
        Strain::Hearts,
        Seat::North,
        &["S2", "SK", "H5"],
        OrderHints::default(),
    );
    assert!(o[0].starts_with('H'), "{o:?}");
}
