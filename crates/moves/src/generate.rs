//! Move generation: the legal moves of the hand to play with equivalent cards collapsed
//! (`generate`, `generate_one`), and [`TrickView`](crate::TrickView), the node as the
//! generator and the orderings see it.

use arrayvec::ArrayVec;
use ddsolve_cards::{
    trick_winner_so_far, Card, Hand, Holding, Position, Rank, Seat, SeatMap, Strain, Suit,
};

/// One move: a card, the equivalent cards it stands for, and its ordering weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The card searched: the highest of its run of equivalent cards.
    pub card: Card,
    /// Every rank of the card's suit that this move stands for, the card's own included.
    pub equals: Holding,
    /// Ordering weight; higher is searched first.
    pub weight: i32,
}

/// A hand's moves: never more than 13, stored inline.
pub type MoveList = ArrayVec<Move, 13>;

/// What move generation and ordering look at: the cards not yet played, trumps, the leader
/// and the cards played to the current trick.
#[derive(Clone, Copy, Debug)]
pub struct TrickView<'a> {
    /// Cards still in the hands.
    pub hands: &'a SeatMap<Hand>,
    /// The trump strain.
    pub trump: Strain,
    /// The leader of the current trick.
    pub leader: Seat,
    /// Cards played to the current trick, the leader's first.
    pub trick: &'a [Card],
    /// The index in `trick` of the card winning it so far (0 when the trick is empty). The
    /// search keeps it as the cards are played, so the orderings need not work it out at
    /// every node; [`TrickView::new`] computes it.
    pub winner: usize,
    /// The cards out when the trick began: those still in the hands and those of `trick`.
    /// The search keeps it from one trick to the next, so that generation and ordering
    /// need not gather it at every node; [`TrickView::new`] computes it.
    pub out: Hand,
}

impl<'a> TrickView<'a> {
    /// The view of these hands and trick, its winning card worked out.
    pub fn new(hands: &'a SeatMap<Hand>, trump: Strain, leader: Seat, trick: &'a [Card]) -> Self {
        let mut out = hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3];
        for c in trick {
            out.insert(*c);
        }
        TrickView {
            hands,
            trump,
            leader,
            trick,
            winner: trick_winner_so_far(trick, trump),
            out,
        }
    }

    /// The view of a [`Position`].
    pub fn of(pos: &'a Position) -> TrickView<'a> {
        TrickView::new(pos.hands(), pos.trump(), pos.leader(), pos.trick())
    }

    /// The trump suit while any trump is out (in the hands or the trick), else `None`:
    /// once they are all gone, the orderings' trump rules no longer apply.
    #[inline]
    pub fn live_trump(&self) -> Option<Suit> {
        self.trump.trump().filter(|&t| !self.out.suit(t).is_empty())
    }

    /// The hand to play.
    #[inline]
    pub fn to_play(&self) -> Seat {
        self.leader.offset(self.trick.len())
    }

    /// The suit led, if any.
    #[inline]
    pub fn led(&self) -> Option<Suit> {
        self.trick.first().map(|c| c.suit())
    }

    /// The holding of `seat` in `suit`.
    #[inline]
    pub fn holding(&self, seat: Seat, suit: Suit) -> Holding {
        self.hands[seat].suit(suit)
    }

    /// All cards of `suit` still in hands or in the current trick: the cards that were out
    /// when the trick began.
    #[inline]
    pub fn at_trick_start(&self, suit: Suit) -> Holding {
        self.out.suit(suit)
    }

    /// The number of cards left in the hands.
    #[inline]
    pub fn cards_left(&self) -> u32 {
        (self.hands.0[0] | self.hands.0[1] | self.hands.0[2] | self.hands.0[3]).len()
    }
}

/// The rank at each bit of a holding, by bit number; bits 0, 1 and 15 are no rank and never
/// looked up (a table instead of [`Rank::new`] spares the generators its check).
const RANK_AT: [Rank; 16] = {
    let mut t = [Rank::TWO; 16];
    let mut r = 2;
    while r <= 14 {
        t[r] = match Rank::new(r as u8) {
            Some(rank) => rank,
            None => Rank::TWO,
        };
        r += 1;
    }
    t
};

