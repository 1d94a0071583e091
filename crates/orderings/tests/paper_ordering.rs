//! The move-ordering rules of chapter 5 of Haglund's paper, one hand-built position per rule.
//!
//! Each test asserts on the resulting order (which card is tried first, or before which other
//! card), not on raw weights. Where two suits compete, the position is built so that the
//! suit the rule favours is generated *after* the other one (spades, hearts, diamonds, clubs),
//! so that a tie or a missing rule would show as the wrong order.
//!
//! In the paper's pseudo code for second and fourth hand, "LHO"/"RHO"/"partner" are seen
//! from the trick's leader: second hand is the leader's LHO, third hand the leader's partner,
//! fourth hand the leader's RHO.

use ddsolve_cards::{parse_pbn_hands, Card, Position, Seat, Strain};
use ddsolve_moves::{generate, MoveList, MoveOrdering, OrderHints, TrickView};
use ddsolve_orderings::PaperOrdering;

fn card(s: &str) -> Card {
    Card::parse(s).unwrap()
}

/// The moves of the hand to play, ordered by [`PaperOrdering`]: `(card, weight)` best first.
/// `pbn` gives the cards still in the hands, `played` the cards already played to the trick.
fn ordered_with(
    pbn: &str,
    trump: Strain,
    leader: Seat,
    played: &[&str],
    hints: OrderHints,
) -> Vec<(String, i32)> {
    let hands = parse_pbn_hands(pbn).unwrap();
    let played: Vec<Card> = played.iter().map(|c| card(c)).collect();
    let pos = Position::with_trick(hands, trump, leader, &played).unwrap();
    let view = TrickView::of(&pos);
    let mut moves = MoveList::new();
    generate(&view, &mut moves);
    PaperOrdering.order(&view, &hints, &mut moves);
    moves
        .iter()
        .map(|m| (m.card.to_string(), m.weight))
        .collect()
}

fn ordered(pbn: &str, trump: Strain, leader: Seat, played: &[&str]) -> Vec<(String, i32)> {
    ordered_with(pbn, trump, leader, played, OrderHints::default())
}

fn cards(order: &[(String, i32)]) -> Vec<&str> {
    order.iter().map(|(c, _)| c.as_str()).collect()
}

fn index(order: &[(String, i32)], c: &str) -> usize {
    order
        .iter()
        .position(|(x, _)| x == c)
        .unwrap_or_else(|| panic!("{c} not among the moves {order:?}"))
}

#[track_caller]
fn assert_before(order: &[(String, i32)], a: &str, b: &str) {
    assert!(
        index(order, a) < index(order, b),
        "expected {a} before {b} in {order:?}"
    );
}

#[track_caller]
fn assert_first(order: &[(String, i32)], a: &str) {
    assert_eq!(order[0].0, a, "expected {a} first in {order:?}");
}

// ---------------------------------------------------------------------------------------
// Hand to play is the trick's leader.
// ---------------------------------------------------------------------------------------

/// suitWeightDelta = suitBonus - (countLH + countRH) * 2, count = 4 * length: suits where
/// the opponents have fewer cards (fewer alternatives) are led first.
#[test]
fn leader_prefers_suit_where_opponents_have_fewer_cards() {
    // Spades: opponents 2 + 2 cards; hearts: 3 + 3. North leads a small card in either.
    let o = ordered(
        "N:3.3..AKQ AK.AKQ.. ..AKQJT. QJ.JT9..",
        Strain::NoTrump,
        Seat::North,
        &[],
    );
    assert_before(&o, "S3", "H3");
    // The mirror image: now hearts are the shorter suit for the opponents.
    let o = ordered(
        "N:3.3..AKQ AKQ.AK.. ..AKQJT. JT9.QJ..",
        Strain::NoTrump,
        Seat::North,
        &[],
    );
    assert_before(&o, "H3", "S3");
}

