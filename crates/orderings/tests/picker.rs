//! Conformance of the move picker on random positions (small endings from the oracle's
//! generator, mid-trick ones included, and full deals after random play): with the
//! small-card filter off it hands out every legal move exactly once, the ordering's proposal
//! first when a legal move holds it and the others in the ordering's order; `every_move`
//! lists every legal move and changes nothing that follows; with the filter on it hands out
//! the same moves less some that Kuijf's rule leaves out, and never leaves out one the rule
//! admits.

use ddsolve_cards::{Card, DealRng, Hand, Position, Seat, Strain};
use ddsolve_moves::{
    generate, generate_one, Move, MoveList, MoveOrdering, MovePicker, OrderHints, SmallCardFilter,
    TrickView,
};
use ddsolve_orderings::{AnyOrdering, OrderingKind};
use ddsolve_testkit::oracle::arb_ending;
use proptest::prelude::*;

/// An ordering whose order is known independently of the picker: by a random key per card,
/// highest first (a total order, so the result does not depend on the list's input order),
/// proposing a given card (legal or not) or none.
#[derive(Clone, Debug)]
struct KeyedOrdering {
    key: [u64; 64],
    propose: Option<Card>,
}

impl KeyedOrdering {
    fn new(rng: &mut DealRng, propose: Option<Card>) -> KeyedOrdering {
        let mut key = [0; 64];
        for k in key.iter_mut() {
            *k = rng.next_u64();
        }
        KeyedOrdering { key, propose }
    }

    fn key(&self, card: Card) -> u64 {
        self.key[card.bit_index() as usize]
    }
}

impl MoveOrdering for KeyedOrdering {
    fn order(&mut self, _view: &TrickView, _hints: &OrderHints, moves: &mut MoveList) {
        moves.sort_by_key(|m| std::cmp::Reverse(self.key(m.card)));
    }

    fn first(&mut self, _view: &TrickView, _hints: &OrderHints) -> Option<Card> {
        self.propose
    }
}

/// A full deal with `played` random legal cards already played.
fn after_play(seed: u64, played: usize) -> Position {
    let mut rng = DealRng::new(seed);
    let mut pos = Position::new(
        rng.deal(),
        Strain::ALL[rng.below(5) as usize],
        Seat::ALL[rng.below(4) as usize],
    );
    for _ in 0..played.min(51) {
        let legal: Vec<Card> = pos.legal_cards().iter().collect();
        pos.play(legal[rng.below(legal.len() as u64) as usize])
            .expect("a legal card");
    }
    pos
}

fn arb_position() -> impl Strategy<Value = Position> {
    prop_oneof![
        arb_ending(4),
        arb_ending(13),
        (any::<u64>(), 0usize..52).prop_map(|(seed, n)| after_play(seed, n)),
    ]
}

/// A proposal as the search's orderings make them: none, a card of the hand to play (legal
/// or not: a revoke is ignored) or, rarely, a card the hand does not hold.
fn proposal(pos: &Position, rng: &mut DealRng) -> Option<Card> {
    let hand: Vec<Card> = pos.hands()[pos.to_play()].iter().collect();
    match rng.below(4) {
        0 => None,
        1 => Hand::ALL
            .iter()
            .nth(rng.below(52) as usize)
            .filter(|c| !pos.hands()[pos.to_play()].contains(*c)),
        _ => Some(hand[rng.below(hand.len() as u64) as usize]),
    }
}

/// Winning ranks as a search might back them up: random cards, now and then none.
fn wins(rng: &mut DealRng) -> Hand {
    if rng.below(4) == 0 {
        Hand::EMPTY
    } else {
        Hand(rng.next_u64() & rng.next_u64() & Hand::ALL.0)
    }
}

fn generated(view: &TrickView) -> MoveList {
    let mut all = MoveList::new();
    generate(view, &mut all);
    all
}

fn sorted(moves: &[Move]) -> Vec<(u32, u16)> {
    let mut v: Vec<_> = moves
        .iter()
        .map(|m| (m.card.bit_index(), m.equals.0))
        .collect();
    v.sort_unstable();
    v
}

