//! A persistent cutoff-card memory with lazy ordering (after bridge-solver's cutoff cache).
//!
//! Most nodes of a zero-window search either cut off with their first move or try every
//! move. When the first move cuts, ordering the others was wasted work. [`CutoffOrdering`]
//! remembers, per *context* of a node, the card that last cut off there, and proposes it
//! through [`MoveOrdering::first`]: the search plays it before any ordering, and asks the
//! inner ordering for the full order only when it fails to cut.
//!
//! The context is what decides which card works, not the whole position, so that one
//! remembered card serves many positions:
//! - for a hand following suit, the cards of the suit led still in all four hands (who
//!   holds which) and the card winning the trick so far with its position;
//! - for a lead, the leader's hand and partner's hand (the seat included), whatever the
//!   opponents hold. This beats following hands only ([`CutoffOrdering::following_only`])
//!   and keys of the leader's hand alone (as bridge-solver does) or of all four hands
//!   (figures in `BENCHMARKS.md`);
//! - for a lead and for the fourth hand, also the tricks the side to play needs
//!   ([`OrderHints::need`]): the same cards call for a safe play when the side needs few
//!   tricks and an ambitious one when it needs many, and one search tries the same position
//!   at several targets (the driver's searches, the leaders of a table). Keyed by the need,
//!   the memory proposes what cut off at the same need. The second and third hands gain
//!   nothing from it ([`CutoffOrdering::keyed_by_need`] turns it off, for ablation).
//!
//! The memory takes over from the search's per-depth hints at leads: the inner ordering
//! orders leads without them ([`OrderHints::cutoff`], [`OrderHints::tt`]), since a card
//! that cut off at another position of the same depth is a worse guess than the inner
//! ordering's own once the memory has no card for the context
//! ([`CutoffOrdering::lead_hints`] passes them on, for ablation).
//!
//! Discards and ruffs are left to the inner ordering: keyed by the whole hand and the card
//! winning, a remembered discard or ruff went stale on deals with many voids (more nodes than
//! the tuned ordering alone on freak deals; `BENCHMARKS.md`).
//!
//! The memory is a direct-mapped table of 2^16 slots of four bytes (a 24-bit check tag and
//! the card); a collision costs only a worse first guess, never a wrong result (the search's
//! value never depends on its move order). It survives between searches (iterations of the
//! driver, other leaders) and is cleared by [`MoveOrdering::reset`]: when the solver changes
//! trumps, and between leaders on deals with many voids (the search's
//! `Config::forget_order_voids`).

use crate::TunedOrdering;
use ddsolve_cards::{Card, Suit};
use ddsolve_moves::{MoveList, MoveOrdering, OrderHints, TrickView};

const SLOTS_LOG2: u32 = 16;
const SLOTS: usize = 1 << SLOTS_LOG2;
/// The multiplier of the tricks needed in a context (an odd constant that spreads them over
/// the 64 bits before the mixer).
const NEED_MUL: u64 = 0x9E37_79B9_7F4A_7C15;

/// A context, mixed ([`mix`]): its slot index in the top bits, its check tag in the low
/// 32 (of which a [`Slot`] keeps the top 24).
#[derive(Clone, Copy, Debug)]
struct Key(u64);

impl Key {
    /// The index of the context's slot.
    #[inline(always)]
    fn index(self) -> usize {
        (self.0 >> (64 - SLOTS_LOG2)) as usize
    }

    /// The context's check tag (never 0).
    #[inline(always)]
    fn tag(self) -> u32 {
        (self.0 as u32) | 1
    }
}

/// One remembered cutoff card: the check tag of its context in the high 24 bits, and the
/// card's bit index plus one in the low 8 (0: empty).
#[derive(Clone, Copy, Debug, Default)]
struct Slot(u32);

impl Slot {
    #[inline]
    fn new(tag: u32, card: Card) -> Slot {
        Slot((tag & !0xFF) | (card_code(card) as u32 + 1))
    }

