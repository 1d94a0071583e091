//! One stored set of positions: a rank pattern, its bounds, its best move and its age, in
//! the 32 bytes of the pattern alone.

use crate::budget::AGING;
use crate::pattern::SPARE;
use crate::{Bounds, RankPattern};
use ddsolve_cards::Card;
use ddsolve_tt::Generation;

/// Where an entry's fields sit in the spare bits ([`SPARE`]) of its pattern's owner
/// words: the owners of a suit take the low 26 bits of its 32-bit lane (13 cards, 2 bits
/// each), so six bits above each lane are free, 24 in all. The bounds, which the probe's
/// scan reads on every entry that matches, sit in the high word, which the scan reads
/// second: the low word, read first and mostly enough to reject an entry, is then never
/// needed again.
///
/// Low word, bits 26..32: the best move's bit index in a [`ddsolve_cards::Hand`] (2..=62),
/// 0 for none.
const BEST: u32 = 26;
/// Low word, bits 58..64: the order ([`RankPattern::order`], at most 52), alone at the top
/// so that one shift reads it.
const ORDER: u32 = 58;
/// High word, bits 26..30: the upper bound.
const UPPER: u32 = 26;
/// High word, bits 30..32: the stamp's low two bits ([`AGING`], 3 bits).
const USED_LOW: u32 = 30;
/// High word, bits 58..62: the lower bound.
const LOWER: u32 = 58;
/// High word, bit 62: hit by a decisive probe since stored.
const HIT: u32 = 62;
/// High word, bit 63: the stamp's third bit.
const USED_HIGH: u32 = 63;

/// A table entry: every position matching its pattern (in its shape) has its bounds.
///
/// 32 bytes: the pattern's four words, with the other fields (order, bounds, best move,
/// stamp, whether it was hit) in the spare bits of its owner words (a 40-byte entry kept
/// them beside the pattern). Every test of a pattern masks its owners with the depths' mask
/// ([`RankPattern::matches`], [`RankPattern::covers`]), which never reaches a spare bit,
/// so the probe's scan reads the packed pattern as it is; [`Entry::pattern`] gives it
/// without the fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    packed: RankPattern,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 32);

impl Entry {
    /// A fresh entry, stamped `now`, never hit.
    #[inline]
    pub fn new(pattern: RankPattern, bounds: Bounds, best: Option<Card>, now: Generation) -> Entry {
        debug_assert_eq!(
            pattern.spare(),
            (0, 0),
            "a pattern of at most 13 cards a suit"
        );
        let mut e = Entry { packed: pattern };
        let best = best.map_or(0, |c| u64::from(c.bit_index()));
        e.packed.lo |= best << BEST | u64::from(pattern.order()) << ORDER;
        e.packed.hi |= field(bounds.lower, LOWER) | field(bounds.upper, UPPER);
        e.set_used(AGING.stamp(now));
        e
    }

    /// The pattern, without the fields.
    #[inline]
    pub fn pattern(&self) -> RankPattern {
        let mut p = self.packed;
        p.lo &= !SPARE;
        p.hi &= !SPARE;
        p
    }

    /// Does the position whose owners are `exact` belong to the entry's set? The probe's
    /// inner test, on the packed words (the mask clears the fields).
    #[inline]
    pub fn matches(&self, exact: &ddsolve_tt::Pattern) -> bool {
        self.packed.matches(exact)
    }

    /// Does the entry's pattern cover `other`'s ([`RankPattern::covers`])?
    #[inline]
    pub fn covers(&self, other: &Entry) -> bool {
        self.packed.covers(&other.packed)
    }

    /// Is the entry's pattern `other`'s?
    #[inline]
    pub fn same_pattern(&self, other: &Entry) -> bool {
        let (a, b) = (&self.packed, &other.packed);
        ((a.lo ^ b.lo) | (a.hi ^ b.hi)) & !SPARE == 0
            && a.mask_lo == b.mask_lo
            && a.mask_hi == b.mask_hi
    }

    /// How many cards the pattern fixes ([`RankPattern::order`]): the lists' sort key.
    #[inline]
    pub fn order(&self) -> u8 {
        (self.packed.lo >> ORDER) as u8
    }

    /// The bounds.
    #[inline]
    pub fn bounds(&self) -> Bounds {
        let hi = self.packed.hi;
        Bounds::new((hi >> LOWER) as u8 & 0xf, (hi >> UPPER) as u8 & 0xf)
    }