/// suitBonus = -12 in a trump contract when the suit is not trumps and LHO or RHO is void in
/// it and holds a trump. The void counts are the same in both suits here (one opponent void,
/// the other with two cards), so only the ruff decides.
#[test]
fn leader_trump_contract_penalises_suit_opponent_can_ruff() {
    // Clubs trumps. East (LHO) is void in hearts and holds the C2; West is void in diamonds
    // without trumps: hearts can be ruffed, diamonds cannot.
    let o = ordered(
        "N:2.3.3. ..AK.2 KQJ... A.AK..",
        Strain::Clubs,
        Seat::North,
        &[],
    );
    assert_before(&o, "D3", "H3");
    // Now the trump is West's, who is void in diamonds: the penalty moves to diamonds.
    let o = ordered(
        "N:2.3.3. 4..AK. KQJ... .AK..2",
        Strain::Clubs,
        Seat::North,
        &[],
    );
    assert_before(&o, "H3", "D3");
}

/// Trick-winning lead, hand to play has the highest rank and partner the second highest:
/// 50 - rank, above the 31 of cashing a lone top card.
#[test]
fn leader_with_ace_and_partner_king_leads_that_suit_first() {
    // North: SA (partner has the S2) and HA (partner has the HK). Opponents hold one card in
    // each suit, so the suits weigh the same otherwise.
    let o = ordered(
        "N:A.A.. Q.Q.. 2.K.. J.J..",
        Strain::NoTrump,
        Seat::North,
        &[],
    );
    assert_first(&o, "HA");
    assert_before(&o, "HA", "SA");
}

/// Trick-winning lead, partner has the highest rank and the hand to play the second highest:
/// 50 - rank, above partner-has-highest-only (35 - rank).
#[test]
fn leader_with_second_highest_under_partners_top_card_leads_it_first() {
    // Spades: South A, East K, North Q. Hearts: South A, North K.
    let o = ordered(
        "N:Q.K.. K.Q.. A.A.. J.J..",
        Strain::NoTrump,
        Seat::North,
        &[],
    );
    assert_before(&o, "HK", "SQ");
}

/// Not a trick-winning lead, but LHO or RHO has a singleton with the highest rank: 20 - rank
/// (lead the suit to drop the singleton), above the ordinary losing lead (4 - rank).
#[test]
fn leader_prefers_suit_where_opponent_has_singleton_top_card() {
    // East holds the HA alone; in spades East has AK. Both suits: opponents hold 3 cards.
    let o = ordered(
        "N:3.3.2. AK.A.. ..AKQ. Q.QJ..",
        Strain::NoTrump,
        Seat::North,
        &[],
    );
    assert_first(&o, "H3");
    assert_before(&o, "H3", "S3");
}

/// "Best move" (the move that caused the last cutoff at this depth) gets +50 when it wins
/// the trick: it is tried first.
#[test]
fn leader_cutoff_best_move_is_tried_first() {
    let pbn = "N:A.A.. Q.Q.. 2.K.. J.J..";
    // Without the hint the HA comes first (see the AK rule above).
    assert_first(&ordered(pbn, Strain::NoTrump, Seat::North, &[]), "HA");
    let hints = OrderHints {
        cutoff: Some(card("SA")),
        tt: None,
        ..OrderHints::default()
    };
    assert_first(
        &ordered_with(pbn, Strain::NoTrump, Seat::North, &[], hints),
        "SA",
    );
}

/// The best move stored with a matching transposition-table entry gets the same bonus.
#[test]
fn leader_tt_best_move_is_tried_first() {
    let hints = OrderHints {
        cutoff: None,
        tt: Some(card("SA")),
        ..OrderHints::default()
    };
    let o = ordered_with(
        "N:A.A.. Q.Q.. 2.K.. J.J..",
        Strain::NoTrump,
        Seat::North,
        &[],
        hints,
    );
    assert_first(&o, "SA");
}

/// A losing best move gets +30: enough here to overtake the suit the opponents are shorter in.
#[test]
fn leader_best_move_bonus_applies_to_losing_leads_too() {
    let pbn = "N:3.3..AKQ AK.AKQ.. ..AKQJT. QJ.JT9..";
    let hints = OrderHints {
        cutoff: Some(card("H3")),
        tt: None,
        ..OrderHints::default()
    };
    let o = ordered_with(pbn, Strain::NoTrump, Seat::North, &[], hints);
    assert_before(&o, "H3", "S3");
}

