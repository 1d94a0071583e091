//! Per-deal tables of relative-rank owners: the [`Pattern`] of a position in four lookups,
//! the accelerator of the tables keyed by [`PatternKey`].
//!
//! Cards never change hands, so who holds a suit's k-th highest remaining card is a
//! function of the set of that suit's cards still out, once the deal is known (DDS's insight
//! behind its per-deal `rel` and `aggr` tables; idea 6 of `fast-solvers.md`, in place of
//! BMI2's pext). So is every hand's length in the suit. [`RankOwners`] holds, per suit and
//! per 13-bit set of remaining cards, the owner lane of [`Pattern`] (relative rank `i` at
//! bits `2 i .. 2 i + 2`, the owner's seat index) and the four hands' lengths in the suit.
//! Building it costs a few shifts and adds per entry, once per deal, for the sets a deal
//! can reach (32,768 for a full deal; a deal of few cards touches little of the tables); a
//! whole [`PatternKey`] then costs four loads and a few shifts instead of a walk over
//! every remaining card and a count of every hand's suits.

use crate::{Pattern, PatternKey, ShapeKey};
use ddsolve_cards::{Hand, Seat, SeatMap, Suit};
use ddsolve_tt::TrickStart;

/// Sets of one suit's cards: 13 ranks, 2 to ace.
const SETS: usize = 1 << 13;

/// Per suit, for each set of remaining cards (bit `r - 2` for rank `r`), its owner lane in
/// the low 32 bits and the hands' lengths in the suit above them: hand `h` at bits
/// [`lengths_at`]`(s) + 4 h`, so that the high halves of two suits' entries, or-ed, hold
/// both suits' lengths.
type Lanes = [[u64; SETS]; 4];

/// Where the lengths of suit `s` start in an entry of [`Lanes`]: bit 32 for spades and
/// diamonds, 48 for hearts and clubs.
#[inline]
const fn lengths_at(s: usize) -> u32 {
    32 + 16 * (s as u32 & 1)
}

/// The owner lanes and the hands' lengths of every set of remaining cards of each suit, for
/// the positions that can arise from one deal: what a table keyed by [`PatternKey`] keeps
/// to find its keys fast (its [`ddsolve_tt::TranspositionTable::prepare`] calls
/// [`RankOwners::prepare`]).
///
/// Until it is first prepared it holds no tables (and no memory) and computes patterns from
/// the hands ([`Pattern::new`]); once prepared for a deal, [`RankOwners::pattern`] is
/// right for every position whose hands are part of the same hands of that deal (every
/// position the search reaches from it), which is the caller's promise. The tables take
/// [`RankOwners::TABLE_BYTES`], zeroed when first allocated; a deal writes only the entries
/// of the sets of its own cards, so a deal of few cards brings little of them into memory.
///
/// ```
/// use ddsolve_cards::{Deal, Strain, Seat};
/// use ddsolve_tt::TrickStart;
/// use ddsolve_tt_key::{PatternKey, RankOwners};
///
/// let deal: Deal = "N:AK... QJ... T9... 87...".parse()?;
/// let at = TrickStart::new(*deal.hands(), Strain::NoTrump, Seat::North);
/// let mut owners = RankOwners::new();
/// assert_eq!(owners.key(&at), PatternKey::new(&at)); // from the hands
/// owners.prepare(deal.hands());
/// assert_eq!(owners.key(&at), PatternKey::new(&at)); // four lookups
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
#[derive(Clone, Default)]
pub struct RankOwners {
    /// The hands the tables were built from: they serve every position whose hands are
    /// subsets of these.
    source: SeatMap<Hand>,
    /// `None` until the first [`RankOwners::prepare`].
    lanes: Option<Box<Lanes>>,
}

impl std::fmt::Debug for RankOwners {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RankOwners")
            .field("source", &self.source)
            .field("prepared", &self.lanes.is_some())
            .finish_non_exhaustive()
    }
}

impl RankOwners {
    /// The memory of the tables once prepared: four suits of 8,192 entries of 8 bytes.
    pub const TABLE_BYTES: usize = std::mem::size_of::<Lanes>();

    /// No tables yet: patterns are computed from the hands until [`RankOwners::prepare`].
    pub fn new() -> RankOwners {
        RankOwners::default()
    }

    /// Makes the tables serve `hands` and every position reached from it: (re)builds them
    /// unless every hand of `hands` is already part of the same hand of the source deal.
    pub fn prepare(&mut self, hands: &SeatMap<Hand>) {
        if self.lanes.is_none() || !self.covers(hands) {
            self.build(hands);
        }
    }

    /// Whether the tables serve `hands`: every hand part of the same hand of the source.
    fn covers(&self, hands: &SeatMap<Hand>) -> bool {
        Seat::ALL
            .into_iter()
            .all(|s| (hands[s] & self.source[s]) == hands[s])
    }