    /// Replaces the bounds.
    #[inline]
    pub fn set_bounds(&mut self, b: Bounds) {
        let hi = self.packed.hi & !(field(0xf, LOWER) | field(0xf, UPPER));
        self.packed.hi = hi | field(b.lower, LOWER) | field(b.upper, UPPER);
    }

    /// The best move, if any.
    #[inline]
    pub fn best(&self) -> Option<Card> {
        Card::from_bit_index((self.packed.lo >> BEST) as u32 & 0x3f)
    }

    /// Records a best move (a `None` keeps the old one).
    #[inline]
    pub fn set_best(&mut self, best: Option<Card>) {
        if let Some(c) = best {
            let lo = self.packed.lo & !(0x3f << BEST);
            self.packed.lo = lo | u64::from(c.bit_index()) << BEST;
        }
    }

    /// The stamp ([`AGING`]) of the generation of the last store, tightening or hit.
    #[inline]
    pub fn used(&self) -> u16 {
        let hi = self.packed.hi;
        ((hi >> USED_LOW) & 3 | (hi >> (USED_HIGH - 2)) & 4) as u16
    }

    /// Replaces the stamp.
    #[inline]
    pub fn set_used(&mut self, stamp: u16) {
        debug_assert!(stamp < 1 << 3, "a stamp of three bits");
        let stamp = u64::from(stamp);
        let hi = self.packed.hi & !(3 << USED_LOW | 1 << USED_HIGH);
        self.packed.hi = hi | (stamp & 3) << USED_LOW | (stamp >> 2) << USED_HIGH;
    }

    /// Has a probe been decided by the entry?
    #[inline]
    pub fn was_hit(&self) -> bool {
        self.packed.hi & 1 << HIT != 0
    }

    /// Records a decisive probe in generation `now`.
    #[inline]
    pub fn touch_hit(&mut self, now: Generation) {
        self.set_used(AGING.stamp(now));
        self.packed.hi |= 1 << HIT;
    }
}

/// A bound of at most 13 tricks, at bit `at`.
#[inline]
fn field(value: u8, at: u32) -> u64 {
    debug_assert!(value <= 0xf, "bounds of at most 13 tricks");
    u64::from(value) << at
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::{DealRng, Hand};
    use ddsolve_tt::{forced_depths, relative_counts, Pattern};

    /// The fields read back as written, whatever the pattern, and never change what the
    /// pattern matches, covers or equals.
    #[test]
    fn fields_and_pattern_stay_apart() {
        let mut rng = DealRng::new(0x2545_f491_4f6c_dd1d);
        let mut now = Generation::default();
        for i in 0..20_000u32 {
            let hands = rng.scattered_hands(i % 2 == 0);
            let all = hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3];
            let win = Hand(rng.next_u64() & rng.next_u64() & all.0);
            let exact = Pattern::new(&hands);
            let pattern = RankPattern::new(
                exact,
                forced_depths(exact, relative_counts(win, &hands), &hands),
            );
            let r = rng.next_u64();
            let lower = (r % 14) as u8;
            let upper = lower + ((r >> 8) % u64::from(14 - lower)) as u8;
            let cards: Vec<Card> = all.iter().collect();
            let best = (r >> 16 & 1 == 1 && !cards.is_empty())
                .then(|| cards[(r >> 20) as usize % cards.len()]);
            let mut e = Entry::new(pattern, Bounds::new(lower, upper), best, now);
            let bare = Entry::new(pattern, Bounds::new(0, 0), None, Generation::default());
            assert_eq!(e.pattern(), pattern);
            assert_eq!(e.bounds(), Bounds::new(lower, upper));
            assert_eq!(e.best(), best);
            assert_eq!(e.used(), AGING.stamp(now));
            assert!(!e.was_hit());
            assert!(e.matches(&exact));
            assert!(e.same_pattern(&bare) && e.covers(&bare) && bare.covers(&e));
            assert_eq!(e.order(), pattern.order());
            now = now.next();
            e.touch_hit(now);
            e.set_bounds(Bounds::new(upper, upper));
            let other = cards.first().copied();
            e.set_best(other);
            e.set_best(None);
            assert_eq!(e.pattern(), pattern);
            assert_eq!(e.bounds(), Bounds::new(upper, upper));
            assert_eq!(e.best(), other.or(best));
            assert_eq!(e.used(), AGING.stamp(now));
            assert!(e.was_hit());
        }
    }
}
