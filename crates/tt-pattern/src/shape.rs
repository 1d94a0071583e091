//! The patterns of one shape: every entry stored under one key, general before specific.

use crate::entry::{Entry, Stamp};
use crate::Bounds;
use ddsolve_tt_key::Pattern;

/// In which order a shape's entries are tried.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ProbeOrder {
    /// The most general patterns (fewest cards fixed) first, newest first among patterns of
    /// one order: a hit reports the fewest winning ranks.
    #[default]
    GeneralFirst,
    /// The newest entries first (as `ddsolve_tt_forest::TtFlat`).
    NewestFirst,
}

/// What a store did to a shape's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stored {
    /// The entry was added (not merged into an identical one).
    pub inserted: bool,
    /// It merged into an entry of the same pattern, whose bounds were tightened in place.
    pub merged: bool,
    /// More specific entries it made redundant, removed.
    pub absorbed: usize,
}

/// The entries of one shape (tricks left, leader, suit lengths), sorted by
/// [`crate::RankPattern::order`]: the most general first, so that a probe tries general
/// patterns before specific ones and reports the fewest winning ranks; newest first among
/// patterns of one order.
///
/// A more general entry absorbs the more specific ones whose bounds it implies
/// (bridge-solver's pattern tree dissolves such children into their parent).
///
/// The list also keeps the highest lower bound and the lowest upper bound of its entries
/// (or of entries it held: removals leave them as they were), so that a probe no entry can
/// decide is answered without a scan.
///
/// 24 bytes (a slot of the shape array 32 with its key): the entries' storage, whose length
/// is the list's capacity (vacant entries past its `len`), the length in 32 bits beside it,
/// and the bounds.
#[derive(Debug)]
pub(crate) struct ShapeList {
    storage: Box<[Entry]>,
    len: u32,
    max_lower: u8,
    min_upper: u8,
}

const _: () = assert!(std::mem::size_of::<ShapeList>() == 24);

impl Default for ShapeList {
    fn default() -> ShapeList {
        ShapeList {
            storage: Box::default(),
            len: 0,
            max_lower: 0,
            min_upper: u8::MAX,
        }
    }
}

impl ShapeList {
    /// The entries, general first.
    #[inline]
    pub fn entries(&self) -> &[Entry] {
        &self.storage[..self.len as usize]
    }