/// Every move `picker` hands out at `view`, `searched` told of each with random wins
/// (drawn from `rng`, so that two runs with equal generators see the same ones).
fn drain<O: MoveOrdering>(
    picker: &mut MovePicker,
    view: &TrickView,
    ordering: &mut O,
    rng: &mut DealRng,
) -> Vec<Move> {
    let hints = OrderHints::default();
    let mut out = Vec::new();
    while let Some(mv) = picker.next(|| *view, ordering, &hints) {
        out.push(mv);
        picker.searched(&mv, wins(rng));
        assert!(out.len() <= 13, "more moves than a hand holds at {view:?}");
    }
    out
}

/// Filter off: every legal move exactly once, the proposal's move first, the others in
/// the ordering's order; `every_move` lists every legal move and changes nothing after it.
fn check_unfiltered(pos: &Position, seed: u64) {
    let view = TrickView::of(pos);
    let mut rng = DealRng::new(seed);
    let propose = proposal(pos, &mut rng);
    let mut ordering = KeyedOrdering::new(&mut rng, propose);
    let hints = OrderHints::default();
    let all = generated(&view);
    let held = propose.and_then(|c| generate_one(&view, c));

    let mut picker = MovePicker::new(&view, &mut ordering, &hints, false);
    let got = drain(&mut picker, &view, &mut ordering, &mut DealRng::new(seed));
    assert_eq!(
        sorted(&got),
        sorted(&all),
        "every legal move exactly once at {pos:?}"
    );
    let rest = match held {
        Some(mv) => {
            assert_eq!(got[0], mv, "the proposal {propose:?} first at {pos:?}");
            &got[1..]
        }
        None => &got[..],
    };
    for w in rest.windows(2) {
        assert!(
            ordering.key(w[0].card) > ordering.key(w[1].card),
            "{} before {} against the ordering at {pos:?}",
            w[0].card,
            w[1].card
        );
    }

    let mut picker = MovePicker::new(&view, &mut ordering, &hints, false);
    let listed = picker.every_move(&view, &mut ordering, &hints);
    assert_eq!(sorted(&listed), sorted(&all), "every_move at {pos:?}");
    if held.is_none() {
        assert_eq!(&listed[..], &got[..], "every_move in the ordering's order");
    }
    let after = drain(&mut picker, &view, &mut ordering, &mut DealRng::new(seed));
    assert_eq!(after, got, "next after every_move at {pos:?}");
}

/// Filter on: the moves handed out with the filter off, less those the rule leaves out;
/// each one left out is one a filter told of the same searches does not admit, each one
/// handed out one it admits. Returns how many were left out.
fn check_filtered(pos: &Position, seed: u64) -> usize {
    let view = TrickView::of(pos);
    let mut rng = DealRng::new(seed);
    let propose = proposal(pos, &mut rng);
    let mut ordering = KeyedOrdering::new(&mut rng, propose);
    let hints = OrderHints::default();
    let mut off = MovePicker::new(&view, &mut ordering, &hints, false);
    let unfiltered = drain(&mut off, &view, &mut ordering, &mut DealRng::new(seed));

    let mut picker = MovePicker::new(&view, &mut ordering, &hints, true);
    let mut rule = SmallCardFilter::new();
    let mut wins_rng = DealRng::new(seed ^ 0x5eed);
    let mut expected = unfiltered.iter();
    let mut skipped = 0;
    while let Some(mv) = picker.next(|| view, &mut ordering, &hints) {
        loop {
            let want = expected
                .next()
                .unwrap_or_else(|| panic!("{} not among the moves at {pos:?}", mv.card));
            if *want == mv {
                break;
            }
            assert!(
                !rule.admits(want),
                "{} left out though the rule admits it at {pos:?}",
                want.card
            );
            skipped += 1;
        }
        assert!(
            rule.admits(&mv),
            "{} handed out though the rule does not admit it",
            mv.card
        );
        let w = wins(&mut wins_rng);
        picker.searched(&mv, w);
        rule.searched(&mv, w);
    }
    for want in expected {
        assert!(
            !rule.admits(want),
            "{} left out at the end though the rule admits it at {pos:?}",
            want.card
        );
        skipped += 1;
    }
    skipped
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn without_the_filter_every_legal_move_once_proposal_first_rest_ordered(
        pos in arb_position(),
        seed in any::<u64>(),
    ) {
        check_unfiltered(&pos, seed);
    }

    #[test]
    fn with_the_filter_only_moves_the_rule_leaves_out_are_skipped(
        pos in arb_position(),
        seed in any::<u64>(),
    ) {
        check_filtered(&pos, seed);
    }
}

