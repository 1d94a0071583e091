//! The key pieces the rank-pattern tables share: [`ShapeKey`] (tricks left, leader, suit
//! lengths) and its hasher, [`Pattern`] (the owners of the remaining cards in relative-rank
//! order), [`PatternKey`] (the two together), and the conversions between winning ranks in
//! absolute and relative terms.

use ddsolve_cards::{Hand, Seat, SeatMap, Suit};
use ddsolve_tt::TrickStart;

/// The key of the tables of relative-rank patterns (`ddsolve-tt-forest`'s and
/// `ddsolve-tt-pattern`'s): the position's shape and the owners of its cards in relative-rank
/// order. Such a table finds it with a [`crate::RankOwners`] (four lookups once prepared for
/// the deal); [`PatternKey::new`] computes it from the hands alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PatternKey {
    /// Tricks left, leader and suit lengths.
    pub shape: ShapeKey,
    /// The owners of every remaining card, in relative-rank order.
    pub pattern: Pattern,
}

impl PatternKey {
    /// The key of `at`, from its hands.
    #[inline]
    pub fn new(at: &TrickStart) -> PatternKey {
        PatternKey {
            shape: ShapeKey::new(at.hands(), at.leader()),
            pattern: Pattern::new(at.hands()),
        }
    }
}

/// What must be equal for two positions to share entries: tricks left, the hand on lead and
/// every hand's suit lengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShapeKey {
    /// Tricks left to play (1..=13).
    pub tricks_left: u8,
    /// The hand on lead.
    pub leader: Seat,
    /// Suit lengths: suit `s`, hand `h` at bits `4 * (4 s + h)` (suit by suit, the order in
    /// which [`crate::RankOwners`] looks them up).
    pub lengths: u64,
}

impl ShapeKey {
    /// The key of a position at the start of a trick.
    #[inline]
    pub fn new(hands: &SeatMap<Hand>, leader: Seat) -> ShapeKey {
        // Hand by hand (hand `h`, suit `s` at bits `4 (4 h + s)`), then transposed.
        let mut by_hand = 0u64;
        for h in 0..4 {
            by_hand |= lane_counts(hands.0[h].0) << (16 * h);
        }
        ShapeKey {
            tricks_left: hands[leader].len() as u8,
            leader,
            lengths: transpose_nibbles(by_hand),
        }
    }

    /// The key as one `u64`: the suit lengths with West's club length (the top nibble,
    /// implied by the others, every hand holding as many cards as the leader) replaced by the
    /// leader.
    #[inline]
    pub fn packed(&self) -> u64 {
        (self.lengths & !(0xf << 60)) | ((self.leader as u64) << 60)
    }
}

/// The transpose of the 4 x 4 matrix of nibbles in `x` (row `r`, column `c` at bits
/// `4 (4 r + c)`): two delta swaps, of the off-diagonal nibbles of each 2 x 2 block and
/// then of the off-diagonal blocks.
#[inline]
fn transpose_nibbles(x: u64) -> u64 {
    // (r, c) with r even and c odd trades places with (r + 1, c - 1), three nibbles up.
    let t = (x ^ (x >> 12)) & 0x0000_f0f0_0000_f0f0;
    let x = x ^ t ^ (t << 12);
    // (r, c) with r < 2 and c >= 2 trades places with (r + 2, c - 2), six nibbles up.
    let t = (x ^ (x >> 24)) & 0x0000_0000_ff00_ff00;
    x ^ t ^ (t << 24)
}

/// A hasher for `u64` keys such as `ShapeKey::packed`: one folded multiply spreads their bits.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        // A 64 x 64 -> 128-bit product cannot overflow.
        let p = u128::from(self.0 ^ x) * u128::from(0x9E37_79B9_7F4A_7C15u64);
        self.0 = (p >> 64) as u64 ^ p as u64;
    }
}

/// Builds [`KeyHasher`]s.
pub type KeyHashBuilder = std::hash::BuildHasherDefault<KeyHasher>;

