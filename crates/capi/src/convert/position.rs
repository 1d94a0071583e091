//! A DDS `deal` (binary holdings, trump, leader, current trick) into a checked
//! [`Position`], with `SolveBoard`'s checks in DDS's order and DDS's return codes.

use super::pbn::Holdings;
use crate::ffi::*;
use crate::prelude::*;

/// The ranks' bits of a holding: 2..=14.
const RANK_MASK: u32 = 0x7ffc;

/// `SolveBoard`'s parameter checks (DDS's `BoardRangeChecks`), in DDS's order.
pub fn range_checks(dl: &DealBin, target: i32, solutions: i32, mode: i32) -> Result<(), i32> {
    let fault = [
        (target < -1, RETURN_TARGET_WRONG_LO),
        (target > 13, RETURN_TARGET_WRONG_HI),
        (solutions < 1, RETURN_SOLNS_WRONG_LO),
        (solutions > 3, RETURN_SOLNS_WRONG_HI),
        (mode < 0, RETURN_MODE_WRONG_LO),
        (mode > 2, RETURN_MODE_WRONG_HI),
        (!(0..=4).contains(&dl.trump), RETURN_TRUMP_WRONG),
        (!(0..=3).contains(&dl.first), RETURN_FIRST_WRONG),
    ];
    if let Some(&(_, code)) = fault.iter().find(|(bad, _)| *bad) {
        return Err(code);
    }
    let mut seen = [false; 3];
    for k in 0..3 {
        let r = dl.current_trick_rank[k];
        if r == 0 {
            continue;
        }
        seen[k] = true;
        if !(2..=14).contains(&r) || !(0..=3).contains(&dl.current_trick_suit[k]) {
            return Err(RETURN_SUIT_OR_RANK);
        }
    }
    // The cards of the trick come first: none after a gap.
    if (1..3).any(|k| seen[k] && !seen[..k].iter().all(|&s| s)) {
        return Err(RETURN_SUIT_OR_RANK);
    }
    check_holdings(&dl.remain_cards)
}

/// Holdings with bits outside the ranks (DDS: nonzero and below 4, or 0x8000 and up).
pub fn check_holdings(cards: &Holdings) -> Result<(), i32> {
    let bad = cards
        .iter()
        .flatten()
        .any(|&c| c != 0 && !(0x0004..0x8000).contains(&c));
    if bad {
        Err(RETURN_SUIT_OR_RANK)
    } else {
        Ok(())
    }
}

/// The hands of the binary holdings (bits below rank 2 dropped, as DDS drops them).
pub fn hands_of(cards: &Holdings) -> SeatMap<Hand> {
    SeatMap::from_fn(|seat| {
        Hand::from_holdings(std::array::from_fn(|s| {
            Holding((cards[seat.index()][s] & RANK_MASK) as u16)
        }))
    })
}

/// Cards in the holdings.
fn card_count(cards: &Holdings) -> u32 {
    cards
        .iter()
        .flatten()
        .map(|&c| (c & RANK_MASK).count_ones())
        .sum()
}

/// The position of a `deal` that passed [`range_checks`], with DDS's `BoardValueChecks`
/// in DDS's order: no cards, more than 52, a target above the tricks left, hand lengths that
/// do not fit the current trick, a played card still held, a card held twice. The cards of
/// the current trick are as many as the card count implies (52 less the count, modulo 4), as
/// in DDS; a revoke among them (DDS does not check) is `RETURN_SUIT_OR_RANK`.
pub fn checked_position(dl: &DealBin, target: i32) -> Result<Position, i32> {
    let count = card_count(&dl.remain_cards);
    if count == 0 {
        return Err(RETURN_ZERO_CARDS);
    }
    if count > 52 {
        return Err(RETURN_TOO_MANY_CARDS);
    }
    let tricks_left = count.div_ceil(4);
    if target > tricks_left as i32 {
        return Err(RETURN_TARGET_TOO_HIGH);
    }
    let hands = hands_of(&dl.remain_cards);
    let first = Seat::from_index(dl.first as usize).ok_or(RETURN_FIRST_WRONG)?;
    let trump = Strain::from_index(dl.trump as usize).ok_or(RETURN_TRUMP_WRONG)?;
    let played_count = ((52 - count) % 4) as usize;
    let mut lengths = hands.0.map(|h| h.len());
    for k in 0..played_count {
        lengths[first.offset(k).index()] += 1;
    }
    if lengths.iter().any(|&l| l != lengths[0]) {
        return Err(RETURN_CARD_COUNT);
    }
    let mut played = Vec::with_capacity(played_count);
    for k in 0..played_count {
        let suit = Suit::from_index(dl.current_trick_suit[k] as usize);
        let rank = u8::try_from(dl.current_trick_rank[k])
            .ok()
            .and_then(Rank::new);
        let (Some(suit), Some(rank)) = (suit, rank) else {
            return Err(RETURN_SUIT_OR_RANK);
        };
        let card = Card::new(suit, rank);
        if Seat::ALL.iter().any(|&s| hands[s].contains(card)) {
            return Err(RETURN_PLAYED_CARD);
        }
        played.push(card);
    }
    let all = Seat::ALL.iter().fold(0u32, |n, &s| n + hands[s].len());
    let union = Seat::ALL.iter().fold(Hand::EMPTY, |u, &s| u | hands[s]);
    if union.len() != all {
        return Err(RETURN_DUPLICATE_CARDS);
    }
    Position::with_trick(hands, trump, first, &played).map_err(|e| match e {
        PositionError::PlayedTwice(_) => RETURN_DUPLICATE_CARDS,
        PositionError::Revoke { .. } => RETURN_SUIT_OR_RANK,
        PositionError::Empty => RETURN_ZERO_CARDS,
        PositionError::PlayedCardInHand { .. } => RETURN_PLAYED_CARD,
        _ => RETURN_CARD_COUNT,
    })
}

/// The checked deal of a table (`CalcDDtable`): the checks `SolveBoard` makes of a deal
/// with no current trick, and DDS's codes.
pub fn table_deal(cards: &Holdings) -> Result<Deal, i32> {
    check_holdings(cards)?;
    let dl = DealBin {
        trump: 4,
        first: 0,
        current_trick_suit: [0; 3],
        current_trick_rank: [0; 3],
        remain_cards: *cards,
    };
    let count = card_count(cards);
    if count % 4 != 0 && count <= 52 {
        // Unequal hands: DDS would read the shortfall as cards of a current trick that the
        // table's deal does not have.
        return Err(RETURN_CARD_COUNT);
    }
    let pos = checked_position(&dl, -1)?;
    Deal::new(*pos.hands()).map_err(|e| match e {
        DealError::DuplicateCard { .. } => RETURN_DUPLICATE_CARDS,
        DealError::Empty => RETURN_ZERO_CARDS,
        _ => RETURN_CARD_COUNT,
    })
}