/// The filter does leave moves out on these positions (else the test above would prove
/// little), and a picker with the filter off never does.
#[test]
fn the_filter_leaves_moves_out_somewhere() {
    let mut rng = DealRng::new(0x9_1c_4e_25);
    let mut skipped = 0;
    for i in 0..200 {
        let pos = after_play(rng.next_u64(), (i % 40) as usize);
        skipped += check_filtered(&pos, rng.next_u64());
    }
    assert!(skipped > 50, "only {skipped} moves left out");
}

/// The workspace's orderings through the picker: every legal move exactly once, and the
/// card an ordering proposes (after it learned a cutoff there) first when a legal move holds
/// it.
#[test]
fn real_orderings_every_move_once_their_proposal_first() {
    let mut rng = DealRng::new(0x0_71c_4e7);
    for kind in OrderingKind::ALL {
        let mut ordering = AnyOrdering::new(kind);
        for i in 0..300 {
            let pos = after_play(rng.next_u64(), i % 52);
            let view = TrickView::of(&pos);
            let legal: Vec<Card> = pos.legal_cards().iter().collect();
            let hints = OrderHints::default();
            ordering.cutoff(&view, &hints, legal[rng.below(legal.len() as u64) as usize]);
            // Asked once more by the picker: `first` only looks.
            let proposed = ordering
                .first(&view, &hints)
                .and_then(|c| generate_one(&view, c));
            let mut picker = MovePicker::new(&view, &mut ordering, &hints, false);
            let got = drain(&mut picker, &view, &mut ordering, &mut rng);
            assert_eq!(
                sorted(&got),
                sorted(&generated(&view)),
                "{kind:?} at {pos:?}"
            );
            if let Some(mv) = proposed {
                assert_eq!(got[0], mv, "{kind:?}'s proposal first at {pos:?}");
            }
        }
    }
}

/// `MovePicker::ordered` is every legal move in the ordering's order.
#[test]
fn ordered_is_every_move_in_the_orderings_order() {
    let mut rng = DealRng::new(0x0_4de_4ed);
    for i in 0..200 {
        let pos = after_play(rng.next_u64(), i % 52);
        let view = TrickView::of(&pos);
        let mut ordering = KeyedOrdering::new(&mut rng, None);
        let got = MovePicker::ordered(&view, &mut ordering, &OrderHints::default());
        assert_eq!(sorted(&got), sorted(&generated(&view)));
        assert!(got
            .windows(2)
            .all(|w| ordering.key(w[0].card) > ordering.key(w[1].card)));
    }
}

/// Whether the hand to play at `pos` discards (is void in the suit led).
fn discards(pos: &Position) -> bool {
    let view = TrickView::of(pos);
    view.led()
        .is_some_and(|led| view.holding(view.to_play(), led).is_empty())
}

/// A random position where the hand to play discards, from a full deal after random play.
fn discard_position(rng: &mut DealRng) -> Position {
    loop {
        let pos = after_play(rng.next_u64(), 4 + rng.below(44) as usize);
        if discards(&pos) {
            return pos;
        }
    }
}

fn cards(moves: &[Move]) -> Vec<(Card, u16)> {
    moves.iter().map(|m| (m.card, m.equals.0)).collect()
}