/// The number of cards in each 16-bit lane of `x`, as four nibbles (lane s at bits 4 s).
#[inline]
fn lane_counts(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let x = (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Each lane's low byte now gets its count (at most 13, so a nibble); the high bytes,
    // sums across lanes, are masked off.
    let x = (x + (x >> 8)) & 0x000f_000f_000f_000f;
    // One multiply gathers lane s (bit 16 s) at bit 48 + 4 s; every other product lands
    // in a nibble of its own below bit 48 (no carries) or above bit 63.
    x.wrapping_mul(0x0001_0010_0100_1000) >> 48
}

/// The owners of each suit's remaining cards in relative-rank order: suit `s` occupies bits
/// `32 s ..`, relative rank `i` (0 = highest card still out) bits `2 i .. 2 i + 2`, holding
/// the owner's seat index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pattern(pub u128);

impl Pattern {
    /// The pattern of the cards in `hands`.
    #[inline]
    pub fn new(hands: &SeatMap<Hand>) -> Pattern {
        let mut out = 0u128;
        for suit in Suit::ALL {
            out |= u128::from(Self::suit_lane(hands, suit)) << (32 * suit.index());
        }
        Pattern(out)
    }

    /// The owners of one suit's remaining cards, highest first, 2 bits each.
    #[inline]
    pub fn suit_lane(hands: &SeatMap<Hand>, suit: Suit) -> u32 {
        let shift = 16 * suit.index() as u32;
        let hold = |h: usize| (hands.0[h].0 >> shift) as u16;
        lane_of(hold(0), hold(1), hold(2), hold(3))
    }

    /// The mask of the top `counts[s]` relative ranks of each suit (a count is at most 16,
    /// a lane's capacity; a suit has at most 13 cards).
    #[inline]
    pub fn mask(counts: [u8; 4]) -> u128 {
        // In 64 bits, 2 bits a card up to a full 32-bit lane need no test.
        let lane = |k: u8| {
            debug_assert!(k <= 16);
            (1u64 << (2 * u32::from(k))) - 1
        };
        // Two 64-bit halves, then one 128-bit join: cheaper than four 128-bit shifts.
        let lo = lane(counts[0]) | lane(counts[1]) << 32;
        let hi = lane(counts[2]) | lane(counts[3]) << 32;
        u128::from(lo) | u128::from(hi) << 64
    }
}

/// Per suit, how many of the remaining cards lie at or above the lowest rank of `win` in
/// that suit: the number of top relative ranks an entry must match.
#[inline]
pub fn relative_counts(win: Hand, hands: &SeatMap<Hand>) -> [u8; 4] {
    let all = hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3];
    Suit::ALL.map(|s| {
        let w = win.suit(s).0;
        if w == 0 {
            0
        } else {
            let lowest = w.trailing_zeros();
            (all.suit(s).0 >> lowest).count_ones() as u8
        }
    })
}

/// The absolute winning ranks of a position for an entry that matches its top `counts[s]`
/// relative ranks: the `counts[s]` highest remaining cards of each suit (paper, 7.3). A
/// count is at most 16 (as in [`Pattern::mask`]; a suit has at most 13 cards).
#[inline]
pub fn absolute_win_ranks(counts: [u8; 4], hands: &SeatMap<Hand>) -> Hand {
    let all = (hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3]).0;
    Hand(
        top_cards(all, 0, counts[0])
            | top_cards(all, 1, counts[1])
            | top_cards(all, 2, counts[2])
            | top_cards(all, 3, counts[3]),
    )
}

/// The `k` highest cards of suit `s` of `all` (all of them if it holds no more than `k`),
/// in place: the cards of the suit's lane from the cut that [`CUTS`] gives up. `k` is at
/// most 16.
#[inline]
fn top_cards(all: u64, s: u32, k: u8) -> u64 {
    debug_assert!(k <= 16, "a lane holds at most 16 ranks");
    let set = (all >> (16 * s + 2)) as usize & (CUT_SETS - 1);
    // Nibble `k` in two shifts of at most 32 bits each: no clamp, and past nibble 13 (k of
    // 14 to 16) the nibbles are 0, every card, as for any `k` above the suit's length.
    let half = 2 * u32::from(k);
    let cut = ((CUTS[set] >> half >> half) & 0xf) as u32;
    all & (0xffff << (16 * s)) & (u64::MAX << (16 * s + cut))
}

/// Sets of one suit's cards (13 ranks), the index of [`CUTS`].
const CUT_SETS: usize = 1 << 13;

/// `CUTS[set]`, for the cards of one suit (bit `r - 2` of `set` for rank `r`): nibble `k`
/// is the bit of a suit's 16-bit lane from which its `k` highest cards are kept (the bit
/// `r` of the `k`-th highest card; 0, every card, when the suit has fewer than `k`; 15, no
/// card, for `k = 0`).
static CUTS: [u64; CUT_SETS] = {
    let mut t = [0u64; CUT_SETS];
    let mut set = 0;
    while set < CUT_SETS {
        let mut cuts = 15u64;
        let mut rest = set as u32;
        let mut k = 1;
        while rest != 0 {
            let top = 31 - rest.leading_zeros();
            cuts |= ((top + 2) as u64) << (4 * k);
            rest ^= 1 << top;
            k += 1;
        }
        t[set] = cuts;
        set += 1;
    }
    t
};