    #[inline]
    fn card(self, tag: u32) -> Option<Card> {
        if self.0 & !0xFF == tag & !0xFF {
            SLOT_CARD[(self.0 & 0xFF) as usize]
        } else {
            None
        }
    }
}

/// The card of each low byte of a [`Slot`]: none for 0 (empty) and for bytes that are no
/// card's bit index plus one. A table, so that reading a slot at every node checks neither
/// the byte nor the card.
const SLOT_CARD: [Option<Card>; 256] = {
    let mut t = [None; 256];
    let mut k = 1;
    while k < 256 {
        t[k] = Card::from_bit_index(k as u32 - 1);
        k += 1;
    }
    t
};

/// A cutoff-card memory consulted first, with the full ordering `O` built only when the
/// remembered card fails to cut off (or there is none).
///
/// ```
/// use ddsolve_cards::{Card, Deal, Position, Rank, Seat, Strain, Suit};
/// use ddsolve_moves::{MoveOrdering, OrderHints, TrickView};
/// use ddsolve_orderings::{CutoffOrdering, TunedOrdering};
///
/// let deal: Deal = "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..".parse()?;
/// let mut pos = Position::new(deal, Strain::NoTrump, Seat::North);
/// pos.play(Card::new(Suit::Spades, Rank::new(14).unwrap()))?; // North leads the ace
/// let view = TrickView::of(&pos); // East to follow
/// let mut ordering = CutoffOrdering::new(TunedOrdering::default());
/// assert_eq!(ordering.first(&view, &OrderHints::default()), None);
/// // The search reports that East's two cut off here: next time it is proposed first.
/// let s2 = Card::new(Suit::Spades, Rank::new(2).unwrap());
/// ordering.cutoff(&view, &OrderHints::default(), s2);
/// assert_eq!(ordering.first(&view, &OrderHints::default()), Some(s2));
/// ordering.reset();
/// assert_eq!(ordering.first(&view, &OrderHints::default()), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct CutoffOrdering<O = TunedOrdering> {
    inner: O,
    /// Whether leads consult the memory too (the default).
    leads: bool,
    /// What the tricks needed are multiplied by in the contexts of leads and fourth hands:
    /// 0 when they are not keyed by them (a multiply instead of a branch at every node).
    need_mul: u64,
    /// Whether the inner ordering sees the search's per-depth hints at leads (not by
    /// default).
    lead_hints: bool,
    slots: Box<[Slot; SLOTS]>,
}

impl<O: std::fmt::Debug> std::fmt::Debug for CutoffOrdering<O> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self.slots.iter().filter(|s| s.0 != 0).count();
        f.debug_struct("CutoffOrdering")
            .field("inner", &self.inner)
            .field("leads", &self.leads)
            .field("by_need", &(self.need_mul != 0))
            .field("lead_hints", &self.lead_hints)
            .field("slots_used", &used)
            .finish()
    }
}

impl<O: Default> Default for CutoffOrdering<O> {
    fn default() -> Self {
        CutoffOrdering::new(O::default())
    }
}

impl<O> CutoffOrdering<O> {
    /// The memory, empty, in front of `inner` (256 KB), for leads and hands following suit,
    /// keyed by the tricks needed at leads and fourth hands, the inner ordering ordering
    /// leads without the search's per-depth hints.
    pub fn new(inner: O) -> CutoffOrdering<O> {
        CutoffOrdering {
            inner,
            leads: true,
            need_mul: NEED_MUL,
            lead_hints: false,
            slots: vec![Slot::default(); SLOTS]
                .into_boxed_slice()
                .try_into()
                .expect("SLOTS slots"),
        }
    }

    /// The memory for hands following suit only, leads ordered by `inner` alone (for
    /// ablation: the default remembers leads too).
    pub fn following_only(inner: O) -> CutoffOrdering<O> {
        CutoffOrdering {
            leads: false,
            ..CutoffOrdering::new(inner)
        }
    }

