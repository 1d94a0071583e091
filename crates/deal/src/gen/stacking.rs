//! Smart stacking: deal one seat first, uniformly over the hands that satisfy a shape set and
//! an additive point range, from exact tables of its holdings; the rest is dealt at random.
//!
//! For each suit, the cards the seat may receive (not predealt to anyone) are few enough (at
//! most 13) to list every subset, grouped by size and points. A hand is a choice of one subset
//! per suit; the number of hands of shape `σ` with `t` points is a convolution of the suits'
//! counts. One uniform draw below the total number of acceptable hands, read as a mixed-radix
//! number (shape, then total points, then each suit's points and subset), picks the hand:
//! every acceptable hand has the same probability, so the deal is unbiased.

use super::predeal::Predeal;
use super::random::RandomBits;
use super::shape::{shape_lengths, ShapeSet, SHAPES};
use ddsolve_cards::{Hand, Seat, Suit};
use std::ops::RangeInclusive;

/// Tables that deal one seat's hand uniformly among those with a shape in a set and points
/// (by a weight per rank) in a range, the seat's predealt cards included.
#[derive(Clone, Debug)]
pub struct Stacking {
    seat: Seat,
    /// The seat's predealt cards.
    predealt: Hand,
    suits: [SuitTable; 4],
    shapes: Vec<ShapeEntry>,
    /// Cumulative acceptable hands over `shapes`.
    cumulative: Vec<u64>,
    total: u64,
    fraction: f64,
}

/// Why [`Stacking::build`] gave no tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoStacking {
    /// No hand satisfies the shapes and the range (with the predealt cards).
    Impossible,
    /// The point tables would be too large (very large weights and a wide range).
    TooLarge,
}

/// The acceptance fraction at or above which [`Stacking::new`] declines.
pub const WORTHWHILE_BELOW: f64 = 0.3;

/// Table entries (shapes x suits x points) above which [`Stacking::build`] declines.
const MAX_TABLE: usize = 1 << 23;

/// The subsets of one suit's free cards, grouped by (size, points).
#[derive(Clone, Debug)]
struct SuitTable {
    /// The suit's free cards, as rank bits.
    free: u16,
    /// Points of the seat's predealt cards in this suit.
    base_points: u32,
    /// Cards the seat holds in this suit already.
    base_len: u8,
    /// One more than the most points a subset can have.
    width: usize,
    /// `start[k * width + p] .. start[k * width + p + 1]` indexes `subsets` of size `k` and
    /// points `p`.
    start: Vec<u32>,
    subsets: Vec<u16>,
}

impl SuitTable {
    fn new(free: u16, base: u16, weights: &[u8; 13]) -> SuitTable {
        let points = |bits: u16| -> u32 {
            (2..=14)
                .filter(|r| bits >> r & 1 != 0)
                .map(|r| weights[14 - r] as u32)
                .sum()
        };
        let ranks: Vec<u16> = (2..=14)
            .filter(|r| free >> r & 1 != 0)
            .map(|r| 1 << r)
            .collect();
        let width = points(free) as usize + 1;
        let mut all: Vec<(usize, u16)> = Vec::with_capacity(1 << ranks.len());
        for mask in 0u32..1 << ranks.len() {
            let bits = ranks
                .iter()
                .enumerate()
                .filter(|(i, _)| mask >> i & 1 != 0)
                .fold(0u16, |a, (_, &b)| a | b);
            let key = bits.count_ones() as usize * width + points(bits) as usize;
            all.push((key, bits));
        }
        all.sort_unstable();
        let mut start = vec![0u32; 14 * width + 1];
        for &(key, _) in &all {
            start[key + 1] += 1;
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        SuitTable {
            free,
            base_points: points(base),
            base_len: base.count_ones() as u8,
            width,
            start,
            subsets: all.into_iter().map(|(_, b)| b).collect(),
        }
    }

    /// Subsets of size `k` with `p` points.
    #[inline]
    fn count(&self, k: usize, p: usize) -> u64 {
        if p >= self.width {
            return 0;
        }
        let i = k * self.width + p;
        (self.start[i + 1] - self.start[i]) as u64
    }

    #[inline]
    fn subset(&self, k: usize, p: usize, index: u64) -> u16 {
        self.subsets[self.start[k * self.width + p] as usize + index as usize]
    }
}

/// One shape with acceptable hands: how many free cards each suit takes, and the counts of
/// the last suits' combined points.
#[derive(Clone, Debug)]
struct ShapeEntry {
    take: [u8; 4],
    /// Acceptable free points (total points minus the predealt cards' points).
    lo: usize,
    hi: usize,
    /// `suffix[j][t]`: ways for suits `j..4` to take their cards with `t` points in all
    /// (`suffix[4]` is 1 at 0).
    suffix: [Vec<u64>; 5],
}

impl Stacking {
    /// Tables for `seat` (see [`Stacking::build`]), or `None` when no hand qualifies or when
    /// the constraint accepts [`WORTHWHILE_BELOW`] or more of the seat's possible hands.
    pub fn new(
        seat: Seat,
        shapes: &ShapeSet,
        weights: [u8; 13],
        range: RangeInclusive<u32>,
        predeal: &Predeal,
    ) -> Option<Stacking> {
        let st = Stacking::build(seat, shapes, weights, range, predeal).ok()?;
        (st.fraction < WORTHWHILE_BELOW).then_some(st)
    }

