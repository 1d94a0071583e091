//! The outer table: shapes (packed keys) to their pattern lists, by open addressing.

use crate::entry::Entry;
use crate::shape::ShapeList;

/// Marks an occupied slot (packed keys never use the top bit: it sits above the leader).
const OCCUPIED: u64 = 1 << 63;

/// One slot: a packed key with [`OCCUPIED`] set (0 when empty) and its list.
#[derive(Debug, Default)]
struct Slot {
    key: u64,
    list: ShapeList,
}

/// Bytes of one slot.
pub(crate) const SLOT_BYTES: usize = std::mem::size_of::<Slot>();
/// Bytes of one entry.
pub(crate) const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

/// Shapes (a [`ddsolve_tt_key::ShapeKey::packed`] key: suit lengths and leader, which imply the
/// tricks left) to their [`ShapeList`]s: linear probing in a power-of-two array of slots,
/// with deletion by backward shift (no tombstones), so a lookup stops at the first empty
/// slot. Keeps count of its entries and of the entry capacity of its lists, for the memory
/// budget.
#[derive(Debug)]
pub(crate) struct ShapeCache {
    slots: Vec<Slot>,
    /// `64 - log2(slots)`: a key's home is its spread hash shifted right by this much.
    shift: u32,
    shapes: usize,
    entries: usize,
    entry_capacity: usize,
}

impl ShapeCache {
    /// An empty cache of `slots` slots (a power of two).
    pub fn new(slots: usize) -> ShapeCache {
        debug_assert!(slots.is_power_of_two() && slots >= 2);
        ShapeCache {
            slots: std::iter::repeat_with(Slot::default).take(slots).collect(),
            shift: 64 - slots.trailing_zeros(),
            shapes: 0,
            entries: 0,
            entry_capacity: 0,
        }
    }

    /// Slots in the array.
    #[inline]
    pub fn slots(&self) -> usize {
        self.slots.len()
    }

    /// Shapes stored.
    #[inline]
    pub fn shapes(&self) -> usize {
        self.shapes
    }

    /// Entries stored.
    #[inline]
    pub fn entries(&self) -> usize {
        self.entries
    }

    /// Bytes in use: the slot array and the lists' storage.
    #[inline]
    pub fn bytes(&self) -> usize {
        self.slots.capacity() * SLOT_BYTES + self.entry_capacity * ENTRY_BYTES
    }