/// Splits `mine` into runs of equivalent ranks: ranks with no card of `others` between them.
/// Each run is pushed as a move headed by its highest rank.
#[inline]
pub(crate) fn push_runs(suit: Suit, mine: Holding, others: Holding, out: &mut MoveList) {
    let mut rest = mine.0;
    while rest != 0 {
        // The highest remaining rank heads the run, which extends down while the next lower
        // ranks are ours or gone (not in others): the ranks of `rest` (none above `top`) above
        // the highest blocker below `top`, all of them when there is none (16 leading zeros).
        let top = 15 - rest.leading_zeros();
        let blockers = others.0 & ((1u16 << top) - 1);
        let floor = 16 - blockers.leading_zeros();
        let run = rest & !(((1u32 << floor) - 1) as u16);
        out.push(Move {
            card: Card::new(suit, RANK_AT[top as usize & 15]),
            equals: Holding(run),
            weight: 0,
        });
        rest &= !run;
    }
}

/// A one in each suit's 16-bit lane of a [`Hand`].
const LANE_ONES: u64 = 0x0001_0001_0001_0001;
/// Bit 15 of each lane: no rank.
const LANE_TOPS: u64 = 0x8000_8000_8000_8000;

/// Each suit's lowest run of equivalent ranks in `mine` (split by `others`, as [`push_runs`]
/// splits the suit; none for a suit `mine` lacks), the four suits at once in their 16-bit
/// lanes: a lane's lowest rank, and the ranks up to the first card of `others` above it.
#[inline]
pub(crate) fn lowest_runs(mine: Hand, others: Hand) -> Hand {
    let h = mine.0;
    // Bit 15 set in every lane, so that no lane borrows from the next.
    let low = h & !((h | LANE_TOPS) - LANE_ONES);
    // The lane's ranks up to its lowest (bit 15 cleared again below).
    let up_to_low = ((low << 1) | LANE_TOPS) - LANE_ONES;
    // The cards of others above the lowest rank, bit 15 standing for none.
    let above = (others.0 & !up_to_low) | LANE_TOPS;
    let first_above = above & !(above - LANE_ONES);
    Hand(h & (first_above - low))
}

/// The move of `run`, one run of equivalent ranks of `suit` (not empty), headed by its
/// highest rank; its weight is 0.
#[inline]
pub(crate) fn run_move(suit: Suit, run: Holding) -> Move {
    let top = 15 - run.0.leading_zeros();
    Move {
        card: Card::new(suit, RANK_AT[top as usize & 15]),
        equals: run,
        weight: 0,
    }
}

/// The cards that were out when the trick began (those of the current trick included: they
/// can still win it), less `hand`: the cards that split `hand` into runs of equivalent ranks.
#[inline]
fn others_out(view: &TrickView, hand: Hand) -> Hand {
    view.out - hand
}

ddsolve_cards::fast_copy! {
/// Generates the legal moves of the hand to play, equivalent cards collapsed, in no
/// particular order. Equivalence counts the cards of earlier tricks as gone, but not the
/// cards of the current trick (they can still win it).
pub fn generate / generate_fast(view: &TrickView, out: &mut MoveList) {
    out.clear();
    let hand = view.hands[view.to_play()];
    let others = others_out(view, hand);
    let (mine, others) = match view.led() {
        Some(led) if !hand.suit(led).is_empty() => {
            // The suit led alone, in its lane of the reversed layout.
            let shift = 16 * (3 - led.index() as u32);
            (
                u64::from(hand.suit(led).0) << shift,
                u64::from(others.suit(led).0) << shift,
            )
        }
        _ => (lanes_reversed(hand.0), lanes_reversed(others.0)),
    };
    push_all_runs(mine, others, out);
}}

/// `x` with its four 16-bit lanes in reverse order (lane 0 to lane 3 and back), the ranks
/// in each lane unchanged: in this layout the suits come from the highest bits down in
/// [`Suit::ALL`]'s order.
#[inline]
fn lanes_reversed(x: u64) -> u64 {
    const LOW_LANES: u64 = 0x0000_FFFF_0000_FFFF;
    let x = x.rotate_left(32);
    ((x & LOW_LANES) << 16) | ((x >> 16) & LOW_LANES)
}

/// The card at each bit of the lane-reversed layout ([`lanes_reversed`]); bits that are no
/// rank (0, 1 and 15 of a lane) are never looked up.
const CARD_AT_REVERSED: [Card; 64] = {
    let mut t = [Card::new(Suit::Spades, Rank::TWO); 64];
    let mut i = 0;
    while i < 64 {
        if let Some(card) = Card::from_bit_index(i as u32 ^ 48) {
            t[i] = card;
        }
        i += 1;
    }
    t
};