    /// Whether the contexts of leads and fourth hands include the tricks the side to play
    /// needs ([`OrderHints::need`]; on by default). Off, the memory is keyed by the cards
    /// alone, as before the need was known to it (for ablation).
    pub fn keyed_by_need(self, on: bool) -> CutoffOrdering<O> {
        CutoffOrdering {
            need_mul: if on { NEED_MUL } else { 0 },
            ..self
        }
    }

    /// Whether the inner ordering sees the search's per-depth hints ([`OrderHints::cutoff`]
    /// and [`OrderHints::tt`]) when it orders leads (off by default; on, for ablation).
    pub fn lead_hints(self, on: bool) -> CutoffOrdering<O> {
        CutoffOrdering {
            lead_hints: on,
            ..self
        }
    }

    /// The part of a context that stands for the tricks needed (0 when the memory is not
    /// keyed by them).
    #[inline(always)]
    fn need_key(&self, hints: &OrderHints) -> u64 {
        u64::from(hints.need).wrapping_mul(self.need_mul)
    }

    /// The key of the context of a lead: the leader's hand and partner's, the leader's
    /// seat, and `need` (see [`Self::need_key`]).
    #[inline]
    fn lead_context(view: &TrickView, need: u64) -> Key {
        let me = view.to_play();
        let (mine, partner) = (view.hands[me].0, view.hands[me.partner()].0);
        // Partner's cards rotated off the leader's (the hands are disjoint anyway); the
        // seat in the top bits, which no card uses.
        Key(mix(mine
            ^ partner.rotate_left(29)
            ^ ((me.index() as u64) << 60)
            ^ need))
    }

    /// The key of the node's context, if the memory serves it. (Always inlined: with
    /// `cutoff` calling it too, it was left out of line, a call on every node.)
    #[inline(always)]
    fn slot_of(&self, view: &TrickView, hints: &OrderHints) -> Option<Key> {
        if view.trick.is_empty() {
            return self
                .leads
                .then(|| Self::lead_context(view, self.need_key(hints)));
        }
        // The fourth hand's context only (a mask rather than a branch).
        let need = self.need_key(hints) & u64::from(view.trick.len() == 3).wrapping_neg();
        Self::following(view).map(|led| Self::context(view, led, need))
    }

    /// The key of the context of a node where the hand to play follows the suit `led`,
    /// with `need` (see [`Self::need_key`]; 0 but for the fourth hand).
    #[inline]
    fn context(view: &TrickView, led: Suit, need: u64) -> Key {
        let pos = view.trick.len() as u64;
        let (wi, win) = winning(view);
        let winner = ((pos - wi as u64) << 8) | u64::from(card_code(win));
        // Each seat's cards of the suit led in a 16-bit lane of its own: the suit's lane of
        // every hand, rotated by the seat.
        let mask = 0xFFFFu64 << (16 * led as u32);
        let h = &view.hands.0;
        let suit = (h[0].0 & mask)
            ^ (h[1].0 & mask).rotate_left(16)
            ^ (h[2].0 & mask).rotate_left(32)
            ^ (h[3].0 & mask).rotate_left(48);
        Key(mix(suit
            ^ (winner << 48).rotate_left(3)
            ^ (pos << 62)
            ^ ((led as u64) << 45)
            ^ need))
    }

    /// The suit led, if the hand to play follows it (the nodes the memory serves).
    #[inline]
    fn following(view: &TrickView) -> Option<Suit> {
        let led = view.led()?;
        (!view.hands[view.to_play()].suit(led).is_empty()).then_some(led)
    }
}

/// The index in the trick and the card winning it so far (the trick is not empty).
#[inline]
fn winning(view: &TrickView) -> (usize, Card) {
    (view.winner, view.trick[view.winner])
}

#[inline]
fn card_code(c: Card) -> u8 {
    c.bit_index() as u8
}

/// A 64-bit mixer (a multiply and xor-shifts): every input bit reaches the top bits.
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 31;
    x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 32)
}

