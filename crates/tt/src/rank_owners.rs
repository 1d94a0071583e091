//! Per-deal tables of relative-rank owners: the [`Pattern`] of a position in four lookups,
//! the accelerator of the tables keyed by [`PatternKey`].
//!
//! Cards never change hands, so who holds a suit's k-th highest remaining card is a
//! function of the set of that suit's cards still out, once the deal is known (DDS's insight
//! behind its per-deal `rel` and `aggr` tables; idea 6 of `fast-solvers.md`, in place of
//! BMI2's pext). [`RankOwners`] holds, per suit and per 13-bit set of remaining cards, the
//! owner lane of [`Pattern`] (relative rank `i` at bits `2 i .. 2 i + 2`, the owner's seat
//! index). Building it costs one shift and one or per entry, 32,768 entries, once per deal;
//! a pattern then costs four loads instead of a walk over every remaining card.

use crate::{Pattern, PatternKey, TrickStart, TtKey};
use ddsolve_cards::{Hand, Seat, SeatMap, Suit};

/// Sets of one suit's cards: 13 ranks, 2 to ace.
const SETS: usize = 1 << 13;

/// Per suit, the owner lane of each set of remaining cards (bit `r - 2` for rank `r`).
type Lanes = [[u32; SETS]; 4];

/// The owner lanes of every set of remaining cards of each suit, for the positions that can
/// arise from one deal: what a table keyed by [`PatternKey`] keeps to find its keys fast
/// (its [`crate::TranspositionTable::prepare`] calls [`RankOwners::prepare`]).
///
/// Until it is first prepared it holds no tables (and no memory) and computes patterns from
/// the hands ([`Pattern::new`]); once prepared for a deal, [`RankOwners::pattern`] is
/// right for every position whose hands are part of the same hands of that deal (every
/// position the search reaches from it), which is the caller's promise. The tables take
/// [`RankOwners::TABLE_BYTES`].
///
/// ```
/// use ddsolve_cards::{Deal, Strain, Seat};
/// use ddsolve_tt::{PatternKey, RankOwners, TrickStart};
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
    /// The memory of the tables once prepared: four suits of 8,192 lanes of 4 bytes.
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
        let lanes = self.lanes.get_or_insert_with(|| {
            let lanes: Box<[[u32; SETS]]> = vec![[0u32; SETS]; 4].into_boxed_slice();
            lanes.try_into().expect("four suits")
        });
        for suit in Suit::ALL {
            // The owner of each rank's card (bit r - 2); ranks nobody holds never occur.
            let mut owner = [0u32; 13];
            for seat in Seat::ALL {
                let h = hands[seat].suit(suit).0 >> 2;
                for (b, o) in owner.iter_mut().enumerate() {
                    if h & (1 << b) != 0 {
                        *o = seat.index() as u32;
                    }
                }
            }
            let lanes = &mut lanes[suit.index()];
            lanes[0] = 0;
            for set in 1..SETS {
                // The highest card takes relative rank 0; the others follow it, one rank
                // (two bits) lower each, as in the set without it.
                let top = 31 - (set as u32).leading_zeros();
                lanes[set] = owner[top as usize] | (lanes[set ^ (1 << top)] << 2);
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
        let all = (hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3]).0;
        let mut out = 0u128;
        for s in 0..4 {
            let set = ((all >> (16 * s + 2)) as usize) & (SETS - 1);
            out |= u128::from(lanes[s][set]) << (32 * s);
        }
        Pattern(out)
    }

    /// The [`PatternKey`] of `at` (its pattern as [`RankOwners::pattern`] finds it).
    #[inline]
    pub fn key(&self, at: &TrickStart) -> PatternKey {
        PatternKey {
            shape: TtKey::new(at.hands(), at.leader()),
            pattern: self.pattern(at.hands()),
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

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::{Deal, DealRng};

    /// Every position on the way through random deals: the tables give `Pattern::new`'s
    /// pattern, before and after the tables are rebuilt for another deal.
    #[test]
    fn tables_give_the_pattern_of_every_position() {
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
                if let Some(card) = hands[seat].iter().last() {
                    hands[seat].remove(card);
                    owners.prepare(&hands);
                }
                seat = seat.offset(1);
            }
        }
    }
}
