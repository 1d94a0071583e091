//! What the table evicts under its budget ([`ddsolve_tt::Budget`], swept with
//! [`ddsolve_tt::EvictionPlan`]): the entries' scores, from their age ([`AGING`]), whether
//! they were ever hit, and how specific they are.

use crate::entry::Entry;
use ddsolve_tt::{Aging, Generation};

/// The table's aging: 3-bit stamps of the search counter (what an entry has room for),
/// ages told apart up to 3 (every older entry counts as that old), stamps refreshed every
/// 2 searches once the table holds half its budget (`TtPattern::new_search`).
pub(crate) const AGING: Aging = Aging::new(3, 3);

/// How much an entry is worth keeping, as a number where higher means evict sooner:
/// the stalest first (generations since it was last stored, tightened or hit, up to
/// [`AGING`]'s oldest age), then among equally old ones those never hit, then the most
/// specific (the most cards fixed).
#[inline]
pub(crate) fn eviction_score(e: &Entry, now: Generation) -> usize {
    let age = usize::from(AGING.age(now, e.used()));
    let unused = usize::from(!e.was_hit());
    (age << 7) | (unused << 6) | usize::from(e.order().min(63))
}

/// Scores range over `0..SCORES`.
pub(crate) const SCORES: usize = (AGING.max_age() as usize + 1) << 7;