/// Pushes the runs of equivalent ranks of `mine` split by `others` (both in the
/// lane-reversed layout, [`lanes_reversed`]), suit by suit in [`Suit::ALL`]'s order, each
/// suit's from the highest: the moves [`push_runs`] gives suit by suit.
#[inline]
fn push_all_runs(mine: u64, others: u64, out: &mut MoveList) {
    // Bit 0 of each lane (no rank) ends the lane's lowest run.
    let others = others | LANE_ONES;
    let mut rest = mine;
    while rest != 0 {
        // The highest remaining rank heads the run, down to the highest card of others
        // below it: in its own lane, at worst that lane's bit 0.
        let top = 63 - rest.leading_zeros();
        let blockers = others & ((1u64 << top) - 1);
        let floor = 64 - blockers.leading_zeros();
        let run = rest & (u64::MAX << floor);
        out.push(Move {
            card: CARD_AT_REVERSED[top as usize & 63],
            equals: Holding((run >> (top & 48)) as u16),
            weight: 0,
        });
        rest ^= run;
    }
}

/// The legal move that holds `card` (with the equivalent cards it stands for), exactly as
/// [`generate`] would list it, or `None` if `card` is not a legal play. The move picker
/// ([`crate::MovePicker`]) uses it to hand out an ordering's proposal
/// ([`crate::MoveOrdering::first`]) before generating the other moves, which the search
/// needs only when the proposal fails to cut off.
///
/// ```
/// use ddsolve_cards::{Card, Deal, Position, Rank, Seat, Strain, Suit};
/// use ddsolve_moves::{generate, generate_one, MoveList, TrickView};
///
/// let deal: Deal = "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..".parse()?;
/// let pos = Position::new(deal, Strain::NoTrump, Seat::North);
/// let view = TrickView::of(&pos);
/// let king = Card::new(Suit::Spades, Rank::new(13).unwrap());
/// let mv = generate_one(&view, king).unwrap();
/// let mut all = MoveList::new();
/// generate(&view, &mut all);
/// assert!(all.contains(&mv)); // the ace, standing for AKQ
/// assert_eq!(mv.equals.len(), 3);
/// assert_eq!(generate_one(&view, Card::new(Suit::Clubs, Rank::new(2).unwrap())), None);
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
#[inline]
pub fn generate_one(view: &TrickView, card: Card) -> Option<Move> {
    let hand = view.hands[view.to_play()];
    if !hand.contains(card) {
        return None;
    }
    let suit = card.suit();
    if let Some(led) = view.led() {
        if suit != led && !hand.suit(led).is_empty() {
            return None;
        }
    }
    let others = others_out(view, hand).suit(suit).0;
    let r = card.rank().get();
    // The run holding `card` (as `push_runs` splits the suit): up to the first card of
    // another hand above it, down to the first below it.
    let above = others & !((2u16 << r) - 1);
    // 16 trailing zeros when there is none above, 16 leading zeros when none below.
    let ceiling = above.trailing_zeros();
    let below = others & ((1u16 << r) - 1);
    let floor = 16 - below.leading_zeros();
    let run_mask = (((1u32 << ceiling) - 1) as u16) & !(((1u32 << floor) - 1) as u16);
    let run = Holding(hand.suit(suit).0 & run_mask);
    let top = 15 - run.0.leading_zeros();
    Some(Move {
        card: Card::new(suit, RANK_AT[top as usize & 15]),
        equals: run,
        weight: 0,
    })
}

