//! The cutoff rules of chapters 2, 3 and 4 of Haglund's paper, one hand-built position per
//! rule. Every estimate is also checked against the brute-force oracle (a sure bound never
//! exceeds the exact value).
//!
//! Where a test asserts that a card is among the backed-up winning ranks (`Estimate::win`),
//! the count really depends on who holds that card: a position differing only there would
//! not give the same bound.

use ddsolve_cards::{parse_pbn_hands, Card, Hand, Position, Seat, SeatMap, Strain, Suit};
use ddsolve_prune::{
    later_tricks, quick_trick_second_hand, quick_tricks, quick_tricks_ceiling, quick_tricks_for,
    target_too_low_or_high, Estimate,
};
use ddsolve_testkit::oracle;

fn hands(pbn: &str) -> SeatMap<Hand> {
    parse_pbn_hands(pbn).unwrap()
}

fn card(s: &str) -> Card {
    Card::parse(s).unwrap()
}

/// Exact tricks of the side on lead at the start of a trick.
fn exact(pbn: &str, trump: Strain, leader: Seat) -> u32 {
    let pos = Position::with_trick(hands(pbn), trump, leader, &[]).unwrap();
    oracle::tricks(&pos)
}

/// Quick tricks for the side of `leader`, checked against the oracle.
#[track_caller]
fn qt(pbn: &str, trump: Strain, leader: Seat) -> Estimate {
    let est = quick_tricks(&hands(pbn), trump, leader);
    let ex = exact(pbn, trump, leader);
    assert!(
        u32::from(est.tricks) <= ex,
        "quick tricks {} > exact {ex} in {pbn}",
        est.tricks
    );
    est
}

/// Later tricks for the opponents of `leader`, checked against the oracle.
#[track_caller]
fn lt(pbn: &str, trump: Strain, leader: Seat) -> Estimate {
    let h = hands(pbn);
    let left = h[leader].len() as u8;
    let est = later_tricks(&h, trump, leader, left);
    let opp = u32::from(left) - exact(pbn, trump, leader);
    assert!(
        u32::from(est.tricks) <= opp,
        "later tricks {} > exact {opp} in {pbn}",
        est.tricks
    );
    est
}

/// The second-hand quick trick after `leader` led `lead` (`pbn` without the lead), checked
/// against the oracle: a sure trick means the second hand's side takes at least one trick.
#[track_caller]
fn second(pbn: &str, trump: Strain, leader: Seat, lead: &str) -> Estimate {
    let h = hands(pbn);
    let est = quick_trick_second_hand(&h, trump, leader, card(lead));
    let pos = Position::with_trick(h, trump, leader, &[card(lead)]).unwrap();
    if est.tricks > 0 {
        // A sure trick for second hand's side: it wins this very trick against any play.
        assert!(wins_current_trick(&mut pos.clone()), "{pos:?}");
        assert!(oracle::tricks(&pos) >= 1, "{pos:?}");
    }
    est
}

/// Can the side to play make sure of winning the current trick (whatever the other side
/// plays to it)? Plain minimax over the rest of the trick.
fn wins_current_trick(pos: &mut Position) -> bool {
    let side = pos.to_play().side();
    let before = pos.tricks_won(side);
    fn go(pos: &mut Position, side: ddsolve_cards::Side, before: u32) -> bool {
        if pos.trick().is_empty() {
            return pos.tricks_won(side) > before;
        }
        let ours = pos.to_play().side() == side;
        let mut any = false;
        let mut all = true;
        for c in pos.legal_cards().iter() {
            pos.play_unchecked(c);
            let v = go(pos, side, before);
            pos.undo();
            any |= v;
            all &= v;
        }
        if ours {
            any
        } else {
            all
        }
    }
    go(pos, side, before)
}

#[track_caller]
fn assert_backs_up(est: &Estimate, cards: &[&str]) {
    for c in cards {
        assert!(
            est.win.contains(card(c)),
            "{c} not among the winning ranks {:?}",
            est.win
        );
    }
}

// ---------------------------------------------------------------------------------------
// Chapter 2: TargetTooLowOrHigh.
// ---------------------------------------------------------------------------------------

#[test]
fn target_too_low_or_high_target_already_obtained() {
    assert_eq!(target_too_low_or_high(5, 5, 3), Some(true));
    assert_eq!(target_too_low_or_high(6, 5, 0), Some(true));
    assert_eq!(target_too_low_or_high(0, 0, 13), Some(true));
}