/// The owner lane of one suit from the four holdings (see [`Pattern`]).
#[inline]
fn lane_of(n: u16, e: u16, s: u16, w: u16) -> u32 {
    let (e, s, w) = (u32::from(e), u32::from(s), u32::from(w));
    let mut bits = u32::from(n) | e | s | w;
    let mut code = 0u32;
    let mut i = 0;
    while bits != 0 {
        let r = 31 - bits.leading_zeros();
        let b = 1u32 << r;
        bits ^= b;
        let owner =
            u32::from(e & b != 0) | (u32::from(s & b != 0) << 1) | (u32::from(w & b != 0) * 3);
        code |= owner << (2 * i);
        i += 1;
    }
    code
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
/// use ddsolve_tt_key::Pattern;
/// use ddsolve_tt_key::forced_depths;
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

/// `forced_depths(exact, relative_counts(win, hands), hands)`: each suit down to its lowest
/// winning rank, less its bottom block of one owner, counted for all four suits at once
/// (the hands give the owners).
#[inline]
pub fn win_depths(win: Hand, hands: &SeatMap<Hand>) -> [u8; 4] {
    let fixed = fixed_cards(win, hands);
    Suit::ALL.map(|s| fixed.suit(s).len() as u8)
}

/// The cards whose owners an entry with winning ranks `win` fixes, the [`win_depths`] of each
/// suit: the cards at or above both the suit's lowest winning rank and its lowest card not
/// held by the owner of its lowest card (below that, one hand holds the whole bottom block
/// and the lengths force its owners; [`forced_depths`]).
///
/// All four suits at once: per 16-bit lane, the bits below a lowest card are a low mask,
/// so the higher of two such masks is their union and the second lowest of the hands'
/// lowest cards is the union of the intersections of any three hands' masks.
#[inline]
fn fixed_cards(win: Hand, hands: &SeatMap<Hand>) -> Hand {
    let [n, e, s, w] = hands.0.map(|h| below_lowest(h.0));
    // Below the lowest card of a hand other than the lowest card's owner.
    let below_other = (n & e) & (s | w) | (s & w) & (n | e);
    let all = hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3];
    Hand(all.0 & !(below_lowest(win.0) | below_other))
}

/// Per 16-bit lane of a set of cards, the bits below its lowest card: every rank bit in an
/// empty lane. Bit 15 of a lane holds no card: set, it stops the borrow at the lane.
#[inline]
fn below_lowest(x: u64) -> u64 {
    const TOP: u64 = 0x8000_8000_8000_8000;
    let x = x | TOP;
    (x - 0x0001_0001_0001_0001) & !x
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

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::DealRng;

    /// The fused depths agree with relative_counts then forced_depths.
    #[test]
    fn win_depths_fuse_counts_and_forcing() {
        let mut rng = DealRng::new(0x9e37_79b9_7f4a_7c15);
        for i in 0..20_000 {
            let hands = rng.scattered_hands(i % 2 == 0);
            let all = hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3];
            let win = Hand(rng.next_u64() & rng.next_u64() & all.0);
            let exact = Pattern::new(&hands);
            let want = forced_depths(exact, relative_counts(win, &hands), &hands);
            assert_eq!(win_depths(win, &hands), want, "{hands:?} {win:?}");
        }
    }

    /// `top_cards` agrees with dropping the lowest cards one by one, on every holding and
    /// depth of every suit, whatever the other suits hold.
    #[test]
    fn top_cards_keep_the_highest() {
        let mut rng = DealRng::new(0x7f4a_7c15);
        for set in 0..1u64 << 13 {
            let bits = set << 2;
            for s in 0..4 {
                let others = rng.next_u64() & Hand::ALL.0 & !(0xffff << (16 * s));
                let all = others | bits << (16 * s);
                for k in 0..=16u8 {
                    let mut want = bits;
                    for _ in 0..bits.count_ones().saturating_sub(u32::from(k)) {
                        want &= want - 1;
                    }
                    if k == 0 {
                        want = 0;
                    }
                    assert_eq!(top_cards(all, s, k), want << (16 * s), "{bits:#x} {s} {k}");
                }
            }
        }
    }

    /// Every nibble moves from (r, c) to (c, r).
    #[test]
    fn transpose_moves_every_nibble() {
        for r in 0..4 {
            for c in 0..4 {
                for v in 1..16u64 {
                    let x = v << (4 * (4 * r + c));
                    assert_eq!(transpose_nibbles(x), v << (4 * (4 * c + r)), "{r} {c} {v}");
                }
            }
        }
        let x = 0x0123_4567_89ab_cdef;
        assert_eq!(transpose_nibbles(transpose_nibbles(x)), x);
    }

    /// The SWAR count of every lane agrees with a count lane by lane.
    #[test]
    fn lane_counts_count_each_lane() {
        let mut rng = DealRng::new(0x2545_f491_4f6c_dd1d);
        for _ in 0..10_000 {
            let hand = rng.next_u64() & Hand::ALL.0;
            let want = (0..4).fold(0u64, |acc, s| {
                acc | u64::from(((hand >> (16 * s)) as u16).count_ones()) << (4 * s)
            });
            assert_eq!(lane_counts(hand), want, "{hand:#x}");
        }
        assert_eq!(lane_counts(Hand::ALL.0), 0xdddd);
        assert_eq!(lane_counts(0), 0);
    }
}