    /// Tables that deal `seat` uniformly among the hands whose shape is in `shapes` and whose
    /// points (`weights` per rank, ace first, summed over the hand, predealt cards included)
    /// lie in `range`, given `predeal`, however common such hands are ([`Stacking::new`]
    /// declines common ones).
    pub fn build(
        seat: Seat,
        shapes: &ShapeSet,
        weights: [u8; 13],
        range: RangeInclusive<u32>,
        predeal: &Predeal,
    ) -> Result<Stacking, NoStacking> {
        let predealt = predeal.hand(seat);
        let free_cards = Hand(Hand::ALL.0 & !predeal.all_cards().0);
        let suits = Suit::ALL
            .map(|s| SuitTable::new(free_cards.suit(s).bits(), predealt.suit(s).bits(), &weights));
        let base: u32 = suits.iter().map(|t| t.base_points).sum();
        let max_free: usize = suits.iter().map(|t| t.width - 1).sum();
        if shapes.len() * 5 * (max_free + 1) > MAX_TABLE {
            return Err(NoStacking::TooLarge);
        }
        let lo = range.start().saturating_sub(base) as usize;
        let hi = match range.end().checked_sub(base) {
            Some(h) => (h as usize).min(max_free),
            None => return Err(NoStacking::Impossible),
        };
        let mut entries = Vec::new();
        let mut cumulative = Vec::new();
        let mut total = 0u64;
        if lo <= hi {
            for id in 0..SHAPES {
                if !shapes.contains_id(id) {
                    continue;
                }
                let lengths = shape_lengths(id);
                let mut take = [0u8; 4];
                let feasible = (0..4).all(|s| {
                    let t = &suits[s];
                    let k = lengths[s] as i32 - t.base_len as i32;
                    take[s] = k.max(0) as u8;
                    k >= 0 && k as u32 <= t.free.count_ones()
                });
                if !feasible {
                    continue;
                }
                let mut suffix: [Vec<u64>; 5] = Default::default();
                suffix[4] = vec![1];
                for j in (0..4).rev() {
                    let t = &suits[j];
                    let k = take[j] as usize;
                    let next = &suffix[j + 1];
                    let mut v = vec![0u64; t.width + next.len() - 1];
                    for p in 0..t.width {
                        let c = t.count(k, p);
                        if c == 0 {
                            continue;
                        }
                        for (q, &n) in next.iter().enumerate() {
                            v[p + q] += c * n;
                        }
                    }
                    suffix[j] = v;
                }
                let hands: u64 = suffix[0].iter().take(hi + 1).skip(lo).sum();
                if hands > 0 {
                    total += hands;
                    entries.push(ShapeEntry {
                        take,
                        lo,
                        hi,
                        suffix,
                    });
                    cumulative.push(total);
                }
            }
        }
        if total == 0 {
            return Err(NoStacking::Impossible);
        }
        let need = 13 - predealt.len() as u64;
        let fraction = total as f64 / binomial(free_cards.len() as u64, need) as f64;
        Ok(Stacking {
            seat,
            predealt,
            suits,
            shapes: entries,
            cumulative,
            total,
            fraction,
        })
    }

    /// The stacked seat.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The number of acceptable hands for the seat.
    pub fn hands(&self) -> u64 {
        self.total
    }

    /// The fraction of the seat's possible hands (given the predeal) that are acceptable: the
    /// acceptance rate plain dealing would have on this constraint alone.
    pub fn fraction(&self) -> f64 {
        self.fraction
    }

    /// A uniformly chosen acceptable hand for the seat, predealt cards included.
    pub fn sample<R: RandomBits>(&self, rng: &mut R) -> Hand {
        let mut u = rng.below_u64(self.total);
        let e = self.cumulative.partition_point(|&c| c <= u);
        if e > 0 {
            u -= self.cumulative[e - 1];
        }
        let entry = &self.shapes[e];
        // Total free points.
        let mut t = entry.lo;
        loop {
            let n = entry.suffix[0].get(t).copied().unwrap_or(0);
            if u < n {
                break;
            }
            u -= n;
            t += 1;
            debug_assert!(t <= entry.hi);
        }
        let mut hand = self.predealt.0;
        for (j, suit) in Suit::ALL.into_iter().enumerate() {
            let table = &self.suits[j];
            let k = entry.take[j] as usize;
            let next = &entry.suffix[j + 1];
            // Points of this suit: weight count(k, p) * ways(rest, t - p).
            let mut p = 0;
            let c = loop {
                let c = table.count(k, p);
                let rest = if p <= t {
                    next.get(t - p).copied().unwrap_or(0)
                } else {
                    0
                };
                let w = c * rest;
                if u < w {
                    break c;
                }
                u -= w;
                p += 1;
            };
            let bits = table.subset(k, p, u % c);
            u /= c;
            t -= p;
            hand |= (bits as u64) << (16 * suit.index());
        }
        Hand(hand)
    }
}

/// `n` choose `k`, exactly (the results here stay far below 2^64).
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}