#[test]
fn target_too_low_or_high_target_out_of_reach() {
    assert_eq!(target_too_low_or_high(2, 6, 3), Some(false));
    assert_eq!(target_too_low_or_high(0, 13, 12), Some(false));
}

#[test]
fn target_too_low_or_high_open_target_needs_search() {
    // Won + left == target: still reachable.
    assert_eq!(target_too_low_or_high(2, 5, 3), None);
    assert_eq!(target_too_low_or_high(0, 1, 1), None);
    assert_eq!(target_too_low_or_high(0, 13, 13), None);
    assert_eq!(target_too_low_or_high(4, 5, 9), None);
}

// ---------------------------------------------------------------------------------------
// Chapter 3: QuickTricks.
// ---------------------------------------------------------------------------------------

/// Notrump, hand to play cashes its own winning ranks: the spade AKQ run (the opponents hold
/// at most three spades) and the heart A; the heart J is not a trick.
#[test]
fn quick_tricks_nt_from_leaders_hand() {
    let pbn = "N:AKQ.AJ.. 654.KQ.. 32.T9.2. JT9.87..";
    let est = qt(pbn, Strain::NoTrump, Seat::North);
    assert_eq!(est.tricks, 4);
    assert_backs_up(&est, &["SA", "SK", "SQ", "HA"]);
    assert_eq!(exact(pbn, Strain::NoTrump, Seat::North), 4);
}

/// Notrump, partner's tricks count when the hand to play has an entry: North leads the H2 to
/// South's HA and South cashes the spade AKQ.
#[test]
fn quick_tricks_nt_from_partner_via_entry() {
    let pbn = "N:.2.432. .KQ.AK. AKQ.A.. JT9.J..";
    let est = qt(pbn, Strain::NoTrump, Seat::North);
    assert_eq!(est.tricks, 4);
    // The entry card and the cashed run rest on their ranks.
    assert_backs_up(&est, &["HA", "SA", "SK", "SQ"]);
}

/// Same cards for South, but North has no card in any suit South tops: no entry, so
/// partner's tricks are not quick tricks.
#[test]
fn quick_tricks_blocked_entry_counts_nothing_for_partner() {
    let pbn = "N:..5432. .KQ2.A. AKQ.A.. JT9.J..";
    let est = qt(pbn, Strain::NoTrump, Seat::North);
    assert_eq!(est.tricks, 0);
    // With partner as the hand to play, the same tricks do count.
    let est = quick_tricks(&hands(pbn), Strain::NoTrump, Seat::South);
    assert_eq!(est.tricks, 4);
}

/// Trump contract: the trump suit is investigated first and its top trumps cashed (drawing the
/// opponents' trumps), then side-suit winners count.
#[test]
fn quick_tricks_trump_contract_cashes_trumps_first() {
    // Spades trumps: North's AK draw East's Q and West's J; then the HA.
    let pbn = "N:AK.A.. Q.Q2.. ..432. J.K3..";
    let est = qt(pbn, Strain::Spades, Seat::North);
    assert_eq!(est.tricks, 3);
    assert_backs_up(&est, &["SA", "SK", "HA"]);
    assert_eq!(exact(pbn, Strain::Spades, Seat::North), 3);
}

/// Trump contract: side-suit winners count only as far as the opponents cannot ruff. East
/// keeps a trump after North's SA and is void in hearts: the heart AKQ count nothing.
#[test]
fn quick_tricks_trump_side_suit_limited_by_opponents_ruff() {
    let pbn = "N:A.AKQ.. KQ..32. ...5432 .5432..";
    let est = qt(pbn, Strain::Spades, Seat::North);
    assert_eq!(est.tricks, 1);
    // With a single trump East is drawn by the SA, and the hearts run.
    let pbn = "N:A.AKQ.. K..432. ...5432 .5432..";
    let est = qt(pbn, Strain::Spades, Seat::North);
    assert_eq!(est.tricks, 4);
    assert_eq!(exact(pbn, Strain::Spades, Seat::North), 4);
}

