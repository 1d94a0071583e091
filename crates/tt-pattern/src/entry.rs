//! One stored set of positions: a rank pattern, its bounds, its best move and its age, in
//! the 32 bytes of the pattern alone.

use crate::pattern::SPARE;
use crate::{Bounds, RankPattern};
use ddsolve_cards::Card;
use ddsolve_tt::Generation;

/// Where an entry's fields sit: a byte each in the spare bytes ([`SPARE`]) of its
/// pattern's owner words, so that each is read with one byte load (or compared in place).
/// The bounds, which the probe's scan reads on every entry that matches, sit in the high
/// word, which the scan reads second: the low word, read first and mostly enough to reject
/// an entry, is not needed again.
///
/// Low word, bits 24..32: the best move's bit index in a [`ddsolve_cards::Hand`]
/// (2..=62), 0 for none.
const BEST: u32 = 24;
/// Low word, bits 56..64: the order ([`RankPattern::order`], at most 48), the top byte, so
/// that comparing the word compares the orders ([`Entry::sorts_below`]).
const ORDER: u32 = 56;
/// High word, bits 24..32: the stamp ([`crate::budget::AGING`], 3 bits) in the low
/// nibble, bit 3 set once hit, and the upper bound in the high nibble (compared in place:
/// the upper bound is below `t` when the byte is below `t << 4`).
const USED: u32 = 24;
/// The stamp's bits in the byte at [`USED`].
const STAMP: u64 = 0x7;
/// The hit flag in the byte at [`USED`].
const HIT: u64 = 0x8;
/// Where the upper bound starts.
const UPPER: u32 = USED + 4;
/// High word, bits 56..64: the lower bound, the top byte.
const LOWER: u32 = 56;

/// The best move of each value of the byte at [`BEST`] (a bit index below 64, 0 for none):
/// [`Card::from_bit_index`] worked out once.
static BEST_MOVES: [Option<Card>; 64] = {
    let mut t = [None; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = Card::from_bit_index(i as u32);
        i += 1;
    }
    t
};

/// A table entry: every position matching its pattern (in its shape) has its bounds.
///
/// 32 bytes: the pattern's four words, with the other fields (order, bounds, best move,
/// stamp, whether it was hit) in the spare bytes of its owner words (a 40-byte entry kept
/// them beside the pattern). Every test of a pattern masks its owners with the depths'
/// mask ([`RankPattern::matches`], [`RankPattern::covers`]), which never reaches a spare
/// bit, so the probe's scan reads the packed pattern as it is; [`Entry::pattern`] gives it
/// without the fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    packed: RankPattern,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 32);

/// The stamp byte of generation `now`: what [`Entry::touch`] writes (once hit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stamp(u8);

impl Stamp {
    /// The stamp of `now`.
    #[inline]
    pub fn of(now: Generation) -> Stamp {
        Stamp(crate::budget::AGING.stamp(now) as u8)
    }
}

impl Entry {
    /// The filler of a list's storage past its entries (never read as an entry).
    pub const VACANT: Entry = Entry {
        packed: RankPattern {
            lo: 0,
            hi: 0,
            mask_lo: 0,
            mask_hi: 0,
        },
    };