/// Exception 1: the leader's best suit occupies the first two slots when it has at least two
/// moves, even if a move of another suit weighs more than its second move.
#[test]
fn leader_best_suit_occupies_first_two_slots() {
    // Hearts: North A and 3 (East K and West Q in between: two moves). Spades: North A alone,
    // opponents with three cards. HA is the best move, SA weighs more than H3.
    let o = ordered(
        "N:A.A3.. KQ.K.. ..AKQ. J.Q.2.",
        Strain::NoTrump,
        Seat::North,
        &[],
    );
    assert_eq!(cards(&o), vec!["HA", "H3", "SA"], "{o:?}");
    // By weight alone the SA would have come second.
    assert!(o[2].1 > o[1].1, "{o:?}");
}

/// Exception 1 only applies when the best suit has two moves: otherwise plain weight order.
#[test]
fn leader_exception_one_needs_two_moves_in_best_suit() {
    let o = ordered(
        "N:A.A.. Q.Q.. 2.K.. J.J..",
        Strain::NoTrump,
        Seat::North,
        &[],
    );
    assert_eq!(cards(&o), vec!["HA", "SA"], "{o:?}");
    // Three single-move suits: weight order throughout.
    let o = ordered(
        "N:3.3.2. AK.A.. ..AKQ. Q.QJ..",
        Strain::NoTrump,
        Seat::North,
        &[],
    );
    assert!(o.windows(2).all(|w| w[0].1 >= w[1].1), "{o:?}");
}

// ---------------------------------------------------------------------------------------
// Second hand (the leader's LHO).
// ---------------------------------------------------------------------------------------

/// Second hand, not trick winning, "lowest card for partner to leading hand is higher than
/// LHO's card": weight -rank, so the lowest card first.
#[test]
fn second_hand_plays_low_when_third_hand_will_win() {
    // North leads the S2; South (third hand) holds AKQ; East holds T 7 4, kept apart by
    // North's 9 and 6.
    let o = ordered(
        "N:96... T74... AKQ... .432..",
        Strain::NoTrump,
        Seat::North,
        &["S2"],
    );
    assert_eq!(cards(&o), vec!["S4", "S7", "ST"], "{o:?}");
}

/// Second hand, trick winning, the card beats the lead and is lower than a card of its
/// partner (fourth hand): 75 - rank, above winning with a card higher than all the
/// leader's (70 - rank). Here: the J (partner has the Q) before the A.
#[test]
fn second_hand_beats_lead_with_card_below_partners_top_first() {
    let o = ordered(
        "N:9... AJ... 2.2.. Q.3..",
        Strain::NoTrump,
        Seat::North,
        &["ST"],
    );
    assert_eq!(cards(&o), vec!["SJ", "SA"], "{o:?}");
}

/// Second hand void in the suit led, trick winning with a trump: 30 - rank + 2 * length,
/// far above a losing discard (-rank + 2 * length).
#[test]
fn second_hand_ruffs_when_void() {
    // Hearts trumps; North leads the SA, East is void in spades with the H2.
    let o = ordered(
        "N:Q...2 .2.K3. 32...4 J..Q.3",
        Strain::Hearts,
        Seat::North,
        &["SA"],
    );
    assert_first(&o, "H2");
    // Among the losing discards, the low card first.
    assert_before(&o, "D3", "DK");
}

/// Second hand void, not winning, no trump: -rank + 2 * (length of the card's suit). Low
/// cards of long suits are discarded first: the D4 (two diamonds) before the H3 (singleton).
#[test]
fn second_hand_discard_prefers_low_cards_of_long_suits() {
    let o = ordered(
        "N:KQ... .3.42. 2..3.2 JT...3",
        Strain::NoTrump,
        Seat::North,
        &["SA"],
    );
    assert_eq!(cards(&o), vec!["D2", "D4", "H3"], "{o:?}");
}

// ---------------------------------------------------------------------------------------
// Third hand (the leader's partner).
// ---------------------------------------------------------------------------------------

/// Third hand void, trick winning by ruffing an opponent's winner: 70 - rank + 2 * length,
/// above a discard.
#[test]
fn third_hand_ruffs_when_void() {
    // Diamonds trumps; North leads the SK, East wins with the SA; South is void in spades.
    let o = ordered(
        "N:...2 ...3 .2.2. Q...4",
        Strain::Diamonds,
        Seat::North,
        &["SK", "SA"],
    );
    assert_eq!(cards(&o), vec!["D2", "H2"], "{o:?}");
}