/// Opponents without trumps: a suit only the hand to play holds counts its full length, and
/// the trumps all count, whatever their ranks (they rest on lengths, so back up no ranks).
#[test]
fn quick_tricks_opponents_with_no_trumps() {
    // Hearts trumps, held only by North; diamonds held only by North; plus the SA.
    let pbn = "N:A.AK.32. KQ...AKQ 5...5432 JT...JT9";
    let est = qt(pbn, Strain::Hearts, Seat::North);
    assert_eq!(est.tricks, 5);
    assert_backs_up(&est, &["SA"]);
    assert!(est.win.suit(Suit::Hearts).is_empty(), "{:?}", est.win);
    assert!(est.win.suit(Suit::Diamonds).is_empty(), "{:?}", est.win);
}

/// Opponents without trumps: the side's longer trump holding (South's four) counts in full;
/// North crosses with the H2. North tops no other suit.
#[test]
fn quick_tricks_opponents_with_no_trumps_partner_long_trumps() {
    let pbn = "N:2.2.2.2 AKQ...A .AKQJ.. ..AKQ.K";
    let est = qt(pbn, Strain::Hearts, Seat::North);
    assert_eq!(est.tricks, 4);
    assert_eq!(exact(pbn, Strain::Hearts, Seat::North), 4);
}

/// The simple quick trick after the lead (Kuijf): second hand holds the top card of the suit
/// led.
#[test]
fn second_hand_quick_trick_with_top_card_of_suit_led() {
    // North led the SQ; East holds the SA.
    let est = second(
        "N:.2.. A.3.. 2.4.. 3.5..",
        Strain::NoTrump,
        Seat::North,
        "SQ",
    );
    assert_eq!(est.tricks, 1);
    assert_backs_up(&est, &["SA"]);
}

/// ... or second hand's partner (fourth hand) holds it.
#[test]
fn second_hand_quick_trick_when_partner_holds_top_card() {
    let est = second(
        "N:.2.. 3.3.. 2.4.. A.5..",
        Strain::NoTrump,
        Seat::North,
        "SQ",
    );
    assert_eq!(est.tricks, 1);
    assert_backs_up(&est, &["SA"]);
}

/// No quick trick when the top card of the suit is with the leader's side (third hand), or
/// the lead itself is the top card.
#[test]
fn second_hand_no_quick_trick_when_leaders_side_tops_the_suit() {
    let est = second(
        "N:.2.. 3.3.. A.4.. 2.5..",
        Strain::NoTrump,
        Seat::North,
        "SQ",
    );
    assert_eq!(est.tricks, 0);
    let est = second(
        "N:.2.. 3.3.. Q.4.. 2.5..",
        Strain::NoTrump,
        Seat::North,
        "SA",
    );
    assert_eq!(est.tricks, 0);
}

/// The top card does not make a sure trick when third hand can ruff it.
#[test]
fn second_hand_top_card_is_no_quick_trick_if_third_hand_can_ruff() {
    // Hearts trumps; North led the SQ; East has the SA but South is void with the H2.
    let est = second(
        "N:..2. A..3. .2.4. 3..5.",
        Strain::Hearts,
        Seat::North,
        "SQ",
    );
    assert_eq!(est.tricks, 0);
}

/// Second hand wins the trick by ruffing when third hand must follow suit (no ranks matter).
#[test]
fn second_hand_quick_trick_by_ruffing() {
    let est = second(
        "N:..2. .2.3. 2..4. 3..5.",
        Strain::Hearts,
        Seat::North,
        "SA",
    );
    assert_eq!(est.tricks, 1);
}

/// When third hand can ruff too, second hand's ruff must top third hand's highest trump.
#[test]
fn second_hand_ruff_must_top_third_hands_ruff() {
    // East ruffs with the HQ, South can only ruff with the H5: sure.
    let est = second(
        "N:..2. .Q.3. .5.4. 3..5.",
        Strain::Hearts,
        Seat::North,
        "SA",
    );
    assert_eq!(est.tricks, 1);
    assert_backs_up(&est, &["HQ"]);
    // East's H5 can be overruffed by South's HQ: no sure trick.
    let est = second(
        "N:..2. .5.3. .Q.4. 3..5.",
        Strain::Hearts,
        Seat::North,
        "SA",
    );
    assert_eq!(est.tricks, 0);
}

/// Fourth hand (second hand's partner) ruffs after third hand has followed suit.
#[test]
fn second_hand_quick_trick_when_fourth_hand_ruffs() {
    let est = second(
        "N:..2. 3..3. 2..4. .2.5.",
        Strain::Hearts,
        Seat::North,
        "SA",
    );
    assert_eq!(est.tricks, 1);
}