    /// Can another shape come in without going above a load of 3/4?
    #[inline]
    pub fn has_free_slot(&self) -> bool {
        (self.shapes + 1) * 4 <= self.slots.len() * 3
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        // One multiply spreads the key; the top bits pick the slot.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The slot of `packed`, or the empty slot where it would go. Holds until the cache
    /// next changes its shapes (a new shape, [`ShapeCache::grow`], a sweep or a clear).
    #[inline]
    pub fn find(&self, packed: u64) -> Result<usize, usize> {
        let key = packed | OCCUPIED;
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let k = self.slots[i].key;
            if k == key {
                return Ok(i);
            }
            if k == 0 {
                return Err(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// The list of `packed`, if the shape is stored.
    #[inline]
    pub fn get_mut(&mut self, packed: u64) -> Option<&mut ShapeList> {
        match self.find(packed) {
            Ok(i) => Some(&mut self.slots[i].list),
            Err(_) => None,
        }
    }

    /// The list in slot `i` (a [`ShapeCache::find`] hit).
    #[inline]
    pub fn list_at(&mut self, i: usize) -> &mut ShapeList {
        &mut self.slots[i].list
    }

    /// The list of `packed` (stored or not), made able to take one more entry; `None` if
    /// that needs a new shape and no slot is free ([`ShapeCache::has_free_slot`]). `found` is
    /// the current [`ShapeCache::find`] of `packed`. Returns the list and the number of
    /// entries its storage grew by.
    pub fn list_with_room(
        &mut self,
        packed: u64,
        found: Result<usize, usize>,
    ) -> Option<(&mut ShapeList, usize)> {
        debug_assert_eq!(found, self.find(packed));
        let i = match found {
            Ok(i) => i,
            Err(i) => {
                if !self.has_free_slot() {
                    return None;
                }
                self.slots[i].key = packed | OCCUPIED;
                self.shapes += 1;
                i
            }
        };
        let list = &mut self.slots[i].list;
        let grown = if list.len() == list.capacity() {
            let before = list.capacity();
            list.reserve_exact(growth(before));
            list.capacity() - before
        } else {
            0
        };
        self.entry_capacity += grown;
        Some((&mut self.slots[i].list, grown))
    }

    /// How many entries the list of a key grows by to take one more (0 if it has room); for
    /// a shape not yet stored, the first allocation. `found` is the key's current
    /// [`ShapeCache::find`].
    #[inline]
    pub fn growth_at(&self, found: Result<usize, usize>) -> usize {
        match found {
            Ok(i) => {
                let list = &self.slots[i].list;
                if list.len() == list.capacity() {
                    growth(list.capacity())
                } else {
                    0
                }
            }
            Err(_) => growth(0),
        }
    }

    /// Records that a list's length changed from `before` to `after` entries.
    #[inline]
    pub fn count_entries(&mut self, before: usize, after: usize) {
        self.entries = self.entries + after - before;
    }

    /// Doubles the slot array, moving every shape.
    pub fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = std::iter::repeat_with(Slot::default)
            .take(old.len() * 2)
            .collect();
        self.shift -= 1;
        for slot in old {
            if slot.key != 0 {
                let Err(i) = self.find(slot.key & !OCCUPIED) else {
                    unreachable!("a shape is stored once")
                };
                self.slots[i] = slot;
            }
        }
    }

    /// Applies `f` to every list with its slot's key; removes the lists it leaves empty.
    /// Returns the entries removed.
    pub fn sweep(&mut self, mut f: impl FnMut(&mut ShapeList)) -> usize {
        let mut removed = 0;
        let mut i = 0;
        while i < self.slots.len() {
            if self.slots[i].key == 0 {
                i += 1;
                continue;
            }
            let list = &mut self.slots[i].list;
            let (len, cap) = (list.len(), list.capacity());
            f(list);
            let (new_len, new_cap) = (list.len(), list.capacity());
            removed += len - new_len;
            self.entries = self.entries + new_len - len;
            self.entry_capacity = self.entry_capacity + new_cap - cap;
            if new_len == 0 {
                self.entry_capacity -= new_cap;
                self.remove(i);
                // The backward shift may have moved another shape into slot i.
                continue;
            }
            i += 1;
        }
        removed
    }

    /// Applies `f` to every list.
    pub fn for_each_list(&self, mut f: impl FnMut(&ShapeList)) {
        for slot in &self.slots {
            if slot.key != 0 {
                f(&slot.list);
            }
        }
    }

    /// Applies `f` to every list, which it may change but not empty or resize (the aging's
    /// refresh of the stamps): no bookkeeping.
    pub fn for_each_list_mut(&mut self, mut f: impl FnMut(&mut ShapeList)) {
        for slot in &mut self.slots {
            f(&mut slot.list);
        }
    }

    /// Empties slot `i` and shifts the run after it back, so that lookups never meet a gap
    /// inside a run.
    fn remove(&mut self, mut i: usize) {
        let mask = self.slots.len() - 1;
        self.slots[i] = Slot::default();
        self.shapes -= 1;
        let mut j = i;
        loop {
            j = (j + 1) & mask;
            if self.slots[j].key == 0 {
                return;
            }
            let home = self.home(self.slots[j].key);
            // Slot j may move to i when its home is not cyclically within (i, j].
            let in_range = if i <= j {
                i < home && home <= j
            } else {
                i < home || home <= j
            };
            if !in_range {
                self.slots.swap(i, j);
                i = j;
            }
        }
    }

    /// Forgets every shape; keeps `slots` slots.
    pub fn clear(&mut self, slots: usize) {
        self.slots = std::iter::repeat_with(Slot::default).take(slots).collect();
        self.shift = 64 - slots.trailing_zeros();
        self.shapes = 0;
        self.entries = 0;
        self.entry_capacity = 0;
    }
}

/// How many entries a full list of `capacity` grows by: 2 for a new list (most shapes
/// hold one or two entries), then a quarter, at least 4. Slack is memory: a half left a
/// sixth of the entries' memory unused on a large table.
#[inline]
fn growth(capacity: usize) -> usize {
    if capacity == 0 {
        2
    } else {
        (capacity / 4).max(4)
    }
}