/// A discard node's moves as an ordering that asks for the lowest discards first has them
/// handed out: each suit's lowest run (its last move in generation's list) and every move of
/// the live trump suit, in the ordering's order; then the others, in the ordering's order.
fn lowest_first<O: MoveOrdering>(view: &TrickView, ordering: &mut O) -> Vec<Move> {
    let all = generated(view);
    let ruff = view.live_trump();
    let (mut first, mut rest) = (MoveList::new(), MoveList::new());
    for (i, mv) in all.iter().enumerate() {
        let suit = mv.card.suit();
        let lowest = all.get(i + 1).is_none_or(|next| next.card.suit() != suit);
        if lowest || Some(suit) == ruff {
            first.push(*mv);
        } else {
            rest.push(*mv);
        }
    }
    let hints = OrderHints::default();
    ordering.order(view, &hints, &mut first);
    ordering.order(view, &hints, &mut rest);
    first.iter().chain(rest.iter()).copied().collect()
}

/// At discards, the orderings that ask for the lowest discards first get them (see
/// `lowest_first`), the others their order of the full list (`MovePicker::ordered`): with
/// the filter off exactly those moves in that order; with it on, that order less what
/// Kuijf's rule leaves out, told of the same searches.
#[test]
fn discards_lowest_first_then_the_rest() {
    let mut rng = DealRng::new(0xd15_ca4d);
    let mut staged = 0;
    for kind in OrderingKind::ALL {
        let mut ordering = AnyOrdering::new(kind);
        staged += usize::from(ordering.lowest_discards_first());
        for _ in 0..400 {
            let pos = discard_position(&mut rng);
            let view = TrickView::of(&pos);
            let hints = OrderHints::default();
            let full = if ordering.lowest_discards_first() {
                lowest_first(&view, &mut ordering)
            } else {
                MovePicker::ordered(&view, &mut ordering, &hints).to_vec()
            };
            let seed = rng.next_u64();

            let mut picker = MovePicker::new(&view, &mut ordering, &hints, false);
            let got = drain(&mut picker, &view, &mut ordering, &mut DealRng::new(seed));
            assert_eq!(cards(&got), cards(&full), "{kind:?} at {pos:?}");

            // `every_move` lists them in that order, and `next` goes on unchanged.
            let mut picker = MovePicker::new(&view, &mut ordering, &hints, false);
            let listed = picker.every_move(&view, &mut ordering, &hints);
            assert_eq!(
                cards(&listed),
                cards(&full),
                "{kind:?} every_move at {pos:?}"
            );
            let after = drain(&mut picker, &view, &mut ordering, &mut DealRng::new(seed));
            assert_eq!(
                cards(&after),
                cards(&full),
                "{kind:?} after every_move at {pos:?}"
            );

            let mut picker = MovePicker::new(&view, &mut ordering, &hints, true);
            let mut rule = SmallCardFilter::new();
            let mut wins_rng = DealRng::new(seed);
            let mut expected = Vec::new();
            let mut handed = Vec::new();
            let mut full = full.iter();
            while let Some(mv) = picker.next(|| view, &mut ordering, &hints) {
                // The rule's choice for this move, from the full order.
                for want in full.by_ref() {
                    if rule.admits(want) {
                        expected.push(*want);
                        break;
                    }
                }
                handed.push(mv);
                let w = wins(&mut wins_rng);
                picker.searched(&mv, w);
                rule.searched(&mv, w);
            }
            expected.extend(full.filter(|m| rule.admits(m)));
            assert_eq!(
                cards(&handed),
                cards(&expected),
                "{kind:?} filtered at {pos:?}"
            );
        }
    }
    assert!(
        staged >= 2,
        "the tuned orderings ask for the lowest discards first"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The default ordering (lowest discards first) through the picker, filter off: at any
    /// position, discards included, exactly the moves `generate` lists, once each.
    #[test]
    fn the_default_ordering_hands_out_generates_moves(
        pos in arb_position(),
        seed in any::<u64>(),
    ) {
        let view = TrickView::of(&pos);
        let mut ordering = AnyOrdering::default();
        let hints = OrderHints::default();
        let mut picker = MovePicker::new(&view, &mut ordering, &hints, false);
        let got = drain(&mut picker, &view, &mut ordering, &mut DealRng::new(seed));
        prop_assert_eq!(sorted(&got), sorted(&generated(&view)));
    }
}