/// `quick_tricks_for` with a small need is still a sure bound, and never more than the full
/// count; it reaches `need` exactly when the full count does.
#[test]
fn quick_tricks_for_small_need_is_a_sure_bound() {
    let pbn = "N:AKQ.AJ.. 654.KQ.. 32.T9.2. JT9.87..";
    let h = hands(pbn);
    assert_eq!(quick_tricks(&h, Strain::NoTrump, Seat::North).tricks, 4);
    for need in 1..=5 {
        let est = quick_tricks_for(&h, Strain::NoTrump, Seat::North, need);
        assert_eq!(est.tricks >= need, need <= 4, "need {need}: {est:?}");
        assert!(est.tricks <= 4, "need {need}: {est:?}");
    }
}

// ---------------------------------------------------------------------------------------
// Chapter 4: LaterTricks.
// ---------------------------------------------------------------------------------------

/// Notrump rule 1: in every suit the leader can lead, the opponents hold the highest rank:
/// they take at least one trick. South's diamonds do not help, North cannot lead them.
#[test]
fn later_tricks_nt_rule1_opponents_top_every_suit_of_the_leader() {
    let est = lt("N:2.2.. A.3.. ..AK. 3.A..", Strain::NoTrump, Seat::North);
    assert_eq!(est.tricks, 1);
    assert_backs_up(&est, &["SA", "HA"]);
}

/// Notrump rule 1 with one opponent holding every one of those top cards: he wins the
/// lead and cashes them all (two tricks here, as bridge-solver's estimate counts).
#[test]
fn later_tricks_nt_rule1_one_opponent_cashes_every_top() {
    let est = lt("N:2.2.. A.A.. ..AK. 3.3..", Strain::NoTrump, Seat::North);
    assert_eq!(est.tricks, 2);
    assert_backs_up(&est, &["SA", "HA"]);
}

/// Notrump rule 2: the suits our side tops give at most the sum of their longest holdings
/// (1 + 1 here) < 3 tricks left: the opponents take one.
#[test]
fn later_tricks_nt_rule2_our_suits_cannot_take_every_trick() {
    let est = lt(
        "N:A.A.2. 32..A. 4.3.3. .KQ.K.",
        Strain::NoTrump,
        Seat::North,
    );
    assert_eq!(est.tricks, 1);
    assert_backs_up(&est, &["DA"]);
}

/// Notrump rule 2 does not fire when our suits can fill every trick (here they do: North
/// cashes three aces).
#[test]
fn later_tricks_nt_rule2_no_trick_when_our_suits_cover_all_tricks() {
    let est = lt(
        "N:A.A..A 32..A. 4.3.3. .KQ.K.",
        Strain::NoTrump,
        Seat::North,
    );
    assert_eq!(est.tricks, 0);
}

/// Trump rule 1: the opponents hold every trump: the longer opponent's trump length.
#[test]
fn later_tricks_trump_rule1_opponents_hold_all_trumps() {
    let est = lt("N:AKQ... .32..2 ..AKQ. .4..43", Strain::Hearts, Seat::North);
    assert_eq!(est.tricks, 2);
}

/// Trump rule 2: the opponents hold the top trump: one trick.
#[test]
fn later_tricks_trump_rule2_opponents_top_trump() {
    let est = lt("N:A.K.. 2.A.. 3.Q.. 4.2..", Strain::Hearts, Seat::North);
    assert_eq!(est.tricks, 1);
    assert_backs_up(&est, &["HA"]);
}

/// Trump rule 2: the opponents hold the top two trumps (in one hand): two tricks.
#[test]
fn later_tricks_trump_rule2_opponents_top_two_trumps() {
    let est = lt("N:A.Q.. .AK.. 3.2.. 42...", Strain::Hearts, Seat::North);
    assert_eq!(est.tricks, 2);
    assert_backs_up(&est, &["HA", "HK"]);
}

/// Trump rule 2 refined: the top two trumps as singletons in different hands can fall
/// together on one trump lead, so they make one sure trick, not two.
#[test]
fn later_tricks_trump_rule2_split_singleton_top_trumps_count_once() {
    let pbn = "N:A.Q.. 2.A.. 3.2.. 4.K..";
    let est = lt(pbn, Strain::Hearts, Seat::North);
    assert_eq!(est.tricks, 1);
    assert_eq!(2 - exact(pbn, Strain::Hearts, Seat::North), 1);
}

