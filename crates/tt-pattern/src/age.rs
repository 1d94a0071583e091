//! Aging: generation stamps, so that the stalest entries go first when memory runs short.

/// A stamp of the table's search counter: the table's current generation moves on at every
/// [`ddsolve_tt::TranspositionTable::new_search`], and an entry keeps the generation in which
/// it was last stored, tightened or hit.
///
/// Stamps wrap around; ages are only compared up to [`Generation::MAX_AGE`], and a table
/// refreshes its stamps ([`Generation::refreshed`]) well before a wrap could make an old
/// entry look young.
///
/// ```
/// use ddsolve_tt_pattern::Generation;
///
/// let born = Generation::default();
/// let later = born.next().next();
/// assert_eq!(later.age_of(born), 2);
/// assert_eq!(later.age_of(later), 0);
/// // Many searches later the age stops at MAX_AGE.
/// let mut now = later;
/// for _ in 0..10 { now = now.next(); }
/// assert_eq!(now.age_of(born), Generation::MAX_AGE);
/// assert_eq!(now.age_of(now.refreshed(born)), Generation::MAX_AGE);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Generation(u16);

impl Generation {
    /// The oldest age that is told apart: every older entry counts as this old.
    pub const MAX_AGE: u8 = 3;

    /// How many generations may pass between two calls of [`Generation::refreshed`] on
    /// every stamp for ages to stay right.
    pub const REFRESH_PERIOD: u16 = 1 << 14;

    /// The generation after this one.
    #[inline]
    pub fn next(self) -> Generation {
        Generation(self.0.wrapping_add(1))
    }

    /// How many generations before `self` the stamp `then` was taken, at most
    /// [`Generation::MAX_AGE`].
    #[inline]
    pub fn age_of(self, then: Generation) -> u8 {
        self.0.wrapping_sub(then.0).min(u16::from(Self::MAX_AGE)) as u8
    }

    /// `then`, or, if it is older than [`Generation::MAX_AGE`], the stamp of that age: the
    /// same age as far as anyone can tell, but safe from the counter's wrap-around.
    #[inline]
    pub fn refreshed(self, then: Generation) -> Generation {
        if self.0.wrapping_sub(then.0) > u16::from(Self::MAX_AGE) {
            Generation(self.0.wrapping_sub(u16::from(Self::MAX_AGE)))
        } else {
            then
        }
    }

    /// Is it time to refresh every stamp (every [`Generation::REFRESH_PERIOD`] generations)?
    #[inline]
    pub fn refresh_due(self) -> bool {
        self.0 % Self::REFRESH_PERIOD == 0
    }
}