/// The one legal move of a hand that follows suit with a single run of equivalent cards
/// (the suit led held, and no card of another hand between its highest and lowest), as
/// [`generate`] would list it alone; `None` at a lead, a discard or a choice of runs. A
/// forced move needs no ordering: the search plays it straight away.
///
/// ```
/// use ddsolve_cards::{Card, Deal, Rank, Seat, Strain, Suit};
/// use ddsolve_moves::{forced_move, TrickView};
///
/// // North leads the spade ace: East's K-Q are one run, South's J-9 are split by the ten.
/// let deal: Deal = "N:A8.A.. KQ.2.. J9.3.. T7.4..".parse()?;
/// let ace = Card::new(Suit::Spades, Rank::new(14).unwrap());
/// let mut hands = *deal.hands();
/// hands[Seat::North].remove(ace);
/// let led = [ace];
/// let east = TrickView::new(&hands, Strain::NoTrump, Seat::North, &led);
/// let mv = forced_move(&east).expect("one run");
/// assert_eq!((mv.card.rank().get(), mv.equals.len()), (13, 2));
/// let king = mv.card;
/// hands[Seat::East].remove(king);
/// let played = [ace, king];
/// let south = TrickView::new(&hands, Strain::NoTrump, Seat::North, &played);
/// assert_eq!(forced_move(&south), None);
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
#[inline]
pub fn forced_move(view: &TrickView) -> Option<Move> {
    let led = view.led()?;
    let mine = view.holding(view.to_play(), led).0;
    if mine == 0 {
        return None;
    }
    // The lowest card of another hand above the lowest of `mine` (0 if none): one run
    // when it lies above the highest of `mine` too, that is when every rank of `mine` is
    // below it (`first_other - 1` is every rank below it; every rank at all when it is 0).
    let lowest = mine & mine.wrapping_neg();
    let others = view.out.suit(led).0 & !mine & lowest.wrapping_neg();
    let first_other = others & others.wrapping_neg();
    if first_other.wrapping_sub(1) < mine {
        return None;
    }
    Some(run_move(led, Holding(mine)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowest_runs_are_the_last_runs_push_runs_lists() {
        let mut rng = ddsolve_cards::DealRng::new(0x10_e5_7a);
        for _ in 0..20_000 {
            let deal = rng.deal();
            let (mine, others) = (deal.hands().0[0], deal.hands().0[1] | deal.hands().0[2]);
            // Now and then a void, or no cards of others in a suit.
            let mine = Hand(mine.0 & rng.next_u64() | mine.0 & rng.next_u64());
            let runs = lowest_runs(mine, others);
            for suit in Suit::ALL {
                let mut all = MoveList::new();
                push_runs(suit, mine.suit(suit), others.suit(suit), &mut all);
                match all.last() {
                    Some(last) => assert_eq!(run_move(suit, runs.suit(suit)), *last),
                    None => assert!(runs.suit(suit).is_empty()),
                }
            }
        }
    }

    /// A random node: a deal with a few cards taken out of play (so that runs span gone
    /// cards), a leader, and up to three cards of the trick played.
    fn random_node(rng: &mut ddsolve_cards::DealRng) -> (SeatMap<Hand>, Seat, Vec<Card>) {
        let mut hands = *rng.deal().hands();
        for seat in Seat::ALL {
            hands[seat] = Hand(hands[seat].0 & (rng.next_u64() | rng.next_u64()));
        }
        let leader = Seat::ALL[(rng.next_u64() % 4) as usize];
        let mut trick = Vec::new();
        for i in 0..(rng.next_u64() % 4) as usize {
            let seat = leader.offset(i);
            let pick = (rng.next_u64() % u64::from(hands[seat].len().max(1))) as usize;
            if let Some(card) = hands[seat].iter().nth(pick) {
                hands[seat].remove(card);
                trick.push(card);
            } else {
                break;
            }
        }
        (hands, leader, trick)
    }

    #[test]
    fn generate_lists_the_runs_suit_by_suit_highest_first() {
        let mut rng = ddsolve_cards::DealRng::new(0x9e_4e_7a);
        for _ in 0..5_000 {
            let (hands, leader, trick) = random_node(&mut rng);
            let view = TrickView::new(&hands, Strain::NoTrump, leader, &trick);
            let hand = view.hands[view.to_play()];
            let others = others_out(&view, hand);
            let mut expected = MoveList::new();
            match view.led() {
                Some(led) if !hand.suit(led).is_empty() => {
                    push_runs(led, hand.suit(led), others.suit(led), &mut expected)
                }
                _ => {
                    for suit in Suit::ALL {
                        push_runs(suit, hand.suit(suit), others.suit(suit), &mut expected);
                    }
                }
            }
            let mut moves = MoveList::new();
            generate(&view, &mut moves);
            assert_eq!(moves, expected);
        }
    }

    #[test]
    fn forced_move_is_the_only_move_generate_lists() {
        let mut rng = ddsolve_cards::DealRng::new(0xf0_7c_ed);
        let mut forced = 0;
        for _ in 0..20_000 {
            let (hands, leader, trick) = random_node(&mut rng);
            let view = TrickView::new(&hands, Strain::NoTrump, leader, &trick);
            let mut moves = MoveList::new();
            generate(&view, &mut moves);
            let following = view
                .led()
                .is_some_and(|led| !view.holding(view.to_play(), led).is_empty());
            match forced_move(&view) {
                Some(mv) => {
                    forced += 1;
                    assert_eq!(moves.as_slice(), &[mv]);
                }
                None => assert!(!following || moves.len() > 1),
            }
        }
        assert!(forced > 1_000, "only {forced} forced moves drawn");
    }

    #[test]
    fn card_at_reversed_is_the_card_of_each_reversed_bit() {
        for card in Hand::ALL.iter() {
            let bit = lanes_reversed(Hand::single(card).0).trailing_zeros();
            assert_eq!(CARD_AT_REVERSED[bit as usize], card);
        }
    }

    #[test]
    fn rank_at_is_the_rank_of_each_rank_bit() {
        for r in 2..=14u8 {
            assert_eq!(RANK_AT[usize::from(r)], Rank::new(r).unwrap());
        }
    }
}
