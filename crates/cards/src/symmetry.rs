//! Symmetries of a deal: renamings of the seats and suits that keep every position's value.
//!
//! Turning the table (every seat moved the same number of places clockwise, the hand on
//! lead with it) and renaming the suits (trumps kept trumps) changes no position's play:
//! the side on lead takes as many tricks in the renamed position as in the original. A
//! [`Symmetry`] is one such renaming. The renamings that map a set of hands onto itself form
//! a group, [`Symmetries`]: for almost every deal only the identity, but on a deal whose hands
//! are rotations of one another (each hand the next one's suits renamed) or whose suits are
//! dealt alike, positions reached by different lines of play are images of one another, and
//! a search that stores each in one canonical form ([`Symmetries::canonical`]) learns them
//! once.
//!
//! ```
//! use ddsolve_cards::{Deal, Seat, Strain, Symmetries};
//!
//! // Each hand is the previous one's suits moved one suit on: East's spades are North's
//! // clubs, and so on round the table.
//! let deal: Deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
//!     .parse()?;
//! let nt = Symmetries::of(deal.hands(), Strain::NoTrump);
//! assert_eq!(nt.len(), 4); // each turn of the table, with its renaming of the suits
//! // Spades as trumps: every turn renames them, so only the identity is left.
//! assert!(Symmetries::of(deal.hands(), Strain::Spades).is_trivial());
//! // The canonical form of a position is the same from any of its images.
//! let g = nt.iter().nth(1).unwrap();
//! let image = g.hands(deal.hands());
//! assert_eq!(
//!     nt.canonical(deal.hands(), Seat::East).apply(deal.hands(), Seat::East),
//!     nt.canonical(&image, g.seat(Seat::East)).apply(&image, g.seat(Seat::East)),
//! );
//! # Ok::<(), ddsolve_cards::PbnError>(())
//! ```

use crate::{Card, Hand, Seat, SeatMap, Strain, Suit};

/// A renaming of seats and suits: every seat turned `turn` places clockwise, suit `s`
/// renamed `suits[s]`. Applied to a position, it keeps the number of tricks the side on lead
/// takes, as long as it renames the trump suit to itself ([`Symmetry::keeps`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    turn: u8,
    suits: [u8; 4],
}

