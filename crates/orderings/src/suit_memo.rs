//! [`SuitMemo`]: a small direct-mapped memory of values worked out from one suit at a lead
//! (the four hands' holdings in it and a few facts more, packed in a 64-bit key), so that a
//! suit seen again is looked up instead of worked out again. The tuned leader's weights keep
//! one in each [`crate::TunedOrdering`], never shared between orderings or threads.

use std::cell::Cell;

/// The slots' number, as a power of two.
const SLOT_BITS: u32 = 10;

/// The slots' number.
const SLOTS: usize = 1 << SLOT_BITS;

/// No key: an empty slot's. Keys must never be it.
pub(crate) const NO_KEY: u64 = u64::MAX;

/// A direct-mapped memory of `V`s by 64-bit key: each key has one slot (by a multiplicative
/// hash), which holds the last value stored for a key of that slot.
#[derive(Clone)]
pub(crate) struct SuitMemo<V: Copy> {
    slots: Cell<[(u64, V); SLOTS]>,
}

impl<V: Copy> SuitMemo<V> {
    /// An empty memory; `empty` fills the slots (never read: no key matches theirs).
    pub(crate) const fn new(empty: V) -> SuitMemo<V> {
        SuitMemo {
            slots: Cell::new([(NO_KEY, empty); SLOTS]),
        }
    }

    /// The value stored for `key` (not [`NO_KEY`]), if its slot holds it; else `compute`'s,
    /// which is stored in the slot. `compute` must depend on nothing but the key: with debug
    /// assertions on, a value found is checked against `compute`'s.
    #[inline(always)]
    pub(crate) fn get_or(&self, key: u64, compute: impl FnOnce() -> V) -> V
    where
        V: PartialEq + std::fmt::Debug,
    {
        debug_assert_ne!(key, NO_KEY);
        let index = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize;
        let slots: &Cell<[(u64, V)]> = &self.slots;
        let slot = &slots.as_slice_of_cells()[index & (SLOTS - 1)];
        let (k, v) = slot.get();
        if k == key {
            #[cfg(debug_assertions)]
            assert_eq!(v, compute(), "the memory's value for key {key:#x}");
            return v;
        }
        let v = compute();
        slot.set((key, v));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_gets_the_value_computed_for_it() {
        let memo = SuitMemo::new(0u64);
        // Many keys, so that slots are shared and values replaced: every answer must be the
        // key's own value (and a value found is checked against a new computation).
        for _ in 0..3 {
            for k in 0..3000u64 {
                let key = k.wrapping_mul(0x1234_5678_9abc_def1) >> 4;
                assert_eq!(memo.get_or(key, || key ^ 0x5555), key ^ 0x5555, "{k}");
            }
        }
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "the memory's value")]
    fn a_value_found_is_checked_against_a_new_one() {
        let memo = SuitMemo::new(0u64);
        memo.get_or(42, || 7);
        memo.get_or(42, || 8);
    }
}