    /// The entries, mutable.
    #[inline]
    fn entries_mut(&mut self) -> &mut [Entry] {
        &mut self.storage[..self.len as usize]
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub fn capacity(&self) -> usize {
        self.storage.len()
    }

    /// Makes room for at least `extra` more entries, growing exactly to `len + extra`: in a
    /// new allocation, the entries copied over (cheaper than a `realloc`, which seldom grows
    /// a list this small in place).
    #[inline]
    pub fn reserve_exact(&mut self, extra: usize) {
        let len = self.len();
        let mut storage = Vec::with_capacity(len + extra);
        storage.extend_from_slice(self.entries());
        storage.resize(len + extra, Entry::VACANT);
        self.storage = storage.into_boxed_slice();
    }

    /// The first entry in `order` that matches `exact` and decides whether the side on lead
    /// takes at least `tricks`: its index and the entry, with the decision.
    // Always inlined into the table's probe, out of line and compiled twice (baseline and
    // fast, `ddsolve_cards::cpu`), so that its bit counts are the fast copy's there.
    #[inline(always)]
    pub fn probe(
        &mut self,
        exact: &Pattern,
        tricks: u8,
        order: ProbeOrder,
    ) -> Option<(usize, &mut Entry, bool)> {
        if tricks > self.max_lower && tricks <= self.min_upper {
            return None;
        }
        let hit = |e: &Entry| e.matches(exact) && e.decides(tricks).is_some();
        let i = match order {
            ProbeOrder::GeneralFirst => first_hit(self.entries(), hit),
            ProbeOrder::NewestFirst => self.entries().iter().rposition(hit),
        }?;
        let e = &mut self.entries_mut()[i];
        // The entry decides: the side on lead reaches `tricks` when its lower bound does.
        let reached = e.bounds().lower >= tricks;
        Some((i, e, reached))
    }

    /// Stores `new`: merged into an entry of the same pattern (bounds tightened in place) or
    /// inserted; then the more specific entries it covers are tightened by it, and removed
    /// when that leaves them saying nothing more than it does.
    ///
    /// Needs room for one more entry (the table reserves it first).
    #[inline(always)]
    pub fn store(&mut self, new: Entry, now: Stamp, order: ProbeOrder) -> Stored {
        match order {
            ProbeOrder::GeneralFirst => self.store_general_first(new, now),
            ProbeOrder::NewestFirst => self.store_scan(new, now, order),
        }
    }

    /// [`ShapeList::store`] general first, from the end of the list back to the run of
    /// `new`'s order (the entries before it are not read): one pass over the more specific
    /// entries finds the run and whether `new` covers any of them, and one over the run looks
    /// for an entry of the same pattern (the rare merge is [`ShapeList::store_scan`]'s).
    /// Only when `new` covers a more specific entry does [`ShapeList::absorb`] scan again,
    /// from the first it covers.
    ///
    /// The list is cold when its store comes, after the subtree searched since its probe: a
    /// binary search for the run waits on each of its loads in turn, where these passes'
    /// loads do not wait on each other, and touch only the entries the insertion moves.
    // Always inlined into the table's store (compiled twice, as the probe).
    #[inline(always)]
    fn store_general_first(&mut self, new: Entry, now: Stamp) -> Stored {
        let len = self.len();
        let order = new.order();
        let (key, next) = (Entry::order_key(order), Entry::order_key(order + 1));
        let entries = self.entries();
        let mut to = len;
        // The first more specific entry that `new` covers, if any (`len` if none).
        let mut covered = len;
        while to > 0 && !entries[to - 1].sorts_below(next) {
            to -= 1;
            if new.covers(&entries[to]) {
                covered = to;
            }
        }
        let mut from = to;
        while from > 0 && !entries[from - 1].sorts_below(key) {
            if entries[from - 1].same_pattern(&new) {
                return self.store_scan(new, now, ProbeOrder::GeneralFirst);
            }
            from -= 1;
        }
        let bounds = new.bounds();
        self.widen_bounds(bounds);
        let absorbed = if covered < len {
            self.absorb::<true>(&new, bounds, covered)
        } else {
            0
        };
        self.insert(from, new);
        Stored {
            inserted: true,
            merged: false,
            absorbed,
        }
    }

    /// [`ShapeList::store`] by a search of the run of `new`'s order, a scan of it for the
    /// same pattern, a scan of the entries after it for those `new` covers, and a shift to
    /// insert it: the newest-first order's store, and general first the merge's.
    fn store_scan(&mut self, new: Entry, now: Stamp, order: ProbeOrder) -> Stored {
        let len = self.len();
        let (from, to) = match order {
            // Only entries of the same order can be the same pattern.
            ProbeOrder::GeneralFirst => {
                let order = new.order();
                let (key, next) = (Entry::order_key(order), Entry::order_key(order + 1));
                let from = self.entries().partition_point(|e| e.sorts_below(key));
                let to = from
                    + self.entries()[from..]
                        .iter()
                        .take_while(|e| e.sorts_below(next))
                        .count();
                (from, to)
            }
            ProbeOrder::NewestFirst => (0, len),
        };
        let same = self.entries()[from..to]
            .iter()
            .position(|e| e.same_pattern(&new))
            .map(|j| from + j);
        let mut out = Stored {
            inserted: false,
            merged: false,
            absorbed: 0,
        };
        let bounds = match same {
            Some(i) => {
                let e = &mut self.entries_mut()[i];
                let bounds = e.bounds().meet(new.bounds());
                e.set_bounds(bounds);
                e.set_best(new.best());
                e.set_used(now);
                out.merged = true;
                bounds
            }
            None => new.bounds(),
        };
        // More specific entries sort after the run of this order.
        let (tail, past_run) = match order {
            ProbeOrder::GeneralFirst => (to, true),
            ProbeOrder::NewestFirst => (0, false),
        };
        self.widen_bounds(bounds);
        // Two instances: general first, the scan's test is `covers` alone.
        out.absorbed = if past_run {
            self.absorb::<true>(&new, bounds, tail)
        } else {
            self.absorb::<false>(&new, bounds, tail)
        };
        if same.is_none() {
            let at = match order {
                // Newest first among patterns of one order.
                ProbeOrder::GeneralFirst => from,
                // (Absorbing may have shortened the list.)
                ProbeOrder::NewestFirst => self.len(),
            };
            self.insert(at, new);
            out.inserted = true;
        }
        out
    }

    /// Takes `bounds` into the list's highest lower bound and lowest upper bound.
    #[inline]
    fn widen_bounds(&mut self, bounds: Bounds) {
        self.max_lower = self.max_lower.max(bounds.lower);
        self.min_upper = self.min_upper.min(bounds.upper);
    }

    /// Puts `new` at index `at` (at most the length), the entries from there on moved up
    /// one. Needs room for one more entry.
    #[inline]
    fn insert(&mut self, at: usize, new: Entry) {
        let len = self.len();
        debug_assert!(at <= len && len < self.capacity());
        self.storage.copy_within(at..len, at + 1);
        self.storage[at] = new;
        self.len += 1;
    }

    /// Tightens the entries from `from` on that `general` (with `bounds`) strictly covers, and
    /// removes those left with nothing to add; returns how many it removed. `PAST_RUN`: every
    /// entry from `from` on has a higher order than `general` (general first, after the run
    /// of its order).
    fn absorb<const PAST_RUN: bool>(
        &mut self,
        general: &Entry,
        bounds: Bounds,
        from: usize,
    ) -> usize {
        // Tightens `e` if `general` covers it; true when that leaves it nothing to add.
        let order = general.order();
        let absorbs = |e: &mut Entry| {
            // Strictly more general: a covered pattern of the same order is the same one.
            // Tested second, as few entries pass `covers`, and only when entries of the same
            // order may follow.
            if general.covers(e) && (PAST_RUN || e.order() != order) {
                let tightened = e.bounds().meet(bounds);
                e.set_bounds(tightened);
                bounds.implies(tightened)
            } else {
                false
            }
        };
        // Most stores absorb nothing: find the first entry that goes before moving any.
        let entries = self.entries_mut();
        let Some(first) = entries[from..].iter_mut().position(absorbs) else {
            return 0;
        };
        let n = entries.len();
        let mut kept = from + first;
        for i in kept + 1..n {
            if !absorbs(&mut entries[i]) {
                entries[kept] = entries[i];
                kept += 1;
            }
        }
        self.len = kept as u32;
        n - kept
    }

    /// Keeps only the entries for which `keep` says so; returns how many it removed. Frees
    /// the memory of removed entries.
    pub fn retain(&mut self, keep: impl FnMut(&Entry) -> bool) -> usize {
        let mut entries: Vec<Entry> = self.entries().to_vec();
        entries.retain(keep);
        let removed = self.len() - entries.len();
        if removed > 0 {
            self.len = entries.len() as u32;
            self.storage = entries.into_boxed_slice();
            self.max_lower = self
                .entries()
                .iter()
                .map(|e| e.bounds().lower)
                .max()
                .unwrap_or(0);
            self.min_upper = self
                .entries()
                .iter()
                .map(|e| e.bounds().upper)
                .min()
                .unwrap_or(u8::MAX);
        }
        removed
    }

    /// Applies `f` to every entry.
    pub fn for_each_mut(&mut self, f: impl FnMut(&mut Entry)) {
        self.entries_mut().iter_mut().for_each(f);
    }
}

/// The index of the first of `entries` that `hit` accepts. Four entries a turn: the scan is
/// the probe's inner loop, and most entries fail at once.
// Always inlined into the probe's two copies (baseline and fast).
#[inline(always)]
fn first_hit(entries: &[Entry], hit: impl Fn(&Entry) -> bool) -> Option<usize> {
    let mut quads = entries.chunks_exact(4);
    let mut i = 0;
    for quad in &mut quads {
        if hit(&quad[0]) {
            return Some(i);
        }
        if hit(&quad[1]) {
            return Some(i + 1);
        }
        if hit(&quad[2]) {
            return Some(i + 2);
        }
        if hit(&quad[3]) {
            return Some(i + 3);
        }
        i += 4;
    }
    quads.remainder().iter().position(hit).map(|j| i + j)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RankPattern;
    use ddsolve_cards::DealRng;
    use ddsolve_tt::Generation;

    use ddsolve_tt_key::Pattern;

    /// Two lists fed the same random entries, one stored general first as the table does,
    /// the other by [`ShapeList::store_scan`], stay equal entry for entry, and every store
    /// reports the same. The entries come from the owners of a few positions at shallow
    /// depths, so that many cover or equal others, and their bounds all hold one value, so
    /// that they never cross.
    #[test]
    fn general_first_store_is_the_scans() {
        let mut rng = DealRng::new(0x243f_6a88_85a3_08d3);
        let mut now = Generation::default();
        let (mut merged, mut absorbed) = (0, 0);
        for round in 0..400 {
            let positions: Vec<Pattern> = (0..1 + rng.below(3))
                .map(|_| Pattern::new(&rng.scattered_hands(round % 2 == 0)))
                .collect();
            let value = rng.below(14) as u8;
            let (mut fast, mut scan) = (ShapeList::default(), ShapeList::default());
            for _ in 0..rng.below(60) {
                let exact = positions[rng.below(positions.len() as u64) as usize];
                let depths = [(); 4].map(|_| rng.below(4) as u8);
                let lower = rng.below(u64::from(value) + 1) as u8;
                let upper = value + rng.below(u64::from(14 - value)) as u8;
                let best = (rng.below(2) == 0)
                    .then(|| ddsolve_cards::Card::from_bit_index(2 + rng.below(13) as u32))
                    .flatten();
                if rng.below(8) == 0 {
                    now = now.next();
                }
                let new = Entry::new(
                    RankPattern::new(exact, depths),
                    Bounds::new(lower, upper),
                    best,
                    Stamp::of(now),
                );
                for list in [&mut fast, &mut scan] {
                    if list.len() == list.capacity() {
                        list.reserve_exact(1 + rng.below(3) as usize);
                    }
                }
                let a = fast.store(new, Stamp::of(now), ProbeOrder::GeneralFirst);
                let b = scan.store_scan(new, Stamp::of(now), ProbeOrder::GeneralFirst);
                assert_eq!(a, b);
                assert_eq!(fast.entries(), scan.entries());
                assert_eq!(
                    (fast.max_lower, fast.min_upper),
                    (scan.max_lower, scan.min_upper)
                );
                merged += usize::from(a.merged);
                absorbed += a.absorbed;
            }
        }
        // The random lists reach the merge and the drops.
        assert!(merged > 100 && absorbed > 100, "{merged} {absorbed}");
    }
}
