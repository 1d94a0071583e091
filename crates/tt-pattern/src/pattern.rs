//! Rank patterns: the owners of each suit's top relative cards down to a depth per suit.

use ddsolve_cards::{Hand, SeatMap, Suit};
use ddsolve_tt::{absolute_win_ranks, relative_counts, Pattern};

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
/// use ddsolve_tt::Pattern;
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
    lo: u64,
    hi: u64,
    mask_lo: u64,
    mask_hi: u64,
}

impl RankPattern {
    /// The pattern of the top `depths[s]` relative cards of each suit `s` of the position
    /// whose owners are `exact`.
    #[inline]
    pub fn new(exact: Pattern, depths: [u8; 4]) -> RankPattern {
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
    /// stands for: each suit down to its lowest winning rank ([`relative_counts`]), less
    /// the cards whose owners the suit lengths force ([`forced_depths`]).
    #[inline]
    pub fn of_win(exact: Pattern, win: Hand, hands: &SeatMap<Hand>) -> RankPattern {
        let depths = forced_depths(exact, relative_counts(win, hands), hands);
        RankPattern::new(exact, depths)
    }

    /// Does the position whose owners are `exact` belong to the set?
    #[inline]
    pub fn matches(&self, exact: &Pattern) -> bool {
        let (lo, hi) = (exact.0 as u64, (exact.0 >> 64) as u64);
        ((lo ^ self.lo) & self.mask_lo) | ((hi ^ self.hi) & self.mask_hi) == 0
    }

    /// Is `self` at least as general as `other`: no suit deeper, and the same owners down to
    /// `self`'s depths? Then every position of `other` is one of `self`.
    #[inline]
    pub fn covers(&self, other: &RankPattern) -> bool {
        (self.mask_lo & !other.mask_lo) | (self.mask_hi & !other.mask_hi) == 0
            && ((other.lo ^ self.lo) & self.mask_lo) | ((other.hi ^ self.hi) & self.mask_hi) == 0
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

    /// The pattern's cards as absolute ranks of a matching position with cards `hands`:
    /// the top `depth` cards of each suit, the winning ranks a hit reports.
    #[inline]
    pub fn win_ranks(&self, hands: &SeatMap<Hand>) -> Hand {
        absolute_win_ranks(self.depths(), hands)
    }
}

/// `depths` cut so that no suit fixes cards whose owners its lengths already force.
///
/// With every hand's suit lengths fixed by the key, the owners of a suit's top `j` cards
/// fix how many of the cards below them each hand holds. When all the cards from relative
/// rank `j` to the bottom of the suit belong to one hand, matching the top `j` owners is
/// therefore enough: the rest follows from the lengths. So a depth that reaches into the
/// suit's bottom block of one owner stops just above that block (a suit held by one hand
/// alone needs no card at all). This keeps the set of positions an entry stands for
/// exactly the same while making its pattern more general, and hits report fewer winning
/// ranks.
///
/// ```
/// use ddsolve_cards::Deal;
/// use ddsolve_tt::Pattern;
/// use ddsolve_tt_pattern::forced_depths;
///
/// // Spades: North's ace over South's K Q J (one block at the bottom); hearts: North's
/// // alone; diamonds: East's alone; clubs: South's ace over West's K Q J T.
/// let deal: Deal = "N:A.AKQ.. ..AKQJ. KQJ...A ...KQJT".parse()?;
/// let exact = Pattern::new(deal.hands());
/// assert_eq!(forced_depths(exact, [4, 3, 2, 5], deal.hands()), [1, 0, 0, 1]);
/// assert_eq!(forced_depths(exact, [1, 0, 0, 1], deal.hands()), [1, 0, 0, 1]);
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
#[inline]
pub fn forced_depths(exact: Pattern, depths: [u8; 4], hands: &SeatMap<Hand>) -> [u8; 4] {
    let all = hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3];
    Suit::ALL.map(|s| {
        let k = depths[s.index()];
        let n = all.suit(s).len();
        if k == 0 || n == 0 {
            return 0;
        }
        let lane = (exact.0 >> (32 * s.index())) as u32;
        k.min(unforced(lane, n))
    })
}

/// How many top cards of a suit of `n` cards (owners `lane`) lie above its bottom block of
/// one owner.
#[inline]
fn unforced(lane: u32, n: u32) -> u8 {
    let last = (lane >> (2 * (n - 1))) & 3;
    // Nonzero in the 2-bit groups of the cards whose owner is not the last card's.
    let other = (lane ^ (last * 0x5555_5555)) & ((1u32 << (2 * n)) - 1);
    if other == 0 {
        0
    } else {
        ((31 - other.leading_zeros()) / 2 + 1) as u8
    }
}