impl<O: MoveOrdering> MoveOrdering for CutoffOrdering<O> {
    #[inline]
    fn order(&mut self, view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        if view.trick.is_empty() && !self.lead_hints {
            // The memory stands in for the per-depth hints at leads (see the module).
            let own = OrderHints {
                cutoff: None,
                tt: None,
                ..*hints
            };
            self.inner.order(view, &own, moves);
        } else {
            self.inner.order(view, hints, moves);
        }
    }

    // Always inlined, as `AnyOrdering::first` is, into the search's move picker: fewer
    // instructions than `#[inline]` (callgrind; one of the two alone gains nothing).
    #[inline(always)]
    fn first(&mut self, view: &TrickView, hints: &OrderHints) -> Option<Card> {
        let card = self.first_noted(view, hints).0?;
        view.hands[view.to_play()].contains(card).then_some(card)
    }

    // Always inlined, as `first` is. The note is the context's key (0: a node the memory
    // does not serve; a key that happens to be 0 is only worked out again at a cutoff).
    // The card is the slot's, which a collision of contexts may give to a hand that does
    // not hold it: the move picker's `generate_one` leaves it out, so it is not checked
    // twice here.
    #[inline(always)]
    fn first_noted(&mut self, view: &TrickView, hints: &OrderHints) -> (Option<Card>, u64) {
        // Discards and ruffs are left to the inner ordering (see the module).
        let Some(key) = self.slot_of(view, hints) else {
            return (None, 0);
        };
        (self.slots[key.index()].card(key.tag()), key.0)
    }

    #[inline]
    fn cutoff_noted(&mut self, view: &TrickView, hints: &OrderHints, card: Card, note: u64) {
        if note == 0 {
            return self.cutoff(view, hints, card);
        }
        let key = Key(note);
        self.slots[key.index()] = Slot::new(key.tag(), card);
        self.inner.cutoff(view, hints, card);
    }

    #[inline]
    fn cutoff(&mut self, view: &TrickView, hints: &OrderHints, card: Card) {
        let served = if view.trick.is_empty() {
            self.leads
        } else {
            Self::following(view).is_some()
        };
        if served {
            let key = self.slot_of(view, hints).expect("a node the memory serves");
            self.slots[key.index()] = Slot::new(key.tag(), card);
        }
        self.inner.cutoff(view, hints, card);
    }

    #[inline]
    fn lowest_discards_first(&self) -> bool {
        // Discards are left to the inner ordering (see the module).
        self.inner.lowest_discards_first()
    }