/// Third hand void, a trump that does not get on top ("underruffs"): -15 - rank + 2 * length,
/// below a plain discard.
#[test]
fn third_hand_discards_rather_than_underruffs() {
    // Diamonds trumps; North leads the SK, East ruffs with the DK; South has D2 and C5.
    let o = ordered(
        "N:...2 ...3 ..2.5 Q...4",
        Strain::Diamonds,
        Seat::North,
        &["SK", "DK"],
    );
    assert_eq!(cards(&o), vec!["C5", "D2"], "{o:?}");
}

/// Third hand following suit, the trick is won by our side (partner's card holds): 60 - rank,
/// so the lowest card first — no need to overtake partner.
#[test]
fn third_hand_plays_low_under_partners_winner() {
    // North leads the SA, East plays the S2; South holds K and 5 (West's Q between them).
    let o = ordered(
        "N:...2 ...3 K5... Q...4",
        Strain::NoTrump,
        Seat::North,
        &["SA", "S2"],
    );
    assert_eq!(cards(&o), vec!["S5", "SK"], "{o:?}");
}

/// Third hand following suit with several winning cards: 60 - rank, the cheapest winner
/// first; a card that does not get on top comes last (-10 - rank).
#[test]
fn third_hand_wins_with_cheapest_sufficient_card() {
    // North leads the S2, East plays the S9; South holds A T 4 (North's K splits A and T);
    // West has only the S8 left to beat.
    let o = ordered(
        "N:K...2 ...43 AT4... 8...65",
        Strain::NoTrump,
        Seat::North,
        &["S2", "S9"],
    );
    assert_eq!(cards(&o), vec!["ST", "SA", "S4"], "{o:?}");
}

// ---------------------------------------------------------------------------------------
// Fourth hand (the leader's RHO).
// ---------------------------------------------------------------------------------------

/// Fourth hand following suit: a winning card weighs 30 - rank, a losing one 14 - rank. The
/// cheapest winner first, the losing card last.
#[test]
fn fourth_hand_wins_cheaply() {
    // North leads the S9, East S2, South S8; West holds A T 3 (North's K splits A and T).
    let o = ordered(
        "N:K...2 ...43 ...65 AT3...",
        Strain::NoTrump,
        Seat::North,
        &["S9", "S2", "S8"],
    );
    assert_eq!(cards(&o), vec!["ST", "SA", "S3"], "{o:?}");
}

/// Fourth hand following suit while partner (second hand) wins: 30 - rank for every card,
/// so the lowest first.
#[test]
fn fourth_hand_plays_lowest_when_partner_wins() {
    let o = ordered(
        "N:...2 ...3 ...4 Q5...",
        Strain::NoTrump,
        Seat::North,
        &["S9", "SA", "S2"],
    );
    assert_eq!(cards(&o), vec!["S5", "SQ"], "{o:?}");
}

/// Fourth hand void while partner wins: a trump weighs 14 - rank + 2 * length, a discard
/// 30 - rank + 2 * length: do not ruff partner's winner.
#[test]
fn fourth_hand_does_not_ruff_partners_winner() {
    let o = ordered(
        "N:...2 ...3 ...4 .2.3.",
        Strain::Hearts,
        Seat::North,
        &["S9", "SA", "S2"],
    );
    assert_eq!(cards(&o), vec!["D3", "H2"], "{o:?}");
}

/// Fourth hand void while the opponents win: ruffing and winning weighs 30 - rank +
/// 2 * length, a discard 14 - rank + 2 * length.
#[test]
fn fourth_hand_ruffs_opponents_winner() {
    let o = ordered(
        "N:...2 ...3 ...4 .2.3.",
        Strain::Diamonds,
        Seat::North,
        &["SA", "S2", "S3"],
    );
    assert_eq!(cards(&o), vec!["D3", "H2"], "{o:?}");
}

/// Fourth hand void, opponents win, no trump to win with: discards weigh 14 - rank +
/// 2 * length, low cards of long suits first.
#[test]
fn fourth_hand_discard_prefers_low_cards_of_long_suits() {
    let o = ordered(
        "N:..3.2 ...43 ...65 .3.42.",
        Strain::NoTrump,
        Seat::North,
        &["SA", "S2", "S3"],
    );
    assert_eq!(cards(&o), vec!["D2", "D4", "H3"], "{o:?}");
}
