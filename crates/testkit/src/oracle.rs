//! A brute-force double-dummy solver for small endings, to check the real solver against.
//!
//! It is deliberately naive: plain minimax with alpha-beta over **every** legal card (no
//! equivalent cards collapsed, no move ordering, no quick tricks, no transposition table),
//! playing and taking back cards with [`Position::play_unchecked`] and [`Position::undo`].
//! It shares nothing with the real solver but the card rules of `ddsolve-cards`.
//!
//! Its cost grows like `(n!)^4` for `n` cards a hand before alpha-beta, so it is meant for
//! endings of at most [`MAX_CARDS_PER_HAND`] (5) cards a hand. [`try_tricks`] and
//! [`try_card_values`] return [`OracleError::TooLarge`] for a larger position; [`tricks`] and
//! [`card_values`] panic on one.
//!
//! [`random_ending`] and [`arb_ending`] make random valid endings, mid-trick ones included.

use ddsolve_cards::{Card, DealRng, Position, Seat, Side, Strain};
use proptest::prelude::*;
use thiserror::Error;

/// The most cards a hand may hold for the oracle.
pub const MAX_CARDS_PER_HAND: u32 = 5;

/// Why the oracle refuses a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OracleError {
    /// A hand holds more than [`MAX_CARDS_PER_HAND`] cards.
    #[error(
        "{seat} holds {len} cards; the oracle only solves endings of at most {max} cards a hand"
    )]
    TooLarge {
        /// The longest hand.
        seat: Seat,
        /// Its length.
        len: u32,
        /// [`MAX_CARDS_PER_HAND`].
        max: u32,
    },
}

/// Checks that `pos` is small enough for the oracle.
pub fn check_size(pos: &Position) -> Result<(), OracleError> {
    for seat in Seat::ALL {
        let len = pos.hand(seat).len();
        if len > MAX_CARDS_PER_HAND {
            return Err(OracleError::TooLarge {
                seat,
                len,
                max: MAX_CARDS_PER_HAND,
            });
        }
    }
    Ok(())
}

/// Tricks the side of the hand to play (`pos.to_play()`) takes from now to the end, the
/// trick in progress included, with best play by both sides.
///
/// # Panics
/// If a hand holds more than [`MAX_CARDS_PER_HAND`] cards (see [`try_tricks`]).
pub fn tricks(pos: &Position) -> u32 {
    try_tricks(pos).unwrap_or_else(|e| panic!("oracle::tricks: {e}"))
}

/// [`tricks`], or an error for a position too large for the oracle.
pub fn try_tricks(pos: &Position) -> Result<u32, OracleError> {
    check_size(pos)?;
    let side = pos.to_play().side();
    let mut work = pos.clone();
    let ns = ns_tricks(&mut work, i32::MIN, i32::MAX);
    debug_assert_eq!(&work, pos);
    Ok(for_side(side, ns, pos.tricks_left()))
}

/// Checks a solver's answers for `pos` against the oracle's: `cards`, the value of every
/// legal card, each once (as tricks of the side to play), and `value`, the position's;
/// `name` names the solver in a failure.
///
/// # Panics
/// On the first disagreement, naming the card or the value and the position.
pub fn check_values(
    pos: &Position,
    cards: impl IntoIterator<Item = (Card, u32)>,
    value: u32,
    name: &str,
) {
    let want = card_values(pos);
    let best = want.iter().map(|&(_, v)| v).max().expect("a legal card");
    let mut seen = 0;
    for (card, v) in cards {
        let Some(&(_, w)) = want.iter().find(|(c, _)| *c == card) else {
            panic!("[{name}] {card} is not a legal card in {pos:?}");
        };
        assert_eq!(v, w, "[{name}] card {card} in {pos:?}");
        seen += 1;
    }
    assert_eq!(
        seen,
        want.len(),
        "[{name}] every legal card reported once in {pos:?}"
    );
    assert_eq!(value, best, "[{name}] value of {pos:?}");
}

/// For every legal card of the hand to play, in [`ddsolve_cards::Hand::iter`] order (spades
/// first, each suit from the ace down): the tricks the side to play takes from now to the
/// end (the trick in progress included) if it plays that card and both sides then play
/// best. Empty if the position is finished.
///
/// # Panics
/// If a hand holds more than [`MAX_CARDS_PER_HAND`] cards (see [`try_card_values`]).
pub fn card_values(pos: &Position) -> Vec<(Card, u32)> {
    try_card_values(pos).unwrap_or_else(|e| panic!("oracle::card_values: {e}"))
}

/// [`card_values`], or an error for a position too large for the oracle.
pub fn try_card_values(pos: &Position) -> Result<Vec<(Card, u32)>, OracleError> {
    check_size(pos)?;
    let side = pos.to_play().side();
    let total = pos.tricks_left();
    let mut work = pos.clone();
    let before = work.tricks_won(Side::NorthSouth);
    let mut out = Vec::new();
    for card in pos.legal_cards().iter() {
        work.play_unchecked(card);
        let gained = work.tricks_won(Side::NorthSouth) - before;
        let ns = gained as i32 + ns_tricks(&mut work, i32::MIN, i32::MAX);
        work.undo();
        out.push((card, for_side(side, ns, total)));
    }
    debug_assert_eq!(&work, pos);
    Ok(out)
}