    fn reset(&mut self) {
        self.slots.fill(Slot::default());
        self.inner.reset();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::{DealRng, Position, Seat, Strain};

    /// Asks `a` for the first card of every node of a random subtree with its note, as the
    /// move picker does (children between asking and reporting), reports a cutoff at each
    /// node to `a` with the note and to `b` without (so it computes every context afresh):
    /// the note must change nothing.
    fn walk(
        a: &mut CutoffOrdering,
        b: &mut CutoffOrdering,
        pos: &Position,
        plies: u32,
        rng: &mut DealRng,
    ) {
        let view = TrickView::of(pos);
        // The need varies, as in a search.
        let hints = OrderHints {
            need: (rng.next_u64() % 4) as u8,
            ..OrderHints::default()
        };
        let (_, note) = a.first_noted(&view, &hints);
        let legal: Vec<Card> = pos.legal_cards().iter().collect();
        if plies > 0 {
            for _ in 0..2 {
                let mut child = pos.clone();
                child.play_unchecked(legal[(rng.next_u64() % legal.len() as u64) as usize]);
                walk(a, b, &child, plies - 1, rng);
            }
        }
        let card = legal[(rng.next_u64() % legal.len() as u64) as usize];
        a.cutoff_noted(&view, &hints, card, note);
        b.cutoff(&view, &hints, card);
        assert!(a.slots.iter().zip(b.slots.iter()).all(|(x, y)| x.0 == y.0));
    }

    /// The first lead of `pbn` in notrump, North on lead, as `view`'s hands.
    fn lead_position(pbn: &str) -> Position {
        Position::new(pbn.parse().unwrap(), Strain::NoTrump, Seat::North)
    }

    fn need(n: u8) -> OrderHints {
        OrderHints {
            need: n,
            ..OrderHints::default()
        }
    }

    #[test]
    fn leads_and_fourth_hands_remember_a_card_for_the_need_it_cut_off_at() {
        let pos = lead_position("N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..");
        let view = TrickView::of(&pos);
        let ha = Card::new(Suit::Hearts, ddsolve_cards::Rank::new(14).unwrap());
        let mut keyed = CutoffOrdering::new(TunedOrdering::default());
        let _ = keyed.first(&view, &need(3));
        keyed.cutoff(&view, &need(3), ha);
        assert_eq!(keyed.first(&view, &need(3)), Some(ha));
        assert_eq!(keyed.first(&view, &need(4)), None);
        let mut plain = CutoffOrdering::new(TunedOrdering::default()).keyed_by_need(false);
        let _ = plain.first(&view, &need(3));
        plain.cutoff(&view, &need(3), ha);
        assert_eq!(plain.first(&view, &need(4)), Some(ha));
        // The second hand's context ignores the need; the fourth hand's does not.
        let mut second = pos.clone();
        second
            .play(Card::new(
                Suit::Spades,
                ddsolve_cards::Rank::new(14).unwrap(),
            ))
            .unwrap();
        let mut fourth = second.clone();
        let s2 = Card::new(Suit::Spades, ddsolve_cards::Rank::new(2).unwrap());
        let s9 = Card::new(Suit::Spades, ddsolve_cards::Rank::new(9).unwrap());
        fourth.play(s2).unwrap();
        fourth.play(s9).unwrap();
        let (v2, v4) = (TrickView::of(&second), TrickView::of(&fourth));
        let s6 = Card::new(Suit::Spades, ddsolve_cards::Rank::new(6).unwrap());
        let _ = keyed.first(&v2, &need(1));
        keyed.cutoff(&v2, &need(1), s2);
        assert_eq!(keyed.first(&v2, &need(2)), Some(s2));
        let _ = keyed.first(&v4, &need(1));
        keyed.cutoff(&v4, &need(1), s6);
        assert_eq!(keyed.first(&v4, &need(1)), Some(s6));
        assert_eq!(keyed.first(&v4, &need(2)), None);
    }

    #[test]
    fn the_inner_ordering_orders_leads_without_the_per_depth_hints() {
        let pos = lead_position("N:AKQ.2.A.2 432.3.3.3 JT9.J.J.J 876.T.T.T");
        let view = TrickView::of(&pos);
        let c2 = Card::new(Suit::Clubs, ddsolve_cards::Rank::TWO);
        let hints = OrderHints {
            cutoff: Some(c2),
            tt: Some(c2),
            need: 0,
        };
        let ordered = |o: &mut CutoffOrdering<crate::RankOrdering>| {
            let mut moves = MoveList::new();
            ddsolve_moves::generate(&view, &mut moves);
            o.order(&view, &hints, &mut moves);
            moves[0].card
        };
        // Rank order puts the hinted card first only when it sees the hints.
        let mut with = CutoffOrdering::new(crate::RankOrdering).lead_hints(true);
        assert_eq!(ordered(&mut with), c2);
        let mut without = CutoffOrdering::new(crate::RankOrdering);
        assert_ne!(ordered(&mut without), c2);
    }

    #[test]
    fn noted_contexts_give_the_slots_computed_afresh() {
        let mut rng = DealRng::new(0x637574);
        let (mut a, mut b) = (CutoffOrdering::default(), CutoffOrdering::default());
        for n in 0..12 {
            let strain = Strain::ALL[n % 5];
            let pos = Position::new(rng.deal(), strain, Seat::ALL[n % 4]);
            walk(&mut a, &mut b, &pos, 7, &mut rng);
        }
        assert!(a.slots.iter().any(|s| s.0 != 0));
    }
}
