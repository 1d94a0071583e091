//! Rank patterns: the owners of each suit's top relative cards down to a depth per suit.

use ddsolve_cards::{Hand, SeatMap};
pub use ddsolve_tt_key::forced_depths;
use ddsolve_tt_key::{absolute_win_ranks, win_depths, Pattern};

/// A set of positions of one key (tricks left, leader, suit lengths): those whose top `k`
/// relative cards of each suit (its *depth* `k`) have the owners given here.
///
/// The owners are the lanes of [`Pattern`] (2 bits a card, highest first, one 32-bit lane a
/// suit) cut to the depths, and the mask is the depths' mask: spades and hearts in the low
/// word, diamonds and clubs in the high one. A position matches when
/// `(position ^ owners) & mask == 0`. Two `u64` words rather than one `u128`, so that a table
/// entry holding a pattern is aligned to 8 bytes, not 16.
///
/// One pattern is *more general* than another ([`RankPattern::covers`]) when no suit is
/// deeper and the owners agree down to its depths: it then stands for every position of the
/// other, and more.
///
/// ```
/// use ddsolve_cards::Deal;
/// use ddsolve_tt_key::Pattern;
/// use ddsolve_tt_pattern::RankPattern;
///
/// let deal: Deal = "N:AK3... QJ2... T98... 765...".parse()?;
/// let exact = Pattern::new(deal.hands());
/// // Spades down to the second relative card: North holds both.
/// let top2 = RankPattern::new(exact, [2, 0, 0, 0]);
/// let top1 = RankPattern::new(exact, [1, 0, 0, 0]);
/// assert!(top2.matches(&exact) && top1.matches(&exact));
/// assert!(top1.covers(&top2) && !top2.covers(&top1));
/// assert_eq!(top2.depths(), [2, 0, 0, 0]);
/// assert_eq!(top2.order(), 2);
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RankPattern {
    // Crate-visible for the table's entries, which keep their fields in the spare bits of
    // the owner words ([`SPARE`]).
    pub(crate) lo: u64,
    pub(crate) hi: u64,
    pub(crate) mask_lo: u64,
    pub(crate) mask_hi: u64,
}

/// The bits of an owner word that no pattern of the table uses: the top byte of each
/// 32-bit lane. A lane's 13 cards take 26 bits, but a pattern of [`RankPattern::of_win`]
/// never fixes a suit's lowest card (its owner is forced: [`forced_depths`] stops above the
/// bottom block), so its depths are at most 12 and its owners and mask stay in the low 24
/// bits of each lane. Every test of a pattern masks its owners with its mask, so these bits
/// of the owner words are never read as cards: the table's entries keep their own fields
/// there, a byte each.
pub(crate) const SPARE: u64 = 0xff00_0000_ff00_0000;

impl RankPattern {
    /// The pattern of the top `depths[s]` relative cards of each suit `s` of the position
    /// whose owners are `exact`.
    #[inline]
    pub fn new(exact: Pattern, depths: [u8; 4]) -> RankPattern {
        debug_assert!(
            depths.iter().all(|&d| d <= 13),
            "a suit has at most 13 cards"
        );
        let mask = Pattern::mask(depths);
        let owners = exact.0 & mask;
        RankPattern {
            lo: owners as u64,
            hi: (owners >> 64) as u64,
            mask_lo: mask as u64,
            mask_hi: (mask >> 64) as u64,
        }
    }

    /// The pattern an entry of the position `exact` (cards `hands`) with winning ranks `win`
    /// stands for: each suit down to its lowest winning rank, less the cards whose owners
    /// the suit lengths force ([`forced_depths`]), as [`win_depths`] works them out.
    #[inline]
    pub fn of_win(exact: Pattern, win: Hand, hands: &SeatMap<Hand>) -> RankPattern {
        RankPattern::new(exact, win_depths(win, hands))
    }

    /// Does the position whose owners are `exact` belong to the set?
    #[inline]
    pub fn matches(&self, exact: &Pattern) -> bool {
        let (lo, hi) = (exact.0 as u64, (exact.0 >> 64) as u64);
        // Spades and hearts first: most patterns that fail, fail there already.
        (lo ^ self.lo) & self.mask_lo == 0 && (hi ^ self.hi) & self.mask_hi == 0
    }

    /// Is `self` at least as general as `other`: no suit deeper, and the same owners down to
    /// `self`'s depths? Then every position of `other` is one of `self`.
    #[inline]
    pub fn covers(&self, other: &RankPattern) -> bool {
        // Depths and owners in one test, with no branch between them: a store's scan of the
        // more specific entries passes the depths' test too unpredictably for a branch.
        let deeper = (self.mask_lo & !other.mask_lo) | (self.mask_hi & !other.mask_hi);
        let owners = ((other.lo ^ self.lo) & self.mask_lo) | ((other.hi ^ self.hi) & self.mask_hi);
        deeper | owners == 0
    }

    /// The depth of each suit: how many top relative cards the pattern fixes.
    #[inline]
    pub fn depths(&self) -> [u8; 4] {
        let lane = |w: u64, half: u32| ((w >> (32 * half)) as u32).count_ones() as u8 / 2;
        [
            lane(self.mask_lo, 0),
            lane(self.mask_lo, 1),
            lane(self.mask_hi, 0),
            lane(self.mask_hi, 1),
        ]
    }

    /// How many cards the pattern fixes in all: the lower, the more general.
    #[inline]
    pub fn order(&self) -> u8 {
        ((self.mask_lo.count_ones() + self.mask_hi.count_ones()) / 2) as u8
    }

    /// The spare bits ([`SPARE`]) of the owner and mask words: 0 for every pattern of
    /// depths at most 12.
    #[inline]
    pub(crate) fn spare(&self) -> (u64, u64) {
        (
            (self.lo | self.mask_lo) & SPARE,
            (self.hi | self.mask_hi) & SPARE,
        )
    }

    /// The pattern's cards as absolute ranks of a matching position with cards `hands`:
    /// the top `depth` cards of each suit, the winning ranks a hit reports.
    #[inline]
    pub fn win_ranks(&self, hands: &SeatMap<Hand>) -> Hand {
        absolute_win_ranks(self.depths(), hands)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::DealRng;
    use ddsolve_tt_key::relative_counts;

    /// `of_win` builds the pattern of `new` at the forced depths of the winning ranks.
    #[test]
    fn of_win_is_new_at_the_forced_depths() {
        let mut rng = DealRng::new(0x5851_f42d_4c95_7f2d);
        for i in 0..20_000 {
            let hands = rng.scattered_hands(i % 2 == 0);
            let all = hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3];
            let win = Hand(rng.next_u64() & rng.next_u64() & all.0);
            let exact = Pattern::new(&hands);
            let depths = forced_depths(exact, relative_counts(win, &hands), &hands);
            let want = RankPattern::new(exact, depths);
            assert_eq!(
                RankPattern::of_win(exact, win, &hands),
                want,
                "{hands:?} {win:?}"
            );
        }
    }
}