    fn build(&mut self, hands: &SeatMap<Hand>) {
        self.source = *hands;
        let all = hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3];
        let lanes = self.lanes.get_or_insert_with(|| {
            let lanes: Box<[[u64; SETS]]> = vec![[0u64; SETS]; 4].into_boxed_slice();
            lanes.try_into().expect("four suits")
        });
        for suit in Suit::ALL {
            // The owner of each rank's card (bit r - 2); ranks nobody holds never occur.
            let mut owner = [0u64; 13];
            for seat in Seat::ALL {
                let h = hands[seat].suit(suit).0 >> 2;
                for (b, o) in owner.iter_mut().enumerate() {
                    if h & (1 << b) != 0 {
                        *o = seat.index() as u64;
                    }
                }
            }
            let at = lengths_at(suit.index());
            let lanes = &mut lanes[suit.index()];
            lanes[0] = 0;
            // Only the sets of the deal's cards of the suit arise: the others are never read,
            // so never written either (a deal of few cards leaves most of the zeroed tables
            // untouched, never brought into memory). Subsets in increasing order, so that a
            // set's entry is built after that of the set without its top card.
            let cards = (all.suit(suit).0 >> 2) as usize & (SETS - 1);
            let mut set = 0usize;
            loop {
                set = set.wrapping_sub(cards) & cards;
                if set == 0 {
                    break;
                }
                // The highest card takes relative rank 0; the others follow it, one rank
                // (two bits) lower each, as in the set without it. Its owner holds one card
                // more than there.
                let top = 31 - (set as u32).leading_zeros();
                let o = owner[top as usize];
                let rest = lanes[set ^ (1 << top)];
                let lane = o | ((rest as u32 as u64) << 2);
                let lengths = (rest >> at) + (1 << (4 * o));
                lanes[set] = lane | (lengths << at);
            }
        }
    }

    /// The pattern of `hands`: from the tables once prepared (`hands` must then be a
    /// position of the deal they were prepared for), else from the hands.
    #[inline]
    pub fn pattern(&self, hands: &SeatMap<Hand>) -> Pattern {
        let Some(lanes) = &self.lanes else {
            return Pattern::new(hands);
        };
        debug_assert!(
            self.covers(hands),
            "RankOwners prepared for {:?}, asked for {hands:?}",
            self.source
        );
        Pattern(Self::lookup(lanes, hands).0)
    }

    /// The pattern and the suit lengths of `hands` from the tables: the lengths with suit
    /// `s`, hand `h` at bits `4 (4 s + h)` (as [`ShapeKey::lengths`] holds them).
    #[inline(always)]
    fn lookup(lanes: &Lanes, hands: &SeatMap<Hand>) -> (u128, u64) {
        let all = (hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3]).0;
        let entry = |s: usize| lanes[s][((all >> (16 * s + 2)) as usize) & (SETS - 1)];
        let [a, b, c, d] = [entry(0), entry(1), entry(2), entry(3)];
        // Two 64-bit halves, then one 128-bit join: cheaper than four 128-bit shifts. The
        // shifts drop the lengths out of the lanes.
        let lo = (a & 0xffff_ffff) | b << 32;
        let hi = (c & 0xffff_ffff) | d << 32;
        // Spades' and hearts' lengths in the high half of `a | b`, diamonds' and clubs' in
        // that of `c | d`.
        let lengths = (a | b) >> 32 | (c | d) & 0xffff_ffff_0000_0000;
        (u128::from(lo) | u128::from(hi) << 64, lengths)
    }

    /// The [`PatternKey`] of `at`: from the tables once prepared (`at` must then be a
    /// position of the deal they were prepared for), else from the hands. Always inlined:
    /// the search asks for a key at every trick start, and the call and the key's return
    /// through memory cost more than its lookups.
    #[inline(always)]
    pub fn key(&self, at: &TrickStart) -> PatternKey {
        let Some(lanes) = &self.lanes else {
            return unprepared_key(at);
        };
        debug_assert!(
            self.covers(at.hands()),
            "RankOwners prepared for {:?}, asked for {:?}",
            self.source,
            at.hands()
        );
        let (pattern, by_suit) = Self::lookup(lanes, at.hands());
        PatternKey {
            shape: ShapeKey {
                tricks_left: at.tricks_left(),
                leader: at.leader(),
                lengths: by_suit,
            },
            pattern: Pattern(pattern),
        }
    }

    /// The bytes the tables take: 0 before the first [`RankOwners::prepare`], then
    /// [`RankOwners::TABLE_BYTES`].
    pub fn bytes(&self) -> usize {
        if self.lanes.is_some() {
            Self::TABLE_BYTES
        } else {
            0
        }
    }
}

/// [`PatternKey::new`], out of line: the key of a table not yet prepared (rare), kept out of
/// the frame of [`RankOwners::key`].
#[cold]
#[inline(never)]
fn unprepared_key(at: &TrickStart) -> PatternKey {
    PatternKey::new(at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::{Deal, DealRng, Strain};

    /// Every position on the way through random deals: the tables give `Pattern::new`'s
    /// pattern, and at trick starts `PatternKey::new`'s key, before and after the tables are
    /// rebuilt for another deal.
    #[test]
    fn tables_give_the_key_of_every_position() {
        let mut rng = DealRng::new(0x6f776e);
        let mut owners = RankOwners::new();
        for n in 0..20 {
            let deal: Deal = if n % 3 == 2 {
                rng.partial_deal(5)
            } else {
                rng.deal()
            };
            let mut hands = *deal.hands();
            owners.prepare(&hands);
            // Take cards away one by one, cycling through the seats, down to nothing.
            let mut seat = Seat::ALL[n % 4];
            while !(hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3]).is_empty() {
                assert_eq!(owners.pattern(&hands), Pattern::new(&hands), "{deal}");
                // At a trick start, the keys too.
                let len = hands.0[0].len();
                let trick_start = hands.0.iter().all(|h| h.len() == len);
                for leader in Seat::ALL.into_iter().filter(|_| trick_start) {
                    let at = TrickStart::new(hands, Strain::NoTrump, leader);
                    assert_eq!(owners.key(&at), PatternKey::new(&at), "{deal}");
                }
                if let Some(card) = hands[seat].iter().last() {
                    hands[seat].remove(card);
                    owners.prepare(&hands);
                }
                seat = seat.offset(1);
            }
        }
    }
}
