//! Aging, one mechanism for every table: a search counter ([`Generation`]) that moves on at
//! each [`crate::TranspositionTable::new_search`], stamps of it that entries keep in as many
//! bits as a table can spare, and the ages those stamps give ([`Aging`]), so that the
//! stalest entries go first when memory runs short.

/// A table's search counter: it moves on at every
/// [`crate::TranspositionTable::new_search`] (a table may also move it on itself, as the
/// forest does at each sweep). Entries keep stamps of it ([`Aging::stamp`]).
///
/// ```
/// use ddsolve_tt::{Aging, Generation};
///
/// const AGING: Aging = Aging::new(16, 3);
/// let born = Generation::default();
/// let later = born.next().next();
/// assert_eq!(AGING.age(later, AGING.stamp(born)), 2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Generation(u16);

impl Generation {
    /// The generation after this one (the counter wraps around).
    #[inline]
    pub fn next(self) -> Generation {
        Generation(self.0.wrapping_add(1))
    }
}

/// How a table stamps its entries and reads their age: stamps of `bits` bits (the
/// counter's low bits), ages told apart up to `max_age` (every older entry counts as that
/// old).
///
/// Stamps wrap around. A table that keeps its entries across many searches pulls old
/// stamps up ([`Aging::refreshed`]) whenever [`Aging::refresh_due`] says so, every quarter
/// of the stamps' range: then an old entry never wraps into looking young (as long as
/// `max_age` plus that period stays below the range, which [`Aging::new`] checks). A table
/// that never refreshes reads ages modulo the range.
///
/// ```
/// use ddsolve_tt::{Aging, Generation};
///
/// const AGING: Aging = Aging::new(8, 32);
/// let mut now = Generation::default();
/// let mut stamp = AGING.stamp(now);
/// for _ in 0..1000 {
///     now = now.next();
///     if AGING.refresh_due(now) {
///         stamp = AGING.refreshed(now, stamp);
///     }
/// }
/// assert_eq!(AGING.age(now, stamp), 32);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Aging {
    mask: u16,
    max_age: u16,
}

impl Aging {
    /// Stamps of `bits` bits (3..=16), ages up to `max_age` (below the stamps' range).
    /// Panics (at compile time in a `const`) when `max_age` does not fit.
    pub const fn new(bits: u32, max_age: u16) -> Aging {
        assert!(bits >= 3 && bits <= 16, "stamps of 3 to 16 bits");
        let mask = (((1u32 << bits) - 1) & 0xffff) as u16;
        assert!(max_age <= mask, "the oldest age must fit the stamps");
        Aging { mask, max_age }
    }

    /// The oldest age told apart.
    #[inline]
    pub const fn max_age(&self) -> u16 {
        self.max_age
    }

    /// How many generations pass between two refreshes: a quarter of the stamps' range.
    #[inline]
    pub const fn refresh_period(&self) -> u16 {
        (self.mask >> 2) + 1
    }

    /// The stamp of `now`.
    #[inline]
    pub fn stamp(&self, now: Generation) -> u16 {
        now.0 & self.mask
    }

    /// The generations since `stamp` was taken, at most [`Aging::max_age`].
    #[inline]
    pub fn age(&self, now: Generation, stamp: u16) -> u16 {
        (now.0.wrapping_sub(stamp) & self.mask).min(self.max_age)
    }

    /// Is it time to refresh every stamp (every [`Aging::refresh_period`] generations)?
    #[inline]
    pub fn refresh_due(&self, now: Generation) -> bool {
        now.0 & (self.refresh_period() - 1) == 0
    }

    /// `stamp`, or, if it is older than [`Aging::max_age`], the stamp of that age: the same
    /// age as far as anyone can tell, but safe from the wrap-around.
    #[inline]
    pub fn refreshed(&self, now: Generation, stamp: u16) -> u16 {
        if now.0.wrapping_sub(stamp) & self.mask > self.max_age {
            now.0.wrapping_sub(self.max_age) & self.mask
        } else {
            stamp
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With refreshes, an old stamp stays at the oldest age whatever the stamps' width.
    #[test]
    fn refreshed_stamps_never_look_young() {
        for (bits, max_age) in [(5, 3), (8, 32), (16, 3)] {
            let aging = Aging::new(bits, max_age);
            let mut now = Generation::default();
            let mut stamp = aging.stamp(now);
            for step in 1..200_000u32 {
                now = now.next();
                if aging.refresh_due(now) {
                    stamp = aging.refreshed(now, stamp);
                }
                let want = step.min(u32::from(max_age)) as u16;
                assert_eq!(aging.age(now, stamp), want, "{bits} bits, step {step}");
            }
        }
    }

    #[test]
    fn refresh_periods_are_a_quarter_of_the_range() {
        assert_eq!(Aging::new(16, 3).refresh_period(), 1 << 14);
        assert_eq!(Aging::new(8, 32).refresh_period(), 64);
        assert_eq!(Aging::new(5, 31).refresh_period(), 8);
    }
}