    /// A fresh entry, stamped `now`, never hit. The pattern's depths are at most 12
    /// ([`SPARE`]).
    #[inline]
    pub fn new(pattern: RankPattern, bounds: Bounds, best: Option<Card>, now: Stamp) -> Entry {
        debug_assert_eq!(pattern.spare(), (0, 0), "depths of at most 12");
        let mut e = Entry { packed: pattern };
        let best = best.map_or(0, |c| u64::from(c.bit_index()));
        e.packed.lo |= best << BEST | u64::from(pattern.order()) << ORDER;
        e.packed.hi |= u64::from(now.0) << USED;
        e.set_bounds(bounds);
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
    /// inner test, on the packed words (the mask clears the fields): both words at once,
    /// with no branch between them (the low word alone rejects about two entries in three,
    /// too unpredictably for a branch to pay).
    #[inline]
    pub fn matches(&self, exact: &ddsolve_tt_key::Pattern) -> bool {
        let (lo, hi) = (exact.0 as u64, (exact.0 >> 64) as u64);
        let p = &self.packed;
        ((lo ^ p.lo) & p.mask_lo) | ((hi ^ p.hi) & p.mask_hi) == 0
    }

    /// Whether the side on lead takes at least `tricks`, if the bounds decide it
    /// ([`Bounds::decides`]), read in place.
    #[inline]
    pub fn decides(&self, tricks: u8) -> Option<bool> {
        if (self.packed.hi >> LOWER) as u8 >= tricks {
            Some(true)
        } else if ((self.packed.hi >> USED) as u8) < tricks << 4 {
            Some(false)
        } else {
            None
        }
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
        // The masks first: one comparison a word, and most entries of one order differ there.
        a.mask_lo == b.mask_lo
            && a.mask_hi == b.mask_hi
            && ((a.lo ^ b.lo) | (a.hi ^ b.hi)) & !SPARE == 0
    }

    /// How many cards the pattern fixes ([`RankPattern::order`]): the lists' sort key.
    #[inline]
    pub fn order(&self) -> u8 {
        (self.packed.lo >> ORDER) as u8
    }

    /// The key of `order` for [`Entry::sorts_below`].
    #[inline]
    pub fn order_key(order: u8) -> u64 {
        u64::from(order) << ORDER
    }

    /// Is the entry's order below the one of `key` ([`Entry::order_key`])? One comparison of
    /// the low word, whose top byte is the order.
    #[inline]
    pub fn sorts_below(&self, key: u64) -> bool {
        self.packed.lo < key
    }

    /// The bounds.
    #[inline]
    pub fn bounds(&self) -> Bounds {
        let hi = self.packed.hi;
        Bounds::new((hi >> LOWER) as u8, (hi >> UPPER) as u8 & 0xf)
    }

    /// Replaces the bounds.
    #[inline]
    pub fn set_bounds(&mut self, b: Bounds) {
        debug_assert!(
            b.lower <= 13 && b.upper <= 13,
            "bounds of at most 13 tricks"
        );
        let hi = self.packed.hi & !(0xff << LOWER | 0xf << UPPER);
        self.packed.hi = hi | u64::from(b.lower) << LOWER | u64::from(b.upper & 0xf) << UPPER;
    }

    /// The best move, if any: one load from [`BEST_MOVES`] (a hit's best move is read on
    /// every hit).
    #[inline]
    pub fn best(&self) -> Option<Card> {
        BEST_MOVES[((self.packed.lo >> BEST) & 63) as usize]
    }

    /// Records a best move (a `None` keeps the old one).
    #[inline]
    pub fn set_best(&mut self, best: Option<Card>) {
        if let Some(c) = best {
            let lo = self.packed.lo & !(0xff << BEST);
            self.packed.lo = lo | u64::from(c.bit_index()) << BEST;
        }
    }

    /// The stamp ([`crate::budget::AGING`]) of the generation of the last store,
    /// tightening or hit.
    #[inline]
    pub fn used(&self) -> u16 {
        ((self.packed.hi >> USED) & STAMP) as u16
    }

    /// Replaces the stamp.
    #[inline]
    pub fn set_used(&mut self, stamp: Stamp) {
        self.packed.hi = self.packed.hi & !(STAMP << USED) | u64::from(stamp.0) << USED;
    }

    /// Pulls an old stamp up ([`ddsolve_tt::Aging::refreshed`]), as the aging wants every
    /// so often.
    #[inline]
    pub fn refresh(&mut self, now: Generation) {
        let stamp = crate::budget::AGING.refreshed(now, self.used());
        self.set_used(Stamp(stamp as u8));
    }

    /// Has a probe been decided by the entry?
    #[inline]
    pub fn was_hit(&self) -> bool {
        self.packed.hi & HIT << USED != 0
    }

    /// Records a decisive probe with the stamp of the current generation.
    #[inline]
    pub fn touch_hit(&mut self, now: Stamp) {
        self.set_used(now);
        self.packed.hi |= HIT << USED;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::{DealRng, Hand};
    use ddsolve_tt_key::Pattern;

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
            let pattern = RankPattern::of_win(exact, win, &hands);
            let r = rng.next_u64();
            let lower = (r % 14) as u8;
            let upper = lower + ((r >> 8) % u64::from(14 - lower)) as u8;
            let cards: Vec<Card> = all.iter().collect();
            let best = (r >> 16 & 1 == 1 && !cards.is_empty())
                .then(|| cards[(r >> 20) as usize % cards.len()]);
            let mut e = Entry::new(pattern, Bounds::new(lower, upper), best, Stamp::of(now));
            let bare = Entry::new(pattern, Bounds::new(0, 0), None, Stamp::of(now.next()));
            assert_eq!(e.pattern(), pattern);
            assert_eq!(e.bounds(), Bounds::new(lower, upper));
            for t in 0..=14 {
                assert_eq!(e.decides(t), Bounds::new(lower, upper).decides(t));
            }
            assert_eq!(e.best(), best);
            assert_eq!(Stamp(e.used() as u8), Stamp::of(now));
            assert!(!e.was_hit());
            assert!(e.matches(&exact));
            assert!(e.same_pattern(&bare) && e.covers(&bare) && bare.covers(&e));
            assert_eq!(e.order(), pattern.order());
            let key = Entry::order_key(pattern.order());
            assert!(!e.sorts_below(key) && e.sorts_below(Entry::order_key(e.order() + 1)));
            now = now.next();
            e.touch_hit(Stamp::of(now));
            e.set_bounds(Bounds::new(upper, upper));
            let other = cards.first().copied();
            e.set_best(other);
            e.set_best(None);
            assert_eq!(e.pattern(), pattern);
            assert_eq!(e.bounds(), Bounds::new(upper, upper));
            assert_eq!(e.best(), other.or(best));
            assert_eq!(Stamp(e.used() as u8), Stamp::of(now));
            assert!(e.was_hit());
        }
    }
}
