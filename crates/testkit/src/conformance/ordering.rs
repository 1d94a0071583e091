//! The conformance suite of move orderings ([`ddsolve_moves::MoveOrdering`]).
//!
//! The search's results never depend on the order of its moves, only its speed does, so an
//! ordering owes the search exactly this: `order` leaves every generated move in the list
//! exactly once, untouched but for its weight; `first` proposes nothing or a card the hand
//! to play holds; and all of it holds after the ordering has learned (cutoffs reported) and
//! after `reset`. [`check_ordering`] runs every check on positions at every point of a trick
//! (random endings of every size and full deals, led and in mid-trick).
//!
//! ```
//! use ddsolve_orderings::{PaperOrdering, RankOrdering};
//! use ddsolve_testkit::conformance::ordering::check_ordering;
//!
//! check_ordering(|| RankOrdering);
//! check_ordering(|| PaperOrdering);
//! ```

use crate::oracle::random_ending_of;
use ddsolve_cards::{Card, DealRng, Position, Strain};
use ddsolve_moves::{generate, Move, MoveList, MoveOrdering, OrderHints, TrickView};

/// Runs every check of the suite on orderings made by `make`.
pub fn check_ordering<O: MoveOrdering>(make: impl Fn() -> O) {
    permutation_of_generated_moves(&make);
    first_is_legal_or_none(&make);
    still_a_permutation_after_learning_and_reset(&make);
}

/// Positions to order: random endings of 1 to 13 cards a hand, each led and after one, two
/// and three cards of the trick (the cards played chosen at random among the legal ones).
fn positions(seed: u64) -> Vec<Position> {
    let mut rng = DealRng::new(seed);
    let mut out = Vec::new();
    for i in 0..120u32 {
        let mut pos = random_ending_of(&mut rng, 1 + i % 13);
        out.push(pos.clone());
        for _ in 0..3 {
            let legal: Vec<Card> = pos.legal_cards().iter().collect();
            let card = legal[(rng.next_u64() % legal.len() as u64) as usize];
            if pos.play(card).is_err() || pos.trick().is_empty() {
                break;
            }
            out.push(pos.clone());
        }
    }
    out
}

fn key(m: &Move) -> (u32, u16) {
    (m.card.bit_index(), m.equals.0)
}

/// Hints as the search gives them: a legal card of the hand to play, or none.
fn hints_for(pos: &Position, i: usize) -> OrderHints {
    let legal: Vec<Card> = pos.legal_cards().iter().collect();
    OrderHints {
        cutoff: (i % 3 == 0).then(|| legal[i % legal.len()]),
        tt: (i % 5 == 0).then(|| legal[(i / 2) % legal.len()]),
        need: (i % 7) as u8,
    }
}

/// Orders the generated moves of `pos` and checks that the result is a permutation of them.
fn assert_permutation<O: MoveOrdering>(ordering: &mut O, pos: &Position, hints: &OrderHints) {
    let view = TrickView::of(pos);
    let mut generated = MoveList::new();
    generate(&view, &mut generated);
    let mut ordered = generated.clone();
    ordering.order(&view, hints, &mut ordered);
    let mut a: Vec<_> = generated.iter().map(key).collect();
    let mut b: Vec<_> = ordered.iter().map(key).collect();
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(
        a, b,
        "order must keep every generated move exactly once (cards and equals untouched) in {pos:?}"
    );
}

/// `order` returns every generated move exactly once, on fresh orderings.
pub fn permutation_of_generated_moves<O: MoveOrdering>(make: &impl Fn() -> O) {
    for (i, pos) in positions(0xC0FF_0001).iter().enumerate() {
        assert_permutation(&mut make(), pos, &hints_for(pos, i));
    }
}

/// `first` proposes nothing or a card that the hand to play holds, and whichever it is, a
/// legal move holds it or the search ignores it: here it must at least be in the hand.
pub fn first_is_legal_or_none<O: MoveOrdering>(make: &impl Fn() -> O) {
    let mut ordering = make();
    for (i, pos) in positions(0xC0FF_0002).iter().enumerate() {
        let view = TrickView::of(pos);
        if let Some(card) = ordering.first(&view, &hints_for(pos, i)) {
            assert!(
                pos.hands()[pos.to_play()].contains(card),
                "first proposed {card}, which the hand to play does not hold, in {pos:?}"
            );
        }
        // Teach it something for the next positions.
        if let Some(card) = pos.legal_cards().iter().next() {
            ordering.cutoff(&view, &hints_for(pos, i), card);
        }
    }
}

/// One ordering used for many positions, told of cutoffs as the search tells it, reset
/// between trump strains: every list it orders is still a permutation.
pub fn still_a_permutation_after_learning_and_reset<O: MoveOrdering>(make: &impl Fn() -> O) {
    let mut ordering = make();
    let mut last_trump: Option<Strain> = None;
    for (i, pos) in positions(0xC0FF_0003).iter().enumerate() {
        if last_trump != Some(pos.trump()) {
            ordering.reset();
            last_trump = Some(pos.trump());
        }
        let hints = hints_for(pos, i);
        assert_permutation(&mut ordering, pos, &hints);
        let view = TrickView::of(pos);
        let legal: Vec<Card> = pos.legal_cards().iter().collect();
        ordering.cutoff(&view, &hints, legal[i % legal.len()]);
        if let Some(card) = ordering.first(&view, &hints) {
            assert!(pos.hands()[pos.to_play()].contains(card));
        }
    }
}