/// Trump rule 3: our side has the top trump, the opponent sitting after its holder has the
/// second trump and another: one sure trick.
#[test]
fn later_tricks_trump_rule3_second_trump_with_length_behind_top_trump() {
    let est = lt("N:A.A.. .K2.. 32... KQ...", Strain::Hearts, Seat::North);
    assert_eq!(est.tricks, 1);
    assert_backs_up(&est, &["HA", "HK"]);
}

/// Trump rule 3 needs the second trump behind the top trump: with the K in front of
/// partner's A (finessable through), the opponents take nothing.
#[test]
fn later_tricks_trump_rule3_second_trump_in_front_of_top_trump_counts_nothing() {
    let pbn = "N:A.43.. 2.K2.. 3.AQ.. KQJ...";
    let est = lt(pbn, Strain::Hearts, Seat::North);
    assert_eq!(est.tricks, 0);
    assert_eq!(exact(pbn, Strain::Hearts, Seat::North), 3);
}

/// Split top cards: North holds the ace, South the king, each with a small card. North
/// leads low to the king and South leads back to the ace: two tricks, resting on both.
#[test]
fn quick_tricks_split_top_cards_cross_and_come_back() {
    let pbn = "N:A2.J2.. QJ.KQ.. K3.43.. T9.A5..";
    let est = qt(pbn, Strain::NoTrump, Seat::North);
    assert_eq!(est.tricks, 2, "{est:?}");
    assert_backs_up(&est, &["SA", "SK"]);
}

/// Partner short under the top run: North's AK clear the suit (South's two cards and the
/// opponents' two each fall under them), so North's small cards win too.
#[test]
fn quick_tricks_run_the_suit_when_partner_is_short() {
    let pbn = "N:AK43... QJ.QJ.. T9.T9.. 87.87..";
    let est = qt(pbn, Strain::NoTrump, Seat::North);
    assert_eq!(est.tricks, 4, "{est:?}");
    assert_backs_up(&est, &["SA", "SK"]);
}

/// Partner ruffs: North leads a spade, South (void in spades) ruffs, and neither opponent
/// can ruff. One sure trick that rests on lengths alone.
#[test]
fn quick_tricks_partner_ruffs_a_side_suit() {
    let pbn = "N:32... AK... .2.3. QJ...";
    let est = qt(pbn, Strain::Hearts, Seat::North);
    assert_eq!(est.tricks, 1, "{est:?}");
    assert_eq!(est.win, Hand::EMPTY, "{est:?}");
}

/// Partner ruffs high: West (fourth hand) is void in spades too, but its trump is lower
/// than South's ace, which the count rests on.
#[test]
fn quick_tricks_partner_ruffs_over_an_opponent() {
    let pbn = "N:32... AK... .A.3. .2.J.";
    let est = qt(pbn, Strain::Hearts, Seat::North);
    assert_eq!(est.tricks, 1, "{est:?}");
    assert_backs_up(&est, &["HA"]);
}

/// Partner ruffs though the side tops no suit and an opponent holds a trump (East's SK):
/// North leads the H2, East must follow, West has no trump, South ruffs. The ceiling that
/// lets the search skip QuickTricks still allows the one trick.
#[test]
fn quick_tricks_ceiling_allows_a_ruff_in_partners_hand() {
    let pbn = "N:.2.2. K.A.. 2...2 ..A.A";
    let est = qt(pbn, Strain::Spades, Seat::North);
    assert_eq!(est.tricks, 1, "{est:?}");
    assert_eq!(est.win, Hand::EMPTY, "{est:?}");
    assert_eq!(
        quick_tricks_ceiling(&hands(pbn), Strain::Spades, Seat::North),
        1
    );
}

/// Split top cards as the way to partner: North leads low to South's king, South cashes its
/// hearts and leads back to North's ace. Four tricks, though North holds no heart.
#[test]
fn quick_tricks_cross_to_partner_through_split_top_cards() {
    let pbn = "N:A2..32. QJ..AK. K3.AK.. T9.QJ..";
    let est = qt(pbn, Strain::NoTrump, Seat::North);
    assert_eq!(est.tricks, 4, "{est:?}");
    assert_backs_up(&est, &["SA", "SK", "HA", "HK"]);
}