fn for_side(side: Side, ns: i32, total: u32) -> u32 {
    let ns = u32::try_from(ns).expect("trick counts are not negative");
    match side {
        Side::NorthSouth => ns,
        Side::EastWest => total - ns,
    }
}

/// Tricks North-South take from here to the end; exact when the result lies strictly inside
/// `(alpha, beta)`, otherwise a bound on the same side (fail-soft alpha-beta). North-South
/// maximise, East-West minimise.
fn ns_tricks(pos: &mut Position, mut alpha: i32, mut beta: i32) -> i32 {
    if pos.is_finished() {
        return 0;
    }
    let maximise = pos.to_play().side() == Side::NorthSouth;
    let before = pos.tricks_won(Side::NorthSouth);
    let mut best = if maximise { i32::MIN } else { i32::MAX };
    for card in pos.legal_cards().iter() {
        pos.play_unchecked(card);
        let gained = (pos.tricks_won(Side::NorthSouth) - before) as i32;
        let value = gained
            + ns_tricks(
                pos,
                alpha.saturating_sub(gained),
                beta.saturating_sub(gained),
            );
        pos.undo();
        if maximise {
            best = best.max(value);
            alpha = alpha.max(value);
        } else {
            best = best.min(value);
            beta = beta.min(value);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

/// A random valid ending: a random partial deal of 1..=`max_cards` cards a hand, a random
/// strain (notrump included), a random leader, and with probability 1/2 a random number
/// (0..=3) of random legal cards already played to the current trick.
///
/// The same generator state always gives the same position.
///
/// # Panics
/// If `max_cards` is not in 1..=13.
pub fn random_ending(rng: &mut DealRng, max_cards: u32) -> Position {
    assert!(
        (1..=13).contains(&max_cards),
        "random_ending: max_cards must be 1..=13, got {max_cards}"
    );
    let cards = 1 + rng.below(u64::from(max_cards)) as u32;
    random_ending_of(rng, cards)
}

/// Like [`random_ending`], with exactly `cards_per_hand` cards a hand dealt (before any card
/// of the current trick is played).
///
/// # Panics
/// If `cards_per_hand` is not in 1..=13.
pub fn random_ending_of(rng: &mut DealRng, cards_per_hand: u32) -> Position {
    let deal = rng.partial_deal(cards_per_hand);
    let trump = Strain::ALL[rng.below(5) as usize];
    let leader = Seat::ALL[rng.below(4) as usize];
    let mut pos = Position::new(deal, trump, leader);
    if rng.below(2) == 1 {
        let played = rng.below(4);
        for _ in 0..played {
            let legal: Vec<Card> = pos.legal_cards().iter().collect();
            let card = legal[rng.below(legal.len() as u64) as usize];
            pos.play_unchecked(card);
        }
    }
    pos
}

/// A proptest strategy for [`random_ending`]-style positions of 1..=`max_cards` cards a hand:
/// a hand length and a `u64` seed mapped through [`DealRng`]. Shrinking shortens the hands
/// (and moves the seed towards 0).
///
/// # Panics
/// If `max_cards` is not in 1..=13.
pub fn arb_ending(max_cards: u32) -> impl Strategy<Value = Position> {
    assert!(
        (1..=13).contains(&max_cards),
        "arb_ending: max_cards must be 1..=13, got {max_cards}"
    );
    (1..=max_cards, any::<u64>())
        .prop_map(|(cards, seed)| random_ending_of(&mut DealRng::new(seed), cards))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::Deal;

    #[test]
    fn finished_position_is_worth_nothing() {
        let deal: Deal = "N:A... K... Q... J...".parse().unwrap();
        let mut pos = Position::new(deal, Strain::NoTrump, Seat::North);
        for c in ["SA", "SK", "SQ", "SJ"] {
            pos.play(Card::parse(c).unwrap()).unwrap();
        }
        assert!(pos.is_finished());
        assert_eq!(tricks(&pos), 0);
        assert!(card_values(&pos).is_empty());
    }

    #[test]
    fn too_large_is_refused() {
        let pos = Position::new(DealRng::new(1).partial_deal(6), Strain::Spades, Seat::East);
        let err = try_tricks(&pos).unwrap_err();
        assert!(matches!(err, OracleError::TooLarge { len: 6, max: 5, .. }));
        assert!(err.to_string().contains("6 cards"), "{err}");
        assert!(try_card_values(&pos).is_err());
        let ok = Position::new(DealRng::new(1).partial_deal(5), Strain::Spades, Seat::East);
        assert!(try_tricks(&ok).is_ok());
    }

    #[test]
    #[should_panic(expected = "at most 5 cards")]
    fn tricks_panics_when_too_large() {
        let pos = Position::new(DealRng::new(1).deal(), Strain::NoTrump, Seat::North);
        tricks(&pos);
    }

    #[test]
    fn random_endings_are_reproducible_and_in_range() {
        for seed in 0..200 {
            let a = random_ending(&mut DealRng::new(seed), 4);
            let b = random_ending(&mut DealRng::new(seed), 4);
            assert_eq!(a, b);
            assert!(!a.is_finished());
            assert!(a.trick().len() <= 3);
            let max = Seat::ALL
                .map(|s| a.hand(s).len())
                .into_iter()
                .max()
                .unwrap();
            assert!((1..=4).contains(&max), "{a:?}");
        }
    }
}