/// The 24 orders of the four suits.
const PERMUTATIONS: [[u8; 4]; 24] = {
    let mut out = [[0u8; 4]; 24];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                let d = 6 - a - b - c;
                if a != b && a != c && b != c && d < 4 && d != a && d != b && d != c {
                    out[n] = [a as u8, b as u8, c as u8, d as u8];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

impl Symmetry {
    /// Changes nothing.
    pub const IDENTITY: Symmetry = Symmetry {
        turn: 0,
        suits: [0, 1, 2, 3],
    };

    /// The seats turned `turn` places clockwise (taken modulo 4) and suit `s` renamed
    /// `suits[s]`; `None` unless `suits` names each suit once.
    pub const fn new(turn: usize, suits: [Suit; 4]) -> Option<Symmetry> {
        let mut seen = 0u8;
        let mut s = 0;
        while s < 4 {
            seen |= 1 << suits[s] as u8;
            s += 1;
        }
        if seen != 0b1111 {
            return None;
        }
        Some(Symmetry {
            turn: (turn % 4) as u8,
            suits: [
                suits[0] as u8,
                suits[1] as u8,
                suits[2] as u8,
                suits[3] as u8,
            ],
        })
    }

    /// How many places clockwise the seats turn.
    #[inline]
    pub const fn turn(self) -> usize {
        self.turn as usize
    }

    /// The new name of `suit`.
    #[inline]
    pub const fn suit(self, suit: Suit) -> Suit {
        Suit::ALL[self.suits[suit as usize] as usize]
    }

    /// The new name of `seat`.
    #[inline]
    pub const fn seat(self, seat: Seat) -> Seat {
        seat.offset(self.turn as usize)
    }

    /// Does it rename the trump suit of `strain` to itself (so that it keeps values)?
    #[inline]
    pub const fn keeps(self, strain: Strain) -> bool {
        match strain.trump() {
            Some(t) => self.suits[t as usize] == t as u8,
            None => true,
        }
    }

    /// The cards of `hand`, renamed.
    #[inline]
    pub const fn hand(self, hand: Hand) -> Hand {
        let h = hand.0;
        Hand(
            (h & 0xffff) << (16 * self.suits[0] as u32)
                | (h >> 16 & 0xffff) << (16 * self.suits[1] as u32)
                | (h >> 32 & 0xffff) << (16 * self.suits[2] as u32)
                | (h >> 48) << (16 * self.suits[3] as u32),
        )
    }

    /// `card`, renamed.
    #[inline]
    pub const fn card(self, card: Card) -> Card {
        Card::new(self.suit(card.suit()), card.rank())
    }

    /// The hands renamed: the renamed hand of each seat goes to the seat's new name.
    #[inline]
    pub fn hands(self, hands: &SeatMap<Hand>) -> SeatMap<Hand> {
        let t = self.turn as usize;
        SeatMap(std::array::from_fn(|s| self.hand(hands.0[(s + 4 - t) % 4])))
    }

    /// The renaming that undoes this one.
    pub const fn inverse(self) -> Symmetry {
        let mut suits = [0u8; 4];
        let mut s = 0;
        while s < 4 {
            suits[self.suits[s] as usize] = s as u8;
            s += 1;
        }
        Symmetry {
            turn: (4 - self.turn) % 4,
            suits,
        }
    }

    /// This renaming after `first`: `self.then(other)` renames as `self`, then as `other`.
    pub const fn then(self, other: Symmetry) -> Symmetry {
        let mut suits = [0u8; 4];
        let mut s = 0;
        while s < 4 {
            suits[s] = other.suits[self.suits[s] as usize];
            s += 1;
        }
        Symmetry {
            turn: (self.turn + other.turn) % 4,
            suits,
        }
    }

    /// A row of a double-dummy table (tricks by declarer, North first) seen through the
    /// symmetry: each declarer's tricks go to the seat it is renamed.
    #[inline]
    pub const fn row(self, tricks: [u8; 4]) -> [u8; 4] {
        let mut out = [0u8; 4];
        let mut s = 0;
        while s < 4 {
            out[(s + self.turn as usize) % 4] = tricks[s];
            s += 1;
        }
        out
    }

    /// Is it the identity?
    #[inline]
    pub const fn is_identity(self) -> bool {
        self.turn == 0
            && self.suits[0] == 0
            && self.suits[1] == 1
            && self.suits[2] == 2
            && self.suits[3] == 3
    }

    /// The renamed position (its hands and the hand on lead), as [`Symmetries::canonical`]
    /// compares them: the hand on lead first, then the four hands from North's.
    #[inline]
    pub fn apply(self, hands: &SeatMap<Hand>, leader: Seat) -> (Seat, [u64; 4]) {
        (self.seat(leader), self.hands(hands).0.map(|h| h.0))
    }
}

impl Default for Symmetry {
    fn default() -> Symmetry {
        Symmetry::IDENTITY
    }
}

/// The symmetries of a set of hands under a strain: every [`Symmetry`] that keeps the
/// strain's trump suit and maps the hands onto themselves (the identity always among them).
/// They form a group, so the positions played from the hands fall into classes of images of
/// one another, and [`Symmetries::canonical`] picks one member of each class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetries {
    list: [Symmetry; 96],
    len: u8,
}

impl Symmetries {
    /// Only the identity: a search that canonicalizes with it changes nothing.
    pub const TRIVIAL: Symmetries = Symmetries {
        list: [Symmetry::IDENTITY; 96],
        len: 1,
    };

    /// The symmetries of `hands` under `strain`.
    pub fn of(hands: &SeatMap<Hand>, strain: Strain) -> Symmetries {
        let mut out = Symmetries::TRIVIAL;
        for turn in 0..4u8 {
            for suits in PERMUTATIONS {
                let g = Symmetry { turn, suits };
                if g.is_identity() || !g.keeps(strain) {
                    continue;
                }
                if g.hands(hands) == *hands {
                    out.list[out.len as usize] = g;
                    out.len += 1;
                }
            }
        }
        out
    }

    /// How many there are (the identity included).
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Only the identity?
    #[inline]
    pub const fn is_trivial(&self) -> bool {
        self.len == 1
    }

    /// Never: the identity is always there (for clippy's `len_without_is_empty`).
    #[inline]
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The symmetries, the identity first.
    pub fn iter(&self) -> impl Iterator<Item = Symmetry> + '_ {
        self.list[..self.len as usize].iter().copied()
    }

    /// A symmetry of the group that renames the trump suit of `from` to that of `to` (both
    /// suits, or both notrump), if there is one: the deal played in `to` is then the deal
    /// played in `from` seen through it, and each declarer's tricks in `to` are those of
    /// the declarer it renames in `from` ([`Symmetry::row`]). Meant for the group of a whole
    /// deal under notrump, which holds every symmetry of its hands.
    pub fn image_of(&self, from: Strain, to: Strain) -> Option<Symmetry> {
        match (from.trump(), to.trump()) {
            (None, None) => Some(Symmetry::IDENTITY),
            (Some(a), Some(b)) => self.iter().find(|g| g.suit(a) == b),
            _ => None,
        }
    }

    /// The symmetry that takes the position (`hands`, `leader` on lead) to the canonical
    /// member of its class: of its images under the group, the one with the lowest
    /// [`Symmetry::apply`] (the hand on lead nearest North, then the hands as numbers).
    /// Images of one another get the same canonical member. With the trivial group, the
    /// identity at no cost.
    #[inline]
    pub fn canonical(&self, hands: &SeatMap<Hand>, leader: Seat) -> Symmetry {
        if self.is_trivial() {
            return Symmetry::IDENTITY;
        }
        self.canonical_of_many(hands, leader)
    }

    #[inline(never)]
    fn canonical_of_many(&self, hands: &SeatMap<Hand>, leader: Seat) -> Symmetry {
        let mut best = Symmetry::IDENTITY;
        let mut best_form = best.apply(hands, leader);
        for &g in &self.list[1..self.len as usize] {
            // The hand on lead decides most comparisons before the hands are renamed.
            if g.seat(leader) > best_form.0 {
                continue;
            }
            let form = g.apply(hands, leader);
            if form < best_form {
                best = g;
                best_form = form;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Deal, DealRng};

    fn all() -> impl Iterator<Item = Symmetry> {
        (0..4).flat_map(|turn| {
            PERMUTATIONS.into_iter().map(move |s| {
                Symmetry::new(turn, s.map(|i| Suit::ALL[i as usize])).expect("a permutation")
            })
        })
    }

    #[test]
    fn permutations_are_the_24_orders() {
        let mut seen: Vec<_> = PERMUTATIONS.to_vec();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 24);
    }

    #[test]
    fn new_refuses_a_suit_named_twice() {
        use Suit::*;
        assert!(Symmetry::new(1, [Spades, Spades, Diamonds, Clubs]).is_none());
        assert!(Symmetry::new(5, [Clubs, Spades, Diamonds, Hearts]).is_some());
    }

    #[test]
    fn inverse_and_then_agree_with_application() {
        let mut rng = DealRng::new(7);
        let deal = rng.deal();
        let hands = *deal.hands();
        for g in all() {
            assert!(g.then(g.inverse()).is_identity(), "{g:?}");
            assert_eq!(g.inverse().hands(&g.hands(&hands)), hands);
            for h in all().step_by(7) {
                assert_eq!(g.then(h).hands(&hands), h.hands(&g.hands(&hands)));
                assert_eq!(g.then(h).seat(Seat::East), h.seat(g.seat(Seat::East)));
            }
            for card in hands.0[0].iter() {
                assert!(g.hand(hands.0[0]).contains(g.card(card)));
            }
            assert_eq!(g.hand(Hand::ALL), Hand::ALL);
        }
    }

    #[test]
    fn random_deals_have_only_the_identity() {
        let mut rng = DealRng::new(11);
        for _ in 0..200 {
            let deal = rng.deal();
            for strain in Strain::ALL {
                assert!(Symmetries::of(deal.hands(), strain).is_trivial());
            }
        }
    }

    #[test]
    fn a_rotated_deal_has_its_turns() {
        // North's suits moved one suit on at each seat clockwise.
        let deal: Deal = "N:KQT6532.AJ9874.. .KQT6532.AJ9874. ..KQT6532.AJ9874 AJ9874...KQT6532"
            .parse()
            .expect("a deal");
        let nt = Symmetries::of(deal.hands(), Strain::NoTrump);
        assert_eq!(nt.len(), 4);
        assert!(nt.iter().all(|g| g.hands(deal.hands()) == *deal.hands()));
        // In a suit, the turns rename the trump suit: none is left.
        assert!(Symmetries::of(deal.hands(), Strain::Hearts).is_trivial());
    }

    #[test]
    fn a_rotated_deal_maps_each_suit_strain_onto_the_others() {
        let deal: Deal = "N:KQT6532.AJ9874.. .KQT6532.AJ9874. ..KQT6532.AJ9874 AJ9874...KQT6532"
            .parse()
            .expect("a deal");
        let group = Symmetries::of(deal.hands(), Strain::NoTrump);
        let g = group
            .image_of(Strain::Spades, Strain::Hearts)
            .expect("a turn takes spades to hearts");
        assert_eq!(g.suit(Suit::Spades), Suit::Hearts);
        assert_eq!(g.row([7, 6, 5, 4]), [4, 7, 6, 5]);
        assert!(group.image_of(Strain::Spades, Strain::NoTrump).is_none());
        let random = DealRng::new(5).deal();
        let trivial = Symmetries::of(random.hands(), Strain::NoTrump);
        assert!(trivial.image_of(Strain::Spades, Strain::Hearts).is_none());
        assert!(trivial.image_of(Strain::Hearts, Strain::Hearts).is_some());
    }

    #[test]
    fn images_have_one_canonical_form() {
        let deal: Deal = "N:KQT6532.AJ9874.. .KQT6532.AJ9874. ..KQT6532.AJ9874 AJ9874...KQT6532"
            .parse()
            .expect("a deal");
        let group = Symmetries::of(deal.hands(), Strain::NoTrump);
        // A position after some cards have gone: its images under the group.
        let mut hands = *deal.hands();
        hands.0[0].remove(Card::new(Suit::Spades, crate::Rank::KING));
        hands.0[2].remove(Card::new(Suit::Diamonds, crate::Rank::QUEEN));
        for leader in Seat::ALL {
            let c = group.canonical(&hands, leader).apply(&hands, leader);
            for g in group.iter() {
                let image = g.hands(&hands);
                let l = g.seat(leader);
                assert_eq!(group.canonical(&image, l).apply(&image, l), c);
            }
        }
    }
}
